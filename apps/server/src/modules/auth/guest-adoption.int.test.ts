// A guest who registers in the middle of checkout keeps what they made as a guest (SPEC §2: the
// Register stage comes after Consult, Shipping and Pharmacy). Here: the pharmacy they added.
import { npiFromFirstNine } from '@store/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TestBrowser, type TestContext } from '../../../test/app.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

describe('guest adoption at sign-in', () => {
  it("keeps the guest's own pharmacy visible after registering", async () => {
    const browser = new TestBrowser(ctx.app);
    await browser.post('/api/session/guest');
    const added = await browser.post('/api/pharmacies', {
      name: 'Corner Drug Store',
      address: '12 Elm Street',
      city: 'Austin',
      state: 'TX',
      zip: '78701',
      phone: '5125550142',
      fax: '5125550143',
      npi: npiFromFirstNine('123456789'),
    });
    expect(added.statusCode).toBe(201);
    const pharmacyId = added.json().id as string;

    const registered = await browser.post('/api/auth/register', {
      email: `adopt-${Date.now()}@example.com`,
      password: 'Quiet#River42',
      firstName: 'Ada',
      lastName: 'Guest',
    });
    expect(registered.statusCode).toBe(201);

    const after = await browser.get(`/api/pharmacies/${pharmacyId}`);
    expect(after.statusCode).toBe(200);
    expect(after.json().name).toBe('Corner Drug Store');

    // and nobody else sees it
    const stranger = new TestBrowser(ctx.app);
    await stranger.post('/api/session/guest');
    expect((await stranger.get(`/api/pharmacies/${pharmacyId}`)).statusCode).toBe(404);
  });
});

describe('signing in from the checkout', () => {
  // SPEC §2: the Register stage is /register; once registered, the patient carries on to the
  // first pending stage rather than leaving the checkout.
  it('answers /checkout when the guest had a cart with items', async () => {
    const { DEMO_PRODUCTS } = await import('../../db/seed/store.ts');
    const browser = new TestBrowser(ctx.app);
    const cart = await browser.post('/api/cart');
    await browser.patch(`/api/orders/${cart.json().id}/items`, {
      items: [{ productId: DEMO_PRODUCTS.evergreen.vitaminD }],
    });
    const registered = await browser.post('/api/auth/register', {
      email: `mid-checkout-${Date.now()}@example.com`,
      password: 'Quiet#River42',
      firstName: 'Ada',
      lastName: 'Buyer',
    });
    expect(registered.statusCode).toBe(201);
    expect(registered.json().redirectTo).toBe('/checkout');
  });

  it('answers no redirect when the guest had nothing in the cart', async () => {
    const browser = new TestBrowser(ctx.app);
    await browser.post('/api/session/guest');
    const registered = await browser.post('/api/auth/register', {
      email: `no-cart-${Date.now()}@example.com`,
      password: 'Quiet#River42',
      firstName: 'Ada',
      lastName: 'Visitor',
    });
    expect(registered.statusCode).toBe(201);
    expect(registered.json().redirectTo).toBeNull();
  });
});

describe('a sign-in cut short (issue 20: kill -9 during registration)', () => {
  it("leaves the guest session owning its cart until the cart has moved, so the next sign-in still brings it over", async () => {
    const { DEMO_PRODUCTS } = await import('../../db/seed/store.ts');
    const browser = new TestBrowser(ctx.app);
    const cart = await browser.post('/api/cart');
    await browser.patch(`/api/orders/${cart.json().id}/items`, { items: [{ productId: DEMO_PRODUCTS.evergreen.vitaminD }] });
    const guestToken = browser.cookie('sid');
    const account = { email: `cut-short-${Date.now()}@example.com`, password: 'Quiet#River42' };

    // The process "dies" after the account and its session were made, before the guest's things
    // moved: the answer never reaches the browser, which keeps its guest cookie.
    const signIn = ctx.app.services.signIn;
    const afterSignIn = signIn.afterSignIn;
    signIn.afterSignIn = async () => {
      throw new Error('process killed');
    };
    try {
      const cut = await browser.post('/api/auth/register', { ...account, firstName: 'Ada', lastName: 'Crash' });
      expect(cut.statusCode).toBe(500);
    } finally {
      signIn.afterSignIn = afterSignIn;
    }
    expect(browser.cookie('sid')).toBe(guestToken);
    expect((await browser.get('/api/cart')).json().items).toHaveLength(1);

    // The patient signs in with the account that was made: the cart comes with them.
    const login = await browser.post('/api/auth/login', account);
    expect(login.statusCode).toBe(200);
    expect(login.json().redirectTo).toBe('/checkout');
    const after = await browser.get('/api/cart');
    expect(after.json().items.map((i: { productId: string }) => i.productId)).toEqual([DEMO_PRODUCTS.evergreen.vitaminD]);

    // Once the sign-in finished, the old guest token opens nothing (no session fixation).
    const old = await ctx.app.inject({ url: '/api/session', headers: { host: 'localhost:3000', cookie: `sid=${guestToken}` } });
    expect(old.json().kind).toBe('none');
  });
});
