// issue 8 "Consult questionnaire": branching, page checks with messages tied to their questions,
// BMI (hidden by the storefront's hideBmi), keyboard use; axe finds no violations.
import {
  MESSAGES,
  questionnaireDefinitionSchema,
  type AnswerError,
  type Answers,
  type QuestionnaireDefinition,
  type QuestionnaireDefinitionInput,
} from '@store/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeTestConfig } from '@/test/config';
import { expectNoAxeViolations } from '@/test/axe';
import { fakeApi } from '@/test/fakeApi';
import { renderWithStore } from '@/test/render';
import { Questionnaire } from './Questionnaire';

afterEach(() => {
  vi.unstubAllGlobals();
});

const input: QuestionnaireDefinitionInput = {
  title: 'Test',
  pages: [
    {
      title: 'About you',
      description: 'A few questions first.',
      questions: [
        {
          id: 'sex',
          type: 'single_choice',
          label: 'What sex were you assigned at birth?',
          options: [
            { value: 'female', label: 'Female' },
            { value: 'male', label: 'Male' },
          ],
        },
        {
          id: 'pregnant',
          type: 'yes_no',
          label: 'Are you pregnant or breastfeeding?',
          help: 'This medicine is not safe in pregnancy.',
          showIf: { questionId: 'sex', op: 'equals', value: 'female' },
        },
        { id: 'age', type: 'number', label: 'How old are you?', integer: true, min: 0, max: 120 },
        {
          id: 'history',
          type: 'multiple_choice',
          label: 'Have you had any of these?',
          options: [
            { value: 'gallstones', label: 'Gallstones' },
            { value: 'pancreatitis', label: 'Pancreatitis' },
            { value: 'none', label: 'None of these', exclusive: true },
          ],
        },
        {
          id: 'gallstones_when',
          type: 'date',
          label: 'When did you have gallstones?',
          showIf: { questionId: 'history', op: 'includes', value: 'gallstones' },
        },
      ],
    },
    {
      title: 'Height and weight',
      questions: [{ id: 'hw', type: 'height_weight', label: 'Your height and weight' }],
    },
    {
      title: 'Finish',
      questions: [
        { id: 'notes', type: 'text', label: 'Anything else?', required: false, multiline: true },
        { id: 'consent', type: 'consent', label: 'Consent', statement: 'I agree to receive care through telehealth.' },
      ],
    },
  ],
};
const version: QuestionnaireDefinition = questionnaireDefinitionSchema.parse(input);

function Harness(props: { initial?: Answers; pageIndex?: number; onNext?: () => void; errors?: AnswerError[]; hideBmi?: boolean }) {
  const [answers, setAnswers] = useState<Answers>(props.initial ?? {});
  const [page, setPage] = useState(props.pageIndex ?? 0);
  return (
    <>
      <Questionnaire
        version={version}
        answers={answers}
        pageIndex={page}
        onAnswer={(id, value) => setAnswers((a) => ({ ...a, [id]: value }))}
        onNext={() => {
          props.onNext?.();
          setPage((p) => p + 1);
        }}
        onBack={() => setPage((p) => p - 1)}
        {...(props.errors ? { errors: props.errors } : {})}
        {...(props.hideBmi !== undefined ? { hideBmi: props.hideBmi } : {})}
      />
      <output data-testid="answers">{JSON.stringify(answers)}</output>
    </>
  );
}
const answersNow = () => JSON.parse(screen.getByTestId('answers').textContent!) as Answers;

describe('Questionnaire', () => {
  it('shows a question only when earlier answers match its condition (branching)', async () => {
    const user = userEvent.setup();
    renderWithStore(<Harness />);
    expect(screen.getByRole('heading', { level: 2, name: 'About you' })).toBeInTheDocument();
    // "Page", not "Step": the checkout band above already counts the checkout's steps.
    expect(screen.getByText('Page 1 of 3')).toBeInTheDocument();
    expect(screen.queryByRole('group', { name: /pregnant/i })).not.toBeInTheDocument();

    await user.click(screen.getByRole('radio', { name: 'Female' }));
    const pregnancy = screen.getByRole('radiogroup', { name: /Are you pregnant or breastfeeding\?/ });
    expect(within(pregnancy).getByRole('radio', { name: 'Yes' })).toBeInTheDocument();

    await user.click(screen.getByRole('radio', { name: 'Male' }));
    expect(screen.queryByRole('radiogroup', { name: /pregnant/ })).not.toBeInTheDocument();

    // includes: the date question appears with gallstones
    expect(screen.queryByLabelText(/When did you have gallstones/)).not.toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'Gallstones' }));
    expect(screen.getByLabelText(/When did you have gallstones/)).toBeInTheDocument();
  });

  it('makes "None of these" exclusive', async () => {
    const user = userEvent.setup();
    renderWithStore(<Harness />);
    await user.click(screen.getByRole('checkbox', { name: 'Gallstones' }));
    await user.click(screen.getByRole('checkbox', { name: 'Pancreatitis' }));
    expect(answersNow().history).toEqual(['gallstones', 'pancreatitis']);
    await user.click(screen.getByRole('checkbox', { name: 'None of these' }));
    expect(answersNow().history).toEqual(['none']);
    expect(screen.getByRole('checkbox', { name: 'Gallstones' })).not.toBeChecked();
    await user.click(screen.getByRole('checkbox', { name: 'Gallstones' }));
    expect(answersNow().history).toEqual(['gallstones']);
  });

  it('refuses Next with a message on each unanswered question, tied to it, and focuses the first', async () => {
    const user = userEvent.setup();
    const onNext = vi.fn();
    renderWithStore(<Harness onNext={onNext} />);
    await user.click(screen.getByRole('radio', { name: 'Female' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(onNext).not.toHaveBeenCalled();
    expect(screen.getByRole('alert')).toHaveTextContent(MESSAGES.VALIDATION_FAILED);

    const pregnancy = screen.getByRole('radiogroup', { name: /pregnant/ });
    expect(pregnancy).toHaveAccessibleDescription(`This medicine is not safe in pregnancy. ${MESSAGES.ANSWER_REQUIRED}`);
    expect(screen.getByRole('textbox', { name: 'How old are you?' })).toHaveAccessibleDescription(MESSAGES.ANSWER_REQUIRED);
    expect(screen.getByRole('group', { name: 'Have you had any of these?' })).toHaveAccessibleDescription(MESSAGES.ANSWER_CHOOSE_AT_LEAST_ONE);
    expect(within(pregnancy).getByRole('radio', { name: 'Yes' })).toHaveFocus();

    // Answering clears each message as it goes.
    await user.click(within(pregnancy).getByRole('radio', { name: 'No' }));
    expect(screen.getByRole('radiogroup', { name: /pregnant/ })).toHaveAccessibleDescription('This medicine is not safe in pregnancy.');
    await user.type(screen.getByRole('textbox', { name: 'How old are you?' }), '4x');
    expect(screen.getByRole('textbox', { name: 'How old are you?' })).toHaveAccessibleDescription(MESSAGES.ANSWER_NUMBER_INVALID);
    await user.clear(screen.getByRole('textbox', { name: 'How old are you?' }));
    await user.type(screen.getByRole('textbox', { name: 'How old are you?' }), '42');
    await user.click(screen.getByRole('checkbox', { name: 'None of these' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(onNext).toHaveBeenCalledTimes(1);
    expect(answersNow()).toMatchObject({ sex: 'female', pregnant: 'no', age: 42, history: ['none'] });
    expect(screen.getByRole('heading', { level: 2, name: 'Height and weight' })).toBeInTheDocument();
  });

  it('is usable by keyboard alone: arrows choose, Space checks, Enter goes on', async () => {
    const user = userEvent.setup();
    const onNext = vi.fn();
    renderWithStore(<Harness onNext={onNext} />);
    await user.tab();
    expect(screen.getByRole('radio', { name: 'Female' })).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('radio', { name: 'Male' })).toBeChecked();
    await user.tab();
    expect(screen.getByRole('textbox', { name: 'How old are you?' })).toHaveFocus();
    await user.keyboard('35');
    await user.tab();
    await user.tab();
    await user.tab();
    expect(screen.getByRole('checkbox', { name: 'None of these' })).toHaveFocus();
    await user.keyboard(' ');
    await user.click(screen.getByRole('textbox', { name: 'How old are you?' }));
    await user.keyboard('{Enter}');
    expect(onNext).toHaveBeenCalledTimes(1);
  });

  it('works out the BMI as height and weight are typed, with the errors of each half', async () => {
    const user = userEvent.setup();
    renderWithStore(<Harness pageIndex={1} initial={{ sex: 'male', age: 40, history: ['none'] }} />);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByRole('textbox', { name: 'Height (feet)' })).toHaveAccessibleDescription(MESSAGES.HEIGHT_INVALID);
    expect(screen.getByRole('textbox', { name: 'Weight (pounds)' })).toHaveAccessibleDescription(MESSAGES.WEIGHT_INVALID);
    await user.type(screen.getByRole('textbox', { name: 'Height (feet)' }), '5');
    await user.type(screen.getByRole('textbox', { name: 'Inches' }), '10');
    await user.type(screen.getByRole('textbox', { name: 'Weight (pounds)' }), '250');
    // 70 in, 250 lb → 35.9
    expect(screen.getByTestId('bmi')).toHaveTextContent('Your BMI: 35.9');
    expect(answersNow().hw).toEqual({ heightInches: 70, weightPounds: 250 });
  });

  it('hides the BMI when the storefront hides it (SPEC §3 HideBMI)', async () => {
    const user = userEvent.setup();
    renderWithStore(<Harness pageIndex={1} />, { config: makeTestConfig({ settings: { hideBmi: true } }) });
    await user.type(screen.getByRole('textbox', { name: 'Height (feet)' }), '5');
    await user.type(screen.getByRole('textbox', { name: 'Inches' }), '10');
    await user.type(screen.getByRole('textbox', { name: 'Weight (pounds)' }), '250');
    expect(screen.queryByTestId('bmi')).not.toBeInTheDocument();
    expect(screen.queryByText(/BMI/)).not.toBeInTheDocument();
    expect(answersNow().hw).toEqual({ heightInches: 70, weightPounds: 250 });
  });

  it('shows the server’s field errors beside their questions', async () => {
    renderWithStore(<Harness pageIndex={2} errors={[{ field: 'consent', message: MESSAGES.CONSENT_REQUIRED }]} />);
    const consent = screen.getByRole('checkbox', { name: 'I agree to receive care through telehealth.' });
    expect(consent).toHaveAccessibleDescription(MESSAGES.CONSENT_REQUIRED);
    await waitFor(() => expect(consent).toHaveFocus());
    expect(screen.getByRole('button', { name: 'Continue' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Anything else? (optional)' })).toBeInTheDocument();
  });

  it('goes back a page', async () => {
    const user = userEvent.setup();
    renderWithStore(<Harness pageIndex={1} />);
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByRole('heading', { level: 2, name: 'About you' })).toBeInTheDocument();
  });

  it('has no axe violations, with errors shown too', async () => {
    const user = userEvent.setup();
    const { container } = renderWithStore(<Harness />);
    await user.click(screen.getByRole('radio', { name: 'Female' }));
    await user.click(screen.getByRole('checkbox', { name: 'Gallstones' }));
    await expectNoAxeViolations(container);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await expectNoAxeViolations(container);
  });
});

describe('Questionnaire with a photo still uploading', () => {
  const withPhoto = questionnaireDefinitionSchema.parse({
    title: 'Photo',
    pages: [
      { title: 'Your skin', questions: [{ id: 'photo', type: 'file_upload', label: 'A photo of your skin', maxFiles: 1 }] },
      { title: 'Finish', questions: [{ id: 'notes', type: 'text', label: 'Anything else?', required: false }] },
    ],
  });

  function PhotoHarness({ onNext }: { onNext: (answers: Answers) => void }) {
    const [answers, setAnswers] = useState<Answers>({});
    return (
      <Questionnaire
        version={withPhoto}
        answers={answers}
        pageIndex={0}
        onAnswer={(id, value) => setAnswers((a) => ({ ...a, [id]: value }))}
        onNext={() => onNext(answers)}
        detectCamera={async () => false}
      />
    );
  }

  it('waits for the upload on Next instead of calling the photo missing or going on without it', async () => {
    // issue 13 #19: on a slow connection Next was pressed while the photo was on its way: the page
    // said the photo was missing (or, were it optional, went on and lost it when it arrived).
    const user = userEvent.setup();
    let finish: () => void = () => undefined;
    fakeApi([
      [
        'POST',
        '/api/uploads',
        () =>
          new Promise((resolve) => {
            finish = () => resolve({ status: 201, body: { id: 'u1', contentType: 'image/jpeg', sizeBytes: 2048, originalName: 'skin.jpg', createdAt: '' } });
          }),
      ],
    ]);
    const onNext = vi.fn();
    renderWithStore(<PhotoHarness onNext={onNext} />);
    await user.upload(screen.getByTestId('photo-file'), new File(['x'], 'skin.jpg', { type: 'image/jpeg' }));
    const next = screen.getByRole('button', { name: 'Next' });
    await waitFor(() => expect(next).toHaveAttribute('aria-busy', 'true'));
    await user.click(next);
    expect(onNext).not.toHaveBeenCalled();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    finish();
    expect(await screen.findByRole('link', { name: 'skin.jpg (2 KB)' })).toBeInTheDocument();
    await waitFor(() => expect(next).not.toHaveAttribute('aria-busy'));
    await user.click(next);
    expect(onNext).toHaveBeenCalledWith({ photo: ['u1'] });
  });
});
