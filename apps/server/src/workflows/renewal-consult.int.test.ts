// issue 17 renewal consult: "When refills run out or the prescription expires [the job] opens a
// renewal consult prefilled with the last answers (the patient confirms or changes them; the doctor
// sees what changed) instead of charging." Opened by the refill plan (the `open` contract) or by
// the patient ("Ask for a renewal", POST /api/prescriptions/:id/renew).
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/app.ts';
import { paidConsultOrder, prescribingDoctor } from '../../test/prescribing.ts';
import { completeStagesButPayment, payWithTestCard } from '../../test/orders.ts';
import { signedInPatient, type PatientClient } from '../../test/patients.ts';
import { submittedConsult, type DoctorClient } from '../../test/reviews.ts';
import { users } from '../db/schema/auth.ts';
import { accessLog } from '../db/schema/access-log.ts';
import { consultRenewals, consults } from '../db/schema/consults.ts';
import { orders } from '../db/schema/orders.ts';
import { prescriptions } from '../db/schema/prescriptions.ts';
import { refillPlans } from '../db/schema/refills.ts';
import { DEMO_FORMULARY } from '../db/seed/formulary.ts';
import { DEMO_PRODUCTS } from '../db/seed/store.ts';
import { EVERGREEN_ID } from '../db/seed/storefronts.ts';
import { createOrderDecisions } from './order-decisions.ts';
import type { RenewalPlans } from './renewal-consult.ts';
import { LAST_ANSWERS } from '../../test/weight-care.ts';

let ctx: TestContext;
let doctor: DoctorClient;
beforeAll(async () => {
  ctx = await createTestApp();
  doctor = await prescribingDoctor(ctx, ['TX']);
});
afterAll(() => ctx.close());

const approveBody = (refills: number) => ({
  formularyId: DEMO_FORMULARY.metforminEr500,
  quantity: 60,
  daysSupply: 30,
  directions: 'Take 1 tablet by mouth twice daily with meals.',
  refills,
  validForDays: 180,
  substitutionAllowed: true,
});

/** A patient's Metformin order with a submitted consult, approved by the doctor with `refills`: its prescription. */
async function prescribed(refills = 0, patient?: PatientClient) {
  const paid = await paidConsultOrder(ctx, 'TX');
  const state = (await ctx.app.services.orders.state(ctx.database.db, { orderId: paid.orderId }))!;
  // paidConsultOrder makes its own patient; a given one takes the order over.
  const who = patient ?? paid.patient;
  if (patient) await ctx.database.db.update(orders).set({ userId: patient.userId }).where(eq(orders.id, paid.orderId));
  await submittedConsult(ctx, { itemId: state.items[0]!.id, userId: who.userId, answers: LAST_ANSWERS });
  expect((await doctor.post(`/api/doctor/orders/${paid.orderId}/claim`)).statusCode).toBe(200);
  const approved = await doctor.post(`/api/doctor/orders/${paid.orderId}/approve`, approveBody(refills));
  expect(approved.statusCode, approved.body).toBe(200);
  const [rx] = await ctx.database.db.select().from(prescriptions).where(eq(prescriptions.orderId, paid.orderId));
  return { ...paid, patient: who, prescriptionId: rx!.id };
}

const consultsOf = async (patient: PatientClient, orderId: string) => {
  const res = await patient.get(`/api/orders/${orderId}/consults`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { items: { itemId: string; productId: string; consult: { id: string; answers: Record<string, unknown>; renewal?: { prescriptionId: string } | null; currentPage: number } }[] };
};

describe('opening a renewal consult (issue 17)', () => {
  it('prefills a consult on the current questionnaire version with the last answers, drops answers to questions it no longer asks, copies the address and pharmacy, and mails the patient', async () => {
    const rx = await prescribed(0);
    // The operator has since removed the goal-weight question.
    const questionnaire = await ctx.app.services.consults.getQuestionnaire(EVERGREEN_ID, 'weight-care-intake');
    const definition = structuredClone(questionnaire.version.definition);
    for (const page of definition.pages) page.questions = page.questions.filter((q) => q.id !== 'goal_weight');
    const newVersion = await ctx.app.services.consults.createVersion({ questionnaireId: questionnaire.id, definition });

    const opened = await rx.patient.post(`/api/prescriptions/${rx.prescriptionId}/renew`);
    expect(opened.statusCode, opened.body).toBe(200);
    const { orderId, route } = opened.json();
    expect(route).toBe('/checkout/questionnaire/1');
    expect(orderId).not.toBe(rx.orderId);

    const [order] = await ctx.database.db.select().from(orders).where(eq(orders.id, orderId));
    expect(order).toMatchObject({ status: 'draft', userId: rx.patient.userId, shipLine1: '1 Main St', shipCity: 'Austin', shipState: 'TX', pharmacyId: rx.pharmacy.id });
    // Paid like any consult: the product's price and its consult fee, from the catalogue.
    expect(order!.consultFeeCents).toBeGreaterThan(0);

    const { items } = await consultsOf(rx.patient, orderId);
    expect(items).toHaveLength(1);
    expect(items[0]!.productId).toBe(DEMO_PRODUCTS.evergreen.metformin);
    const consult = items[0]!.consult;
    expect(consult.renewal).toEqual({ prescriptionId: rx.prescriptionId });
    expect(consult.currentPage).toBe(0);
    expect(consult.answers).toMatchObject({ age: 44, height_weight: { heightInches: 65, weightPounds: 230 }, history: ['gallbladder'], tried: ['diet', 'exercise'] });
    // Dropped: the question is gone. Asked again: consents (given for these answers).
    expect(consult.answers).not.toHaveProperty('goal_weight');
    expect(consult.answers).not.toHaveProperty('consent_truthful');
    const [row] = await ctx.database.db.select().from(consults).where(eq(consults.id, consult.id));
    expect(row!.questionnaireVersionId).toBe(newVersion.id);
    const [mark] = await ctx.database.db.select().from(consultRenewals).where(eq(consultRenewals.consultId, consult.id));
    expect(mark).toMatchObject({ orderId, prescriptionId: rx.prescriptionId, planId: null, sourceOrderId: rx.orderId, droppedQuestionIds: ['goal_weight'] });
    expect(mark!.copiedFromConsultId).not.toBeNull();

    await ctx.app.services.jobs.drain();
    const email = (await ctx.database.db.select({ email: users.email }).from(users).where(eq(users.id, rx.patient.userId)))[0]!.email;
    const mails = (await ctx.app.services.notifications.outbox(200)).filter((m) => m.to === email && m.subject === 'Time to renew your prescription');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.body).toContain('Metformin ER 500 mg');
    expect(mails[0]!.body).toContain('/checkout');

    // Put back the questionnaire the other tests answer.
    await ctx.app.services.consults.createVersion({ questionnaireId: questionnaire.id, definition: questionnaire.version.definition });
  });

  it('is idempotent per prescription: asking again, or the refill plan opening it, answers the same order and mails once', async () => {
    const rx = await prescribed(0);
    const first = (await rx.patient.post(`/api/prescriptions/${rx.prescriptionId}/renew`)).json().orderId;
    const again = await rx.patient.post(`/api/prescriptions/${rx.prescriptionId}/renew`);
    expect(again.json().orderId).toBe(first);
    // The patient's plan for this prescription asks too: it takes the renewal over.
    const at = ctx.clock.now;
    const [plan] = await ctx.database.db
      .insert(refillPlans)
      .values({ prescriptionId: rx.prescriptionId, sourceOrderId: rx.orderId, patientId: rx.patient.userId, storefrontId: EVERGREEN_ID, productId: DEMO_PRODUCTS.evergreen.metformin, cycleDays: 30, nextDate: at, createdAt: at, updatedAt: at })
      .returning();
    const viaPlan = await ctx.database.db.transaction((tx) =>
      ctx.app.services.renewalConsult.open(tx, { planId: plan!.id, patientId: rx.patient.userId, storefrontId: EVERGREEN_ID, productId: DEMO_PRODUCTS.evergreen.metformin, prescriptionId: rx.prescriptionId, sourceOrderId: rx.orderId }),
    );
    expect(viaPlan.orderId).toBe(first);
    const marks = await ctx.database.db.select().from(consultRenewals).where(eq(consultRenewals.prescriptionId, rx.prescriptionId));
    expect(marks.map((m) => m.planId)).toEqual([plan!.id]);
    await ctx.app.services.jobs.drain();
    const email = (await ctx.database.db.select({ email: users.email }).from(users).where(eq(users.id, rx.patient.userId)))[0]!.email;
    expect((await ctx.app.services.notifications.outbox(200)).filter((m) => m.to === email && m.subject === 'Time to renew your prescription')).toHaveLength(1);
  });

  it("points a plan paused for renewal at the renewal's checkout while it is in the cart, and not once it is paid (issue 17 refills page)", async () => {
    const rx = await prescribed(0);
    const at = ctx.clock.now;
    const [plan] = await ctx.database.db
      .insert(refillPlans)
      .values({ prescriptionId: rx.prescriptionId, sourceOrderId: rx.orderId, patientId: rx.patient.userId, storefrontId: EVERGREEN_ID, productId: DEMO_PRODUCTS.evergreen.metformin, cycleDays: 30, nextDate: at, createdAt: at, updatedAt: at })
      .returning();
    const { orderId } = await ctx.database.db.transaction((tx) =>
      ctx.app.services.renewalConsult.open(tx, { planId: plan!.id, patientId: rx.patient.userId, storefrontId: EVERGREEN_ID, productId: DEMO_PRODUCTS.evergreen.metformin, prescriptionId: rx.prescriptionId, sourceOrderId: rx.orderId }),
    );
    const view = async () => {
      const res = await rx.patient.get('/api/refills');
      expect(res.statusCode, res.body).toBe(200);
      return (res.json().plans as { id: string; renewalOrderId: string | null; renewalResumePath: string | null }[]).find((p) => p.id === plan!.id);
    };
    // Active: nothing to renew.
    expect(await view()).toMatchObject({ renewalResumePath: null });
    await ctx.database.db.update(refillPlans).set({ status: 'paused', statusReason: 'renewal', renewalOrderId: orderId }).where(eq(refillPlans.id, plan!.id));
    expect(await view()).toMatchObject({ renewalOrderId: orderId, renewalResumePath: '/checkout' });

    await changeWeightAndSubmit(rx.patient, orderId);
    await completeStagesButPayment(ctx, orderId);
    expect((await payWithTestCard(ctx, rx.patient, orderId)).statusCode).toBe(200);
    expect(await view()).toMatchObject({ renewalOrderId: orderId, renewalResumePath: null });
  });

  it('joins a cart with other items without taking them out, and refuses a cart holding another consult product (409, nothing changed)', async () => {
    const rx = await prescribed(0);
    const cart = (await rx.patient.post('/api/cart')).json().id as string;
    expect((await rx.patient.patch(`/api/orders/${cart}/items`, { items: [{ productId: DEMO_PRODUCTS.evergreen.semaglutide }] })).statusCode).toBe(200);
    const refused = await rx.patient.post(`/api/prescriptions/${rx.prescriptionId}/renew`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('RENEWAL_CART_BUSY');
    const cartNow = (await rx.patient.get('/api/cart')).json();
    expect(cartNow.items.map((i: { productId: string }) => i.productId)).toEqual([DEMO_PRODUCTS.evergreen.semaglutide]);
    expect(await ctx.database.db.select().from(consultRenewals).where(eq(consultRenewals.prescriptionId, rx.prescriptionId))).toHaveLength(0);
  });

  it('answers 409 REFILLS_LEFT while the prescription has refills and is not expired; once expired it may be renewed', async () => {
    const rx = await prescribed(2);
    const view = (await rx.patient.get(`/api/prescriptions/${rx.prescriptionId}/renewal`)).json();
    expect((await rx.patient.get(`/api/orders/${rx.orderId}/prescription-renewal`)).json()).toEqual(view);
    expect(view).toMatchObject({ renewable: false, blockedBy: 'refills_left', prescription: { medication: 'Metformin ER', strength: '500 mg', refillsLeft: 2 } });
    const refused = await rx.patient.post(`/api/prescriptions/${rx.prescriptionId}/renew`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('REFILLS_LEFT');
    await ctx.database.db.update(prescriptions).set({ expiresAt: new Date(ctx.clock.now.getTime() - 1000) }).where(eq(prescriptions.id, rx.prescriptionId));
    expect((await rx.patient.get(`/api/prescriptions/${rx.prescriptionId}/renewal`)).json()).toMatchObject({ renewable: true, blockedBy: null, prescription: { expired: true } });
    expect((await rx.patient.post(`/api/prescriptions/${rx.prescriptionId}/renew`)).statusCode).toBe(200);
  });
});

describe('authorization (issue 17)', () => {
  it("answers 404 to another patient, a guest and no session for the prescription, and to another patient for the renewal's order and consult", async () => {
    const rx = await prescribed(0);
    const { orderId } = (await rx.patient.post(`/api/prescriptions/${rx.prescriptionId}/renew`)).json();
    const consultId = (await consultsOf(rx.patient, orderId)).items[0]!.consult.id;
    const other = await signedInPatient(ctx);
    for (const res of [
      await other.get(`/api/prescriptions/${rx.prescriptionId}/renewal`),
      await other.get(`/api/orders/${rx.orderId}/prescription-renewal`),
      await other.post(`/api/prescriptions/${rx.prescriptionId}/renew`),
      await other.get(`/api/orders/${orderId}`),
      await other.get(`/api/orders/${orderId}/consults`),
      await other.get(`/api/consults/${consultId}`),
      await other.put(`/api/consults/${consultId}/pages/0`, { answers: { age: 50 }, mode: 'draft' }),
      await other.post(`/api/consults/${consultId}/submit`),
      await ctx.app.inject({ method: 'POST', url: `/api/prescriptions/${rx.prescriptionId}/renew`, headers: { host: 'localhost:3000', 'x-requested-with': 'fetch' } }),
      await other.post('/api/prescriptions/not-a-uuid/renew'),
    ]) {
      expect(res.statusCode, res.body).toBe(404);
    }
    // Nothing of theirs changed.
    expect((await consultsOf(rx.patient, orderId)).items[0]!.consult.answers).toMatchObject({ age: 44 });
  });
});

/** The renewal's consult answered: the weight changed on page 2, the consents given again, submitted. */
async function changeWeightAndSubmit(patient: PatientClient, orderId: string) {
  const consultId = (await consultsOf(patient, orderId)).items[0]!.consult.id;
  const page1 = await patient.put(`/api/consults/${consultId}/pages/1`, { answers: { height_weight: { heightInches: 65, weightPounds: 212 }, goal_weight: 180 }, mode: 'next' });
  expect(page1.statusCode, page1.body).toBe(200);
  const last = await patient.put(`/api/consults/${consultId}/pages/6`, { answers: { consent_glp1_effects: true, consent_telehealth: true, consent_truthful: true }, mode: 'next' });
  expect(last.statusCode, last.body).toBe(200);
  const submitted = await patient.post(`/api/consults/${consultId}/submit`);
  expect(submitted.statusCode, submitted.body).toBe(200);
  expect(submitted.json().disqualified).toBeNull();
  return consultId;
}

describe('the patient confirms or changes the answers; the doctor sees what changed (issue 17)', () => {
  it('submits the changed answer, pays, and shows the doctor the renewed prescription with changed and unchanged answers, logging the previous consult read', async () => {
    const rx = await prescribed(0);
    const { orderId } = (await rx.patient.post(`/api/prescriptions/${rx.prescriptionId}/renew`)).json();
    const consultId = await changeWeightAndSubmit(rx.patient, orderId);
    const [mark] = await ctx.database.db.select().from(consultRenewals).where(eq(consultRenewals.consultId, consultId));

    await completeStagesButPayment(ctx, orderId);
    const paid = await payWithTestCard(ctx, rx.patient, orderId);
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json().status).toBe('awaiting_review');

    expect((await doctor.post(`/api/doctor/orders/${orderId}/claim`)).statusCode).toBe(200);
    const detail = await doctor.get(`/api/doctor/orders/${orderId}`);
    expect(detail.statusCode, detail.body).toBe(200);
    const renewal = detail.json().renewal;
    expect(renewal.prescription).toMatchObject({ id: rx.prescriptionId, medication: 'Metformin ER', strength: '500 mg', refillsAuthorized: 0, refillsLeft: 0, doctorName: 'Dr. Ana Ruiz' });
    expect(renewal.previousConsult.consultId).toBe(mark!.copiedFromConsultId);
    const change = (id: string) => renewal.answers.find((a: { questionId: string }) => a.questionId === id);
    expect(change('height_weight')).toMatchObject({ change: 'changed', previous: { heightInches: 65, weightPounds: 230 }, current: { heightInches: 65, weightPounds: 212 } });
    expect(change('history')).toMatchObject({ change: 'unchanged', previousLabels: ['Gallstones or gallbladder disease'] });
    expect(change('age')).toMatchObject({ change: 'unchanged' });
    expect(renewal.answers.filter((a: { change: string }) => a.change === 'changed').map((a: { questionId: string }) => a.questionId)).toEqual(['height_weight']);

    const reads = await ctx.database.db.select().from(accessLog).where(eq(accessLog.reason, `review_claim:${orderId}`));
    expect(reads.map((r) => `${r.what}:${r.recordId}`)).toEqual(
      expect.arrayContaining([`review:${orderId}`, `consult_answers:${mark!.copiedFromConsultId}`, `prescription:${rx.prescriptionId}`]),
    );
    expect(reads.every((r) => r.actorUserId === doctor.userId && r.patientId === rx.patient.userId)).toBe(true);
  });

  it('an order that is not a renewal has no renewal section', async () => {
    const paid = await paidConsultOrder(ctx, 'TX');
    expect((await doctor.post(`/api/doctor/orders/${paid.orderId}/claim`)).statusCode).toBe(200);
    expect((await doctor.get(`/api/doctor/orders/${paid.orderId}`)).json().renewal).toBeNull();
  });
});

describe('approval of a renewal order (issue 17)', () => {
  it("calls the refill plans' followPrescription with the prescription the doctor wrote, for the plan's renewal order only", async () => {
    const rx = await prescribed(0);
    const { orderId } = (await rx.patient.post(`/api/prescriptions/${rx.prescriptionId}/renew`)).json();
    await changeWeightAndSubmit(rx.patient, orderId);
    await completeStagesButPayment(ctx, orderId);
    expect((await payWithTestCard(ctx, rx.patient, orderId)).statusCode).toBe(200);

    // The refills module's side, faked: this renewal order belongs to plan "plan-1".
    const followed: { planId: string; prescriptionId: string; at: Date }[] = [];
    const asked: string[] = [];
    const plans: RenewalPlans = {
      async planOfRenewalOrder(_executor, id) {
        asked.push(id);
        return id === orderId ? { planId: 'plan-1' } : null;
      },
      async followPrescription(_tx, input) {
        followed.push(input);
      },
    };
    const s = ctx.app.services;
    const decisions = createOrderDecisions({ db: ctx.database.db, orders: s.orders, payments: s.payments, reviews: s.reviews, notices: s.orderNotices, prescriptions: s.prescriptions, pharmacies: s.pharmacies, prescribe: s.prescribe, jobs: s.jobs, visits: s.visits, renewals: plans });
    const staff = (await s.doctors.staffProfile(doctor.userId))!;
    expect((await doctor.post(`/api/doctor/orders/${orderId}/claim`)).statusCode).toBe(200);
    await decisions.approve(staff, orderId, approveBody(3), { actor: { type: 'user', id: doctor.userId } });

    const [written] = await ctx.database.db.select().from(prescriptions).where(eq(prescriptions.orderId, orderId));
    expect(written).toMatchObject({ refillsAuthorized: 3, refillsLeft: 3 });
    expect(asked).toEqual([orderId]);
    expect(followed).toEqual([{ planId: 'plan-1', prescriptionId: written!.id, at: written!.writtenAt }]);
  });
});
