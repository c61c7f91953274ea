// issue 18 (promotions): the operator lists, creates, edits and switches off one storefront's promo
// codes. Codes are unique per storefront whatever their case; products must be the storefront's
// own; a used code keeps its code and discount; every change is audited with before and after;
// another company's admin, patients and doctors reach nothing (404).
import { randomUUID } from 'node:crypto';
import { COMMERCE_MESSAGES as M } from '@store/domain';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { otherCompany, signedInAdmin, type AdminClient } from '../../../test/admin.ts';
import { createTestApp, TestBrowser, type TestContext } from '../../../test/app.ts';
import { signedInPatient } from '../../../test/patients.ts';
import { signedInDoctor } from '../../../test/reviews.ts';
import { auditEvents } from '../../db/schema/audit.ts';
import { orders } from '../../db/schema/orders.ts';
import { payments } from '../../db/schema/payments.ts';
import { coupons } from '../../db/schema/promotions.ts';
import { DEMO_COUPONS, DEMO_PRODUCTS } from '../../db/seed/store.ts';
import { EVERGREEN_ID, LUMEN_ID } from '../../db/seed/storefronts.ts';
import { guestWithCart } from '../cart/cart.test-helpers.ts';

let ctx: TestContext;
let admin: AdminClient;
let other: Awaited<ReturnType<typeof otherCompany>>;
beforeAll(async () => {
  ctx = await createTestApp();
  admin = await signedInAdmin(ctx);
  other = await otherCompany(ctx);
});
afterAll(() => ctx.close());

const base = `/api/admin/storefronts/${EVERGREEN_ID}/coupons`;
const uniqueCode = () => `T${randomUUID().slice(0, 8).toUpperCase()}`;
const body = (patch: Record<string, unknown> = {}) => ({
  code: uniqueCode(),
  kind: 'percent',
  percentOff: 15,
  amountOffCents: null,
  minSubtotalCents: null,
  productIds: [],
  startsAt: null,
  endsAt: null,
  maxRedemptions: null,
  maxRedemptionsPerPatient: null,
  active: true,
  ...patch,
});

async function couponCount(): Promise<number> {
  const [row] = await ctx.database.db.select({ n: count() }).from(coupons);
  return row!.n;
}

async function auditOf(id: string) {
  return ctx.database.db.select().from(auditEvents).where(and(eq(auditEvents.subjectType, 'coupon'), eq(auditEvents.subjectId, id))).orderBy(auditEvents.at);
}

describe('GET /api/admin/storefronts/:id/coupons', () => {
  it('pages the storefront’s codes with kind, value, uses, limits and dates', async () => {
    // issue 18 "every list paged"
    const first = (await admin.get(`${base}?page=1&pageSize=10`)).json();
    expect(first.page).toBe(1);
    expect(first.pageSize).toBe(10);
    expect(first.total).toBeGreaterThanOrEqual(8);
    expect(first.items.length).toBeLessThanOrEqual(10);
    const all = (await admin.get(`${base}?pageSize=100`)).json();
    const launch = all.items.find((c: { id: string }) => c.id === DEMO_COUPONS.launch50UsedUp);
    // The seeded use has no payment: it counts as made (promotions.repo liveRedemption).
    expect(launch).toMatchObject({ code: 'LAUNCH50', maxRedemptions: 1, uses: 1 });
    const hair = all.items.find((c: { id: string }) => c.id === DEMO_COUPONS.hair25Restricted);
    expect(hair.products.map((p: { title: string }) => p.title).sort()).toEqual(['Finasteride 1 mg', 'Minoxidil 5% Foam']);
    // Only Evergreen's codes.
    expect(all.items.map((c: { id: string }) => c.id)).not.toContain(DEMO_COUPONS.glow15);
    expect((await admin.get(`${base}?pageSize=7`)).statusCode).toBe(400);
  });

  it('counts only live uses: a released payment gives its use back', async () => {
    // issue 13 #2 and issue 18 "uses so far counts only live redemptions"
    const created = (await admin.post(base, body())).json();
    const { browser, orderId } = await guestWithCart(ctx);
    await browser.put(`/api/orders/${orderId}/items`, { items: [{ productId: DEMO_PRODUCTS.evergreen.sunscreen }] });
    expect((await browser.post(`/api/orders/${orderId}/promo-code`, { promoCode: created.code })).statusCode).toBe(200);
    const [payment] = await ctx.database.db.transaction(async (tx) => {
      const rows = await tx
        .insert(payments)
        .values({ orderId, storefrontId: EVERGREEN_ID, gateway: 'sandbox', amountCents: 100, captureRequested: true, status: 'captured', idempotencyKey: `t-${randomUUID()}` })
        .returning();
      await ctx.app.services.cart.claimRedemption(tx, orderId);
      return rows;
    });
    expect((await admin.get(`${base}/${created.id}`)).json().uses).toBe(1);
    await ctx.database.db.update(payments).set({ status: 'failed' }).where(eq(payments.id, payment!.id));
    expect((await admin.get(`${base}/${created.id}`)).json().uses).toBe(0);
    await ctx.database.db.update(payments).set({ status: 'captured' }).where(eq(payments.id, payment!.id));
    await ctx.database.db.update(orders).set({ status: 'paid' }).where(eq(orders.id, orderId));
  });
});

describe('POST /api/admin/storefronts/:id/coupons', () => {
  it('creates a code the store takes at once, audited with its configuration', async () => {
    const code = uniqueCode().toLowerCase();
    const res = await admin.post(base, body({ code, kind: 'fixed', percentOff: 12, amountOffCents: 500, minSubtotalCents: 1000, maxRedemptions: 10, maxRedemptionsPerPatient: 1, startsAt: '2020-01-01T00:00:00.000Z', endsAt: '2099-01-01T00:00:00.000Z' }));
    expect(res.statusCode).toBe(201);
    const created = res.json();
    // Stored upper-case; the percentage typed under a fixed amount is dropped.
    expect(created).toMatchObject({ code: code.toUpperCase(), kind: 'fixed', percentOff: null, amountOffCents: 500, minSubtotalCents: 1000, uses: 0, active: true, startsAt: '2020-01-01T00:00:00.000Z' });

    const [event] = await auditOf(created.id);
    expect(event).toMatchObject({ action: 'admin.coupon.created', actorId: admin.userId, storefrontId: EVERGREEN_ID });
    expect(event!.details).toMatchObject({ before: null, after: { code: code.toUpperCase(), kind: 'fixed', amountOffCents: 500, maxRedemptions: 10, active: true } });

    // SPEC §5 "Enter a promo code": a patient's cart takes it.
    const { browser, orderId } = await guestWithCart(ctx);
    await browser.put(`/api/orders/${orderId}/items`, { items: [{ productId: DEMO_PRODUCTS.evergreen.sunscreen }] });
    const cart = (await browser.post(`/api/orders/${orderId}/promo-code`, { promoCode: code })).json();
    expect(cart.totals.discountCents).toBe(500);
  });

  it('refuses a code the storefront already has, whatever its case, beside the code field', async () => {
    const before = await couponCount();
    const res = await admin.post(base, body({ code: 'welcome10' }));
    expect(res.statusCode).toBe(409);
    expect(res.json().errors).toEqual([{ field: 'code', message: M.CODE_TAKEN }]);
    expect(await couponCount()).toBe(before);
    // Another storefront may use the same letters.
    expect((await admin.post(`/api/admin/storefronts/${LUMEN_ID}/coupons`, body({ code: 'welcome10' }))).statusCode).toBe(201);
  });

  it.each([
    [{ code: 'x' }, 'code', M.CODE_FORMAT],
    [{ percentOff: 0 }, 'percentOff', M.PERCENT_RANGE],
    [{ percentOff: 101 }, 'percentOff', M.PERCENT_RANGE],
    [{ kind: 'fixed', amountOffCents: null }, 'amountOffCents', M.AMOUNT_POSITIVE],
    [{ maxRedemptions: 2, maxRedemptionsPerPatient: 3 }, 'maxRedemptionsPerPatient', M.PER_PATIENT_OVER_TOTAL],
    [{ startsAt: '2030-01-02T00:00:00Z', endsAt: '2030-01-01T00:00:00Z' }, 'endsAt', M.ENDS_BEFORE_START],
    [{ minSubtotalCents: -1 }, 'minSubtotalCents', M.AMOUNT_RANGE],
  ])('refuses %j with a message beside %s and writes nothing', async (patch, field, message) => {
    const before = await couponCount();
    const res = await admin.post(base, body(patch));
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toContainEqual({ field, message });
    expect(await couponCount()).toBe(before);
  });

  it('restricts a code to this storefront’s products only', async () => {
    const before = await couponCount();
    // A product of the company's other storefront: a message beside the products.
    const lumen = await admin.post(base, body({ productIds: [DEMO_PRODUCTS.evergreen.minoxidil, DEMO_PRODUCTS.lumen.hairDuo] }));
    expect(lumen.statusCode).toBe(400);
    expect(lumen.json().errors).toEqual([{ field: 'productIds', message: M.PRODUCT_UNKNOWN }]);
    // An id the company does not have at all: unknown (404).
    expect((await admin.post(base, body({ productIds: [randomUUID()] }))).statusCode).toBe(404);
    expect(await couponCount()).toBe(before);
    const ok = await admin.post(base, body({ productIds: [DEMO_PRODUCTS.evergreen.minoxidil] }));
    expect(ok.statusCode).toBe(201);
    expect(ok.json().products).toEqual([{ id: DEMO_PRODUCTS.evergreen.minoxidil, title: 'Minoxidil 5% Foam' }]);
  });

  it('offers the storefront’s products to restrict a code to', async () => {
    const products = (await admin.get(`/api/admin/storefronts/${EVERGREEN_ID}/coupon-products`)).json();
    expect(products).toContainEqual({ id: DEMO_PRODUCTS.evergreen.minoxidil, title: 'Minoxidil 5% Foam' });
    expect(products.map((p: { id: string }) => p.id)).not.toContain(DEMO_PRODUCTS.lumen.hairDuo);
  });
});

describe('PUT and PATCH /api/admin/storefronts/:id/coupons/:couponId', () => {
  it('edits an unused code entirely, audited with what changed', async () => {
    const created = (await admin.post(base, body())).json();
    const res = await admin.put(`${base}/${created.id}`, body({ code: created.code, percentOff: 20, maxRedemptions: 50 }));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ percentOff: 20, maxRedemptions: 50 });
    const events = await auditOf(created.id);
    expect(events.at(-1)).toMatchObject({ action: 'admin.coupon.updated' });
    expect(events.at(-1)!.details).toEqual({ before: { percentOff: 15, maxRedemptions: null }, after: { percentOff: 20, maxRedemptions: 50 } });
  });

  it('freezes a used code’s code and discount but lets its limits and dates change', async () => {
    // LAUNCH50 has one use.
    const launch = (await admin.get(`${base}/${DEMO_COUPONS.launch50UsedUp}`)).json();
    const same = {
      code: launch.code, kind: launch.kind, percentOff: launch.percentOff, amountOffCents: launch.amountOffCents, minSubtotalCents: launch.minSubtotalCents,
      productIds: [], startsAt: launch.startsAt, endsAt: launch.endsAt, maxRedemptions: launch.maxRedemptions,
      maxRedemptionsPerPatient: launch.maxRedemptionsPerPatient, active: launch.active,
    };
    const changed = await admin.put(`${base}/${launch.id}`, { ...same, amountOffCents: 6000 });
    expect(changed.statusCode).toBe(409);
    expect(changed.json().errors).toEqual([{ field: 'amountOffCents', message: M.COUPON_USED_LOCKED }]);
    const rekinded = await admin.put(`${base}/${launch.id}`, { ...same, kind: 'percent', percentOff: 50 });
    expect(rekinded.json().errors).toEqual([
      { field: 'kind', message: M.COUPON_USED_LOCKED },
      { field: 'percentOff', message: M.COUPON_USED_LOCKED },
      { field: 'amountOffCents', message: M.COUPON_USED_LOCKED },
    ]);
    const renamed = await admin.put(`${base}/${launch.id}`, { ...same, code: 'LAUNCH60' });
    expect(renamed.json().errors).toEqual([{ field: 'code', message: M.COUPON_USED_LOCKED }]);
    const [row] = await ctx.database.db.select().from(coupons).where(eq(coupons.id, launch.id));
    expect(row).toMatchObject({ code: 'LAUNCH50', kind: 'fixed', amountOffCents: 5000 });

    const more = await admin.put(`${base}/${launch.id}`, { ...same, maxRedemptions: 5 });
    expect(more.statusCode).toBe(200);
    expect(more.json()).toMatchObject({ maxRedemptions: 5, uses: 1 });
  });

  it('deactivates and reactivates a code; the store refuses it meanwhile', async () => {
    const created = (await admin.post(base, body())).json();
    const off = await admin.patch(`${base}/${created.id}`, { active: false });
    expect(off.json().active).toBe(false);
    const { browser, orderId } = await guestWithCart(ctx);
    await browser.put(`/api/orders/${orderId}/items`, { items: [{ productId: DEMO_PRODUCTS.evergreen.sunscreen }] });
    expect((await browser.post(`/api/orders/${orderId}/promo-code`, { promoCode: created.code })).statusCode).toBe(422);
    await admin.patch(`${base}/${created.id}`, { active: true });
    expect((await browser.post(`/api/orders/${orderId}/promo-code`, { promoCode: created.code })).statusCode).toBe(200);
    const actions = (await auditOf(created.id)).map((e) => e.action);
    expect(actions).toEqual(['admin.coupon.created', 'admin.coupon.deactivated', 'admin.coupon.activated']);
    expect((await auditOf(created.id))[1]!.details).toEqual({ before: { active: true }, after: { active: false } });
  });

  it('refuses a code taken by another of the storefront’s codes', async () => {
    const created = (await admin.post(base, body())).json();
    const res = await admin.put(`${base}/${created.id}`, body({ code: 'Save20' }));
    expect(res.statusCode).toBe(409);
    expect(res.json().errors).toEqual([{ field: 'code', message: M.CODE_TAKEN }]);
  });

  it('answers 404 for a code of another storefront under this one', async () => {
    expect((await admin.get(`${base}/${DEMO_COUPONS.glow15}`)).statusCode).toBe(404);
    expect((await admin.patch(`${base}/${DEMO_COUPONS.glow15}`, { active: false })).statusCode).toBe(404);
    expect((await admin.put(`${base}/${randomUUID()}`, body())).statusCode).toBe(404);
  });
});

describe('who reaches the promo codes', () => {
  it('is a 404 for another company’s admin, reading or writing, and nothing changes', async () => {
    const before = await couponCount();
    const theirs = other.admin;
    expect((await theirs.get(base)).statusCode).toBe(404);
    expect((await theirs.get(`${base}/${DEMO_COUPONS.welcome10}`)).statusCode).toBe(404);
    expect((await theirs.get(`/api/admin/storefronts/${EVERGREEN_ID}/coupon-products`)).statusCode).toBe(404);
    expect((await theirs.post(base, body())).statusCode).toBe(404);
    expect((await theirs.put(`${base}/${DEMO_COUPONS.welcome10}`, body())).statusCode).toBe(404);
    expect((await theirs.patch(`${base}/${DEMO_COUPONS.welcome10}`, { active: false })).statusCode).toBe(404);
    // Our product on their code: not theirs, so unknown.
    const own = `/api/admin/storefronts/${other.storefrontId}/coupons`;
    expect((await theirs.post(own, body({ productIds: [DEMO_PRODUCTS.evergreen.minoxidil] }))).statusCode).toBe(404);
    // Our code under their storefront's path: unknown.
    expect((await theirs.get(`${own}/${DEMO_COUPONS.welcome10}`)).statusCode).toBe(404);
    expect(await couponCount()).toBe(before);
    // And our admin reaches none of theirs.
    expect((await admin.get(own)).statusCode).toBe(404);
    const [welcome] = await ctx.database.db.select().from(coupons).where(eq(coupons.id, DEMO_COUPONS.welcome10));
    expect(welcome!.active).toBe(true);
  });

  it('is a 404 for nobody, a guest, a patient and a doctor', async () => {
    const patient = await signedInPatient(ctx);
    const doctor = await signedInDoctor(ctx, ['CA']);
    const guest = new TestBrowser(ctx.app);
    await guest.post('/api/session/guest');
    for (const who of [patient, doctor, guest]) {
      expect((await who.get(base)).statusCode).toBe(404);
      expect((await who.post(base, body())).statusCode).toBe(404);
      expect((await who.get(`${base}/${DEMO_COUPONS.welcome10}`)).statusCode).toBe(404);
    }
    expect((await patient.put(`${base}/${DEMO_COUPONS.welcome10}`, body())).statusCode).toBe(404);
    expect((await patient.patch(`${base}/${DEMO_COUPONS.welcome10}`, { active: false })).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'GET', url: base, headers: { host: 'localhost:3000' } })).statusCode).toBe(404);
  });
});
