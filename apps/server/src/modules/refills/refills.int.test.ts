// issue 17 refills: the auto-refill calls of SPEC §7 (eligible orders, activate, storefront details,
// active auto-refills, deactivate) with move, skip and change card, and reorder (SPEC §7 reorder);
// every id — in the path or in a body — read through its owner: another patient's is a 404.
import { eq } from 'drizzle-orm';
import { isoDay, REFILL_MESSAGES, REFILL_NOTICE_DAYS } from '@store/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/app.ts';
import { signedInPatient } from '../../../test/patients.ts';
import { prescribedOrder } from '../../../test/refills.ts';
import { DEMO_PRODUCTS } from '../../db/seed/store.ts';
import { orders } from '../../db/schema/orders.ts';
import { prescriptions } from '../../db/schema/prescriptions.ts';
import { refillCycles } from '../../db/schema/refills.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const DAY = 24 * 60 * 60_000;

describe('auto-refill calls (SPEC §7 auto-refill, issue 17 refills)', () => {
  it('lists the order as eligible, activates it with the current card, and shows the plan with its next date, refills left, expiry and card', async () => {
    const { orderId, patient, prescription, cardId } = await prescribedOrder(ctx, { refills: 3 });
    const eligible = await patient.get('/api/refills/eligible');
    expect(eligible.statusCode).toBe(200);
    const [entry] = eligible.json().orders;
    expect(entry).toMatchObject({ orderId, prescriptionId: prescription.id, refillsLeft: 3, cycleDays: 30 });
    // SPEC §7 activate: next date = last fill + cycle days (the product's refill cycle).
    expect(new Date(entry.nextDate).getTime()).toBe(prescription.writtenAt.getTime() + 30 * DAY);

    const activated = await patient.post('/api/refills', { orderId });
    expect(activated.statusCode).toBe(201);
    expect(activated.json()).toMatchObject({ status: 'active', refillsLeft: 3, card: null, cardLabel: 'Your current card (Visa ending in 4242)', nextCycle: 1 });
    // Once it has a plan, the order is no longer eligible; a second activation is refused.
    expect((await patient.get('/api/refills/eligible')).json().orders).toEqual([]);
    const again = await patient.post('/api/refills', { orderId });
    expect(again.statusCode).toBe(409);
    expect(again.json().detail).toBe(REFILL_MESSAGES.NOT_ELIGIBLE);

    const list = await patient.get('/api/refills');
    expect(list.json().plans).toHaveLength(1);
    expect(list.json().plans[0]).toMatchObject({ id: activated.json().id, productTitle: expect.any(String), expiresAt: prescription.expiresAt.toISOString() });

    // Change card: a chosen card, then back to the current card.
    const planId = activated.json().id as string;
    const chosen = await patient.put(`/api/refills/${planId}/card`, { cardId });
    expect(chosen.json()).toMatchObject({ card: { id: cardId, label: 'Visa ending in 4242' }, cardLabel: 'Visa ending in 4242' });
    expect((await patient.put(`/api/refills/${planId}/card`, { cardId: null })).json().card).toBeNull();
  });

  it('tells the storefront terms: notice days before and the retry policy', async () => {
    const patient = await signedInPatient(ctx);
    const terms = await patient.get('/api/refills/settings');
    expect(terms.statusCode).toBe(200);
    expect(terms.json()).toMatchObject({ noticeDays: REFILL_NOTICE_DAYS, retryDays: [2, 2, 3] });
    expect(terms.json().terms.join(' ')).toContain('current price');
  });

  it('moves the next date within bounds with clear messages, skips one cycle, and deactivates', async () => {
    const { orderId, patient, prescription } = await prescribedOrder(ctx, { refills: 2, validForDays: 90 });
    const plan = (await patient.post('/api/refills', { orderId })).json();
    const past = await patient.patch(`/api/refills/${plan.id}`, { nextDate: isoDay(new Date(ctx.clock.now.getTime() - DAY)) });
    expect(past.statusCode).toBe(400);
    expect(past.json().errors).toEqual([{ field: 'nextDate', message: REFILL_MESSAGES.DATE_IN_PAST }]);
    const late = await patient.patch(`/api/refills/${plan.id}`, { nextDate: isoDay(new Date(prescription.expiresAt.getTime() + 2 * DAY)) });
    expect(late.statusCode).toBe(400);
    expect(late.json().errors[0].message).toBe(REFILL_MESSAGES.DATE_AFTER_EXPIRY);
    const day = isoDay(new Date(ctx.clock.now.getTime() + 10 * DAY));
    const moved = await patient.patch(`/api/refills/${plan.id}`, { nextDate: day });
    expect(moved.statusCode).toBe(200);
    expect(moved.json().nextDate).toBe(`${day}T12:00:00.000Z`);

    const skipped = await patient.post(`/api/refills/${plan.id}/skip`);
    expect(skipped.statusCode).toBe(200);
    expect(skipped.json()).toMatchObject({ nextCycle: 2, nextDate: new Date(new Date(`${day}T12:00:00.000Z`).getTime() + 30 * DAY).toISOString() });
    const cycles = await ctx.database.db.select().from(refillCycles).where(eq(refillCycles.planId, plan.id));
    expect(cycles.map((c) => [c.cycle, c.status])).toEqual([[1, 'skipped']]);

    const off = await patient.delete(`/api/refills/${plan.id}`);
    expect(off.statusCode).toBe(200);
    expect(off.json()).toMatchObject({ status: 'ended', statusReason: 'patient' });
    expect((await patient.get('/api/refills')).json().plans).toEqual([]);
    // Turned off: the order is eligible again.
    expect((await patient.get('/api/refills/eligible')).json().orders.map((o: { orderId: string }) => o.orderId)).toEqual([orderId]);
  });

  it('does not list a prescription without refills left or expired', async () => {
    const { patient, prescription } = await prescribedOrder(ctx, { refills: 1 });
    await ctx.database.db.update(prescriptions).set({ refillsLeft: 0 }).where(eq(prescriptions.id, prescription.id));
    expect((await patient.get('/api/refills/eligible')).json().orders).toEqual([]);
    await ctx.database.db.update(prescriptions).set({ refillsLeft: 1, expiresAt: new Date(ctx.clock.now.getTime() - 1000) }).where(eq(prescriptions.id, prescription.id));
    expect((await patient.get('/api/refills/eligible')).json().orders).toEqual([]);
  });
});

describe("patient B reaches none of patient A's plans, orders or cards (issue 17 authorization)", () => {
  it('answers 404 for A’s plan on every call, for A’s order and card in a body, and 401/404 without a session', async () => {
    const a = await prescribedOrder(ctx);
    const plan = (await a.patient.post('/api/refills', { orderId: a.orderId })).json();
    const b = await prescribedOrder(ctx);
    const bPlan = (await b.patient.post('/api/refills', { orderId: b.orderId })).json();
    const calls = [
      b.patient.get(`/api/refills/${plan.id}`),
      b.patient.delete(`/api/refills/${plan.id}`),
      b.patient.post(`/api/refills/${plan.id}/deactivate`),
      b.patient.patch(`/api/refills/${plan.id}`, { nextDate: isoDay(new Date(ctx.clock.now.getTime() + 5 * DAY)) }),
      b.patient.post(`/api/refills/${plan.id}/skip`),
      b.patient.put(`/api/refills/${plan.id}/card`, { cardId: null }),
      // Ids inside bodies: A's order to activate, A's card on B's own plan.
      b.patient.post('/api/refills', { orderId: a.orderId }),
      b.patient.put(`/api/refills/${bPlan.id}/card`, { cardId: a.cardId }),
      b.patient.post('/api/refills', { orderId: b.orderId, cardId: a.cardId }),
      b.patient.post(`/api/orders/${a.orderId}/reorder`),
    ];
    for (const res of await Promise.all(calls)) expect(res.statusCode).toBe(404);
    // A's plan is untouched and B sees only their own.
    expect((await a.patient.get(`/api/refills/${plan.id}`)).json()).toMatchObject({ status: 'active', nextCycle: 1, card: null });
    expect((await b.patient.get('/api/refills')).json().plans.map((p: { id: string }) => p.id)).toEqual([bPlan.id]);
    // No session: lists are 401, a record is 404.
    const anon = await ctx.app.inject({ method: 'GET', url: `/api/refills/${plan.id}`, headers: { host: 'localhost:3000' } });
    expect(anon.statusCode).toBe(404);
    const anonList = await ctx.app.inject({ method: 'GET', url: '/api/refills', headers: { host: 'localhost:3000' } });
    expect(anonList.statusCode).toBe(401);
  });
});

describe('reorder (SPEC §7 reorder, issue 17)', () => {
  it('refills a prescription with refills left instead of a new consult: one charge, refills counted down', async () => {
    const { orderId, patient, prescription } = await prescribedOrder(ctx, { refills: 2 });
    const res = await patient.post(`/api/orders/${orderId}/reorder`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ kind: 'refill', path: '/my-account/orders', planId: null });
    expect(body.orderId).toEqual(expect.any(String));
    const [refill] = await ctx.database.db.select().from(orders).where(eq(orders.id, body.orderId));
    expect(refill!.status).toBe('approved');
    const [rx] = await ctx.database.db.select().from(prescriptions).where(eq(prescriptions.id, prescription.id));
    expect(rx!.refillsLeft).toBe(1);
    const payments = await ctx.app.services.payments.paymentsForOrder(body.orderId);
    expect(payments.map((p) => p.status)).toEqual(['captured']);
    // The refill goes to the pharmacy once paid: the order is prescribed.
    await ctx.app.services.jobs.drain();
    expect((await ctx.database.db.select().from(orders).where(eq(orders.id, body.orderId)))[0]!.status).toBe('prescribed');
  });

  it('puts the same products in the cart when the prescription has no refills left', async () => {
    const { orderId, patient, prescription } = await prescribedOrder(ctx, { refills: 0 });
    expect(prescription.refillsLeft).toBe(0);
    const res = await patient.post(`/api/orders/${orderId}/reorder`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ kind: 'cart', path: '/cart', planId: null });
    const cart = await patient.get('/api/cart');
    expect(cart.json().id).toBe(res.json().orderId);
    expect(cart.json().items.map((i: { productId: string }) => i.productId)).toHaveLength(1);
  });

  it('refuses a second consult product in the cart with the SPEC §8 message', async () => {
    const { orderId, patient } = await prescribedOrder(ctx, { refills: 0 });
    const cartId = (await patient.post('/api/cart')).json().id as string;
    expect((await patient.patch(`/api/orders/${cartId}/items`, { items: [{ productId: DEMO_PRODUCTS.evergreen.finasteride }] })).statusCode).toBe(200);
    const res = await patient.post(`/api/orders/${orderId}/reorder`);
    expect(res.statusCode).toBe(422);
    expect(res.json().detail).toBe('At this time, you cannot add multiple products to the same order.');
  });
});

