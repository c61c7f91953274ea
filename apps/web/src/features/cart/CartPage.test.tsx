// The cart page: items, quantity, Remove, the empty state with its title (SPEC §3), the promo code
// field "Enter a promo code" (SPEC §5) and its failure (SPEC §8), totals, and checkout to the
// first pending stage (SPEC §2).
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, problem, type FakeRoute } from '@/test/fakeApi';
import { renderWithStore } from '@/test/render';
import { makeCart, makeItem } from '@/test/storeFixtures';
import { CartPage } from './CartPage';

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

const GUEST: FakeRoute[] = [['GET', '/api/session', () => ({ body: { kind: 'guest', userId: null, role: null } })]];
const METHODS: FakeRoute[] = [
  ['GET', '/api/shipping-methods', () => ({
    body: [{ id: 'm1', carrier: 'USPS', name: 'Standard', costCents: 0, minDays: 3, maxDays: 5, freeAboveCents: null }],
  })],
];

function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>;
}

function renderCart() {
  return renderWithStore(
    <Routes>
      <Route path="/cart" element={<CartPage />} />
      <Route path="*" element={<Where />} />
    </Routes>,
    { path: '/cart' },
  );
}

describe('CartPage', () => {
  it('shows the empty-cart title when there is no cart', async () => {
    fakeApi([['GET', '/api/session', () => ({ body: { kind: 'none', userId: null, role: null } })]]);
    renderCart();
    expect(await screen.findByRole('heading', { name: 'Your cart is empty' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse treatments' })).toHaveAttribute('href', '/products');
  });

  it('shows the items and the totals the server priced', async () => {
    fakeApi([
      ...GUEST,
      ...METHODS,
      ['GET', '/api/cart', () => ({
        body: makeCart({
          items: [makeItem(), makeItem({ id: 'i2', productId: 'p-fin', title: 'Finasteride 1 mg', qty: 1, unitPriceCents: 2200, lineSubtotalCents: 2200, consultRequired: true, consultAttached: true, consultFeeCents: 2500, qtyRange: { min: 1, max: 1 } })],
          shipping: { state: 'CA', methodId: 'm1', carrier: 'USPS', methodName: 'Standard', costCents: 0, allowedMethodIds: null },
          promoCode: { code: 'WELCOME10', discountCents: 820 },
          isPromoCodeApplied: true,
          isSalesTaxApplied: true,
          taxRatePercent: 7.25,
          totals: { subtotalCents: 8198, consultFeeCents: 2500, discountCents: 820, shippingCents: 0, taxCents: 535, donationCents: 0, totalCents: 10413 },
        }),
      })],
    ]);
    renderCart();
    const items = await screen.findAllByTestId('cart-item');
    expect(items).toHaveLength(2);
    expect(within(items[0]!).getByText('Minoxidil 5% Foam')).toBeInTheDocument();
    expect(within(items[0]!).getByLabelText('Quantity')).toHaveTextContent('2');
    expect(screen.getByTestId('summary-subtotal')).toHaveTextContent('$81.98');
    expect(screen.getByTestId('summary-consult')).toHaveTextContent('$25.00');
    expect(screen.getByTestId('summary-discount')).toHaveTextContent('−$8.20');
    expect(screen.getByTestId('summary-shipping')).toHaveTextContent('Free');
    expect(screen.getByTestId('summary-tax')).toHaveTextContent('$5.35');
    expect(screen.getByText('Tax (CA 7.25%)')).toBeInTheDocument();
    expect(screen.getByTestId('order-total')).toHaveTextContent('$104.13');
    expect(screen.getByTestId('promo-applied')).toHaveTextContent('WELCOME10');
  });

  it('changes a quantity and removes an item through the server', async () => {
    const { calls: requests } = fakeApi([
      ...GUEST,
      ...METHODS,
      ['GET', '/api/cart', () => ({ body: makeCart() })],
      ['PATCH', '/api/orders/o1/items', () => ({ body: makeCart({ items: [makeItem({ qty: 3, lineSubtotalCents: 8997 })] }) })],
      ['DELETE', '/api/orders/o1/items/p-min', () => ({ body: makeCart({ items: [] }) })],
    ]);
    renderCart();
    await userEvent.click(await screen.findByRole('button', { name: 'Increase quantity' }));
    await waitFor(() => expect(screen.getByTestId('line-subtotal')).toHaveTextContent('$89.97'));
    expect(requests.find((r) => r.method === 'PATCH')?.body).toEqual({ items: [{ productId: 'p-min', qty: 3 }] });
    await userEvent.click(screen.getByRole('button', { name: 'Remove Minoxidil 5% Foam' }));
    expect(await screen.findByRole('heading', { name: 'Your cart is empty' })).toBeInTheDocument();
  });

  it('asks for a code, and shows "Sorry that promo code is invalid." from the server', async () => {
    const { calls: requests } = fakeApi([
      ...GUEST,
      ...METHODS,
      ['GET', '/api/cart', () => ({ body: makeCart() })],
      ['POST', '/api/orders/o1/promo-code', () => problem(422, 'PROMO_INVALID', 'Sorry that promo code is invalid.', [
        { field: 'promoCode', message: 'Sorry that promo code is invalid.' },
      ])],
    ]);
    renderCart();
    const field = await screen.findByLabelText('Enter a promo code');
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('Enter a promo code.')).toBeInTheDocument();
    expect(requests.some((r) => r.path.endsWith('/promo-code'))).toBe(false);
    await userEvent.type(field, 'expired1');
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('Sorry that promo code is invalid.')).toBeInTheDocument();
    expect(requests.find((r) => r.path.endsWith('/promo-code'))?.body).toEqual({ promoCode: 'EXPIRED1' });
  });

  it('applies a code and shows the discount', async () => {
    fakeApi([
      ...GUEST,
      ...METHODS,
      ['GET', '/api/cart', () => ({ body: makeCart() })],
      ['POST', '/api/orders/o1/promo-code', () => ({
        body: makeCart({ promoCode: { code: 'WELCOME10', discountCents: 600 }, isPromoCodeApplied: true, totals: { subtotalCents: 5998, consultFeeCents: 0, discountCents: 600, shippingCents: 0, taxCents: 0, donationCents: 0, totalCents: 5398 } }),
      })],
    ]);
    renderCart();
    await userEvent.type(await screen.findByLabelText('Enter a promo code'), 'welcome10');
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByTestId('summary-discount')).toHaveTextContent('−$6.00');
    expect(screen.getByTestId('order-total')).toHaveTextContent('$53.98');
  });

  it('proceeds to the first pending stage (a guest with an OTC product: shipping details)', async () => {
    fakeApi([...GUEST, ...METHODS, ['GET', '/api/cart', () => ({ body: makeCart() })]]);
    renderCart();
    await userEvent.click(await screen.findByRole('button', { name: 'Proceed to checkout' }));
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/checkout/shipping-details'));
  });

  it('shows the connection-error message on a server failure (SPEC §8)', async () => {
    fakeApi([...GUEST, ['GET', '/api/cart', () => ({ status: 500, body: { code: 'INTERNAL' } })]]);
    renderCart();
    expect(await screen.findByText(/There was a connection error/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});
