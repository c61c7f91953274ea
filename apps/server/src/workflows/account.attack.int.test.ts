// issue 17 attack probes (helper "probe"): the patient's account as an attacker would use it —
// another patient's ids in paths and bodies, races on limits and money, odd input, leaks — each
// written as the safe behaviour it must keep.
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/app.ts';
import { prescribedOrder } from '../../test/refills.ts';
import { EVERGREEN_ID } from '../db/seed/storefronts.ts';
import { payments } from '../db/schema/payments.ts';
import { prescriptions } from '../db/schema/prescriptions.ts';
import { createReorder } from './reorder.ts';
import { refillCycles, refillPlans } from '../db/schema/refills.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());


async function refillCharges(prescriptionId: string) {
  const plans = await ctx.database.db.select({ id: refillPlans.id }).from(refillPlans).where(eq(refillPlans.prescriptionId, prescriptionId));
  if (plans.length === 0) return { captured: 0, cycles: [] as { cycle: number; status: string }[] };
  const cycles = await ctx.database.db.select().from(refillCycles).where(inArray(refillCycles.planId, plans.map((p) => p.id)));
  const orderIds = cycles.flatMap((c) => (c.orderId ? [c.orderId] : []));
  const captured = orderIds.length === 0 ? [] : await ctx.database.db.select().from(payments).where(and(inArray(payments.orderId, orderIds), eq(payments.status, 'captured')));
  return { captured: captured.length, cycles: cycles.map((c) => ({ cycle: c.cycle, status: c.status })) };
}

describe('races on refills and money (issue 17 refills: refills never below zero, one charge per cycle)', () => {
  it('two reorders at once on a prescription with one refill left: one refill charged, none beyond what the doctor allowed', async () => {
    const { orderId, patient, prescription } = await prescribedOrder(ctx, { refills: 1 });
    const results = await Promise.all([patient.post(`/api/orders/${orderId}/reorder`), patient.post(`/api/orders/${orderId}/reorder`), patient.post(`/api/orders/${orderId}/reorder`)]);
    for (const r of results) expect([200, 409, 422]).toContain(r.statusCode);
    const [rx] = await ctx.database.db.select().from(prescriptions).where(eq(prescriptions.id, prescription.id));
    expect(rx!.refillsLeft).toBe(0);
    const { captured } = await refillCharges(prescription.id);
    // Exactly the one refill the prescription allowed was charged.
    expect(captured).toBe(1);
  });

  it('a reorder that checked the prescription just before another reorder used its last refill does not charge a refill the doctor never allowed', async () => {
    const { orderId, patient, prescription } = await prescribedOrder(ctx, { refills: 1 });
    const s = ctx.app.services;
    // Request A reads the prescription (refillable), then waits while request B refills it.
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    let checked!: () => void;
    const hasChecked = new Promise<void>((r) => (checked = r));
    const slow = createReorder({
      db: ctx.database.db,
      now: () => ctx.clock.now,
      orders: s.orders,
      prescriptions: {
        ofPatient: (...a: Parameters<typeof s.prescriptions.ofPatient>) => s.prescriptions.ofPatient(...a),
        ofOrder: async (...a: Parameters<typeof s.prescriptions.ofOrder>) => {
          const rx = await s.prescriptions.ofOrder(...a);
          checked();
          await gate;
          return rx;
        },
      },
      refills: s.refills,
      renewal: s.refillRenewal,
      cart: s.cart,
    });
    const storefront = await s.storefronts.getById(EVERGREEN_ID);
    const identity = { kind: 'user' as const, userId: patient.userId, storefrontId: EVERGREEN_ID, sessionId: patient.sessionId, role: 'patient' as const };
    const a = slow.reorder(storefront, identity, orderId);
    await hasChecked;
    const b = await patient.post(`/api/orders/${orderId}/reorder`);
    expect(b.json()).toMatchObject({ kind: 'refill' });
    release();
    const resultA = await a.catch((e: unknown) => e);
    const [rx] = await ctx.database.db.select().from(prescriptions).where(eq(prescriptions.id, prescription.id));
    expect(rx!.refillsLeft).toBe(0);
    // One refill allowed, one refill charged: A did not charge a second one.
    expect((await refillCharges(prescription.id)).captured).toBe(1);
    // A found no refill left: the products go to the cart as for any used-up prescription, and no
    // one-time plan is left behind blocking an auto-refill of a renewed prescription.
    expect(resultA).toMatchObject({ kind: 'cart' });
    const live = await ctx.database.db.select().from(refillPlans).where(and(eq(refillPlans.prescriptionId, prescription.id), sql`${refillPlans.status} <> 'ended'`));
    expect(live).toEqual([]);
  });
});
