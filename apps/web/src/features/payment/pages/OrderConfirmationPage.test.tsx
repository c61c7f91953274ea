// The order confirmation (issue 7 "order confirmation: order number, what happens next,
// add-to-calendar for a scheduled visit, a link to the account"; SPEC §2 progress 5): loading, error
// with retry, no order, a captured order, an authorized order awaiting review, a booked visit.
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { expectNoAxeViolations } from '@/test/axe';
import { fakeApi } from '@/test/fakeApi';
import { renderWithStore } from '@/test/render';
import { OrderConfirmationPage } from './OrderConfirmationPage';

afterEach(() => {
  vi.unstubAllGlobals();
});

const purchase = (over: object = {}) => ({
  orderId: 'o1',
  orderNumber: 'ABCD1234',
  status: 'paid',
  payment: { status: 'captured', amountCents: 5998, captured: true, card: { brand: 'visa', last4: '4242', label: 'Visa ending in 4242' } },
  receiptUrl: '/api/orders/o1/receipt.pdf',
  ...over,
});

const at = '/checkout/order-confirmation?order=o1';

/** A paid order with a visit booked for 1 May 2030, 15:00 UTC, in the patient's zone. */
function bookedVisit(visitType: 1 | 2, patientTimeZone: string) {
  fakeApi([
    ['GET', '/api/orders/o1/payment', () => ({ body: purchase({ status: 'visit_scheduled', payment: { status: 'authorized', amountCents: 29800, captured: false, card: null } }) })],
    [
      'GET',
      '/api/orders/o1/appointment',
      () => ({
        body: {
          appointment: { id: 'a1', visitType, startsAt: '2030-05-01T15:00:00.000Z', endsAt: '2030-05-01T15:20:00.000Z', patientTimeZone, doctor: { name: 'Dr. Ana Ruiz', credentials: 'MD' } },
          visitType,
        },
      }),
    ],
  ]);
}

describe('OrderConfirmationPage', () => {
  it('shows the loading state, then the order number, the amount paid, what happens next and the links', async () => {
    // issue 7 "order number, what happens next, ... a link to the account"; "Products that need no consult are captured at once"
    fakeApi([['GET', '/api/orders/o1/payment', () => ({ body: purchase() })]]);
    const { container } = renderWithStore(<OrderConfirmationPage />, { path: at });
    expect(screen.getByText('Loading your order…')).toBeInTheDocument();
    expect(document.title).toMatch(/^Order confirmation \| /);
    expect(await screen.findByRole('heading', { level: 1, name: 'Thank you! Your order is placed.' })).toBeInTheDocument();
    expect(screen.getByTestId('order-number')).toHaveTextContent('ABCD1234');
    expect(screen.getByText('Paid: $59.98 with Visa ending in 4242')).toBeInTheDocument();
    // issue 13 #17: no shipping mail exists yet, so none is promised.
    expect(screen.getByTestId('next-steps')).toHaveTextContent('Your payment is complete. There is nothing more you need to do.');
    expect(screen.getByTestId('next-steps')).not.toHaveTextContent(/email you when it ships/);
    expect(screen.getByRole('link', { name: 'View receipt (PDF)' })).toHaveAttribute('href', '/api/orders/o1/receipt.pdf');
    expect(screen.getByRole('link', { name: 'Go to my account' })).toHaveAttribute('href', '/my-account');
    expect(screen.queryByRole('button', { name: 'Add to calendar' })).not.toBeInTheDocument();
    await expectNoAxeViolations(container);
  });

  it('says the card is held until the doctor approves an order awaiting review', async () => {
    // issue 7 "Authorize at checkout, capture on approval"
    fakeApi([['GET', '/api/orders/o1/payment', () => ({ body: purchase({ status: 'awaiting_review', payment: { status: 'authorized', amountCents: 13300, captured: false, card: null } }) })]]);
    renderWithStore(<OrderConfirmationPage />, { path: at });
    expect(await screen.findByText('Authorized: $133.00')).toBeInTheDocument();
    expect(screen.getByTestId('next-steps')).toHaveTextContent('A doctor will review your answers, usually within one business day. Your card is only charged if the doctor approves your treatment.');
  });

  it('shows a booked visit with add-to-calendar', async () => {
    // issue 7 "add-to-calendar for a scheduled visit"
    bookedVisit(1, 'America/Chicago');
    renderWithStore(<OrderConfirmationPage />, { path: at });
    expect(await screen.findByRole('button', { name: 'Add to calendar' })).toBeInTheDocument();
    // The patient's zone is named: a bare "10:00 AM" is ambiguous across states.
    expect(screen.getByTestId('your-visit')).toHaveTextContent('Your visit: Wednesday, May 1, 2030, 10:00 – 10:20 AM CDT');
    // issue 16: the visit is joined from its own screen ("Your visit"), which the reminders and the account lead to.
    expect(screen.getByRole('link', { name: 'Your visit' })).toHaveAttribute('href', '/checkout/patient-visit?id=o1');
    expect(screen.getByTestId('next-steps')).toHaveTextContent(
      'Your video visit is booked for the time below. You join it from “Your visit” (the reminder emails and your account lead there too). The email about your visit has a link to reschedule or cancel it.',
    );
    // Nothing to rate before the visit: not even asked.
    expect(screen.queryByRole('link', { name: 'Rate your doctor' })).not.toBeInTheDocument();
  });

  it('says the doctor calls for a booked phone visit', async () => {
    // Visit type 2 (phone): nothing to join; the product page promises the doctor calls.
    bookedVisit(2, 'America/New_York');
    renderWithStore(<OrderConfirmationPage />, { path: at });
    expect(await screen.findByTestId('your-visit')).toHaveTextContent('Your visit: Wednesday, May 1, 2030, 11:00 – 11:20 AM EDT');
    expect(screen.getByRole('link', { name: 'Your visit' })).toHaveAttribute('href', '/checkout/patient-visit?id=o1');
    expect(screen.getByTestId('next-steps')).toHaveTextContent('Your doctor will call you at the booked time.');
    expect(screen.getByTestId('next-steps')).not.toHaveTextContent('Join your visit');
  });

  // issue 16 "after a completed visit or review the patient rates": the link shows only where the
  // rating page can take a rating (keep links honest).
  it.each([
    ['a decided order whose doctor can be rated', 'approved', true, true],
    ['a decided order rated already', 'approved', false, false],
    ['an order no doctor decided (nothing to rate)', 'fulfilling', false, false],
  ])('"Rate your doctor" for %s', async (_name, status, canRate, shown) => {
    const { calls } = fakeApi([
      ['GET', '/api/orders/o1/payment', () => ({ body: purchase({ status }) })],
      ['GET', '/api/orders/o1/rating', () => ({ body: { doctor: null, canRate, rating: null } })],
    ]);
    renderWithStore(<OrderConfirmationPage />, { path: at });
    await screen.findByTestId('order-number');
    if (shown) expect(await screen.findByRole('link', { name: 'Rate your doctor' })).toHaveAttribute('href', '/checkout/ended-visit?id=o1');
    else {
      await vi.waitFor(() => expect(calls.some((c) => c.path === '/api/orders/o1/rating')).toBe(true));
      expect(screen.queryByRole('link', { name: 'Rate your doctor' })).not.toBeInTheDocument();
    }
  });

  it('"Rate your doctor" after a completed visit, before the decision', async () => {
    fakeApi([
      ['GET', '/api/orders/o1/payment', () => ({ body: purchase({ status: 'visit_scheduled', payment: { status: 'authorized', amountCents: 29800, captured: false, card: null } }) })],
      ['GET', '/api/orders/o1/appointment', () => ({ body: { appointment: { id: 'a1', status: 'completed', visitType: 1, startsAt: '2030-05-01T15:00:00.000Z', endsAt: '2030-05-01T15:20:00.000Z', patientTimeZone: 'America/Chicago', doctor: { name: 'Dr. Ana Ruiz', credentials: 'MD' } }, visitType: 1 } })],
      ['GET', '/api/orders/o1/rating', () => ({ body: { doctor: null, canRate: true, rating: null } })],
    ]);
    renderWithStore(<OrderConfirmationPage />, { path: at });
    expect(await screen.findByRole('link', { name: 'Rate your doctor' })).toHaveAttribute('href', '/checkout/ended-visit?id=o1');
  });

  it('shows an error with a retry when the order cannot load', async () => {
    // SPEC §4 "Every call has loading, success and failure outcomes"; SPEC §8 connection error
    let fail = true;
    fakeApi([['GET', '/api/orders/o1/payment', () => (fail ? { status: 500, body: {} } : { body: purchase() })]]);
    const user = userEvent.setup();
    renderWithStore(<OrderConfirmationPage />, { path: at });
    expect(await screen.findByRole('heading', { level: 1, name: 'We could not load your order' })).toBeInTheDocument();
    expect(screen.getByText(/There was a connection error/)).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByTestId('order-number')).toHaveTextContent('ABCD1234');
  });

  it('without an order id, points to the confirmation email, not to orders the account does not list', () => {
    // issue 13 #17: "Your orders and receipts are in your account" was not true.
    fakeApi([]);
    renderWithStore(<OrderConfirmationPage />, { path: '/checkout/order-confirmation' });
    expect(screen.getByRole('heading', { level: 1, name: 'No order to confirm' })).toBeInTheDocument();
    expect(screen.getByText('The confirmation email we sent after payment has your order number and a link to your receipt.')).toBeInTheDocument();
    expect(screen.queryByText(/in your account/)).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the shop' })).toHaveAttribute('href', '/products');
  });
});
