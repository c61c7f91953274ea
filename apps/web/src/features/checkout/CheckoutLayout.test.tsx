// The checkout layout (issue 8 "Checkout engine"): the order and its progress load, a later stage
// typed as a URL goes back to the first pending stage, earlier stages stay reachable, the progress
// steps show with their SPEC §4 labels, pre pages appear only when the storefront enables them, and
// loading, empty and error states.
import { DEFAULT_DISPLAY_PAGES, MESSAGES, Stage } from '@store/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeTestConfig } from '@/test/config';
import { expectNoAxeViolations } from '@/test/axe';
import { fakeApi, type FakeRoute } from '@/test/fakeApi';
import { renderWithStore } from '@/test/render';
import { CONSULT_STAGES, CheckoutRoutes, makeCart, makeProgress } from './test-helpers';

const { Consult, Shipping, Pharmacy, Scheduling, Payment } = Stage;
const guest = { kind: 'guest', userId: null, role: null };
const lumenDisplay = { ...DEFAULT_DISPLAY_PAGES, preQuestionnaire: true, prePayment: true };

beforeEach(() => window.localStorage.clear());
afterEach(() => {
  vi.unstubAllGlobals();
});

function api(progress = makeProgress(), extra: FakeRoute[] = []) {
  return fakeApi([
    ['GET', '/api/session', () => ({ body: guest })],
    ['GET', '/api/cart', () => ({ body: makeCart() })],
    // The store remembers a guest's order id and reads it by id next time.
    ['GET', '/api/orders/o1', () => ({ body: makeCart() })],
    ['GET', '/api/orders/o1/checkout', () => ({ body: progress })],
    ['GET', '/api/orders/o1/consults', () => ({ body: { orderId: 'o1', items: [] } })],
    ['GET', '/api/products', () => ({ body: [] })],
    ...extra,
  ]);
}

const location = () => screen.getByTestId('location').textContent;

function renderAt(path: string, display = DEFAULT_DISPLAY_PAGES) {
  return renderWithStore(<CheckoutRoutes />, {
    path,
    config: makeTestConfig({ name: 'Acme Health', settings: { displayPages: display } }),
  });
}

describe('CheckoutLayout', () => {
  it('sends /checkout to the first pending stage (SPEC §2)', async () => {
    api();
    renderAt('/checkout');
    await waitFor(() => expect(location()).toBe('/checkout/questionnaire/1'));
  });

  it('sends a later stage typed as a URL back to the first pending stage (issue 8)', async () => {
    api(makeProgress({ completed: Consult }));
    renderAt('/checkout/summary');
    await waitFor(() => expect(location()).toBe('/checkout/shipping-details'));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Shipping details' }),
    ).toBeInTheDocument();
  });

  it('keeps earlier stages reachable, so Back works', async () => {
    api(makeProgress({ completed: Consult | Shipping | Pharmacy }));
    renderAt('/checkout/shipping-details');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Shipping details' }),
    ).toBeInTheDocument();
    expect(location()).toBe('/checkout/shipping-details');
  });

  it('sends a guest with everything but Payment done to register first (SPEC §2)', async () => {
    api(makeProgress({ completed: CONSULT_STAGES & ~Payment }));
    renderAt('/checkout/summary');
    await waitFor(() => expect(location()).toBe('/register'));
  });

  it('shows the progress steps with their names and labels, the current one marked', async () => {
    api(makeProgress({ completed: Consult, loggedIn: true }));
    renderAt('/checkout/shipping-details');
    const nav = await screen.findByRole('navigation', { name: 'Checkout progress' });
    const steps = within(nav).getAllByRole('listitem');
    expect(steps.map((s) => s.textContent)).toEqual([
      'Consultcompleted',
      'ShippingPending',
      'DoctorIncomplete',
      'PaymentIncomplete',
      'ConfirmationIncomplete',
    ]);
    expect(steps[1]).toHaveAttribute('aria-current', 'step');
    expect(within(nav).getByRole('progressbar', { name: 'Checkout progress' })).toHaveAttribute(
      'aria-valuetext',
      'Step 2 of 5: Shipping',
    );
  });

  it('lists only the steps the order needs', async () => {
    api(makeProgress({ required: Shipping | Payment, loggedIn: true }));
    renderAt('/checkout/shipping-details');
    const nav = await screen.findByRole('navigation', { name: 'Checkout progress' });
    expect(
      within(nav)
        .getAllByRole('listitem')
        .map((s) => s.textContent),
    ).toEqual(['ShippingPending', 'PaymentIncomplete', 'ConfirmationIncomplete']);
  });

  it('shows a pre page only when the storefront enables it, with the operator’s text (issue 8)', async () => {
    api();
    const off = renderAt('/checkout/pre-questionnaire');
    await waitFor(() => expect(location()).toBe('/checkout/questionnaire/1'));
    off.unmount();

    api();
    const user = userEvent.setup();
    renderAt('/checkout/pre-questionnaire', lumenDisplay);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'A few questions about your health' }),
    ).toBeInTheDocument();
    expect(
      screen.getByText(
        'Your answers help the doctor decide whether this treatment is right for you.',
      ),
    ).toBeInTheDocument();
    expect(document.title).toBe('A few questions about your health | Acme Health');
    await expectNoAxeViolations(document.body);
    await user.click(screen.getByRole('button', { name: 'Start the questionnaire' }));
    await waitFor(() => expect(location()).toBe('/checkout/questionnaire/1'));
  });

  it('shows the pre-payment page before the summary when enabled', async () => {
    api(
      makeProgress({ completed: CONSULT_STAGES & ~Payment, loggedIn: true, display: lumenDisplay }),
    );
    const user = userEvent.setup();
    renderAt('/checkout', lumenDisplay);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Almost done' }),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Review your order' }));
    await waitFor(() => expect(location()).toBe('/checkout/summary'));
  });

  it('finds the order waiting for payment once the cart has left draft', async () => {
    fakeApi([
      ['GET', '/api/session', () => ({ body: { kind: 'user', userId: 'u1', role: 'patient' } })],
      // The server's answer for "no open cart" / "nothing waiting for payment": 204 No Content.
      ['GET', '/api/cart', () => ({ status: 204 })],
      [
        'GET',
        '/api/checkout/awaiting-payment',
        () => ({ body: makeCart({ status: 'awaiting_payment', isGuestOrder: false }) }),
      ],
      [
        'GET',
        '/api/orders/o1/checkout',
        () => ({ body: makeProgress({ completed: CONSULT_STAGES & ~Payment, loggedIn: true }) }),
      ],
    ]);
    renderAt('/checkout/summary');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Order summary' }),
    ).toBeInTheDocument();
  });

  it('shows an empty state linking to the shop when there is no order', async () => {
    fakeApi([
      ['GET', '/api/session', () => ({ body: guest })],
      // The server's answer for "no open cart" / "nothing waiting for payment": 204 No Content.
      ['GET', '/api/cart', () => ({ status: 204 })],
      [
        'GET',
        '/api/checkout/awaiting-payment',
        () => ({ status: 204 }),
      ],
    ]);
    renderAt('/checkout/questionnaire/1');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'There is nothing to check out yet' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse the shop' })).toHaveAttribute(
      'href',
      '/products',
    );
    await expectNoAxeViolations(document.body);
  });

  it('shows the loading state, then the connection error with Retry', async () => {
    let fail = true;
    fakeApi([
      ['GET', '/api/session', () => ({ body: guest })],
      ['GET', '/api/cart', () => (fail ? { status: 503, body: {} } : { body: makeCart() })],
      ['GET', '/api/orders/o1/checkout', () => ({ body: makeProgress({ completed: Consult }) })],
    ]);
    const user = userEvent.setup();
    renderAt('/checkout/shipping-details');
    expect(screen.getByRole('status')).toHaveTextContent('Loading your order…');
    expect(await screen.findByText(MESSAGES.CONNECTION_ERROR)).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Shipping details' }),
    ).toBeInTheDocument();
  });

  it('sends a disqualified order to /disqualified, naming the order (its reason is shown there)', async () => {
    // SPEC §2 /disqualified; the questionnaire navigates to the same address, so the two never race.
    api(makeProgress({ disqualified: true }));
    renderAt('/checkout/questionnaire/1');
    await waitFor(() => expect(location()).toBe('/disqualified?order=o1'));
  });

  it('does not guard the pages after payment', async () => {
    fakeApi([['GET', '/api/session', () => ({ body: guest })]]);
    renderAt('/checkout/order-confirmation');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Order confirmation' }),
    ).toBeInTheDocument();
    // Paid: the stages behind are closed, so there is no Back into an empty checkout.
    expect(screen.queryByRole('button', { name: 'Back' })).not.toBeInTheDocument();
  });

  it('goes Back to the cart when the checkout was opened directly', async () => {
    api(makeProgress({ completed: Consult | Shipping | Pharmacy | Scheduling }));
    const user = userEvent.setup();
    renderAt('/checkout/questionnaire/1');
    await screen.findByRole('navigation', { name: 'Checkout progress' });
    await user.click(screen.getAllByRole('button', { name: 'Back' })[0]!);
    await waitFor(() => expect(location()).toBe('/cart'));
  });
});
