// The questionnaire stage (issue 8 "Consult questionnaire"): the consult of the order's item is
// resumed on its saved page, answers are saved as the patient goes (a draft after typing, the page
// on Next), the last page submits and the patient goes on to the next pending stage; a
// disqualifying answer goes to /disqualified with the operator's reason; server field messages show.
import { MESSAGES, Stage, type QuestionnaireDefinition } from '@store/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeTestConfig } from '@/test/config';
import { expectNoAxeViolations } from '@/test/axe';
import { fakeApi, problem, type FakeCall } from '@/test/fakeApi';
import { renderWithStore } from '@/test/render';
import { CheckoutRoutes, makeCart, makeProgress } from '@/features/checkout/test-helpers';
import type { Consult as ConsultView } from '@/features/consult/api/consult.api';
import { DisqualifiedPage } from '@/features/consult/pages/DisqualifiedPage';
import { QuestionnairePage } from '@/features/consult/pages/QuestionnairePage';
import { FakeQuestionnaire } from '@/features/consult/test-helpers';

const definition: QuestionnaireDefinition = {
  title: 'Weight care',
  pages: [
    {
      title: 'About you',
      questions: [
        {
          id: 'pregnant',
          type: 'yes_no',
          label: 'Pregnant?',
          required: true,
          disqualifiesOn: 'yes',
          disqualifyReason: 'Not during pregnancy.',
        },
      ],
    },
    {
      title: 'Your goals',
      questions: [
        { id: 'goal', type: 'text', label: 'Your goal?', required: true, maxLength: 1000 },
      ],
    },
  ],
} as QuestionnaireDefinition;

function consult(overrides: Partial<ConsultView> = {}): ConsultView {
  return {
    id: 'c1',
    orderItemId: 'i1',
    status: 'in_progress',
    questionnaire: {
      id: 'q1',
      slug: 'weight-care-intake',
      title: 'Weight care',
      version: { id: 'v1', version: 1, publishedAt: null, definition },
    },
    answers: {},
    currentPage: 0,
    submittedAt: null,
    disqualified: null,
    ...overrides,
  };
}

const location = () => screen.getByTestId('location').textContent;

/** The checkout's routes with the consult feature's questionnaire (a plain stand-in form) and /disqualified. */
function QuestionnaireRoutes({ draftDelayMs = 5 }: { draftDelayMs?: number }) {
  return (
    <CheckoutRoutes
      questionnaire={<QuestionnairePage Questionnaire={FakeQuestionnaire} draftDelayMs={draftDelayMs} />}
      disqualified={<DisqualifiedPage />}
    />
  );
}

beforeEach(() => window.localStorage.clear());
afterEach(() => vi.unstubAllGlobals());

interface Server {
  consult: ConsultView;
  consultDone: boolean;
  savePage?: (call: FakeCall) => { status?: number; body?: unknown };
}

function api(server: Server) {
  return fakeApi([
    ['GET', '/api/session', () => ({ body: { kind: 'guest', userId: null, role: null } })],
    ['GET', '/api/cart', () => ({ body: makeCart() })],
    ['GET', '/api/orders/o1', () => ({ body: makeCart() })],
    [
      'GET',
      '/api/orders/o1/checkout',
      () => ({ body: makeProgress({ completed: server.consultDone ? Stage.Consult : 0 }) }),
    ],
    [
      'GET',
      '/api/orders/o1/consults',
      () => ({
        body: {
          orderId: 'o1',
          items: [
            {
              itemId: 'i1',
              productId: 'p1',
              title: 'Semaglutide Weight Care',
              questionnaireId: 'weight-care-intake',
              completed: server.consultDone,
              consult: server.consult,
            },
          ],
        },
      }),
    ],
    [
      'PUT',
      /^\/api\/consults\/c1\/pages\/\d+$/,
      (call) => {
        if (server.savePage) return server.savePage(call);
        const pageIndex = Number(call.path.split('/').pop());
        const body = call.body as { answers: Record<string, unknown>; mode: string };
        server.consult = {
          ...server.consult,
          answers: { ...server.consult.answers, ...body.answers },
          currentPage: body.mode === 'next' ? pageIndex + 1 : pageIndex,
        };
        const next =
          body.mode === 'next'
            ? pageIndex + 1 < definition.pages.length
              ? pageIndex + 1
              : null
            : pageIndex;
        return { body: { consult: server.consult, nextPageIndex: next, disqualified: null } };
      },
    ],
    [
      'POST',
      '/api/consults/c1/submit',
      () => {
        server.consultDone = true;
        server.consult = {
          ...server.consult,
          status: 'submitted',
          submittedAt: '2026-11-21T10:00:00.000Z',
        };
        return { body: { consult: server.consult, disqualified: null } };
      },
    ],
    ['GET', '/api/products', () => ({ body: [] })],
  ]);
}

function renderPage() {
  return renderWithStore(<QuestionnaireRoutes draftDelayMs={5} />, {
    path: '/checkout/questionnaire/1',
    config: makeTestConfig({
      name: 'Acme Health',
      settings: { supportPhone: '(555) 010-2030', supportEmail: 'care@acme.example' },
    }),
  });
}

describe('QuestionnairePage', () => {
  it('answers page by page, submits, and goes on to the next pending stage', async () => {
    const server: Server = { consult: consult(), consultDone: false };
    const { calls } = api(server);
    const user = userEvent.setup();
    renderPage();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Health questionnaire' }),
    ).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 2, name: 'About you' })).toBeInTheDocument();
    expect(screen.getByText('Semaglutide Weight Care')).toBeInTheDocument();
    expect(document.title).toBe('Health questionnaire | Acme Health');
    await expectNoAxeViolations(document.body);

    await user.type(screen.getByLabelText('Pregnant?'), 'no');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Your goals' }),
    ).toBeInTheDocument();
    const saves = calls.filter((c) => c.method === 'PUT');
    expect(saves.at(-1)).toMatchObject({
      path: '/api/consults/c1/pages/0',
      body: { answers: { pregnant: 'no' }, mode: 'next' },
    });

    await user.type(screen.getByLabelText('Your goal?'), 'Feel better');
    await user.click(screen.getByRole('button', { name: 'Submit answers' }));
    await waitFor(() => expect(location()).toBe('/checkout/shipping-details'));
    expect(calls.some((c) => c.method === 'POST' && c.path === '/api/consults/c1/submit')).toBe(
      true,
    );
    expect(calls.filter((c) => c.method === 'PUT').at(-1)).toMatchObject({
      path: '/api/consults/c1/pages/1',
      body: { answers: { goal: 'Feel better' }, mode: 'next' },
    });
  });

  it('resumes on the page the patient left, with their answers (issue 8)', async () => {
    api({
      consult: consult({ answers: { pregnant: 'no', goal: 'Half-typed' }, currentPage: 1 }),
      consultDone: false,
    });
    renderPage();
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Your goals' }),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Your goal?')).toHaveValue('Half-typed');
    // Back within the questionnaire goes to its previous page.
    await userEvent.setup().click(
      within(screen.getByRole('form', { name: 'Your goals' })).getByRole('button', {
        name: 'Back',
      }),
    );
    expect(await screen.findByRole('heading', { level: 2, name: 'About you' })).toBeInTheDocument();
    expect(screen.getByLabelText('Pregnant?')).toHaveValue('no');
  });

  it('saves what was typed as a draft shortly after, without moving on', async () => {
    const { calls } = api({ consult: consult(), consultDone: false });
    const user = userEvent.setup();
    renderPage();
    await user.type(await screen.findByLabelText('Pregnant?'), 'no');
    await waitFor(() =>
      expect(calls.filter((c) => c.method === 'PUT').at(-1)).toMatchObject({
        path: '/api/consults/c1/pages/0',
        body: { answers: { pregnant: 'no' }, mode: 'draft' },
      }),
    );
    expect(screen.getByRole('heading', { level: 2, name: 'About you' })).toBeInTheDocument();
  });

  it('sends a disqualifying answer to /disqualified with the operator’s reason', async () => {
    const server: Server = {
      consult: consult(),
      consultDone: false,
      // Like the server: a draft save (while typing) keeps the answer without judging it; only
      // the Next save can disqualify.
      savePage: (call) =>
        (call.body as { mode?: string }).mode === 'draft'
          ? { body: { consult: server.consult, nextPageIndex: 0, disqualified: null } }
          : {
              body: {
                consult: {
                  ...server.consult,
                  status: 'disqualified',
                  disqualified: { questionId: 'pregnant', reason: 'Not during pregnancy.' },
                },
                nextPageIndex: null,
                disqualified: { questionId: 'pregnant', reason: 'Not during pregnancy.' },
              },
            },
    };
    api(server);
    const user = userEvent.setup();
    renderPage();
    await user.type(await screen.findByLabelText('Pregnant?'), 'yes');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(location()).toBe('/disqualified?order=o1'));
    expect(await screen.findByTestId('disqualified-reason')).toHaveTextContent(
      'Not during pregnancy.',
    );
  });

  it('shows the server’s messages beside the questions', async () => {
    const server: Server = {
      consult: consult(),
      consultDone: false,
      savePage: () =>
        problem(400, 'VALIDATION_FAILED', MESSAGES.VALIDATION_FAILED, [
          { field: 'pregnant', message: MESSAGES.ANSWER_CHOOSE_OPTION },
        ]),
    };
    api(server);
    const user = userEvent.setup();
    renderPage();
    await user.type(await screen.findByLabelText('Pregnant?'), 'maybe');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      `pregnant: ${MESSAGES.ANSWER_CHOOSE_OPTION}`,
    );
    expect(screen.getByRole('heading', { level: 2, name: 'About you' })).toBeInTheDocument();
  });

  it('shows a connection problem above the questions and keeps the answers', async () => {
    api({ consult: consult(), consultDone: false, savePage: () => ({ status: 503, body: {} }) });
    const user = userEvent.setup();
    renderPage();
    await user.type(await screen.findByLabelText('Pregnant?'), 'no');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    // SPEC §8 Connection: the message "Followed by" the support line.
    expect(await screen.findByText(`${MESSAGES.CONNECTION_ERROR} ${MESSAGES.CONNECTION_ERROR_SUPPORT}`)).toBeInTheDocument();
    expect(screen.getByLabelText('Pregnant?')).toHaveValue('no');
  });

  it('says the answers are with the doctor when the patient comes Back after submitting', async () => {
    api({
      consult: consult({ status: 'submitted', submittedAt: '2026-11-21T10:00:00.000Z' }),
      consultDone: true,
    });
    const user = userEvent.setup();
    renderWithStore(<QuestionnaireRoutes />, { path: '/checkout/questionnaire/1' });
    expect(
      await screen.findByRole('heading', { name: 'Thank you, your answers are with the doctor' }),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(location()).toBe('/checkout/shipping-details'));
  });

  it('explains when the product’s questionnaire cannot be opened', async () => {
    fakeApi([
      ['GET', '/api/session', () => ({ body: { kind: 'guest', userId: null, role: null } })],
      ['GET', '/api/cart', () => ({ body: makeCart() })],
      ['GET', '/api/orders/o1', () => ({ body: makeCart() })],
      ['GET', '/api/orders/o1/checkout', () => ({ body: makeProgress() })],
      [
        'GET',
        '/api/orders/o1/consults',
        () => ({
          body: {
            orderId: 'o1',
            items: [
              {
                itemId: 'i1',
                productId: 'p1',
                title: 'Semaglutide Weight Care',
                questionnaireId: null,
                completed: false,
                consult: null,
              },
            ],
          },
        }),
      ],
    ]);
    renderPage();
    expect(
      await screen.findByRole('heading', { name: 'This questionnaire is not available right now' }),
    ).toBeInTheDocument();
    expect(screen.getByText(/\(555\) 010-2030/)).toBeInTheDocument();
  });
});
