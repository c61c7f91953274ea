// issue 17 refills: the renewal job under the movable clock — the patient told once a few days
// before, each cycle charged once with its plan-and-cycle key, refills counted down, the refill
// transmitted only once paid; no refills left → the renewal consult, no charge; a declined card
// retried three times over a week with a notice each time, then the plan paused, nothing shipped.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/app.ts';
import { prescribedOrder } from '../../test/refills.ts';
import { orders } from '../db/schema/orders.ts';
import { payments } from '../db/schema/payments.ts';
import { prescriptions } from '../db/schema/prescriptions.ts';
import { refillCycles, refillPlans } from '../db/schema/refills.ts';
import { createRefillRenewal } from './refill-renewal.ts';
import type { RenewalConsultInput } from './refill-renewal-consult-port.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const DAY = 24 * 60 * 60_000;
const db = () => ctx.database.db;
const planRow = async (id: string) => (await db().select().from(refillPlans).where(eq(refillPlans.id, id)))[0]!;
const cyclesOf = async (id: string) => db().select().from(refillCycles).where(eq(refillCycles.planId, id)).orderBy(refillCycles.cycle);
const mails = async (email: string, subject: string) => (await ctx.app.services.notifications.outbox(500)).filter((m) => m.to === email && m.subject?.includes(subject));
const chargesOf = async (orderIds: string[]) => {
  const rows = await db().select().from(payments);
  return rows.filter((p) => orderIds.includes(p.orderId) && p.status === 'captured');
};
async function runJob() {
  const counts = await ctx.app.services.refillRenewal.run();
  await ctx.app.services.jobs.drain();
  return counts;
}

describe('the renewal job (issue 17 refills)', () => {
  it('tells the patient once before, charges each cycle once, counts refills down and sends the refill to the pharmacy', async () => {
    const { orderId, patient, prescription, email } = await prescribedOrder(ctx, { refills: 2 });
    const plan = (await patient.post('/api/refills', { orderId })).json();
    const due = new Date(plan.nextDate).getTime();
    // Four days before: nothing yet. Two days before: the notice, once.
    ctx.clock.now = new Date(due - 4 * DAY);
    await runJob();
    expect(await mails(email, 'Your refill is coming up')).toHaveLength(0);
    ctx.clock.now = new Date(due - 2 * DAY);
    await runJob();
    await runJob();
    expect(await mails(email, 'Your refill is coming up')).toHaveLength(1);
    expect((await cyclesOf(plan.id))).toHaveLength(0);

    // Past the date: cycle 1 charged once, the refill order approved then prescribed, one refill used.
    ctx.clock.now = new Date(due + 60_000);
    expect((await runJob()).charged).toBe(1);
    expect((await runJob()).charged).toBe(0);
    const [cycle1] = await cyclesOf(plan.id);
    expect(cycle1).toMatchObject({ cycle: 1, status: 'transmitted', idempotencyKey: `refill:${plan.id}:1` });
    const [refill] = await db().select().from(orders).where(eq(orders.id, cycle1!.orderId!));
    expect(refill!.status).toBe('prescribed');
    expect(await chargesOf([refill!.id])).toHaveLength(1);
    expect((await db().select().from(prescriptions).where(eq(prescriptions.id, prescription.id)))[0]!.refillsLeft).toBe(1);
    const after = await planRow(plan.id);
    expect(after).toMatchObject({ nextCycle: 2, status: 'active' });
    expect(after.nextDate.getTime()).toBe(due + 30 * DAY);
    expect(await mails(email, 'Your refill is on its way')).toHaveLength(1);

    // Cycle 2: told again once, charged once; refills run out.
    ctx.clock.now = new Date(due + 30 * DAY + 60_000);
    await runJob();
    expect((await db().select().from(prescriptions).where(eq(prescriptions.id, prescription.id)))[0]!.refillsLeft).toBe(0);
    expect(await mails(email, 'Your refill is coming up')).toHaveLength(2);
    const cycles = await cyclesOf(plan.id);
    expect(cycles.map((c) => c.status)).toEqual(['transmitted', 'transmitted']);
    expect(await chargesOf(cycles.map((c) => c.orderId!))).toHaveLength(2);
  });

  it('opens the renewal consult instead of charging when refills ran out or the prescription expired', async () => {
    const { orderId, patient, prescription, email } = await prescribedOrder(ctx, { refills: 1 });
    const plan = (await patient.post('/api/refills', { orderId })).json();
    await db().update(prescriptions).set({ expiresAt: new Date(new Date(plan.nextDate).getTime() - DAY) }).where(eq(prescriptions.id, prescription.id));
    const opened: RenewalConsultInput[] = [];
    const s = ctx.app.services;
    const renewal = createRefillRenewal({
      ...s, db: db(), now: () => ctx.clock.now, notices: s.orderNotices, port: 0,
      // A queue of its own for registrations (the app's handlers stand); enqueues go to the app's.
      jobs: { register: () => undefined, every: () => undefined, enqueue: s.jobs.enqueue, nudge: s.jobs.nudge },
      renewal: { open: async (_tx, input) => { opened.push(input); return { orderId: input.sourceOrderId }; } },
    });
    ctx.clock.now = new Date(new Date(plan.nextDate).getTime() + 60_000);
    const counts = await renewal.run();
    await s.jobs.drain();
    // The earlier test's plan ran out of refills too: its renewal opens as well.
    expect(counts).toMatchObject({ charged: 0 });
    expect(opened.filter((o) => o.planId === plan.id)).toEqual([{ planId: plan.id, patientId: patient.userId, storefrontId: expect.any(String), productId: plan.productId, prescriptionId: prescription.id, sourceOrderId: orderId }]);
    expect(await planRow(plan.id)).toMatchObject({ status: 'paused', statusReason: 'renewal', renewalOrderId: orderId });
    const [cycle] = await cyclesOf(plan.id);
    expect(cycle).toMatchObject({ status: 'renewal', orderId: null });
    // The renewal consult tells the patient itself (its own mail, renewal-consult.int.test.ts): the
    // job's own "needs renewing" notice is only for a store without one, so it is not sent twice.
    expect(await mails(email, 'Your prescription needs renewing')).toHaveLength(0);
    // The renewal's approval points the plan at the new prescription (helper "renewal"'s call).
    expect(await s.refills.planOfRenewalOrder(db(), orderId)).toEqual({ planId: plan.id });
    await db().transaction((tx) => s.refills.followPrescription(tx, { planId: plan.id, prescriptionId: prescription.id, at: ctx.clock.now }));
    expect(await planRow(plan.id)).toMatchObject({ status: 'active', nextCycle: 2, renewalOrderId: null });
  });

  it('retries a declined card three times over a week with a notice each time, then pauses; nothing is transmitted unpaid', async () => {
    const { orderId, patient, email } = await prescribedOrder(ctx, { refills: 3, card: '4000000000009995' });
    const plan = (await patient.post('/api/refills', { orderId })).json();
    let at = new Date(plan.nextDate).getTime() + 60_000;
    ctx.clock.now = new Date(at);
    expect((await runJob()).declined).toBe(1);
    for (const [days, outcome] of [[2, 'declined'], [2, 'declined'], [3, 'paused']] as const) {
      // Not before its time.
      ctx.clock.now = new Date(at + (days - 1) * DAY);
      expect((await runJob()).declined + (await runJob()).paused).toBe(0);
      at += days * DAY;
      ctx.clock.now = new Date(at);
      expect((await runJob())[outcome]).toBe(1);
    }
    expect(await mails(email, 'We could not charge your card')).toHaveLength(3);
    expect(await mails(email, 'Your auto-refill is paused')).toHaveLength(1);
    const [cycle] = await cyclesOf(plan.id);
    expect(cycle).toMatchObject({ status: 'failed', attempts: 4 });
    const [refill] = await db().select().from(orders).where(eq(orders.id, cycle!.orderId!));
    expect(refill!.status).toBe('cancelled');
    expect(await chargesOf([refill!.id])).toHaveLength(0);
    expect(await planRow(plan.id)).toMatchObject({ status: 'paused', statusReason: 'declined' });
    // (the session idled out while the clock moved a week: the page's data from the service)
    const view = await ctx.app.services.refills.get({ userId: patient.userId, storefrontId: plan.storefrontId ?? (await planRow(plan.id)).storefrontId }, plan.id);
    expect(view.statusMessage).toContain('declined three times');
  });
});

describe('two workers renewing the same due plans (issue 17: no cycle charged twice)', () => {
  it('charges each due cycle exactly once and loses none', async () => {
    const s = ctx.app.services;
    const made = [];
    for (let i = 0; i < 4; i++) made.push(await prescribedOrder(ctx, { refills: 2 }));
    const planIds: string[] = [];
    for (const m of made) planIds.push((await m.patient.post('/api/refills', { orderId: m.orderId })).json().id);
    const latest = Math.max(...(await Promise.all(planIds.map(planRow))).map((p) => p.nextDate.getTime()));
    ctx.clock.now = new Date(latest + 60_000);
    // A second worker: its own workflow instance over the same database (on PostgreSQL, truly concurrent).
    const worker = () =>
      createRefillRenewal({
        ...s, db: db(), now: () => ctx.clock.now, notices: s.orderNotices, port: 0, renewal: null,
        jobs: { register: () => undefined, every: () => undefined, enqueue: s.jobs.enqueue, nudge: s.jobs.nudge },
      });
    const [a, b] = await Promise.all([worker().run(), worker().run()]);
    expect(a.errors + b.errors).toBe(0);
    const cycles = (await Promise.all(planIds.map(cyclesOf))).flat();
    expect(cycles.map((c) => c.status)).toEqual(planIds.map(() => 'charged'));
    expect(await chargesOf(cycles.map((c) => c.orderId!))).toHaveLength(planIds.length);
    for (const id of planIds) expect((await planRow(id)).nextCycle).toBe(2);
  });

  it('gives the charge back and sends nothing to the pharmacy when the prescription lapses between the claim and the record', async () => {
    // issue 17 refills: "nothing ships unpaid" — and nothing is charged that the prescription no longer allows.
    const { orderId, patient, prescription } = await prescribedOrder(ctx, { refills: 2 });
    const plan = (await patient.post('/api/refills', { orderId })).json();
    const s = ctx.app.services;
    const renewal = createRefillRenewal({
      ...s, db: db(), now: () => ctx.clock.now, notices: s.orderNotices, port: 0, renewal: null,
      // The app's handlers stand (the refund job among them); enqueues go to the app's queue.
      jobs: { register: () => undefined, every: () => undefined, enqueue: s.jobs.enqueue, nudge: s.jobs.nudge },
      // The doctor revokes the prescription while the gateway is answering.
      afterCharge: async (at) => {
        if (at.planId !== plan.id) return;
        await db().update(prescriptions).set({ status: 'revoked', revokedAt: ctx.clock.now }).where(eq(prescriptions.id, prescription.id));
      },
    });
    ctx.clock.now = new Date(new Date(plan.nextDate).getTime() + 60_000);
    await renewal.run();
    await s.jobs.drain();
    const mine = await cyclesOf(plan.id);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ status: 'failed', failureReason: 'prescription_lapsed' });
    const [refill] = await db().select().from(orders).where(eq(orders.id, mine[0]!.orderId!));
    expect(refill!.status).toBe('cancelled');
    const moneyRows = (await db().select().from(payments)).filter((p) => p.orderId === refill!.id);
    expect(moneyRows.map((p) => p.status)).toEqual(['refunded']);
    expect((await db().select().from(prescriptions).where(eq(prescriptions.id, prescription.id)))[0]!.refillsLeft).toBe(2);
    expect(await planRow(plan.id)).toMatchObject({ status: 'paused', statusReason: 'renewal' });
    // No transmission of this refill was ever queued.
    expect(await s.jobs.byKey(`refills.transmit:${mine[0]!.id}`)).toBeFalsy();
  });
});
