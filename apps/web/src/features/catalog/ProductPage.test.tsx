// The product page: price, the first order and each refill for the quantity shown, consult fee, quantity, "START ONLINE VISIT" for a
// consult product (SPEC §4) that goes to the first pending stage (SPEC §2), "Add to cart" for
// others; flags hidePriceAndCycleProductPage, productImageTopOnMobile, pricePerCycleBottomOnMobile.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeTestConfig } from '@/test/config';
import { fakeApi, problem } from '@/test/fakeApi';
import { renderWithStore } from '@/test/render';
import { makeCart, makeItem, makeProduct, OTC } from '@/test/storeFixtures';
import { mobileAreas, ProductPage } from './ProductPage';

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>;
}

function renderProduct(slug: string, config = makeTestConfig()) {
  return renderWithStore(
    <Routes>
      <Route path="/products/:slug" element={<ProductPage />} />
      <Route path="*" element={<Where />} />
    </Routes>,
    { path: `/products/${slug}`, config },
  );
}

const FIN = makeProduct();

describe('ProductPage', () => {
  it('shows the price, the price per cycle, the consult fee and the quantity from its default', async () => {
    fakeApi([['GET', '/api/products/finasteride-1mg', () => ({ body: FIN })], ['GET', '/api/session', () => ({ body: { kind: 'none', userId: null, role: null } })]]);
    renderProduct('finasteride-1mg');
    expect(await screen.findByRole('heading', { level: 1, name: 'Finasteride 1 mg' })).toBeInTheDocument();
    expect(screen.getByTestId('product-price')).toHaveTextContent('$22.00');
    // issue 13 #14: for the quantity shown (3), not for one: the cart's $91.00 and 3 × $22.00 a refill
    expect(screen.getByTestId('first-order-price')).toHaveTextContent(
      'First order: $91.00 for 3 × $22.00, including the doctor’s consult ($25.00), before shipping and tax',
    );
    expect(screen.getByTestId('price-per-cycle')).toHaveTextContent('Each refill: $66.00 for 3, every 30 days (monthly)');
    expect(screen.queryByText(/\$47\.00/)).not.toBeInTheDocument();
    expect(screen.getByTestId('consult-fee')).toHaveTextContent('Doctor’s consult: $25.00');
    expect(screen.getByLabelText('Quantity')).toHaveTextContent('3');
    expect(screen.getByRole('button', { name: 'START ONLINE VISIT' })).toBeInTheDocument();
    const image = screen.getByRole('img', { name: 'Finasteride 1 mg' });
    expect(image).toHaveAttribute('src', '/products/finasteride-1mg.svg');
    // issue 19: the product page's picture is its largest paint, so it is never lazy.
    expect(image).toHaveAttribute('loading', 'eager');
    expect(image).toHaveAttribute('fetchpriority', 'high');
  });

  it('keeps the first order and refill prices in step with the quantity (issue 13 #14)', async () => {
    fakeApi([['GET', '/api/products/finasteride-1mg', () => ({ body: FIN })]]);
    renderProduct('finasteride-1mg');
    await userEvent.click(await screen.findByRole('button', { name: 'Increase quantity' }));
    expect(screen.getByTestId('first-order-price')).toHaveTextContent('First order: $113.00 for 4 × $22.00');
    expect(screen.getByTestId('price-per-cycle')).toHaveTextContent('Each refill: $88.00 for 4');
    for (let i = 0; i < 3; i++) await userEvent.click(screen.getByRole('button', { name: 'Decrease quantity' }));
    expect(screen.getByLabelText('Quantity')).toHaveTextContent('1');
    expect(screen.getByTestId('first-order-price')).toHaveTextContent('First order: $47.00 for one, including the doctor’s consult ($25.00)');
    expect(screen.getByTestId('price-per-cycle')).toHaveTextContent('Each refill: $22.00 for one, every 30 days');
  });

  it('names the refill cycle when it is not monthly, without a per-30-days figure', async () => {
    fakeApi([['GET', '/api/products/finasteride-1mg', () => ({ body: makeProduct({ priceCents: 24900, consultFeeCents: 4900, refillCycleDays: 28, defaultQuantity: 1 }) })]]);
    renderProduct('finasteride-1mg');
    expect(await screen.findByTestId('price-per-cycle')).toHaveTextContent('Each refill: $249.00 for one, every 28 days');
    expect(screen.getByTestId('first-order-price')).toHaveTextContent('First order: $298.00');
  });

  it('keeps the quantity within the range', async () => {
    fakeApi([['GET', '/api/products/finasteride-1mg', () => ({ body: makeProduct({ defaultQuantity: 6 }) })]]);
    renderProduct('finasteride-1mg');
    const more = await screen.findByRole('button', { name: 'Increase quantity' });
    // At the top of the range + is marked unavailable (it keeps focus) and does nothing.
    expect(more).toHaveAttribute('aria-disabled', 'true');
    await userEvent.click(more);
    expect(screen.getByLabelText('Quantity')).toHaveTextContent('6');
    await userEvent.click(screen.getByRole('button', { name: 'Decrease quantity' }));
    expect(screen.getByLabelText('Quantity')).toHaveTextContent('5');
  });

  it('starts the online visit: adds the product and goes to the first pending stage', async () => {
    const { calls: requests } = fakeApi([
      ['GET', '/api/products/finasteride-1mg', () => ({ body: FIN })],
      ['GET', '/api/session', () => ({ body: { kind: 'none', userId: null, role: null } })],
      ['POST', '/api/cart', () => ({ status: 201, body: makeCart({ items: [] }) })],
      ['PATCH', '/api/orders/o1/items', () => ({ body: makeCart({ items: [makeItem({ productId: FIN.id, qty: 3 })], checkoutStages: 59 }) })],
    ]);
    renderProduct('finasteride-1mg');
    await userEvent.click(await screen.findByRole('button', { name: 'START ONLINE VISIT' }));
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/checkout/questionnaire/1'));
    expect(requests.find((r) => r.method === 'PATCH')?.body).toEqual({ items: [{ productId: FIN.id, qty: 3 }] });
    // no price is ever sent
    expect(JSON.stringify(requests.map((r) => r.body))).not.toMatch(/price/i);
    expect(localStorage.getItem('guestOrderId')).toBe('o1');
  });

  it('adds an over-the-counter product to the cart', async () => {
    fakeApi([
      ['GET', '/api/products/minoxidil-5-foam', () => ({ body: OTC })],
      ['POST', '/api/cart', () => ({ status: 201, body: makeCart({ items: [] }) })],
      ['PATCH', '/api/orders/o1/items', () => ({ body: makeCart() })],
    ]);
    renderProduct('minoxidil-5-foam');
    await userEvent.click(await screen.findByRole('button', { name: 'Add to cart' }));
    expect(await screen.findByText('Minoxidil 5% Foam is in your cart.')).toBeInTheDocument();
    // Keyboard focus stays on the button (disabled while saving) instead of dropping to the page.
    await waitFor(() => expect(screen.getByTestId('add-to-cart')).toHaveFocus());
    expect(screen.getByRole('link', { name: 'View cart' })).toHaveAttribute('href', '/cart');
    expect(screen.queryByTestId('consult-fee')).not.toBeInTheDocument();
  });

  it('shows the multi-product message of SPEC §8', async () => {
    fakeApi([
      ['GET', '/api/products/finasteride-1mg', () => ({ body: FIN })],
      ['POST', '/api/cart', () => ({ status: 201, body: makeCart() })],
      ['PATCH', '/api/orders/o1/items', () => problem(422, 'MULTIPLE_PRODUCTS', 'At this time, you cannot add multiple products to the same order.')],
    ]);
    renderProduct('finasteride-1mg');
    await userEvent.click(await screen.findByRole('button', { name: 'START ONLINE VISIT' }));
    expect(await screen.findByText('At this time, you cannot add multiple products to the same order.')).toBeInTheDocument();
  });

  it('shows the connection-error message when the network fails (SPEC §8)', async () => {
    fakeApi([['GET', '/api/products/finasteride-1mg', () => 'network']]);
    renderProduct('finasteride-1mg');
    expect(await screen.findByText(/There was a connection error\. Verify that you are connected to the internet/)).toBeInTheDocument();
    expect(screen.getByText('Please contact Customer Support with any questions.', { exact: false })).toBeInTheDocument();
  });

  it('says so for an unknown product', async () => {
    fakeApi([]);
    renderProduct('nope');
    expect(await screen.findByRole('heading', { name: 'We could not find that product' })).toBeInTheDocument();
  });

  it('hides the price and price per cycle with hidePriceAndCycleProductPage', async () => {
    fakeApi([['GET', '/api/products/finasteride-1mg', () => ({ body: FIN })]]);
    renderProduct('finasteride-1mg', makeTestConfig({ flags: { hidePriceAndCycleProductPage: true } }));
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByTestId('price-block')).not.toBeInTheDocument();
    expect(screen.queryByTestId('price-per-cycle')).not.toBeInTheDocument();
    expect(screen.queryByTestId('first-order-price')).not.toBeInTheDocument();
    // the consult fee stays visible
    expect(screen.getByTestId('consult-fee')).toBeInTheDocument();
  });

  it('orders the blocks on small screens by the two mobile flags', async () => {
    fakeApi([['GET', '/api/products/finasteride-1mg', () => ({ body: FIN })]]);
    renderProduct('finasteride-1mg', makeTestConfig({ flags: { productImageTopOnMobile: true, pricePerCycleBottomOnMobile: true } }));
    expect(await screen.findByTestId('product-layout')).toHaveAttribute('data-mobile-order', 'image title details price');
  });
});

describe('mobileAreas', () => {
  it.each([
    [false, false, 'title price image details'],
    [true, false, 'image title price details'],
    [false, true, 'title image details price'],
    [true, true, 'image title details price'],
  ])('image top %s, price bottom %s', (productImageTopOnMobile, pricePerCycleBottomOnMobile, order) => {
    expect(mobileAreas({ productImageTopOnMobile, pricePerCycleBottomOnMobile }).join(' ')).toBe(order);
  });
});
