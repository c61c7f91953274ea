// SPEC §7 "POST checkout redirect (query productId, storefrontId)" and SPEC §2 "After a cart or
// order load the user is sent to the first pending stage".
import { APP_ROUTES, CHECKOUT_ROUTES, MESSAGES, Stage } from '@store/domain';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TestBrowser, type TestContext } from '../../../test/app.ts';
import { sessions } from '../../db/schema/auth.ts';
import { DEMO_PRODUCTS } from '../../db/seed/store.ts';
import { EVERGREEN_ID, LUMEN_ID } from '../../db/seed/storefronts.ts';
import { CART_MESSAGES } from './cart.messages.ts';
import { orderCount, signedInPatient } from './cart.test-helpers.ts';

const P = DEMO_PRODUCTS.evergreen;
const L = DEMO_PRODUCTS.lumen;

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const sessionCount = async () => (await ctx.database.db.select({ n: count() }).from(sessions))[0]!.n;

const redirect = (browser: TestBrowser, query: string) => browser.post(`/api/checkout/redirect?${query}`);

describe('POST /api/checkout/redirect', () => {
  it('starts a guest session, puts the product in a new cart and answers the questionnaire route', async () => {
    const browser = new TestBrowser(ctx.app);
    const res = await redirect(browser, `productId=${P.semaglutide}&storefrontId=${EVERGREEN_ID}`);
    expect(res.statusCode).toBe(200);
    expect(browser.cookie('sid')).toBeTruthy();
    const body = res.json();
    expect(body.route).toBe(CHECKOUT_ROUTES.questionnaire);
    expect(body.order.id).toBe(body.orderId);
    expect(body.order.items.map((i: { productId: string }) => i.productId)).toEqual([P.semaglutide]);
    expect((await browser.get('/api/cart')).json().id).toBe(body.orderId);
  });

  it('answers the pre-questionnaire where the storefront shows it (Lumen)', async () => {
    const res = await redirect(new TestBrowser(ctx.app, 'lumen.localhost'), `productId=${L.antiAging}`);
    expect(res.json().route).toBe(CHECKOUT_ROUTES.preQuestionnaire);
  });

  it('answers shipping details for a product whose first stage is Shipping', async () => {
    const res = await redirect(new TestBrowser(ctx.app), 'productId=minoxidil-5-foam');
    expect(res.json().route).toBe(CHECKOUT_ROUTES.shippingDetails);
  });

  it('answers /register for a guest when only Payment is left, and the summary for a patient', async () => {
    expect((await redirect(new TestBrowser(ctx.app), `productId=${P.labPanel}`)).json().route).toBe(APP_ROUTES.register);
    const patient = await signedInPatient(ctx);
    const res = await patient.post(`/api/checkout/redirect?productId=${P.labPanel}`);
    expect(res.json().route).toBe(CHECKOUT_ROUTES.summary);
    expect(res.json().order.pendingStages).toEqual([Stage.Payment]);
  });

  it('puts the product in the existing cart, keeping other items', async () => {
    const browser = new TestBrowser(ctx.app);
    const first = (await redirect(browser, `productId=${P.sunscreen}`)).json();
    const second = (await redirect(browser, `productId=${P.tretinoin}`)).json();
    expect(second.orderId).toBe(first.orderId);
    expect(second.order.items.map((i: { productId: string }) => i.productId).sort()).toEqual([P.sunscreen, P.tretinoin].sort());
    expect(second.route).toBe(CHECKOUT_ROUTES.questionnaire);
  });

  it('replaces another consult product: the link states the patient’s intent (SPEC §8 rule kept)', async () => {
    const browser = new TestBrowser(ctx.app);
    await redirect(browser, `productId=${P.semaglutide}`);
    const res = (await redirect(browser, `productId=${P.sildenafil}`)).json();
    expect(res.order.items.map((i: { productId: string }) => i.productId)).toEqual([P.sildenafil]);
  });

  it('is idempotent for a product already in the cart, and sets a quantity when given', async () => {
    const browser = new TestBrowser(ctx.app);
    await redirect(browser, `productId=${P.finasteride}`);
    const again = (await redirect(browser, `productId=${P.finasteride}`)).json();
    expect(again.order.items).toHaveLength(1);
    expect(again.order.items[0].qty).toBe(3);
    const withQty = (await redirect(browser, `productId=${P.finasteride}&qty=5`)).json();
    expect(withQty.order.items[0].qty).toBe(5);
  });

  it('clears a shipping state the new product cannot ship to (the shipping stage asks again)', async () => {
    const browser = new TestBrowser(ctx.app);
    const { orderId } = (await redirect(browser, `productId=${P.vitaminD}`)).json();
    await browser.patch(`/api/orders/${orderId}/shipping`, { state: 'AK' });
    const res = (await redirect(browser, `productId=${P.semaglutide}`)).json();
    expect(res.order.shipping.state).toBeNull();
  });

  it('is a 404 for an unknown product, another brand’s product, or a storefront id that is not this host’s', async () => {
    const before = await orderCount(ctx);
    const browser = new TestBrowser(ctx.app);
    expect((await redirect(browser, 'productId=no-such-product')).statusCode).toBe(404);
    expect((await redirect(browser, `productId=${L.hairDuo}`)).statusCode).toBe(404);
    expect((await redirect(browser, `productId=${P.semaglutide}&storefrontId=${LUMEN_ID}`)).statusCode).toBe(404);
    expect(await orderCount(ctx)).toBe(before);
  });

  it('starts no guest session for a visitor whose link is refused (issue 20: fuzzing found a 404 that wrote one)', async () => {
    const sessionsBefore = await sessionCount();
    for (const query of ['productId=no-such-product', `productId=${P.finasteride}&qty=9`]) {
      const browser = new TestBrowser(ctx.app);
      expect((await redirect(browser, query)).statusCode).toBeGreaterThanOrEqual(400);
      expect(browser.cookie('sid')).toBeUndefined();
    }
    expect(await sessionCount()).toBe(sessionsBefore);
  });

  const bad: [string, string, { field: string; message: string }][] = [
    ['no product', '', { field: 'productId', message: CART_MESSAGES.PRODUCT_UNAVAILABLE }],
    ['a quantity that is not a number', `productId=${P.finasteride}&qty=lots`, { field: 'qty', message: CART_MESSAGES.QUANTITY_NOT_WHOLE }],
    ['a quantity of zero', `productId=${P.finasteride}&qty=0`, { field: 'qty', message: MESSAGES.QUANTITY_OUT_OF_RANGE }],
    ['a quantity outside the product’s range', `productId=${P.finasteride}&qty=9`, { field: 'qty', message: MESSAGES.QUANTITY_OUT_OF_RANGE }],
  ];
  it.each(bad)('refuses %s with the field’s message and writes no order', async (_name, query, expected) => {
    const before = await orderCount(ctx);
    const res = await redirect(new TestBrowser(ctx.app), query);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toContainEqual(expected);
    expect(await orderCount(ctx)).toBe(before);
  });
});
