// issue 17 auto-refills (SPEC §7 eligible orders, activate, storefront details, active auto-refills,
// deactivate): /my-account/refills loading, empty, error and signed-out states; an active plan with
// its next date, refills left and card, moved (the server's refusal shown, the typed date kept),
// skipped and turned off after a confirmation; an eligible order activated with the card chosen.
import type { EligibleRefill, RefillPlanView } from '@store/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { expectNoAxeViolations } from '@/test/axe';
import { fakeApi, problem, type FakeRoute } from '@/test/fakeApi';
import { renderWithStore } from '@/test/render';
import { RefillsPage } from './RefillsPage';

afterEach(() => vi.unstubAllGlobals());

const SignInRequired = ({ title }: { title: string }) => <p>Sign in to see {title}</p>;
const signedIn: FakeRoute = ['GET', '/api/session', () => ({ body: { kind: 'user', userId: 'u1', role: 'patient' } })];
const PLAN_ID = '0b6f4c1e-6a9c-4a57-9d4e-1f1d7f1c2a01';
const ORDER_ID = '6d037524-12c5-499d-a7f1-b3600a2e790a';
const CARD_ID = '3c1d1e0a-2b7f-4f5e-8a55-0d2b8c0f9a11';

const terms: FakeRoute = [
  'GET',
  '/api/refills/settings',
  () => ({ body: { noticeDays: 3, retryDays: [2, 2, 3], terms: ['We tell you 3 days before each refill.', 'A declined card is tried again three times over a week.'] } }),
];
const cards: FakeRoute = [
  'GET',
  '/api/payment-methods',
  () => ({
    body: {
      cards: [
        { id: CARD_ID, brand: 'visa', last4: '4242', label: 'Visa ending in 4242', expMonth: 12, expYear: 2035, expired: false, isCurrent: true, billingAddress: null, createdAt: '2026-11-01T00:00:00.000Z' },
      ],
    },
  }),
];

const plan = (over: Partial<RefillPlanView> = {}): RefillPlanView => ({
  id: PLAN_ID,
  sourceOrderId: ORDER_ID,
  orderNumber: '6D037524',
  productId: 'p1',
  productTitle: 'Metformin ER Weight Support',
  qty: 1,
  medication: 'Metformin ER 500 mg',
  status: 'active',
  statusReason: null,
  statusMessage: null,
  nextDate: '2026-12-30T15:00:00.000Z',
  nextCycle: 1,
  cycleDays: 30,
  refillsLeft: 3,
  expiresAt: '2027-11-30T15:00:00.000Z',
  card: null,
  cardLabel: 'Your current card (Visa ending in 4242)',
  renewalOrderId: null,
  renewalResumePath: null,
  moveBounds: { min: '2026-12-02', max: '2027-01-29' },
  lastCycle: null,
  ...over,
});

const eligible = (over: Partial<EligibleRefill> = {}): EligibleRefill => ({
  orderId: ORDER_ID,
  orderNumber: '6D037524',
  productId: 'p1',
  productTitle: 'Metformin ER Weight Support',
  qty: 1,
  prescriptionId: 'rx1',
  medication: 'Metformin ER 500 mg',
  refillsLeft: 3,
  expiresAt: '2027-11-30T15:00:00.000Z',
  cycleDays: 30,
  nextDate: '2026-12-30T15:00:00.000Z',
  ...over,
});

const render = () => renderWithStore(<RefillsPage SignInRequired={SignInRequired} />, { path: '/my-account/refills' });

describe('Auto-refills page (issue 17)', () => {
  it('asks a signed-out visitor to sign in', async () => {
    fakeApi([['GET', '/api/session', () => ({ body: { kind: 'anonymous' } })]]);
    render();
    expect(await screen.findByText('Sign in to see Auto-refills')).toBeInTheDocument();
  });

  it('shows loading, then the empty states and the terms', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    fakeApi([
      signedIn,
      terms,
      cards,
      ['GET', '/api/refills', async () => {
        await gate;
        return { body: { plans: [] } };
      }],
      ['GET', '/api/refills/eligible', () => ({ body: { orders: [] } })],
    ]);
    const { container } = render();
    expect(await screen.findByText('Loading your auto-refills…')).toBeInTheDocument();
    release();
    expect(await screen.findByRole('heading', { level: 3, name: 'No auto-refills yet' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 3, name: 'Nothing to set up' })).toBeInTheDocument();
    expect(await screen.findByText('We tell you 3 days before each refill.')).toBeInTheDocument();
    await expectNoAxeViolations(container);
  });

  it('shows an error with a retry that loads the plans', async () => {
    const user = userEvent.setup();
    let failing = true;
    fakeApi([
      signedIn,
      terms,
      cards,
      ['GET', '/api/refills', () => (failing ? problem(500, 'INTERNAL', 'Something went wrong on our side.') : { body: { plans: [plan()] } })],
      ['GET', '/api/refills/eligible', () => ({ body: { orders: [] } })],
    ]);
    render();
    expect(await screen.findByRole('alert')).toBeInTheDocument();
    const retry = screen.getByRole('button', { name: 'Retry' });
    failing = false;
    await user.click(retry);
    expect(await screen.findByRole('region', { name: 'Metformin ER Weight Support' })).toBeInTheDocument();
  });

  it('shows an active plan: next date, refills left, card; moves the date (the refusal shown, the date kept), skips one and turns it off after a confirmation', async () => {
    const user = userEvent.setup();
    let moveAnswer: { status?: number; body?: unknown } = problem(422, 'VALIDATION', 'Choose a date between December 2 and January 29.', [{ field: 'nextDate', message: 'Choose a date between December 2, 2026 and January 29, 2027.' }]);
    const { calls } = fakeApi([
      signedIn,
      terms,
      cards,
      ['GET', '/api/refills', () => ({ body: { plans: [plan()] } })],
      ['GET', '/api/refills/eligible', () => ({ body: { orders: [] } })],
      ['PATCH', `/api/refills/${PLAN_ID}`, () => moveAnswer],
      ['POST', `/api/refills/${PLAN_ID}/skip`, () => ({ body: plan({ nextCycle: 2 }) })],
      ['POST', `/api/refills/${PLAN_ID}/deactivate`, () => ({ body: plan({ status: 'ended' }) })],
    ]);
    const { container } = render();
    const card = await screen.findByRole('region', { name: 'Metformin ER Weight Support' });
    expect(within(card).getByText('Active')).toBeInTheDocument();
    const fact = (label: string) => within(card).getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;
    expect(fact('Next refill')).toBe('December 30, 2026');
    expect(fact('Refills left')).toBe('3');
    expect(fact('Card')).toBe('Your current card (Visa ending in 4242)');
    expect(fact('Medication')).toBe('Metformin ER 500 mg (order 6D037524)');
    await expectNoAxeViolations(container);

    // Move date: the server's message under the field, the typed date kept.
    const date = within(card).getByLabelText('Move the next refill to');
    await user.clear(date);
    await user.type(date, '2027-02-15');
    await user.click(within(card).getByRole('button', { name: 'Move date' }));
    expect(await within(card).findByText('Choose a date between December 2, 2026 and January 29, 2027.')).toBeInTheDocument();
    expect(date).toHaveValue('2027-02-15');
    expect(calls.find((c) => c.method === 'PATCH')!.body).toEqual({ nextDate: '2027-02-15' });
    moveAnswer = { body: plan({ nextDate: '2027-01-10T15:00:00.000Z' }) };
    await user.clear(date);
    await user.type(date, '2027-01-10');
    await user.click(within(card).getByRole('button', { name: 'Move date' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'PATCH').at(-1)!.body).toEqual({ nextDate: '2027-01-10' }));

    // Skip.
    await user.click(within(card).getByRole('button', { name: 'Skip next refill' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.path.endsWith('/skip'))).toBe(true));

    // Turn off: asked first; "Keep it" leaves it on.
    await user.click(within(card).getByRole('button', { name: 'Turn off auto-refill' }));
    const dialog = await screen.findByRole('dialog', { name: 'Turn off this auto-refill?' });
    await user.click(within(dialog).getByRole('button', { name: 'Keep it' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.some((c) => c.path.endsWith('/deactivate'))).toBe(false);
    await user.click(within(card).getByRole('button', { name: 'Turn off auto-refill' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Turn off this auto-refill?' })).getByRole('button', { name: 'Turn off' }));
    await waitFor(() => expect(calls.filter((c) => c.path.endsWith('/deactivate'))).toHaveLength(1));
  });

  it("shows a paused plan's reason in the patient's words, and the way to its renewal", async () => {
    fakeApi([
      signedIn,
      terms,
      cards,
      ['GET', '/api/refills', () => ({ body: { plans: [plan({ status: 'paused', statusReason: 'renewal', statusMessage: 'Your prescription has no refills left: renew it to keep your refills coming.', refillsLeft: 0, renewalOrderId: 'r1', renewalResumePath: '/checkout' })] } })],
      ['GET', '/api/refills/eligible', () => ({ body: { orders: [] } })],
    ]);
    render();
    const card = await screen.findByRole('region', { name: 'Metformin ER Weight Support' });
    expect(within(card).getByText('Paused')).toBeInTheDocument();
    expect(within(card).getByRole('alert')).toHaveTextContent('Your prescription has no refills left');
    // The renewal the job opened waits in the cart: its checkout resumes where it stopped.
    expect(within(within(card).getByRole('alert')).getByRole('link', { name: 'Renew prescription' })).toHaveAttribute('href', '/checkout');
    // A paused plan cannot skip a refill.
    expect(within(card).queryByRole('button', { name: 'Skip next refill' })).not.toBeInTheDocument();
  });

  it('activates an eligible order with the card chosen, and shows a refusal', async () => {
    const user = userEvent.setup();
    let answer: { status?: number; body?: unknown } = problem(409, 'REFILL_NOT_ELIGIBLE', 'This prescription has no refills left.');
    const { calls } = fakeApi([
      signedIn,
      terms,
      cards,
      ['GET', '/api/refills', () => ({ body: { plans: [] } })],
      ['GET', '/api/refills/eligible', () => ({ body: { orders: [eligible()] } })],
      ['POST', '/api/refills', () => answer],
    ]);
    const { container } = render();
    const order = await screen.findByRole('region', { name: 'Metformin ER Weight Support' });
    expect(order).toHaveTextContent('Metformin ER 500 mg · order 6D037524 · 3 refills left · expires November 30, 2027');
    expect(order).toHaveTextContent('First refill on December 30, 2026, then every 30 days.');
    await expectNoAxeViolations(container);

    await user.click(within(order).getByRole('button', { name: 'Activate auto-refill' }));
    expect(await within(order).findByText('This prescription has no refills left.')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST' && c.path === '/api/refills')!.body).toEqual({ orderId: ORDER_ID, cardId: null });

    answer = { status: 201, body: plan() };
    await user.click(within(order).getByRole('combobox', { name: 'Card to charge' }));
    await user.click(await screen.findByRole('option', { name: 'Visa ending in 4242' }));
    await user.click(within(order).getByRole('button', { name: 'Activate auto-refill' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST' && c.path === '/api/refills').at(-1)!.body).toEqual({ orderId: ORDER_ID, cardId: CARD_ID }));
  });
});
