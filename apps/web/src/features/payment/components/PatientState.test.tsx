// issue 13 #13 on the summary: a lab-only order (nothing ships) asks "Your state" before paying; a
// state the panel is not sold in is refused in the server's words, which name the states; a taxed
// state re-prices the order and the totals show the tax line; an order that ships is not asked.
import { Stage, type CheckoutProgressView } from '@store/domain';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Cart } from '@/shared/cart';
import { CheckoutContext } from '@/shared/checkout';
import { expectNoAxeViolations } from '@/test/axe';
import { fakeApi, problem, type FakeRoute } from '@/test/fakeApi';
import { renderWithStore } from '@/test/render';
import { makeCart, makeItem } from '@/test/storeFixtures';
import { SummaryPage } from '../pages/SummaryPage';
import { PATIENT_STATE_HINT } from './PatientState';

afterEach(() => {
  vi.unstubAllGlobals();
});

const REFUSAL = 'Sorry, Comprehensive Wellness Lab Panel is not available in New Jersey, New York, Rhode Island.';
const progress = { loggedIn: true, requiredStages: Stage.Payment, completedStages: 0 } as CheckoutProgressView;
const labOrder = (over: Partial<Cart> = {}) =>
  makeCart({
    items: [makeItem({ title: 'Comprehensive Wellness Lab Panel', qty: 1, unitPriceCents: 8900, lineSubtotalCents: 8900, checkoutStages: Stage.Payment })],
    checkoutStages: Stage.Payment,
    shipping: { state: null, methodId: null, carrier: null, methodName: null, costCents: 0, allowedMethodIds: null },
    stateRequired: true,
    totals: { subtotalCents: 8900, consultFeeCents: 0, discountCents: 0, shippingCents: 0, taxCents: 0, donationCents: 0, totalCents: 8900 },
    status: 'awaiting_payment',
    ...over,
  });
const inCalifornia = labOrder({
  shipping: { state: 'CA', methodId: null, carrier: null, methodName: null, costCents: 0, allowedMethodIds: null },
  isSalesTaxApplied: true,
  taxRatePercent: 7.25,
  salesTaxCents: 645,
  totals: { subtotalCents: 8900, consultFeeCents: 0, discountCents: 0, shippingCents: 0, taxCents: 645, donationCents: 0, totalCents: 9545 },
});
const page: FakeRoute[] = [
  ['GET', '/api/payments/config', () => ({ body: { gateway: 'sandbox', publishableKey: null } })],
  ['GET', '/api/payment-methods', () => ({ body: { cards: [] } })],
  ['GET', '/api/consents', () => ({ body: [] })],
];

/** The summary in a stand-in for the checkout layout; `refresh` re-reads the order from `read`. */
function renderSummary(initial: Cart, read: () => Cart = () => initial) {
  function Harness() {
    const [order, setOrder] = useState(initial);
    return (
      <CheckoutContext.Provider
        value={{
          order,
          progress,
          refresh: async () => {
            setOrder(read());
            return progress;
          },
          continueCheckout: async () => undefined,
        }}
      >
        <SummaryPage />
      </CheckoutContext.Provider>
    );
  }
  return renderWithStore(<Harness />, { path: '/checkout/summary' });
}

describe('Your state on the summary (issue 13 #13)', () => {
  it('asks a lab-only order for the state, refuses one the panel is not sold in with the states named, and shows the tax of a taxed one', async () => {
    let current = labOrder();
    const { calls } = fakeApi([
      ...page,
      [
        'PATCH',
        '/api/orders/o1/shipping',
        (call) => {
          const { state } = call.body as { state: string };
          if (state === 'NY') return problem(422, 'STATE_UNAVAILABLE', REFUSAL, [{ field: 'state', message: REFUSAL }]);
          current = inCalifornia;
          return { body: current };
        },
      ],
    ]);
    const user = userEvent.setup();
    const { container } = renderSummary(current, () => current);
    const select = screen.getByRole('combobox', { name: 'Your state' });
    expect(select).toBeRequired();
    expect(screen.getByText(PATIENT_STATE_HINT)).toBeInTheDocument();
    // No state yet: the tax waits for it.
    expect(screen.getByTestId('summary-tax')).toHaveTextContent('Calculated from your state');
    await expectNoAxeViolations(container);

    await user.selectOptions(select, 'NY');
    expect(await screen.findByRole('alert')).toHaveTextContent(REFUSAL);
    expect(select).toHaveValue('NY');
    expect(select).toHaveAccessibleDescription(REFUSAL);
    expect(screen.getByTestId('order-total')).toHaveTextContent('$89.00');

    await user.selectOptions(select, 'CA');
    await waitFor(() => expect(screen.getByTestId('summary-tax')).toHaveTextContent('$6.45'));
    expect(screen.getByText('Tax (CA 7.25%)')).toBeInTheDocument();
    expect(screen.getByTestId('order-total')).toHaveTextContent('$95.45');
    expect(screen.getByRole('button', { name: 'Pay $95.45' })).toBeInTheDocument();
    expect(select).toHaveValue('CA');
    expect(screen.queryByText(REFUSAL)).not.toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'PATCH').map((c) => c.body)).toEqual([{ state: 'NY' }, { state: 'CA' }]);
  });

  it('does not ask an order that ships (its address gives the state)', () => {
    fakeApi(page);
    renderSummary(
      labOrder({
        stateRequired: false,
        checkoutStages: Stage.Shipping | Stage.Payment,
        shipping: { state: 'TX', methodId: 'm1', carrier: 'USPS', methodName: 'Standard', costCents: 0, allowedMethodIds: null },
      }),
    );
    expect(screen.queryByRole('combobox', { name: 'Your state' })).not.toBeInTheDocument();
  });
});
