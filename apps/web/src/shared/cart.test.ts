// The guest order kept in localStorage with a timestamp (SPEC §3 keys guestOrderId,
// guestOrderIdTimestamp), expired after the storefront's guestOrderTtlHours; SPEC §2 first pending stage.
import { CHECKOUT_ROUTES, DEFAULT_DISPLAY_PAGES, Stage } from '@store/domain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeCart } from '@/test/storeFixtures';
import { fakeApi } from '@/test/fakeApi';
import { checkoutRoute, forgetGuestOrder, loadCart, rememberGuestOrder, storedGuestOrder } from './cart';

const HOUR = 3_600_000;

beforeEach(() => {
  localStorage.clear();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the remembered guest order', () => {
  it('is kept under the spec’s keys with a timestamp', () => {
    rememberGuestOrder('o1', 1_000);
    expect(localStorage.getItem('guestOrderId')).toBe('o1');
    expect(localStorage.getItem('guestOrderIdTimestamp')).toBe('1000');
    expect(storedGuestOrder(72, 1_000 + 72 * HOUR)).toEqual({ id: 'o1', expired: false });
    expect(storedGuestOrder(72, 1_000 + 72 * HOUR + 1)).toEqual({ id: 'o1', expired: true });
    forgetGuestOrder();
    expect(storedGuestOrder(72)).toBeNull();
  });

  it('counts a missing or broken timestamp as expired', () => {
    localStorage.setItem('guestOrderId', 'o1');
    expect(storedGuestOrder(72)?.expired).toBe(true);
  });
});

describe('loadCart', () => {
  it('resumes the remembered order by id while it is fresh (SPEC §7 guest order by id)', async () => {
    rememberGuestOrder('o1');
    const { calls: requests } = fakeApi([['GET', '/api/orders/o1', () => ({ body: makeCart() })]]);
    expect((await loadCart(72))?.id).toBe('o1');
    expect(requests.map((r) => `${r.method} ${r.path}`)).toEqual(['GET /api/orders/o1']);
  });

  it('falls back to the session’s cart and remembers it', async () => {
    fakeApi([['GET', '/api/cart', () => ({ body: makeCart({ id: 'o2' }) })]]);
    expect((await loadCart(72))?.id).toBe('o2');
    expect(localStorage.getItem('guestOrderId')).toBe('o2');
  });

  it('empties a guest cart idle past the TTL and forgets it', async () => {
    rememberGuestOrder('o1', Date.now() - 73 * HOUR);
    const { calls: requests } = fakeApi([
      ['GET', '/api/cart', () => ({ body: makeCart() })],
      ['PUT', '/api/orders/o1/items', () => ({ body: makeCart({ items: [] }) })],
    ]);
    const cart = await loadCart(72);
    expect(cart?.items).toEqual([]);
    expect(requests.find((r) => r.method === 'PUT')?.body).toEqual({ items: [] });
    expect(localStorage.getItem('guestOrderId')).toBeNull();
  });

  it('is null when there is no cart', async () => {
    // The server's answer for "no open cart".
    fakeApi([['GET', '/api/cart', () => ({ status: 204 })]]);
    expect(await loadCart(72)).toBeNull();
  });

  it('forgets the guest keys once a patient owns the cart', async () => {
    rememberGuestOrder('o1');
    fakeApi([['GET', '/api/orders/o1', () => ({ body: makeCart({ isGuestOrder: false }) })]]);
    await loadCart(72);
    expect(localStorage.getItem('guestOrderId')).toBeNull();
  });
});

describe('checkoutRoute (SPEC §2 first pending stage)', () => {
  const consult = Stage.Consult | Stage.Shipping | Stage.Pharmacy | Stage.Scheduling | Stage.Payment;
  it.each([
    ['a consult product, guest', consult, 0, false, DEFAULT_DISPLAY_PAGES, CHECKOUT_ROUTES.questionnaire],
    ['a consult product with the pre-questionnaire page', consult, 0, false, { ...DEFAULT_DISPLAY_PAGES, preQuestionnaire: true }, CHECKOUT_ROUTES.preQuestionnaire],
    ['an OTC product', Stage.Shipping | Stage.Payment, 0, false, DEFAULT_DISPLAY_PAGES, CHECKOUT_ROUTES.shippingDetails],
    ['only payment left, guest', Stage.Payment, 0, false, DEFAULT_DISPLAY_PAGES, '/register'],
    ['only payment left, signed in', Stage.Payment, 0, true, DEFAULT_DISPLAY_PAGES, CHECKOUT_ROUTES.summary],
  ] as const)('%s', (_name, required, completed, loggedIn, display, route) => {
    const cart = makeCart({ checkoutStages: required, completedCheckoutStages: completed });
    expect(checkoutRoute(cart, { loggedIn, display })).toBe(route);
  });

  it('is null for an empty cart', () => {
    expect(checkoutRoute(makeCart({ items: [] }), { loggedIn: false, display: DEFAULT_DISPLAY_PAGES })).toBeNull();
  });
});
