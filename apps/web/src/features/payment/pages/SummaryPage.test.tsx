// The summary (issue 7 "Pages": items, quantities, consult fee, shipping, tax, promo code, discount,
// donation when enableDonationsSummaryPage, total, the review promise, consents to accept; SPEC §2
// "Payment: ... else summary"): loading and error states of the consents, consents required before
// paying, a decline shown in plain words with nothing typed lost, a good card on to the confirmation,
// the donation choices; the payment block (issue 7 "add-new-or-switch card"): the card form and Pay
// straight away without saved cards, the saved cards with Pay and a switch to a new card otherwise;
// focus to the decline and kept in the promo area. The page sits in the checkout layout: the test
// provides its context.
import { MESSAGES, Stage, type CheckoutProgressView } from '@store/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { Route, Routes, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Cart } from '@/shared/cart';
import { CheckoutContext } from '@/shared/checkout';
import { makeTestConfig } from '@/test/config';
import { expectNoAxeViolations } from '@/test/axe';
import { fakeApi, problem, type FakeRoute } from '@/test/fakeApi';
import { renderWithStore } from '@/test/render';
import { makeCart, makeItem } from '@/test/storeFixtures';
import { SummaryPage } from './SummaryPage';

afterEach(() => {
  vi.unstubAllGlobals();
});

const signedIn = { loggedIn: true, requiredStages: Stage.Shipping | Stage.Payment, completedStages: Stage.Shipping } as CheckoutProgressView;
const guest = { ...signedIn, loggedIn: false } as CheckoutProgressView;

const consultOrder = (over: Partial<Cart> = {}) =>
  makeCart({
    items: [makeItem({ title: 'Metformin ER Weight Support', qty: 1, unitPriceCents: 8900, lineSubtotalCents: 8900, consultFeeCents: 3900, consultRequired: true, consultAttached: true, visitType: 3 })],
    totals: { subtotalCents: 8900, consultFeeCents: 3900, discountCents: 0, shippingCents: 500, taxCents: 0, donationCents: 0, totalCents: 13300 },
    shipping: { state: 'TX', methodId: 'm1', carrier: 'USPS', methodName: 'Standard', costCents: 500, allowedMethodIds: null },
    visitType: 3,
    status: 'awaiting_payment',
    ...over,
  });

const CONSENTS = [
  { id: 'c1', kind: 'telehealth', title: 'Telehealth consent', body: 'You agree to care through telehealth.' },
  { id: 'c2', kind: 'privacy', title: 'Privacy notice', body: 'How we use your data.' },
];
const sandbox: FakeRoute[] = [
  ['GET', '/api/payments/config', () => ({ body: { gateway: 'sandbox', publishableKey: null } })],
  ['GET', '/api/payment-methods', () => ({ body: { cards: [] } })],
];

function Where() {
  const location = useLocation();
  return <div data-testid="location">{location.pathname + location.search}</div>;
}

/** The summary inside a stand-in for the checkout layout; `refresh` re-reads the order from `read`. */
function renderSummary(initial: Cart, opts: { read?: () => Cart; donations?: boolean; progress?: CheckoutProgressView } = {}) {
  const progress = opts.progress ?? signedIn;
  function Harness() {
    const [order, setOrder] = useState(initial);
    return (
      <CheckoutContext.Provider
        value={{
          order,
          progress,
          refresh: async () => {
            if (opts.read) setOrder(opts.read());
            return progress;
          },
          continueCheckout: async () => undefined,
        }}
      >
        <SummaryPage />
      </CheckoutContext.Provider>
    );
  }
  return renderWithStore(
    <>
      <Routes>
        <Route path="/checkout/summary" element={<Harness />} />
        <Route path="/checkout/order-confirmation" element={<h1>Confirmation</h1>} />
      </Routes>
      <Where />
    </>,
    { path: '/checkout/summary', config: makeTestConfig({ flags: { enableDonationsSummaryPage: opts.donations ?? false } }) },
  );
}

async function fillCard(user: ReturnType<typeof userEvent.setup>, number: string) {
  const field = await screen.findByLabelText(/Card number/);
  await user.clear(field);
  await user.type(field, number);
  await user.clear(screen.getByLabelText(/Expiry/));
  await user.type(screen.getByLabelText(/Expiry/), '1234');
  await user.clear(screen.getByLabelText(/Security code/));
  await user.type(screen.getByLabelText(/Security code/), '123');
}

describe('SummaryPage', () => {
  it('shows the items, consult fee, shipping, tax, total and the review promise; consents load', async () => {
    // issue 7 "summary: items, quantities, consult fee ..., shipping, tax, ..., total, the ... review promise"
    fakeApi([...sandbox, ['GET', '/api/consents', () => ({ body: CONSENTS })]]);
    const { container } = renderSummary(consultOrder());
    expect(screen.getByRole('heading', { level: 1, name: 'Order summary' })).toBeInTheDocument();
    expect(document.title).toMatch(/^Order summary \| /);
    expect(screen.getByText('Loading the consents…')).toBeInTheDocument();
    const items = screen.getByRole('list', { name: 'Items' });
    expect(within(items).getByText(/Metformin ER Weight Support/)).toHaveTextContent('× 1');
    expect(screen.getByTestId('summary-consult')).toHaveTextContent('$39.00');
    expect(screen.getByTestId('summary-shipping')).toHaveTextContent('$5.00');
    expect(screen.getByTestId('summary-tax')).toHaveTextContent('$0.00');
    expect(screen.getByTestId('order-total')).toHaveTextContent('$133.00');
    expect(screen.getByTestId('review-promise')).toHaveTextContent('A doctor will review your answers');
    expect(await screen.findByRole('checkbox', { name: 'I have read and accept the Telehealth consent' })).toBeInTheDocument();
    // Donations are off on this storefront.
    expect(screen.queryByRole('group', { name: 'Add a donation' })).not.toBeInTheDocument();
    await expectNoAxeViolations(container);
  });

  it('shows an error with a retry when the consents cannot load', async () => {
    // SPEC §4 "Every call has loading, success and failure outcomes"; SPEC §8 connection error
    let fail = true;
    fakeApi([...sandbox, ['GET', '/api/consents', () => (fail ? { status: 500, body: {} } : { body: CONSENTS })]]);
    const user = userEvent.setup();
    renderSummary(consultOrder());
    expect(await screen.findByText('We could not load the consents')).toBeInTheDocument();
    expect(screen.getByText(/There was a connection error/)).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('checkbox', { name: /Telehealth consent/ })).toBeInTheDocument();
  });

  it('shows the empty state for an order with no items', () => {
    fakeApi([...sandbox, ['GET', '/api/consents', () => ({ body: CONSENTS })]]);
    renderSummary(makeCart({ items: [] }));
    expect(screen.getByRole('heading', { level: 1, name: 'Your cart is empty' })).toBeInTheDocument();
  });

  it('requires every consent before paying; a decline is shown in plain words and nothing typed is lost; a good card goes to the confirmation', async () => {
    // issue 7 "consents to accept"; "a declined card leaves the order unpaid with the gateway's reason shown in plain words, and a retry with another card works"
    let decline = true;
    const { calls } = fakeApi([
      ...sandbox,
      ['GET', '/api/consents', () => ({ body: CONSENTS })],
      ['POST', '/api/payments/sandbox/tokens', (c) => ({ status: 201, body: { token: `tok_${(c.body as { number: string }).number.slice(-4)}`, card: { brand: 'visa', last4: '4242', expMonth: 12, expYear: 2034 } } })],
      [
        'POST',
        '/api/orders/o1/pay',
        () => {
          if (decline) {
            decline = false;
            return problem(402, 'CARD_DECLINED', 'Your card was declined. Please use another card.');
          }
          return { body: { orderId: 'o1', orderNumber: 'ABCD1234', status: 'awaiting_review', payment: { status: 'authorized', amountCents: 13300, captured: false, card: null }, receiptUrl: '/r.pdf', replayed: false } };
        },
      ],
    ]);
    const user = userEvent.setup();
    renderSummary(consultOrder());
    await screen.findByRole('checkbox', { name: /Telehealth consent/ });
    // issue 7 "add-new-or-switch card": no saved cards, so the card form and Pay straight away.
    await fillCard(user, '4000000000000002');
    await user.click(screen.getByRole('button', { name: 'Pay $133.00' }));
    const consentError = await screen.findByText('Please read and accept each consent before paying.');
    await waitFor(() => expect(consentError).toHaveFocus());
    expect(calls.some((c) => c.path === '/api/orders/o1/pay')).toBe(false);

    await user.click(screen.getByRole('checkbox', { name: /Telehealth consent/ }));
    await user.click(screen.getByRole('checkbox', { name: /Privacy notice/ }));
    // issue 7 saved cards: a signed-in patient's new card is saved unless they untick it.
    const save = screen.getByRole('checkbox', { name: 'Save this card to my account for next time' });
    expect(save).toBeChecked();
    await user.click(save);
    await user.click(screen.getByRole('button', { name: 'Pay $133.00' }));
    // The gateway's reason once, in the payment block's alert, which takes keyboard focus.
    const payError = await screen.findByTestId('pay-error');
    expect(payError).toHaveTextContent('Your card was declined. Please use another card.');
    await waitFor(() => expect(payError).toHaveFocus());
    expect(screen.getAllByText('Your card was declined. Please use another card.')).toHaveLength(1);
    expect(screen.getByTestId('location')).toHaveTextContent('/checkout/summary');
    expect(screen.getByRole('checkbox', { name: /Telehealth consent/ })).toBeChecked();
    expect(screen.getByLabelText(/Expiry/)).toHaveValue('12/34');
    expect(screen.getByLabelText(/Security code/)).toHaveValue('123');

    await fillCard(user, '4242424242424242');
    await user.click(save);
    await user.click(screen.getByRole('button', { name: 'Pay $133.00' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/checkout/order-confirmation?order=o1'));
    const pays = calls.filter((c) => c.path === '/api/orders/o1/pay');
    expect(pays).toHaveLength(2);
    expect(pays[0]!.body).toEqual({ paymentMethod: { token: 'tok_0002' }, acceptedConsentIds: ['c1', 'c2'] });
    // The browser sends no amount: the server charges its own total.
    expect(pays[1]!.body).toEqual({ paymentMethod: { token: 'tok_4242', saveCard: true }, acceptedConsentIds: ['c1', 'c2'] });
  });

  it('says every problem at the first Pay (card fields and consents), and an old refusal goes with a new attempt', async () => {
    fakeApi([
      ...sandbox,
      ['GET', '/api/consents', () => ({ body: CONSENTS })],
      ['POST', '/api/payments/sandbox/tokens', () => ({ status: 201, body: { token: 'tok_9995', card: { brand: 'visa', last4: '9995', expMonth: 12, expYear: 2034 } } })],
      ['POST', '/api/orders/o1/pay', () => problem(402, 'CARD_INSUFFICIENT_FUNDS', 'Your card has insufficient funds. Please use a different card.')],
    ]);
    const user = userEvent.setup();
    renderSummary(consultOrder());
    await screen.findByRole('checkbox', { name: /Telehealth consent/ });
    // Nothing filled in: the card's fields and the consents, together.
    await user.click(await screen.findByRole('button', { name: 'Pay $133.00' }));
    expect(await screen.findByText('Please read and accept each consent before paying.')).toBeInTheDocument();
    expect(screen.getByLabelText(/Card number/)).toHaveAttribute('aria-invalid', 'true');

    await user.click(screen.getByRole('checkbox', { name: /Telehealth consent/ }));
    await user.click(screen.getByRole('checkbox', { name: /Privacy notice/ }));
    await fillCard(user, '4000000000009995');
    await user.click(screen.getByRole('button', { name: 'Pay $133.00' }));
    expect(await screen.findByTestId('pay-error')).toHaveTextContent('insufficient funds');
    // Another card, mistyped: the field's message, and the refusal of the last card is gone.
    await user.clear(screen.getByLabelText(/Card number/));
    await user.type(screen.getByLabelText(/Card number/), '4242');
    await user.click(screen.getByRole('button', { name: 'Pay $133.00' }));
    await waitFor(() => expect(screen.getByLabelText(/Card number/)).toHaveAttribute('aria-invalid', 'true'));
    expect(screen.queryByTestId('pay-error')).not.toBeInTheDocument();
  });

  it('offers a donation where the storefront enables it, and shows it in the total', async () => {
    // SPEC §3 flag enableDonationsSummaryPage; issue 7 "donation (when enableDonationsSummaryPage)"
    let current = consultOrder();
    const { calls } = fakeApi([
      ...sandbox,
      ['GET', '/api/consents', () => ({ body: CONSENTS })],
      [
        'PUT',
        '/api/orders/o1/donation',
        (c) => {
          const donationCents = (c.body as { donationCents: number }).donationCents;
          current = consultOrder({ totals: { ...current.totals, donationCents, totalCents: 13300 + donationCents } });
          return { body: current };
        },
      ],
    ]);
    const user = userEvent.setup();
    const { container } = renderSummary(consultOrder(), { donations: true, read: () => current });
    const group = screen.getByRole('group', { name: 'Add a donation' });
    expect(within(group).getAllByRole('radio').map((r) => r.parentElement?.parentElement?.textContent)).toEqual(['No donation', '$1.00', '$5.00', '$10.00']);
    expect(within(group).getByRole('radio', { name: 'No donation' })).toBeChecked();
    await user.click(within(group).getByRole('radio', { name: '$5.00' }));
    await waitFor(() => expect(screen.getByTestId('summary-donation')).toHaveTextContent('$5.00'));
    expect(screen.getByTestId('order-total')).toHaveTextContent('$138.00');
    expect(within(group).getByRole('radio', { name: '$5.00' })).toBeChecked();
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ donationCents: 500 });
    await expectNoAxeViolations(container);
  });
  it('a signed-in patient with no saved cards gets the card form and Pay straight away, and no switch', async () => {
    // issue 7 "add-new-or-switch card during checkout": nothing saved to switch to, so a new card
    // is tokenized and paid in one step (and saved to the account with the payment).
    const { calls } = fakeApi([...sandbox, ['GET', '/api/consents', () => ({ body: [] })]]);
    const { container } = renderSummary(consultOrder());
    const form = await screen.findByRole('form', { name: 'Card details' });
    expect(within(form).getByRole('button', { name: 'Pay $133.00' })).toBeEnabled();
    expect(screen.queryByRole('heading', { name: 'Pay with a saved card' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Pay with a new card instead' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Use a saved card' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save card' })).not.toBeInTheDocument();
    expect(calls.some((c) => c.path === '/api/payment-methods')).toBe(true);
    await expectNoAxeViolations(container);
  });

  it('a guest pays with a new card and is not offered saved cards', async () => {
    // issue 7 "add-new-or-switch card during checkout": saved cards belong to signed-in patients.
    const { calls } = fakeApi([
      ...sandbox,
      ['GET', '/api/consents', () => ({ body: [] })],
      ['POST', '/api/payments/sandbox/tokens', () => ({ status: 201, body: { token: 'tok_4242', card: { brand: 'visa', last4: '4242', expMonth: 12, expYear: 2034 } } })],
      ['POST', '/api/orders/o1/pay', () => ({ body: { orderId: 'o1', orderNumber: 'ABCD1234', status: 'awaiting_review', payment: { status: 'authorized', amountCents: 13300, captured: false, card: null }, receiptUrl: '/r.pdf', replayed: false } })],
    ]);
    const user = userEvent.setup();
    renderSummary(consultOrder(), { progress: guest });
    await fillCard(user, '4242424242424242');
    expect(screen.queryByRole('button', { name: 'Use a saved card' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Pay $133.00' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/checkout/order-confirmation?order=o1'));
    expect(calls.find((c) => c.path === '/api/orders/o1/pay')?.body).toEqual({ paymentMethod: { token: 'tok_4242' }, acceptedConsentIds: [] });
    expect(calls.some((c) => c.path === '/api/payment-methods')).toBe(false);
  });

  it('shows the whole connection message when Pay gets no answer, and a second press pays', async () => {
    // SPEC §8 Connection: "There was a connection error. …" followed by "Please contact Customer Support with any questions."
    let down = true;
    const paid = { orderId: 'o1', orderNumber: 'ABCD1234', status: 'awaiting_review', payment: { status: 'authorized', amountCents: 13300, captured: false, card: null }, receiptUrl: '/r.pdf', replayed: false };
    fakeApi([
      ...sandbox,
      ['GET', '/api/consents', () => ({ body: [] })],
      ['POST', '/api/payments/sandbox/tokens', () => ({ status: 201, body: { token: 'tok_4242', card: { brand: 'visa', last4: '4242', expMonth: 12, expYear: 2034 } } })],
      ['POST', '/api/orders/o1/pay', () => (down ? { status: 503, body: {} } : { body: paid })],
    ]);
    const user = userEvent.setup();
    renderSummary(consultOrder(), { progress: guest });
    await fillCard(user, '4242424242424242');
    await user.click(screen.getByRole('button', { name: 'Pay $133.00' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(`${MESSAGES.CONNECTION_ERROR} ${MESSAGES.CONNECTION_ERROR_SUPPORT}`);
    expect(screen.getByTestId('location')).toHaveTextContent('/checkout/summary');
    down = false;
    await user.click(screen.getByRole('button', { name: 'Pay $133.00' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/checkout/order-confirmation?order=o1'));
  });

  it('a patient with saved cards pays with the current one, or switches to a new card and back', async () => {
    // issue 7 "add-new-or-switch card during checkout": the saved cards (the current one picked) and
    // Pay, "Pay with a new card instead", and "Use a saved card" to go back; no separate add-card form.
    // The checkout only chooses the card: Remove and Make current belong to the account's cards.
    const saved = (id: string, label: string, isCurrent: boolean) => ({
      id, brand: 'visa', last4: label.slice(-4), label, expMonth: 12, expYear: 2034, expired: false, isCurrent, billingAddress: null, createdAt: '2026-01-01T00:00:00.000Z',
    });
    let decline = true;
    const { calls } = fakeApi([
      ['GET', '/api/payments/config', () => ({ body: { gateway: 'sandbox', publishableKey: null } })],
      ['GET', '/api/payment-methods', () => ({ body: { cards: [saved('c1', 'Visa ending in 4242', true), saved('c2', 'Visa ending in 1881', false)] } })],
      ['GET', '/api/consents', () => ({ body: [] })],
      [
        'POST',
        '/api/orders/o1/pay',
        () => {
          if (decline) {
            decline = false;
            return problem(402, 'PAYMENT_CARD_DECLINED', 'Your card was declined. Please use a different card.');
          }
          return { body: { orderId: 'o1', orderNumber: 'ABCD1234', status: 'awaiting_review', payment: { status: 'authorized', amountCents: 13300, captured: false, card: null }, receiptUrl: '/r.pdf', replayed: false } };
        },
      ],
    ]);
    const user = userEvent.setup();
    const { container } = renderSummary(consultOrder());
    // A sub-heading of the Payment section.
    expect(await screen.findByRole('heading', { level: 3, name: 'Pay with a saved card' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('radio', { name: /Visa ending in 4242/ })).toBeChecked());
    expect(screen.getByRole('button', { name: 'Pay $133.00' })).toBeEnabled();
    expect(screen.queryByRole('button', { name: 'Add a new card' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Remove Visa ending in/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Make Visa ending in .* current$/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Card details' })).not.toBeInTheDocument();
    await expectNoAxeViolations(container);

    await user.click(screen.getByRole('button', { name: 'Pay with a new card instead' }));
    expect(await screen.findByRole('form', { name: 'Card details' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Pay with a new card instead' })).not.toBeInTheDocument();
    expect(screen.queryByRole('radio', { name: /Visa ending in 4242/ })).not.toBeInTheDocument();
    // The pressed button is gone: focus goes to the first control of the new card block.
    await waitFor(() => expect(screen.getByRole('checkbox', { name: 'Save this card to my account for next time' })).toHaveFocus());
    await user.click(screen.getByRole('button', { name: 'Use a saved card' }));
    expect(screen.queryByRole('form', { name: 'Card details' })).not.toBeInTheDocument();
    // …and back to the picked saved card.
    await waitFor(() => expect(screen.getByRole('radio', { name: /Visa ending in 4242/ })).toHaveFocus());

    await user.click(screen.getByRole('radio', { name: /Visa ending in 1881/ }));
    await user.click(screen.getByRole('button', { name: 'Pay $133.00' }));
    const payError = await screen.findByTestId('pay-error');
    expect(payError).toHaveTextContent('Your card was declined. Please use a different card.');
    await waitFor(() => expect(payError).toHaveFocus());
    expect(screen.getByRole('radio', { name: /Visa ending in 1881/ })).toBeChecked();

    await user.click(screen.getByRole('radio', { name: /Visa ending in 4242/ }));
    await user.click(screen.getByRole('button', { name: 'Pay $133.00' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/checkout/order-confirmation?order=o1'));
    expect(calls.filter((c) => c.path === '/api/orders/o1/pay').map((c) => c.body)).toEqual([
      { paymentMethod: { savedCardId: 'c2' }, acceptedConsentIds: [] },
      { paymentMethod: { savedCardId: 'c1' }, acceptedConsentIds: [] },
    ]);
  });

  it('keeps keyboard focus in the promo area as a code is refused, applied and removed', async () => {
    // SPEC §5 "Enter a promo code"; SPEC §4 "Coupon: applied or removed"; SPEC §8 "Sorry that promo code is invalid."
    let current = consultOrder();
    fakeApi([
      ...sandbox,
      ['GET', '/api/consents', () => ({ body: [] })],
      [
        'POST',
        '/api/orders/o1/promo-code',
        (c) => {
          if ((c.body as { promoCode: string }).promoCode !== 'WELCOME10') return problem(422, 'PROMO_INVALID', 'Sorry that promo code is invalid.');
          current = consultOrder({ promoCode: { code: 'WELCOME10', discountCents: 890 }, totals: { ...current.totals, discountCents: 890, totalCents: 12410 } });
          return { body: current };
        },
      ],
      [
        'DELETE',
        '/api/orders/o1/promo-code',
        () => {
          current = consultOrder();
          return { body: current };
        },
      ],
    ]);
    const user = userEvent.setup();
    renderSummary(consultOrder(), { read: () => current });
    const field = screen.getByLabelText('Enter a promo code');
    await user.type(field, 'SUMMER15');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Sorry that promo code is invalid.');
    await waitFor(() => expect(screen.getByLabelText('Enter a promo code')).toHaveFocus());

    await user.clear(screen.getByLabelText('Enter a promo code'));
    // A new code has not been refused yet.
    expect(screen.queryByText('Sorry that promo code is invalid.')).not.toBeInTheDocument();
    await user.type(screen.getByLabelText('Enter a promo code'), 'welcome10');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    const remove = await screen.findByRole('button', { name: 'Remove promo code WELCOME10' });
    await waitFor(() => expect(remove).toHaveFocus());
    expect(screen.getByTestId('summary-discount')).toHaveTextContent('$8.90');

    await user.keyboard('{Enter}');
    const input = await screen.findByLabelText('Enter a promo code');
    await waitFor(() => expect(input).toHaveFocus());
    expect(screen.queryByTestId('summary-discount')).not.toBeInTheDocument();
  });

  it('shows a promo code refused at Pay (used up since it was applied) and lets the patient remove it and pay without it', async () => {
    // issue 13 #2 "a code over its limit at pay time is refused with the spec's message and the patient pays without it only if they choose to"; SPEC §8
    const withCode = consultOrder({ promoCode: { code: 'JUSTONE', discountCents: 500 }, totals: { ...consultOrder().totals, discountCents: 500, totalCents: 12800 } });
    let current = withCode;
    const { calls } = fakeApi([
      ...sandbox,
      ['GET', '/api/consents', () => ({ body: [] })],
      ['POST', '/api/payments/sandbox/tokens', () => ({ status: 201, body: { token: 'tok_4242', card: { brand: 'visa', last4: '4242', expMonth: 12, expYear: 2034 } } })],
      [
        'POST',
        '/api/orders/o1/pay',
        () =>
          current.promoCode
            ? problem(422, 'PROMO_INVALID', 'Sorry that promo code is invalid.')
            : { body: { orderId: 'o1', orderNumber: 'ABCD1234', status: 'awaiting_review', payment: { status: 'authorized', amountCents: 13300, captured: false, card: null }, receiptUrl: '/r.pdf', replayed: false } },
      ],
      [
        'DELETE',
        '/api/orders/o1/promo-code',
        () => {
          current = consultOrder();
          return { body: current };
        },
      ],
    ]);
    const user = userEvent.setup();
    renderSummary(withCode, { read: () => current });
    await fillCard(user, '4242424242424242');
    await user.click(screen.getByRole('button', { name: 'Pay $128.00' }));
    const payError = await screen.findByTestId('pay-error');
    expect(payError).toHaveTextContent('Sorry that promo code is invalid.');
    await waitFor(() => expect(payError).toHaveFocus());
    // Nothing is removed until the patient chooses to.
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    await user.click(within(payError).getByRole('button', { name: 'Remove the code' }));
    await waitFor(() => expect(screen.queryByTestId('pay-error')).not.toBeInTheDocument());
    await user.click(await screen.findByRole('button', { name: 'Pay $133.00' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/checkout/order-confirmation?order=o1'));
  });
});
