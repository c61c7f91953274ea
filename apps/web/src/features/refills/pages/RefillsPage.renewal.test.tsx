// issue 17 refills: a plan paused because its prescription has no refills left or has expired
// offers Renew prescription: the renewal order's checkout while it is in the cart, else the renew
// page of the plan's order; an active plan does not.
import { refillTerms, type RefillPlanView } from '@store/domain';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { expectNoAxeViolations } from '@/test/axe';
import { fakeApi, type FakeRoute } from '@/test/fakeApi';
import { renderWithStore } from '@/test/render';
import { RefillsPage } from './RefillsPage';

afterEach(() => vi.unstubAllGlobals());

const SOURCE = '6d037524-12c5-499d-a7f1-b3600a2e790a';
const signedIn: FakeRoute = ['GET', '/api/session', () => ({ body: { kind: 'user', userId: 'u1', role: 'patient' } })];
const SignInRequired = ({ title }: { title: string }) => <p>Sign in to see {title}</p>;

const plan = (over: Partial<RefillPlanView> = {}): RefillPlanView => ({
  id: 'plan-1',
  sourceOrderId: SOURCE,
  orderNumber: '6D037524',
  productId: 'p1',
  productTitle: 'Metformin ER Weight Support',
  qty: 1,
  medication: 'Metformin ER 500 mg',
  status: 'active',
  statusReason: null,
  statusMessage: null,
  nextDate: '2027-01-15T00:00:00.000Z',
  nextCycle: 3,
  cycleDays: 30,
  refillsLeft: 2,
  expiresAt: '2027-05-30T00:00:00.000Z',
  card: null,
  cardLabel: 'Your current card (Visa ending in 4242)',
  renewalOrderId: null,
  renewalResumePath: null,
  moveBounds: { min: '2026-12-02', max: '2027-05-30' },
  lastCycle: null,
  ...over,
});

const paused = (over: Partial<RefillPlanView> = {}) =>
  plan({ status: 'paused', statusReason: 'renewal', statusMessage: 'Your prescription has no refills left or has expired. We opened a renewal for your doctor to review.', refillsLeft: 0, ...over });

function Where() {
  const location = useLocation();
  return <output aria-label="location">{location.pathname + location.search}</output>;
}

function renderWith(plans: RefillPlanView[]) {
  fakeApi([
    signedIn,
    ['GET', '/api/refills', () => ({ body: { plans } })],
    ['GET', '/api/refills/eligible', () => ({ body: { orders: [] } })],
    ['GET', '/api/refills/settings', () => ({ body: refillTerms() })],
    ['GET', '/api/payment-methods', () => ({ body: { cards: [] } })],
  ]);
  return renderWithStore(
    <>
      <RefillsPage SignInRequired={SignInRequired} />
      <Where />
    </>,
    { path: '/my-account/refills' },
  );
}

const card = async (title = 'Metformin ER Weight Support') => screen.findByRole('region', { name: title });

describe('Auto-refills: a plan paused for renewal (issue 17)', () => {
  it('links the renewal order’s checkout while it is in the cart', async () => {
    const user = userEvent.setup();
    const { container } = renderWith([paused({ renewalOrderId: 'renewal-1', renewalResumePath: '/checkout' })]);
    const section = await card();
    expect(section).toHaveTextContent('We opened a renewal for your doctor to review.');
    const renew = within(section).getByRole('link', { name: 'Renew prescription' });
    expect(renew).toHaveAttribute('href', '/checkout');
    await expectNoAxeViolations(container);
    await user.click(renew);
    expect(screen.getByRole('status', { name: 'location' })).toHaveTextContent('/checkout');
  });

  it('links the renew page of the plan’s order when there is no renewal to resume', async () => {
    renderWith([paused()]);
    expect(within(await card()).getByRole('link', { name: 'Renew prescription' })).toHaveAttribute('href', `/orders/${SOURCE}/renew-prescription`);
  });

  it('offers no renewal for an active plan, nor one paused for a declined card', async () => {
    renderWith([
      plan(),
      paused({ id: 'plan-2', productTitle: 'Sertraline', statusReason: 'declined', statusMessage: 'Your card was declined three times, so we paused your auto-refill. Update your card, then choose a new date.' }),
    ]);
    expect(await card()).toBeInTheDocument();
    expect(await card('Sertraline')).toHaveTextContent('Your card was declined three times');
    expect(screen.queryByRole('link', { name: 'Renew prescription' })).not.toBeInTheDocument();
  });
});
