// SPEC §5 "Medication search: at least 2 characters"; SPEC §8 "No matching medication: NO MATCH
// FOUND; offer Save as Manual Entry?"; SPEC §9 medication list options "I'm not taking any
// medication" and "NONE" (issue 8 "Medication search").
import { MESSAGES, questionnaireDefinitionSchema, type MedicationsAnswer } from '@store/domain';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { expectNoAxeViolations } from '@/test/axe';
import { fakeApi, problem } from '@/test/fakeApi';
import { renderWithStore } from '@/test/render';
import { MedicationsQuestion } from './MedicationsQuestion';

afterEach(() => {
  vi.unstubAllGlobals();
});

const question = questionnaireDefinitionSchema.parse({
  title: 'T',
  pages: [{ title: 'P', questions: [{ id: 'meds', type: 'medications', label: 'Which medicines do you take now?' }] }],
}).pages[0]!.questions[0] as Extract<ReturnType<typeof questionnaireDefinitionSchema.parse>['pages'][number]['questions'][number], { type: 'medications' }>;

const LIST = [
  { name: 'metformin', kind: 'generic', generic: null },
  { name: 'metoprolol succinate', kind: 'generic', generic: null },
  { name: 'Glumetza', kind: 'brand', generic: 'metformin' },
];

function Harness({ initial }: { initial?: MedicationsAnswer }) {
  const [value, setValue] = useState<unknown>(initial);
  return (
    <>
      <MedicationsQuestion question={question} value={value} onChange={setValue} error={undefined} debounceMs={0} />
      <output data-testid="value">{JSON.stringify(value ?? null)}</output>
    </>
  );
}
const valueNow = () => JSON.parse(screen.getByTestId('value').textContent!) as MedicationsAnswer | null;

function api() {
  return fakeApi([
    [
      'GET',
      '/api/medications',
      (call) => {
        const q = call.query.get('q')!.toLowerCase();
        const results = LIST.filter((m) => m.name.toLowerCase().includes(q));
        return { body: { query: q, results } };
      },
    ],
  ]);
}

describe('MedicationsQuestion', () => {
  it('searches only from 2 characters', async () => {
    const user = userEvent.setup();
    const { calls } = api();
    renderWithStore(<Harness />);
    const search = screen.getByRole('textbox', { name: 'Search medications' });
    await user.type(search, 'm');
    expect(screen.getByText(MESSAGES.MEDICATION_SEARCH_MIN)).toBeInTheDocument();
    expect(calls).toHaveLength(0);
    await user.type(search, 'e');
    expect(await screen.findByRole('button', { name: 'metformin' })).toBeInTheDocument();
    expect(calls.every((c) => (c.query.get('q') ?? '').length >= 2)).toBe(true);
  });

  it('adds a medication picked from the search', async () => {
    const user = userEvent.setup();
    api();
    renderWithStore(<Harness />);
    await user.type(screen.getByRole('textbox', { name: 'Search medications' }), 'met');
    await user.click(await screen.findByRole('button', { name: 'metformin' }));
    expect(valueNow()).toEqual({ none: false, items: [{ name: 'metformin', manual: false }] });
    const mine = screen.getByRole('list', { name: 'Your medications' });
    expect(within(mine).getByText('metformin')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Search medications' })).toHaveValue('');
    // brands show their generic
    await user.type(screen.getByRole('textbox', { name: 'Search medications' }), 'glu');
    expect(await screen.findByRole('button', { name: 'Glumetza (metformin)' })).toBeInTheDocument();
  });

  it('says NO MATCH FOUND and offers Save as Manual Entry? when nothing matches', async () => {
    const user = userEvent.setup();
    api();
    renderWithStore(<Harness initial={{ none: false, items: [{ name: 'metformin', manual: false }] }} />);
    await user.type(screen.getByRole('textbox', { name: 'Search medications' }), "Grandma's tonic");
    expect(await screen.findByText('NO MATCH FOUND')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save as Manual Entry?' }));
    expect(valueNow()).toEqual({
      none: false,
      items: [
        { name: 'metformin', manual: false },
        { name: "Grandma's tonic", manual: true },
      ],
    });
    expect(screen.getByText("Grandma's tonic (manual entry)")).toBeInTheDocument();
    expect(screen.queryByText('NO MATCH FOUND')).not.toBeInTheDocument();
    // and removes one by keyboard-reachable button
    await user.click(screen.getByRole('button', { name: 'Remove metformin' }));
    expect(valueNow()!.items).toEqual([{ name: "Grandma's tonic", manual: true }]);
  });

  it('answers "none" with "I\'m not taking any medication" or "NONE"', async () => {
    const user = userEvent.setup();
    api();
    renderWithStore(<Harness initial={{ none: false, items: [{ name: 'metformin', manual: false }] }} />);
    await user.click(screen.getByRole('checkbox', { name: "I'm not taking any medication" }));
    expect(valueNow()).toEqual({ none: true, items: [] });
    expect(screen.queryByRole('textbox', { name: 'Search medications' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: "I'm not taking any medication" }));
    expect(valueNow()).toBeNull();

    await user.type(screen.getByRole('textbox', { name: 'Search medications' }), 'met');
    await user.click(await screen.findByRole('button', { name: 'NONE' }));
    expect(valueNow()).toEqual({ none: true, items: [] });
    expect(screen.getByRole('checkbox', { name: "I'm not taking any medication" })).toBeChecked();
  });

  it('shows the connection message when the search fails', async () => {
    const user = userEvent.setup();
    fakeApi([['GET', '/api/medications', () => problem(503, 'INTERNAL', 'down')]]);
    renderWithStore(<Harness />);
    await user.type(screen.getByRole('textbox', { name: 'Search medications' }), 'met');
    // SPEC §8 Connection: the message "Followed by" the support line.
    expect(await screen.findByText(`${MESSAGES.CONNECTION_ERROR} ${MESSAGES.CONNECTION_ERROR_SUPPORT}`)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });

  it('has no axe violations with results and with no match', async () => {
    const user = userEvent.setup();
    api();
    const { container } = renderWithStore(<Harness initial={{ none: false, items: [{ name: 'metformin', manual: false }] }} />);
    await user.type(screen.getByRole('textbox', { name: 'Search medications' }), 'met');
    await screen.findByRole('button', { name: 'metoprolol succinate' });
    await expectNoAxeViolations(container);
    await user.clear(screen.getByRole('textbox', { name: 'Search medications' }));
    await user.type(screen.getByRole('textbox', { name: 'Search medications' }), 'zzqx');
    await screen.findByText('NO MATCH FOUND');
    await expectNoAxeViolations(container);
  });
});
