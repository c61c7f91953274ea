// issue 17 refills: "When refills run out or the prescription expires it opens a renewal consult
// prefilled with the last answers (the patient confirms or changes them; the doctor sees what
// changed) instead of charging." The real wiring of app.ts end to end, no port faked: the app's own
// renewal job opens the app's renewal consult, the patient finds it in the cart, submits and pays
// it, the doctor approves it through the API, and the plan follows the new prescription — its
// next cycle charged once at the sandbox gateway and counted down on the new prescription.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/app.ts';
import { completeStagesButPayment, payWithTestCard } from '../../test/orders.ts';
import { paidConsultOrder, prescribingDoctor } from '../../test/prescribing.ts';
import { rowsOf } from '../../test/refill-seed.ts';
import { saveCard } from '../../test/refills.ts';
import { submittedConsult } from '../../test/reviews.ts';
import { users } from '../db/schema/auth.ts';
import { orders } from '../db/schema/orders.ts';
import { prescriptions } from '../db/schema/prescriptions.ts';
import { refillCycles, refillPlans } from '../db/schema/refills.ts';
import { DEMO_FORMULARY } from '../db/seed/formulary.ts';
import { LAST_ANSWERS } from '../../test/weight-care.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ JOB_WORKER: false });
});
afterAll(() => ctx.close());

const MIN = 60_000;
const db = () => ctx.database.db;
const approveBody = (refills: number) => ({
  formularyId: DEMO_FORMULARY.metforminEr500,
  quantity: 60,
  daysSupply: 30,
  directions: 'Take 1 tablet by mouth twice daily with meals.',
  refills,
  validForDays: 365,
});
/** The sandbox gateway's charges for these orders (its intents, succeeded). */
const gatewayCharges = async (orderIds: string[]) =>
  orderIds.length === 0
    ? 0
    : (await rowsOf<{ n: number }>(db(), sql`select count(*)::int as n from sandbox_gateway_intents where status = 'succeeded' and metadata->>'orderId' in (${sql.join(orderIds.map((id) => sql`${id}`), sql`, `)})`))[0]!.n;
/** The job runs as the store runs it (the app's own instance and queue). */
async function runJob() {
  const counts = await ctx.app.services.refillRenewal.run();
  await ctx.app.services.jobs.drain();
  return counts;
}
/** The plan's date moved to just past now (as "Move date" would), so the job finds it due. */
const dueNow = (planId: string) => db().update(refillPlans).set({ nextDate: new Date(ctx.clock.now.getTime() - MIN) }).where(eq(refillPlans.id, planId));

describe('a plan whose prescription runs out, renewed through the real renewal consult (issue 17)', () => {
  it('opens the renewal in the cart prefilled, and once paid and approved the plan follows the new prescription and charges its next cycle once', async () => {
    // A prescribed order with one refill, its consult answered; a saved card; auto-refill on.
    const doctor = await prescribingDoctor(ctx, ['TX']);
    const { orderId, patient } = await paidConsultOrder(ctx, 'TX');
    const state = (await ctx.app.services.orders.state(db(), { orderId }))!;
    await submittedConsult(ctx, { itemId: state.items[0]!.id, userId: patient.userId, answers: LAST_ANSWERS });
    expect((await doctor.post(`/api/doctor/orders/${orderId}/claim`)).statusCode).toBe(200);
    expect((await doctor.post(`/api/doctor/orders/${orderId}/approve`, approveBody(1))).statusCode).toBe(200);
    await ctx.app.services.jobs.drain();
    await saveCard(ctx, patient);
    const [{ email }] = (await db().select({ email: users.email }).from(users).where(eq(users.id, patient.userId))) as [{ email: string }];
    const activated = await patient.post('/api/refills', { orderId });
    expect(activated.statusCode, activated.body).toBe(201);
    const planId = activated.json().id as string;
    const firstRx = (await db().select().from(refillPlans).where(eq(refillPlans.id, planId)))[0]!.prescriptionId;

    // Cycle 1 uses the last refill.
    await dueNow(planId);
    expect(await runJob()).toMatchObject({ charged: 1, errors: 0 });
    expect((await db().select().from(prescriptions).where(eq(prescriptions.id, firstRx)))[0]!.refillsLeft).toBe(0);

    // Cycle 2: no refill left → no charge; the real renewal consult opened in the patient's cart.
    await dueNow(planId);
    expect(await runJob()).toMatchObject({ charged: 0, renewal: 1, errors: 0 });
    const paused = (await patient.get(`/api/refills/${planId}`)).json();
    expect(paused).toMatchObject({ status: 'paused', statusReason: 'renewal' });
    const [plan2] = await db().select().from(refillPlans).where(eq(refillPlans.id, planId));
    const renewalOrderId = plan2!.renewalOrderId!;
    expect(renewalOrderId).toEqual(expect.any(String));
    const cart = await patient.get('/api/cart');
    expect(cart.statusCode).toBe(200);
    expect(cart.json().id).toBe(renewalOrderId);
    const { items } = (await patient.get(`/api/orders/${renewalOrderId}/consults`)).json() as { items: { consult: { id: string; answers: Record<string, unknown>; renewal: { prescriptionId: string } | null } }[] };
    expect(items).toHaveLength(1);
    expect(items[0]!.consult.renewal).toEqual({ prescriptionId: firstRx });
    expect(items[0]!.consult.answers).toMatchObject({ age: 44, height_weight: { heightInches: 65, weightPounds: 230 }, tried: ['diet', 'exercise'] });
    const renewalMails = (await ctx.app.services.notifications.outbox(500)).filter((m) => m.to === email && m.subject === 'Time to renew your prescription');
    expect(renewalMails).toHaveLength(1);
    const cycle2 = (await db().select().from(refillCycles).where(eq(refillCycles.planId, planId))).find((c) => c.cycle === 2)!;
    expect(cycle2).toMatchObject({ status: 'renewal', orderId: null });
    // Running again changes nothing: one renewal, nothing charged.
    expect(await runJob()).toMatchObject({ charged: 0, renewal: 0, errors: 0 });
    expect((await db().select().from(refillPlans).where(eq(refillPlans.id, planId)))[0]!.renewalOrderId).toBe(renewalOrderId);

    // The patient confirms the answers (the weight changed), the consents again, submits and pays.
    const consultId = items[0]!.consult.id;
    expect((await patient.put(`/api/consults/${consultId}/pages/1`, { answers: { height_weight: { heightInches: 65, weightPounds: 212 }, goal_weight: 180 }, mode: 'next' })).statusCode).toBe(200);
    expect((await patient.put(`/api/consults/${consultId}/pages/6`, { answers: { consent_glp1_effects: true, consent_telehealth: true, consent_truthful: true }, mode: 'next' })).statusCode).toBe(200);
    const submitted = await patient.post(`/api/consults/${consultId}/submit`);
    expect(submitted.statusCode, submitted.body).toBe(200);
    await completeStagesButPayment(ctx, renewalOrderId);
    const paid = await payWithTestCard(ctx, patient, renewalOrderId);
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json().status).toBe('awaiting_review');

    // The doctor sees what changed and approves with two refills, through the API.
    expect((await doctor.post(`/api/doctor/orders/${renewalOrderId}/claim`)).statusCode).toBe(200);
    const review = await doctor.get(`/api/doctor/orders/${renewalOrderId}`);
    expect(review.statusCode).toBe(200);
    expect(JSON.stringify(review.json())).toContain('height_weight');
    const approved = await doctor.post(`/api/doctor/orders/${renewalOrderId}/approve`, approveBody(2));
    expect(approved.statusCode, approved.body).toBe(200);
    await ctx.app.services.jobs.drain();

    // The plan follows the new prescription: active again, refills from the new one.
    const [newRx] = await db().select().from(prescriptions).where(eq(prescriptions.orderId, renewalOrderId));
    expect(newRx!.id).not.toBe(firstRx);
    const [followed] = await db().select().from(refillPlans).where(eq(refillPlans.id, planId));
    expect(followed).toMatchObject({ status: 'active', prescriptionId: newRx!.id, renewalOrderId: null, nextCycle: 3 });
    expect(followed!.nextDate.getTime()).toBeGreaterThan(ctx.clock.now.getTime());
    expect((await patient.get(`/api/refills/${planId}`)).json()).toMatchObject({ status: 'active', refillsLeft: 2 });

    // Its next cycle: charged once at the gateway, counted down on the new prescription.
    await dueNow(planId);
    expect(await runJob()).toMatchObject({ charged: 1, errors: 0 });
    expect(await runJob()).toMatchObject({ charged: 0, errors: 0 });
    const cycle3 = (await db().select().from(refillCycles).where(eq(refillCycles.planId, planId))).find((c) => c.cycle === 3)!;
    expect(cycle3).toMatchObject({ status: 'transmitted', orderId: expect.any(String) });
    expect(await gatewayCharges([cycle3.orderId!])).toBe(1);
    expect((await db().select().from(orders).where(eq(orders.id, cycle3.orderId!)))[0]!.status).toBe('prescribed');
    expect((await db().select().from(prescriptions).where(eq(prescriptions.id, newRx!.id)))[0]!.refillsLeft).toBe(1);
    expect((await db().select().from(prescriptions).where(eq(prescriptions.id, firstRx)))[0]!.refillsLeft).toBe(0);
    expect((await patient.get(`/api/refills/${planId}`)).json()).toMatchObject({ status: 'active', refillsLeft: 1 });
    // Every refill order of this plan charged exactly once: cycles 1 and 3 (cycle 2 was the renewal).
    const cycles = await db().select().from(refillCycles).where(eq(refillCycles.planId, planId)).orderBy(refillCycles.cycle);
    expect(cycles.map((c) => [c.cycle, c.status])).toEqual([[1, 'transmitted'], [2, 'renewal'], [3, 'transmitted']]);
    expect(await gatewayCharges(cycles.filter((c) => c.orderId).map((c) => c.orderId!))).toBe(2);
  }, 120_000);
});
