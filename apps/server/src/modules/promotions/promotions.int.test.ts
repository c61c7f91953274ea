// Promo codes: apply and remove (SPEC §4 "Coupon: applied or removed"; SPEC §5 "Enter a promo
// code."; SPEC §8 "Sorry that promo code is invalid."), usage limits counted from redemptions,
// which are claimed with the order's payment and hold while it is live (claimRedemption; issue 13 #2).
import { randomUUID } from 'node:crypto';
import { MESSAGES } from '@store/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/app.ts';
import { orders } from '../../db/schema/orders.ts';
import { payments } from '../../db/schema/payments.ts';
import { couponRedemptions } from '../../db/schema/promotions.ts';
import { DEMO_COUPONS, DEMO_PRODUCTS } from '../../db/seed/store.ts';
import { EVERGREEN_ID } from '../../db/seed/storefronts.ts';
import { guestWithCart, signedInPatient, storedOrder } from '../cart/cart.test-helpers.ts';

const P = DEMO_PRODUCTS.evergreen;

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

async function cartWith(items: { productId: string; qty?: number }[], host?: string) {
  const guest = await guestWithCart(ctx, host);
  await guest.browser.put(`/api/orders/${guest.orderId}/items`, { items });
  return guest;
}

/** Claims the code with a payment row in one transaction, as pay now does, and marks the order paid. */
async function pay(orderId: string, status: 'pending' | 'captured' = 'captured') {
  const [order] = await ctx.database.db.select().from(orders).where(eq(orders.id, orderId));
  const [payment] = await ctx.database.db.transaction(async (tx) => {
    const inserted = await tx
      .insert(payments)
      .values({ orderId, storefrontId: order!.storefrontId, gateway: 'sandbox', amountCents: 100, captureRequested: true, status, idempotencyKey: `test-${randomUUID()}` })
      .returning();
    await ctx.app.services.cart.claimRedemption(tx, orderId);
    return inserted;
  });
  await ctx.database.db.update(orders).set({ status: 'paid' }).where(eq(orders.id, orderId));
  return payment!;
}

describe('POST /api/orders/:id/promo-code', () => {
  it('applies a percent code to the subtotal (never to the consult fee)', async () => {
    const { browser, orderId } = await cartWith([{ productId: P.semaglutide }]);
    const res = await browser.post(`/api/orders/${orderId}/promo-code`, { promoCode: 'WELCOME10' });
    expect(res.statusCode).toBe(200);
    const cart = res.json();
    expect(cart.promoCode).toEqual({ code: 'WELCOME10', discountCents: 2490 });
    expect(cart.isPromoCodeApplied).toBe(true);
    expect(cart.totals).toMatchObject({ subtotalCents: 24900, consultFeeCents: 4900, discountCents: 2490, totalCents: 24900 + 4900 - 2490 });
  });

  it('applies a fixed code that meets its minimum', async () => {
    const { browser, orderId } = await cartWith([{ productId: P.semaglutide }]);
    const cart = (await browser.post(`/api/orders/${orderId}/promo-code`, { promoCode: 'SAVE20' })).json();
    expect(cart.totals.discountCents).toBe(2000);
  });

  it('restricts a product code’s discount to its products', async () => {
    const { browser, orderId } = await cartWith([{ productId: P.minoxidil, qty: 2 }, { productId: P.sunscreen }]);
    const cart = (await browser.post(`/api/orders/${orderId}/promo-code`, { promoCode: 'HAIR25' })).json();
    expect(cart.totals.discountCents).toBe(Math.round(2 * 2999 * 0.25)); // 1499.5 → 1500 (half-up)
  });

  it('matches codes case-insensitively and trims them', async () => {
    const { browser, orderId } = await cartWith([{ productId: P.sunscreen }]);
    const cart = (await browser.post(`/api/orders/${orderId}/promo-code`, { promoCode: '  welcome10 ' })).json();
    expect(cart.promoCode.code).toBe('WELCOME10');
  });

  it('replaces an applied code with another valid one', async () => {
    const { browser, orderId } = await cartWith([{ productId: P.semaglutide }]);
    await browser.post(`/api/orders/${orderId}/promo-code`, { promoCode: 'WELCOME10' });
    const cart = (await browser.post(`/api/orders/${orderId}/promo-code`, { promoCode: 'SAVE20' })).json();
    expect(cart.promoCode).toEqual({ code: 'SAVE20', discountCents: 2000 });
  });

  describe('every failure answers "Sorry that promo code is invalid." and changes nothing', () => {
    const failures: [string, string, { productId: string; qty?: number }[], string?][] = [
      ['an unknown code', 'NOSUCHCODE', [{ productId: P.semaglutide }]],
      ['an expired code', 'SUMMER15', [{ productId: P.semaglutide }]],
      ['a code not yet started', 'NEWYEAR2099', [{ productId: P.semaglutide }]],
      ['a used-up code', 'LAUNCH50', [{ productId: P.semaglutide }]],
      ['a paused code', 'PAUSED5', [{ productId: P.semaglutide }]],
      ['a code below its minimum total', 'SAVE20', [{ productId: P.sunscreen }]],
      ['a code for products not in the order', 'HAIR25', [{ productId: P.semaglutide }]],
      ['a code on an empty cart', 'WELCOME10', []],
      ["another brand's code", 'GLOW15', [{ productId: P.semaglutide }]],
      ['a code longer than any we issue', 'X'.repeat(41), [{ productId: P.semaglutide }]],
    ];
    it.each(failures)('%s', async (_name, code, items) => {
      const { browser, orderId } = await cartWith(items);
      await browser.post(`/api/orders/${orderId}/promo-code`, { promoCode: 'WELCOME10' }).catch(() => undefined);
      const before = await storedOrder(ctx, orderId);
      const res = await browser.post(`/api/orders/${orderId}/promo-code`, { promoCode: code });
      expect(res.statusCode).toBe(code.length > 40 ? 400 : 422);
      expect(res.json()).toMatchObject({
        code: code.length > 40 ? 'VALIDATION_FAILED' : 'PROMO_INVALID',
        errors: [{ field: 'promoCode', message: 'Sorry that promo code is invalid.' }],
      });
      if (code.length <= 40) expect(res.json().detail).toBe(MESSAGES.PROMO_INVALID);
      // a previously applied code stays applied
      expect(await storedOrder(ctx, orderId)).toEqual(before);
    });

    it('a code this patient has already used as often as allowed (per-patient limit)', async () => {
      const patient = await signedInPatient(ctx);
      const first = (await patient.post('/api/cart')).json();
      await patient.put(`/api/orders/${first.id}/items`, { items: [{ productId: P.minoxidil }] });
      expect((await patient.post(`/api/orders/${first.id}/promo-code`, { promoCode: 'FIRSTVISIT' })).statusCode).toBe(200);
      await pay(first.id);
      const second = (await patient.post('/api/cart')).json();
      await patient.put(`/api/orders/${second.id}/items`, { items: [{ productId: P.minoxidil }] });
      const before = await storedOrder(ctx, second.id);
      const res = await patient.post(`/api/orders/${second.id}/promo-code`, { promoCode: 'FIRSTVISIT' });
      expect(res.statusCode).toBe(422);
      expect(res.json().detail).toBe(MESSAGES.PROMO_INVALID);
      expect(await storedOrder(ctx, second.id)).toEqual(before);
      // another patient may still use it
      const other = await signedInPatient(ctx);
      const theirs = (await other.post('/api/cart')).json();
      await other.put(`/api/orders/${theirs.id}/items`, { items: [{ productId: P.minoxidil }] });
      expect((await other.post(`/api/orders/${theirs.id}/promo-code`, { promoCode: 'FIRSTVISIT' })).statusCode).toBe(200);
    });
  });

  it('asks for a code when none is given (SPEC §5 "Enter a promo code.")', async () => {
    const { browser, orderId } = await cartWith([{ productId: P.sunscreen }]);
    for (const body of [{ promoCode: '' }, { promoCode: '   ' }, {}]) {
      const res = await browser.post(`/api/orders/${orderId}/promo-code`, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual([{ field: 'promoCode', message: 'Enter a promo code.' }]);
    }
  });
});

describe('DELETE /api/orders/:id/promo-code', () => {
  it('removes the code and its discount', async () => {
    const { browser, orderId } = await cartWith([{ productId: P.semaglutide }]);
    await browser.post(`/api/orders/${orderId}/promo-code`, { promoCode: 'WELCOME10' });
    const res = await browser.delete(`/api/orders/${orderId}/promo-code`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ promoCode: null, isPromoCodeApplied: false, totals: { discountCents: 0, totalCents: 29800 } });
  });

  it('is harmless when no code is applied', async () => {
    const { browser, orderId } = await cartWith([{ productId: P.sunscreen }]);
    expect((await browser.delete(`/api/orders/${orderId}/promo-code`)).statusCode).toBe(200);
  });
});

describe('claimRedemption (pay now, issue 13 #2)', () => {
  it('claims one redemption per order, idempotently, with the discount', async () => {
    const { browser, orderId } = await cartWith([{ productId: P.semaglutide }]);
    await browser.post(`/api/orders/${orderId}/promo-code`, { promoCode: 'WELCOME10' });
    await pay(orderId);
    await ctx.database.db.transaction((tx) => ctx.app.services.cart.claimRedemption(tx, orderId));
    const rows = await ctx.database.db.select().from(couponRedemptions).where(eq(couponRedemptions.orderId, orderId));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ couponId: DEMO_COUPONS.welcome10, discountCents: 2490 });
  });

  it('does nothing for an order without a code', async () => {
    const { orderId } = await cartWith([{ productId: P.sunscreen }]);
    await ctx.database.db.transaction((tx) => ctx.app.services.cart.claimRedemption(tx, orderId));
    expect(await ctx.database.db.select().from(couponRedemptions).where(eq(couponRedemptions.orderId, orderId))).toHaveLength(0);
  });

  it('counts claims for the overall limit: the last use cannot be taken twice, and a failed payment gives it back', async () => {
    await ctx.app.services.promotions.createCoupon({ storefrontId: EVERGREEN_ID, code: 'ONLYONCE', kind: 'fixed', amountOffCents: 500, maxRedemptions: 1 });
    const a = await cartWith([{ productId: P.sunscreen }]);
    const b = await cartWith([{ productId: P.sunscreen }]);
    // both apply it while it is unused
    expect((await a.browser.post(`/api/orders/${a.orderId}/promo-code`, { promoCode: 'ONLYONCE' })).statusCode).toBe(200);
    expect((await b.browser.post(`/api/orders/${b.orderId}/promo-code`, { promoCode: 'ONLYONCE' })).statusCode).toBe(200);
    // a payment under way holds the use
    const held = await pay(a.orderId, 'pending');
    // the second payment finds it used up (SPEC §8 "Sorry that promo code is invalid."), and its payment row is not kept
    await expect(pay(b.orderId)).rejects.toMatchObject({ code: 'PROMO_INVALID', status: 422, detail: MESSAGES.PROMO_INVALID });
    expect(await ctx.database.db.select().from(payments).where(eq(payments.orderId, b.orderId))).toHaveLength(0);
    // a new cart cannot apply it
    const c = await cartWith([{ productId: P.sunscreen }]);
    expect((await c.browser.post(`/api/orders/${c.orderId}/promo-code`, { promoCode: 'ONLYONCE' })).json().code).toBe('PROMO_INVALID');
    // the first payment is declined: the use is free again
    await ctx.database.db.update(payments).set({ status: 'failed' }).where(eq(payments.id, held.id));
    expect((await c.browser.post(`/api/orders/${c.orderId}/promo-code`, { promoCode: 'ONLYONCE' })).statusCode).toBe(200);
  });
});
