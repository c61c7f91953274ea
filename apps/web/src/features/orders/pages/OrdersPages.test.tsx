// issue 17 orders (SPEC §7 recent and previous orders, order details, edit shipping address,
// reorder; SPEC §2 /order-details): the list's tabs, rows, paging, empty, loading, error and
// signed-out states; the details page with its receipt, address change (the server's refusal shown,
// nothing typed lost) and Reorder (the refills part's endpoint, mocked here: its path followed, a
// 409's detail shown); an order that is not the patient's.
import { MESSAGES, type AccountOrderDetails, type AccountOrderSummary } from '@store/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { expectNoAxeViolations } from '@/test/axe';
import { fakeApi, notFound, problem, type FakeRoute } from '@/test/fakeApi';
import { createTestQueryClient, renderWithStore } from '@/test/render';
import { NavigationNotice } from '@/components/NavigationNotice';
import { CART_QUERY_KEY, useCart } from '@/shared/cart';
import { MyOrdersPage, NO_ORDERS_TITLE } from './MyOrdersPage';
import { OrderDetailsPage, ORDER_NOT_FOUND_TITLE } from './OrderDetailsPage';

afterEach(() => vi.unstubAllGlobals());

const signedIn: FakeRoute = ['GET', '/api/session', () => ({ body: { kind: 'user', userId: 'u1', role: 'patient' } })];
const SignInRequired = ({ title }: { title: string }) => <p>Sign in to see {title}</p>;
const ID = '6d037524-12c5-499d-a7f1-b3600a2e790a';

const step = (kind: string, label: string, extra: Partial<AccountOrderSummary['latestStep']> = {}): AccountOrderSummary['latestStep'] => ({
  kind: kind as AccountOrderSummary['latestStep']['kind'],
  label,
  at: '2026-11-30T15:00:00.000Z',
  link: null,
  carrier: null,
  trackingNumber: null,
  trackingUrl: null,
  ...extra,
});

const summary = (over: Partial<AccountOrderSummary> = {}): AccountOrderSummary => ({
  id: ID,
  orderNumber: '6D037524',
  status: 'awaiting_review',
  statusLabel: 'Pending',
  createdAt: '2026-11-30T14:00:00.000Z',
  placedAt: '2026-11-30T14:05:00.000Z',
  items: [{ title: 'Metformin ER Weight Support', qty: 1 }],
  totalCents: 9_900,
  latestStep: step('awaiting_review', 'Awaiting review'),
  resumePath: null,
  ratePath: null,
  ...over,
});

const details = (over: Partial<AccountOrderDetails> = {}): AccountOrderDetails => ({
  ...summary(),
  lines: [{ title: 'Metformin ER Weight Support', qty: 1, unitPriceCents: 4_900, lineSubtotalCents: 4_900 }],
  totals: { subtotalCents: 4_900, consultFeeCents: 3_500, shippingCents: 500, discountCents: 0, taxCents: 306, donationCents: 0, totalCents: 9_206 },
  promoCode: null,
  shippingAddress: { fullName: 'Rosa Diaz', line1: '12 Elm St', line2: null, city: 'Austin', state: 'TX', zip: '78701', phone: '5125550100' },
  shippingMethod: { carrier: 'USPS', name: 'Standard' },
  pharmacy: { name: 'Evergreen Partner Pharmacy', phone: '(555) 010-0100', address: { line: '1 Main St', city: 'Austin', state: 'TX', zip: '78701' } },
  doctor: { name: 'Dr. Ana Ruiz', credentials: 'MD' },
  visit: { type: 'review', startsAt: null, endsAt: null, status: 'in_review' },
  prescription: null,
  payment: { status: 'authorized', amountCents: 9_206, card: { brand: 'visa', last4: '4242' }, authorizedAt: '2026-11-30T14:05:00.000Z', capturedAt: null, voidedAt: null, refundedAt: null },
  fulfilment: null,
  timeline: [
    { label: 'Order started', at: '2026-11-30T14:00:00.000Z' },
    { label: 'Awaiting review', at: '2026-11-30T14:05:00.000Z' },
  ],
  receiptUrl: `/api/orders/${ID}/receipt.pdf`,
  addressChange: { allowed: true, sameStateOnly: false, reason: null },
  ships: true,
  ...over,
});

function CartSize() {
  const { cart } = useCart();
  return <output aria-label="cart">{cart ? `${cart.items.length} item` : 'no cart'}</output>;
}

function Where() {
  const location = useLocation();
  return <output aria-label="location">{location.pathname + location.search}</output>;
}

describe('My orders (SPEC §7 recent and previous orders)', () => {
  it('lists recent orders with the SPEC §4 label, the latest step and their links; an unfinished one continues', async () => {
    const { calls } = fakeApi([
      signedIn,
      [
        'GET',
        '/api/account/orders',
        () => ({
          body: {
            scope: 'recent',
            total: 3,
            page: 1,
            pageSize: 10,
            items: [
              summary({ id: 'a', orderNumber: 'AAAA0001', status: 'draft', statusLabel: 'Incomplete', placedAt: null, latestStep: step('in_checkout', 'In checkout'), resumePath: '/checkout/shipping-details' }),
              summary({ id: 'b', orderNumber: 'BBBB0002', status: 'needs_info', latestStep: step('more_information', 'More information needed', { link: '/orders/b/more-information' }) }),
              summary({ id: 'c', orderNumber: 'CCCC0003', status: 'shipped', latestStep: step('shipped', 'Shipped', { carrier: 'UPS', trackingNumber: '1Z999', trackingUrl: 'https://www.ups.com/track?tracknum=1Z999' }), ratePath: '/checkout/ended-visit?id=c' }),
            ],
          },
        }),
      ],
    ]);
    const { container } = renderWithStore(<MyOrdersPage SignInRequired={SignInRequired} />, { path: '/my-account/orders' });
    expect(await screen.findByRole('heading', { level: 1, name: 'My orders' })).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Recent orders' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows).toHaveLength(3);
    expect(within(rows[0]!).getByText('Incomplete')).toBeInTheDocument();
    expect(within(rows[0]!).getByRole('link', { name: 'Continue' })).toHaveAttribute('href', '/checkout/shipping-details');
    expect(within(rows[1]!).getByRole('link', { name: 'Answer your doctor' })).toHaveAttribute('href', '/orders/b/more-information');
    expect(within(rows[2]!).getByRole('link', { name: /Track your package/ })).toHaveAttribute('href', 'https://www.ups.com/track?tracknum=1Z999');
    expect(within(rows[2]!).getByRole('link', { name: 'Rate your doctor' })).toHaveAttribute('href', '/checkout/ended-visit?id=c');
    expect(within(rows[2]!).getByRole('link', { name: 'Order CCCC0003' })).toHaveAttribute('href', '/order-details?id=c');
    expect(calls.find((c) => c.path === '/api/account/orders')!.query.get('scope')).toBe('recent');
    await expectNoAxeViolations(container);
  });

  it('pages through previous orders', async () => {
    const user = userEvent.setup();
    const { calls } = fakeApi([
      signedIn,
      ['GET', '/api/account/orders', (call) => ({ body: { scope: 'previous', total: 12, page: Number(call.query.get('page')), pageSize: 10, items: [summary({ status: 'cancelled', statusLabel: 'Cancelled', latestStep: step('cancelled', 'Cancelled') })] } })],
    ]);
    renderWithStore(<MyOrdersPage SignInRequired={SignInRequired} />, { path: '/my-account/orders?scope=previous' });
    expect(await screen.findByRole('heading', { name: 'Previous orders (12)' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(calls.some((c) => c.path === '/api/account/orders' && c.query.get('page') === '2' && c.query.get('scope') === 'previous')).toBe(true));
  });

  it('has an empty state with a way to the shop, an error state with Retry, and a sign-in prompt', async () => {
    fakeApi([signedIn, ['GET', '/api/account/orders', () => ({ body: { scope: 'recent', total: 0, page: 1, pageSize: 10, items: [] } })]]);
    const first = renderWithStore(<MyOrdersPage SignInRequired={SignInRequired} />, { path: '/my-account/orders' });
    expect(await screen.findByRole('heading', { name: NO_ORDERS_TITLE })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Shop now' })).toHaveAttribute('href', '/');
    first.unmount();

    fakeApi([signedIn, ['GET', '/api/account/orders', () => 'network']]);
    const second = renderWithStore(<MyOrdersPage SignInRequired={SignInRequired} />, { path: '/my-account/orders' });
    expect(await screen.findByRole('alert', {}, { timeout: 5000 })).toHaveTextContent(/connection error/);
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
    second.unmount();

    fakeApi([['GET', '/api/session', () => ({ body: { kind: 'guest' } })]]);
    renderWithStore(<MyOrdersPage SignInRequired={SignInRequired} />, { path: '/my-account/orders' });
    expect(await screen.findByText('Sign in to see My orders')).toBeInTheDocument();
  });
});

describe('Order details (SPEC §2 /order-details, §7 order details and receipt)', () => {
  it('shows the order: items and totals, address, pharmacy, doctor, payment, history and the receipt link', async () => {
    fakeApi([signedIn, ['GET', `/api/account/orders/${ID}`, () => ({ body: details() })]]);
    const { container } = renderWithStore(<OrderDetailsPage SignInRequired={SignInRequired} />, { path: `/order-details?id=${ID}` });
    expect(await screen.findByRole('heading', { level: 1, name: 'Order 6D037524' })).toBeInTheDocument();
    const items = screen.getByRole('region', { name: 'Items' });
    expect(within(items).getByText('Total').parentElement).toHaveTextContent('$92.06');
    expect(within(items).getByText('Consult fee').parentElement).toHaveTextContent('$35.00');
    expect(screen.getByRole('region', { name: 'Shipping address' })).toHaveTextContent('12 Elm St');
    expect(screen.getByRole('region', { name: 'Pharmacy' })).toHaveTextContent('Evergreen Partner Pharmacy');
    expect(screen.getByRole('region', { name: 'Your doctor and visit' })).toHaveTextContent('Dr. Ana Ruiz, MD');
    expect(screen.getByRole('region', { name: 'Payment' })).toHaveTextContent('Visa ending in 4242');
    expect(screen.getByRole('region', { name: 'Payment' })).toHaveTextContent('Authorized (held on your card until your doctor approves)');
    expect(screen.getByRole('link', { name: 'Download receipt' })).toHaveAttribute('href', `/api/orders/${ID}/receipt.pdf`);
    expect(screen.getByRole('region', { name: 'Order history' })).toHaveTextContent('Awaiting review');
    await expectNoAxeViolations(container);
  });

  it('changes the shipping address; a refusal shows the server’s words and keeps what was typed', async () => {
    const user = userEvent.setup();
    let refuse = true;
    const { calls } = fakeApi([
      signedIn,
      ['GET', `/api/account/orders/${ID}`, () => ({ body: details() })],
      [
        'PUT',
        `/api/account/orders/${ID}/shipping-address`,
        (call) =>
          refuse
            ? problem(409, 'ADDRESS_CHANGES_TOTAL', 'Shipping to this address would change your order total from $92.06 to $93.10.')
            : { body: details({ shippingAddress: { ...(call.body as { address: AccountOrderDetails['shippingAddress'] }).address! } }) },
      ],
    ]);
    renderWithStore(<OrderDetailsPage SignInRequired={SignInRequired} />, { path: `/order-details?id=${ID}` });
    await user.click(await screen.findByRole('button', { name: 'Change shipping address' }));
    const street = screen.getByRole('textbox', { name: /Street address/ });
    await user.clear(street);
    await user.type(street, '400 Congress Ave');
    await user.click(screen.getByRole('button', { name: 'Save new address' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('would change your order total from $92.06 to $93.10');
    expect(screen.getByRole('textbox', { name: /Street address/ })).toHaveValue('400 Congress Ave');

    refuse = false;
    await user.click(screen.getByRole('button', { name: 'Save new address' }));
    expect(await screen.findByText('Your shipping address was changed.')).toBeInTheDocument();
    // issue 17 walk: focus goes to the message, not the page top.
    await waitFor(() => expect(document.activeElement).toBe(screen.getByText('Your shipping address was changed.').closest('[tabindex="-1"]')));
    expect(screen.getByRole('region', { name: 'Shipping address' })).toHaveTextContent('400 Congress Ave');
    expect(calls.filter((c) => c.method === 'PUT').at(-1)!.body).toMatchObject({ address: { line1: '400 Congress Ave', state: 'TX' } });
  });

  it('shows a ZIP from another state beside the ZIP field, before sending and from the server (issue 17 walk)', async () => {
    const user = userEvent.setup();
    const { calls } = fakeApi([
      signedIn,
      ['GET', `/api/account/orders/${ID}`, () => ({ body: details() })],
      ['PUT', `/api/account/orders/${ID}/shipping-address`, () => problem(400, 'ZIP_STATE', MESSAGES.ZIP_STATE, [{ field: 'address.zip', message: MESSAGES.ZIP_STATE }])],
    ]);
    renderWithStore(<OrderDetailsPage SignInRequired={SignInRequired} />, { path: `/order-details?id=${ID}` });
    await user.click(await screen.findByRole('button', { name: 'Change shipping address' }));
    const zip = screen.getByRole('textbox', { name: /ZIP code/ });
    await user.clear(zip);
    await user.type(zip, '90001'); // Los Angeles, with Austin, TX
    await user.click(screen.getByRole('button', { name: 'Save new address' }));
    expect(await screen.findByRole('textbox', { name: /ZIP code/ })).toHaveAccessibleDescription(MESSAGES.ZIP_STATE);
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
    // The server's check (e.g. a rule the form does not know): its field message lands on the ZIP too.
    await user.clear(zip);
    await user.type(zip, '78702');
    await user.click(screen.getByRole('button', { name: 'Save new address' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    await waitFor(() => expect(screen.getByRole('textbox', { name: /ZIP code/ })).toHaveAccessibleDescription(MESSAGES.ZIP_STATE));
    expect(screen.getByRole('textbox', { name: /ZIP code/ })).toHaveValue('78702');
    // Cancel closes the form and puts focus back on the button that opened it.
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Change shipping address' })).toHaveFocus());
  });

  it('says an order that ships nothing does not ship, with no address to change (issue 17 walk)', async () => {
    fakeApi([
      signedIn,
      [
        'GET',
        `/api/account/orders/${ID}`,
        () => ({ body: details({ ships: false, shippingAddress: null, shippingMethod: null, addressChange: { allowed: false, sameStateOnly: false, reason: 'This order has nothing to ship.' } }) }),
      ],
    ]);
    renderWithStore(<OrderDetailsPage SignInRequired={SignInRequired} />, { path: `/order-details?id=${ID}` });
    const section = await screen.findByRole('region', { name: 'Shipping address' });
    expect(section).toHaveTextContent('This order does not ship.');
    expect(section).not.toHaveTextContent('No shipping address');
    expect(within(section).queryByRole('button', { name: 'Change shipping address' })).not.toBeInTheDocument();
  });

  it('says why the address cannot change once shipped, and shows the tracking link', async () => {
    fakeApi([
      signedIn,
      [
        'GET',
        `/api/account/orders/${ID}`,
        () => ({
          body: details({
            status: 'shipped',
            latestStep: step('shipped', 'Shipped', { carrier: 'UPS', trackingNumber: '1Z999', trackingUrl: 'https://www.ups.com/track?tracknum=1Z999' }),
            fulfilment: { status: 'shipped', carrier: 'UPS', trackingNumber: '1Z999', trackingUrl: 'https://www.ups.com/track?tracknum=1Z999', shippedAt: '2026-12-01T10:00:00.000Z', deliveredAt: null },
            addressChange: { allowed: false, sameStateOnly: true, reason: 'This order has already shipped, so its address can no longer be changed.' },
          }),
        }),
      ],
    ]);
    renderWithStore(<OrderDetailsPage SignInRequired={SignInRequired} />, { path: `/order-details?id=${ID}` });
    expect(await screen.findByText('This order has already shipped, so its address can no longer be changed.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Change shipping address' })).not.toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Delivery' })).getByRole('link', { name: /Track your package/ })).toHaveAttribute('href', 'https://www.ups.com/track?tracknum=1Z999');
  });

  it('Reorder goes where the reorder endpoint says with its message, re-reading the cart first; a 409 shows its detail', async () => {
    // issue 17 walk: the cart page showed the old (empty) cart and no message after Reorder.
    const user = userEvent.setup();
    let answer: 'ok' | 'conflict' = 'conflict';
    const newCart = { id: 'new', status: 'draft', isGuestOrder: false, items: [{ productId: 'p1', qty: 1 }] };
    const { calls } = fakeApi([
      signedIn,
      ['GET', `/api/account/orders/${ID}`, () => ({ body: details() })],
      ['GET', '/api/cart', () => (answer === 'ok' ? { body: newCart } : { status: 204 })],
      [
        'POST',
        `/api/orders/${ID}/reorder`,
        () => (answer === 'conflict' ? problem(409, 'REORDER_UNAVAILABLE', 'This product is no longer sold.') : { body: { kind: 'cart', orderId: 'new', planId: null, path: '/cart', message: 'We put the same products in your cart.' } }),
      ],
    ]);
    const queryClient = createTestQueryClient();
    renderWithStore(
      <>
        <CartSize />
        <NavigationNotice />
        <OrderDetailsPage SignInRequired={SignInRequired} />
        <Where />
      </>,
      { path: `/order-details?id=${ID}`, queryClient },
    );
    // The header's cart read before the reorder: no cart.
    await waitFor(() => expect(screen.getByRole('status', { name: 'cart' })).toHaveTextContent('no cart'));
    await user.click(await screen.findByRole('button', { name: 'Reorder' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This product is no longer sold.');
    const cartReads = calls.filter((c) => c.path === '/api/cart').length;
    answer = 'ok';
    await user.click(screen.getByRole('button', { name: 'Reorder' }));
    await waitFor(() => expect(screen.getByRole('status', { name: 'location' })).toHaveTextContent('/cart'));
    // SPEC §7 reorder: the server's message is shown on arrival, and the cart was re-read before it.
    expect(screen.getByText('We put the same products in your cart.')).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'cart' })).toHaveTextContent('1 item');
    expect(calls.filter((c) => c.path === '/api/cart').length).toBeGreaterThan(cartReads);
    expect(queryClient.getQueryState(CART_QUERY_KEY)?.isInvalidated).toBe(false);
  });

  it('offers Renew prescription once the prescription has no refills left or has expired, and not before (issue 17 renewal consult)', async () => {
    const rx = { medication: 'Metformin ER', strength: '500 mg', form: 'tablet', quantity: 60, directions: 'Take 1 tablet by mouth twice daily with meals.', expiresAt: '2027-05-30T00:00:00.000Z', status: 'active' };
    let renewable = false;
    fakeApi([signedIn, ['GET', `/api/account/orders/${ID}`, () => ({ body: details({ prescription: { ...rx, refillsLeft: renewable ? 0 : 2, renewable } }) })]]);
    const first = renderWithStore(<OrderDetailsPage SignInRequired={SignInRequired} />, { path: `/order-details?id=${ID}` });
    const section = await screen.findByRole('region', { name: 'Prescription' });
    expect(section).toHaveTextContent('Refills left: 2');
    expect(within(section).queryByRole('link', { name: 'Renew prescription' })).not.toBeInTheDocument();
    first.unmount();

    renewable = true;
    const user = userEvent.setup();
    renderWithStore(
      <>
        <OrderDetailsPage SignInRequired={SignInRequired} />
        <Where />
      </>,
      { path: `/order-details?id=${ID}` },
    );
    const renew = within(await screen.findByRole('region', { name: 'Prescription' })).getByRole('link', { name: 'Renew prescription' });
    expect(renew).toHaveAttribute('href', `/orders/${ID}/renew-prescription`);
    await user.click(renew);
    expect(screen.getByRole('status', { name: 'location' })).toHaveTextContent(`/orders/${ID}/renew-prescription`);
  });

  it('another patient’s order (404) is not found; a guest is asked to sign in', async () => {
    fakeApi([signedIn, ['GET', `/api/account/orders/${ID}`, () => notFound]]);
    const first = renderWithStore(<OrderDetailsPage SignInRequired={SignInRequired} />, { path: `/order-details?id=${ID}` });
    expect(await screen.findByRole('heading', { level: 1, name: ORDER_NOT_FOUND_TITLE })).toBeInTheDocument();
    first.unmount();
    fakeApi([['GET', '/api/session', () => ({ body: { kind: 'guest' } })]]);
    renderWithStore(<OrderDetailsPage SignInRequired={SignInRequired} />, { path: `/order-details?id=${ID}` });
    expect(await screen.findByText('Sign in to see Order details')).toBeInTheDocument();
  });
});
