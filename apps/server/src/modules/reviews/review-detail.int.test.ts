// issue 15: the doctor's review of one order (detail and uploads, access-logged, to the claim
// holder only), asking the patient for more information and the patient's answer, the queue's
// counts, due times and markers, and card holds that lapse. Everyone else reaches none of it (404).
import { DEMO_FORMULARY } from '../../db/seed/formulary.ts';
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TestBrowser, type TestContext } from '../../../test/app.ts';
import { signedInPatient } from '../../../test/patients.ts';
import { paidForReview, patientUpload, signedInDoctor, submittedConsult, TINY_PNG, type DoctorClient } from '../../../test/reviews.ts';
import { accessLog } from '../../db/schema/access-log.ts';
import { addresses } from '../../db/schema/addresses.ts';
import { auditEvents } from '../../db/schema/audit.ts';
import { users } from '../../db/schema/auth.ts';
import { jobs } from '../../db/schema/jobs.ts';
import { orders } from '../../db/schema/orders.ts';
import { payments } from '../../db/schema/payments.ts';
import { appointments } from '../../db/schema/scheduling.ts';
import { decisions } from '../../db/schema/reviews.ts';
import { EVERGREEN_ID, LUMEN_ID } from '../../db/seed/storefronts.ts';
import { HOLD_VALID_MS } from '../payments/payments.service.ts';

let ctx: TestContext;
let caDoctor: DoctorClient;
let otherCaDoctor: DoctorClient;
let nyDoctor: DoctorClient;
let lumenDoctor: DoctorClient;
beforeAll(async () => {
  ctx = await createTestApp();
  caDoctor = await signedInDoctor(ctx, ['CA', 'TX']);
  otherCaDoctor = await signedInDoctor(ctx, ['CA']);
  nyDoctor = await signedInDoctor(ctx, ['NY']);
  lumenDoctor = await signedInDoctor(ctx, ['CA'], LUMEN_ID);
});
afterAll(() => ctx.close());

const HOUR = 3_600_000;
const statusOf = async (orderId: string) => (await ctx.database.db.select().from(orders).where(eq(orders.id, orderId)))[0]!.status;
type QueueItem = { orderId: string; status: string; waitingForPatient: boolean; newAnswer: boolean; waitingSince: string; dueAt: string; holdExpiresAt: string | null; state: string | null };
const queueOf = async (who: DoctorClient, query = '') => {
  const res = await who.get(`/api/doctor/queue${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { items: QueueItem[]; total: number; counts: { total: number; byProduct: { id: string; count: number }[]; byState: { id: string; count: number }[]; byStatus: { id: string; count: number }[] }; todayVisits: unknown[] };
};
const itemOf = async (who: DoctorClient, orderId: string) => (await queueOf(who)).items.find((i) => i.orderId === orderId);

/** A paid order with a weight-care consult (a flagged history answer and a photo) claimed by caDoctor. */
async function claimedWithConsult() {
  const paid = await paidForReview(ctx, 'CA');
  const photo = await patientUpload(ctx, paid.patient);
  const { versionId } = await submittedConsult(ctx, {
    itemId: paid.itemId,
    userId: paid.patient.userId,
    answers: {
      age: 44,
      sex_at_birth: 'female',
      height_weight: { heightInches: 65, weightPounds: 210 },
      history: ['gallbladder'],
      medications: { none: false, items: [{ name: 'Lisinopril', manual: false }] },
      allergies: { none: false, items: ['penicillin'] },
      body_photo: [photo],
    },
  });
  expect((await caDoctor.post(`/api/doctor/orders/${paid.orderId}/claim`)).statusCode).toBe(200);
  return { ...paid, photo, versionId };
}

describe('the review page (issue 15)', () => {
  it('shows the patient’s earlier orders of the storefronts this doctor serves, not another brand’s', async () => {
    const evergreenOnly = await signedInDoctor(ctx, ['CA'], EVERGREEN_ID);
    const paid = await paidForReview(ctx, 'CA');
    const earlierHere = randomUUID();
    const earlierOnLumen = randomUUID();
    await ctx.database.db.insert(orders).values([
      { id: earlierHere, storefrontId: EVERGREEN_ID, userId: paid.patient.userId, status: 'delivered', createdAt: new Date(ctx.clock.now.getTime() - 86_400_000) },
      { id: earlierOnLumen, storefrontId: LUMEN_ID, userId: paid.patient.userId, status: 'delivered', createdAt: new Date(ctx.clock.now.getTime() - 86_400_000) },
    ]);
    expect((await evergreenOnly.post(`/api/doctor/orders/${paid.orderId}/claim`)).statusCode).toBe(200);
    const history = (await evergreenOnly.get(`/api/doctor/orders/${paid.orderId}`)).json().history.map((h: { orderId: string }) => h.orderId);
    expect(history).toContain(earlierHere);
    expect(history).not.toContain(earlierOnLumen);
  });

  it('shows the claim holder the frozen answers in questionnaire order with labels, flags, BMI, medications and allergies, and logs the read', async () => {
    const { orderId, photo, patient } = await claimedWithConsult();
    const res = await caDoctor.get(`/api/doctor/orders/${orderId}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const detail = res.json();
    expect(detail.products).toEqual([expect.objectContaining({ title: 'Metformin ER Weight Support' })]);
    expect(detail.consults[0].questionnaire).toMatchObject({ title: 'Weight care', version: 1 });
    const ids = detail.consults[0].answers.map((a: { questionId: string }) => a.questionId);
    // Questionnaire order, not the order they were saved in.
    expect(ids.indexOf('age')).toBeLessThan(ids.indexOf('history'));
    const history = detail.consults[0].answers.find((a: { questionId: string }) => a.questionId === 'history');
    expect(history.label).toBe('Have you ever been diagnosed with any of the following?');
    // The doctor reads the option's words, not its stored value.
    expect(history.optionLabels).toEqual(['Gallstones or gallbladder disease']);
    expect(history.flag.note).toContain('gallbladder');
    expect(detail.consults[0].answers.find((a: { questionId: string }) => a.questionId === 'age').flag).toBeNull();
    expect(detail.bmi).toBe(34.9);
    expect(detail.patient).toEqual({ age: 44, sex: 'female' });
    expect(detail.medications.items[0].name).toBe('Lisinopril');
    expect(detail.allergies.items).toEqual(['penicillin']);
    expect(detail.uploads).toEqual([expect.objectContaining({ id: photo, contentType: 'image/png' })]);
    const logged = await ctx.database.db.select().from(accessLog).where(and(eq(accessLog.patientId, patient.userId), eq(accessLog.what, 'review')));
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatchObject({ actorUserId: caDoctor.userId, recordId: orderId, reason: `review_claim:${orderId}` });
    expect(await ctx.app.services.accessLog.verify()).toEqual({ ok: true });
  });

  it('serves an upload of the order inline, no-store, with its type, and logs each view; a file of another order is a 404', async () => {
    const { orderId, photo, patient } = await claimedWithConsult();
    const res = await caDoctor.get(`/api/doctor/orders/${orderId}/uploads/${photo}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['content-disposition']).toBe('inline');
    expect(res.rawPayload.subarray(0, 8)).toEqual(TINY_PNG.subarray(0, 8));
    const views = await ctx.database.db.select().from(accessLog).where(and(eq(accessLog.patientId, patient.userId), eq(accessLog.what, 'upload')));
    expect(views).toMatchObject([{ recordId: photo, reason: `review_claim:${orderId}` }]);
    // The same patient's file that no answer of this order names: not served.
    const loose = await patientUpload(ctx, patient);
    expect((await caDoctor.get(`/api/doctor/orders/${orderId}/uploads/${loose}`)).statusCode).toBe(404);
  });

  it('answers 404 to everyone but the doctor holding the claim, on every new doctor route', async () => {
    const { orderId, photo, patient } = await claimedWithConsult();
    const guest = new TestBrowser(ctx.app);
    await guest.post('/api/cart');
    const routes = [`/api/doctor/orders/${orderId}`, `/api/doctor/orders/${orderId}/uploads/${photo}`];
    for (const url of routes) {
      for (const who of [otherCaDoctor, nyDoctor, lumenDoctor]) expect((await who.get(url)).statusCode).toBe(404);
      expect((await patient.get(url)).statusCode).toBe(404);
      expect((await guest.get(url)).statusCode).toBe(404);
    }
    const ask = `/api/doctor/orders/${orderId}/request-info`;
    for (const who of [nyDoctor, lumenDoctor]) expect((await who.post(ask, { question: 'How is your sleep?' })).statusCode).toBe(404);
    expect((await patient.post(ask, { question: 'How is your sleep?' })).statusCode).toBe(404);
    expect((await guest.post(ask, { question: 'How is your sleep?' })).statusCode).toBe(404);
    // A licensed doctor who does not hold the claim is told so (they could claim it).
    expect((await otherCaDoctor.post(ask, { question: 'How is your sleep?' })).statusCode).toBe(409);
    // The claim lapsing or given back closes the page.
    expect((await caDoctor.delete(`/api/doctor/orders/${orderId}/claim`)).statusCode).toBe(204);
    expect((await caDoctor.get(`/api/doctor/orders/${orderId}`)).statusCode).toBe(404);
    expect((await caDoctor.get(`/api/doctor/orders/${randomUUID()}`)).statusCode).toBe(404);
    expect(await statusOf(orderId)).toBe('awaiting_review');
  });
});

describe('request more information (issue 15)', () => {
  it('asks the patient, waits for their answer, and puts the order back in the queue marked new', async () => {
    const { orderId, patient } = await claimedWithConsult();
    const asked = await caDoctor.post(`/api/doctor/orders/${orderId}/request-info`, { question: 'When did you last see your GP?', clinicalNote: 'Check renal labs' });
    expect(asked.statusCode).toBe(200);
    expect(await statusOf(orderId)).toBe('needs_info');
    const [decision] = await ctx.database.db.select().from(decisions).where(eq(decisions.orderId, orderId));
    expect(decision).toMatchObject({ kind: 'needs_info', clinicalNote: 'Check renal labs' });
    // The claim is given back; the asking doctor sees it waiting for the patient, the others not at all.
    expect(await itemOf(caDoctor, orderId)).toMatchObject({ status: 'needs_info', waitingForPatient: true, newAnswer: false });
    expect(await itemOf(otherCaDoctor, orderId)).toBeUndefined();
    const notice = await ctx.database.db.select().from(jobs).where(eq(jobs.singletonKey, `order.notice:${orderId}:needs_info:${asked.json().requestId}`));
    expect(notice).toHaveLength(1);

    // The patient reads the question on their own order; another patient cannot.
    const seen = await patient.get(`/api/orders/${orderId}/info-requests`);
    expect(seen.statusCode).toBe(200);
    expect(seen.headers['cache-control']).toBe('no-store');
    const [request] = seen.json().requests;
    expect(request).toMatchObject({ question: 'When did you last see your GP?', answer: null });
    expect(JSON.stringify(seen.json())).not.toContain('renal');
    const stranger = await signedInPatient(ctx);
    expect((await stranger.get(`/api/orders/${orderId}/info-requests`)).statusCode).toBe(404);
    const answerUrl = `/api/orders/${orderId}/info-requests/${request.id}/answer`;
    expect((await stranger.post(answerUrl, { answer: 'Last month.' })).statusCode).toBe(404);
    const guest = new TestBrowser(ctx.app);
    expect((await guest.get(`/api/orders/${orderId}/info-requests`)).statusCode).toBe(404);
    // From the account too: the open question, on the patient's own list only.
    expect((await patient.get('/api/account/questions')).json()).toEqual({
      questions: [{ orderId, orderNumber: expect.stringMatching(/^[0-9A-F]{8}$/), requestId: request.id, askedAt: expect.any(String) }],
    });
    expect((await stranger.get('/api/account/questions')).json()).toEqual({ questions: [] });
    expect((await guest.get('/api/account/questions')).statusCode).toBe(401);

    // Someone else's upload in the answer: as if it did not exist, and nothing is saved.
    const foreign = await patientUpload(ctx, stranger);
    expect((await patient.post(answerUrl, { answer: 'Last month.', uploadIds: [foreign] })).statusCode).toBe(404);
    expect(await statusOf(orderId)).toBe('needs_info');

    ctx.clock.advance(60_000);
    const labs = await patientUpload(ctx, patient);
    const answered = await patient.post(answerUrl, { answer: 'Last month; labs attached.', uploadIds: [labs] });
    expect(answered.statusCode).toBe(200);
    expect(await statusOf(orderId)).toBe('awaiting_review');
    expect((await patient.post(answerUrl, { answer: 'Again.' })).statusCode).toBe(409);
    expect((await patient.get('/api/account/questions')).json()).toEqual({ questions: [] });
    expect(await ctx.database.db.select().from(jobs).where(eq(jobs.singletonKey, `order.notice:${orderId}:info_answered:${request.id}`))).toHaveLength(1);

    // Back in every licensed doctor's queue, marked new; the answer and its file on the page.
    expect(await itemOf(otherCaDoctor, orderId)).toMatchObject({ status: 'awaiting_review', newAnswer: true, waitingForPatient: false });
    expect((await otherCaDoctor.post(`/api/doctor/orders/${orderId}/claim`)).statusCode).toBe(200);
    const detail = (await otherCaDoctor.get(`/api/doctor/orders/${orderId}`)).json();
    expect(detail.infoRequests).toEqual([expect.objectContaining({ answer: 'Last month; labs attached.', isNew: true, uploadIds: [labs] })]);
    expect((await otherCaDoctor.get(`/api/doctor/orders/${orderId}/uploads/${labs}`)).statusCode).toBe(200);
  });

  it('refuses a doctor who does not hold the claim, and leaves the order as it was', async () => {
    const { orderId } = await paidForReview(ctx, 'CA');
    const res = await caDoctor.post(`/api/doctor/orders/${orderId}/request-info`, { question: 'Any chest pain?' });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('REVIEW_NOT_HELD');
    expect(await statusOf(orderId)).toBe('awaiting_review');
  });
});

describe('the queue (issue 15)', () => {
  it('counts what the doctor may review, waits from the payment, and keeps filters', async () => {
    const { orderId } = await paidForReview(ctx, 'TX');
    const [payment] = await ctx.database.db.select().from(payments).where(eq(payments.orderId, orderId));
    ctx.clock.advance(10 * 60_000);
    // A later change to the order does not make it look newer.
    await ctx.database.db.update(orders).set({ updatedAt: ctx.clock.now }).where(eq(orders.id, orderId));
    const queue = await queueOf(caDoctor);
    const item = queue.items.find((i) => i.orderId === orderId)!;
    expect(item.waitingSince).toBe(payment!.authorizedAt!.toISOString());
    expect(item.dueAt).toBe(new Date(payment!.authorizedAt!.getTime() + 24 * HOUR).toISOString());
    expect(queue.counts.byState.find((s) => s.id === 'TX')!.count).toBeGreaterThanOrEqual(1);
    expect(queue.counts.total).toBe(queue.counts.byStatus.reduce((n, s) => n + s.count, 0));
    const tx = await queueOf(caDoctor, '?state=TX');
    expect(tx.items.every((i) => i.state === 'TX')).toBe(true);
    expect(tx.counts.total).toBe(queue.counts.total); // counts cover the whole scope, whatever the filter
    expect(Array.isArray(queue.todayVisits)).toBe(true);
  });

  it('lists the doctor’s visits today in their time zone, with the patient’s first name only', async () => {
    const doctor = await signedInDoctor(ctx, ['CA'], null, 'America/Los_Angeles');
    const { orderId } = await paidForReview(ctx, 'CA');
    const soon = new Date(ctx.clock.now.getTime() + 60_000);
    const farAway = new Date(ctx.clock.now.getTime() + 3 * 24 * HOUR);
    const visit = (startsAt: Date, name: string, order: string | null) => ({
      storefrontId: EVERGREEN_ID,
      orderId: order,
      doctorId: doctor.id,
      startsAt,
      endsAt: new Date(startsAt.getTime() + 20 * 60_000),
      visitType: 1 as const,
      inviteeName: name,
      inviteeEmail: 'pat@example.com',
      inviteePhone: '5125550100',
      patientTimeZone: 'America/Chicago',
      calendarUid: randomUUID(),
    });
    await ctx.database.db.insert(appointments).values([visit(soon, 'Robin Ellis', orderId), visit(farAway, 'Later Patient', null)]);
    const today = (await queueOf(doctor)).todayVisits as { orderNumber: string; patientFirstName: string; visitType: number; status: string }[];
    const startsToday = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Los_Angeles' }).format(soon) === new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Los_Angeles' }).format(ctx.clock.now);
    expect(today).toEqual(startsToday ? [expect.objectContaining({ patientFirstName: 'Robin', visitType: 1, status: 'booked' })] : []);
    expect(JSON.stringify(today)).not.toContain('Ellis');
  });

  it('reviews an order with no shipping state by the patient’s saved address state, taken when it is paid', async () => {
    const patient = await signedInPatient(ctx);
    await ctx.database.db.insert(addresses).values({ userId: patient.userId, fullName: 'Pat Doe', line1: '1 Main St', city: 'Austin', state: 'TX', zip: '73301', phone: '5125550100' });
    const { orderId } = await paidForReview(ctx, null, patient);
    expect((await ctx.database.db.select({ state: orders.shippingState }).from(orders).where(eq(orders.id, orderId)))[0]!.state).toBe('TX');
    expect(await itemOf(caDoctor, orderId)).toMatchObject({ state: 'TX' });
    expect(await itemOf(otherCaDoctor, orderId)).toBeUndefined(); // licensed in CA only
    expect((await otherCaDoctor.post(`/api/doctor/orders/${orderId}/claim`)).statusCode).toBe(404);
    expect((await caDoctor.post(`/api/doctor/orders/${orderId}/claim`)).statusCode).toBe(200);
  });
});

describe('card holds that lapse (issue 15)', () => {
  // The background worker polls every 2 s and would run the hold-expiry job on the moved clock
  // between a test's steps: these tests run the job themselves.
  beforeAll(() => ctx.app.services.jobs.stop());
  afterAll(() => ctx.app.services.jobs.start());

  it('puts a lapsing hold first, tells the patient once, and refuses to capture after it lapsed', async () => {
    const { orderId, patient } = await paidForReview(ctx, 'CA');
    const [payment] = await ctx.database.db.select().from(payments).where(eq(payments.orderId, orderId));
    expect(payment!.holdExpiresAt!.getTime()).toBe(payment!.authorizedAt!.getTime() + HOLD_VALID_MS);

    ctx.clock.advance(HOLD_VALID_MS - 20 * HOUR);
    // Sessions do not last a week: the doctor signs in again.
    const doctor = await signedInDoctor(ctx, ['CA']);
    const fresh = await paidForReview(ctx, 'CA');
    const queue = (await queueOf(doctor)).items.map((i) => i.orderId);
    expect(queue.indexOf(orderId)).toBeLessThan(queue.indexOf(fresh.orderId));
    const item = (await itemOf(doctor, orderId))!;
    const due = Math.min(payment!.authorizedAt!.getTime() + 24 * HOUR, payment!.holdExpiresAt!.getTime() - 12 * HOUR);
    expect(item.dueAt).toBe(new Date(due).toISOString());
    expect(item.holdExpiresAt).toBe(payment!.holdExpiresAt!.toISOString());
    await ctx.app.services.holdExpiry.sweep();
    await ctx.app.services.holdExpiry.sweep();
    const told = await ctx.database.db.select().from(jobs).where(eq(jobs.singletonKey, `order.notice:${orderId}:hold_expiring`));
    expect(told).toHaveLength(1);

    ctx.clock.advance(21 * HOUR);
    const later = await signedInDoctor(ctx, ['CA']);
    expect((await later.post(`/api/doctor/orders/${orderId}/claim`)).statusCode).toBe(200);
    const refused = await later.post(`/api/doctor/orders/${orderId}/approve`, {
      formularyId: DEMO_FORMULARY.metforminEr500,
      quantity: 60,
      daysSupply: 30,
      directions: 'Take 1 tablet by mouth twice daily with meals.',
      refills: 5,
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().detail).toBe('The card hold has lapsed, so this order cannot be approved; it will be cancelled and the patient told.');
    // Nothing was captured: the hold is recorded as released by the processor.
    expect((await ctx.database.db.select().from(payments).where(eq(payments.orderId, orderId)))[0]!.status).toBe('voided');
    // The hold-expiry job then cancels the order (no dead end) and tells the patient.
    await ctx.app.services.holdExpiry.sweep();
    expect(await statusOf(orderId)).toBe('cancelled');
    expect(await patientMails(patient.userId)).toContainEqual(expect.objectContaining({ subject: expect.stringContaining('was cancelled') }));
  });

  it('cancels an order still waiting for a doctor once its hold lapsed, without charging; an order decided in time is untouched', async () => {
    const waiting = await paidForReview(ctx, 'CA');
    const decided = await paidForReview(ctx, 'CA');
    const doctor = await signedInDoctor(ctx, ['CA']);
    expect((await doctor.post(`/api/doctor/orders/${decided.orderId}/claim`)).statusCode).toBe(200);
    const approved = await doctor.post(`/api/doctor/orders/${decided.orderId}/approve`, {
      formularyId: DEMO_FORMULARY.metforminEr500,
      quantity: 60,
      daysSupply: 30,
      directions: 'Take 1 tablet by mouth twice daily with meals.',
      refills: 5,
    });
    expect(approved.statusCode).toBe(200);
    await ctx.app.services.jobs.drain(); // the approval's follow-up (the prescription) runs as a job
    const decidedStatus = await statusOf(decided.orderId);
    expect(['approved', 'prescribed']).toContain(decidedStatus);
    const paymentOf = async (orderId: string) => (await ctx.database.db.select().from(payments).where(eq(payments.orderId, orderId)))[0]!;

    // Before the hold lapses the job only warns.
    ctx.clock.advance(HOLD_VALID_MS - HOUR);
    await ctx.app.services.holdExpiry.sweep();
    expect(await statusOf(waiting.orderId)).toBe('awaiting_review');
    expect((await paymentOf(waiting.orderId)).status).toBe('authorized');

    ctx.clock.advance(2 * HOUR);
    await ctx.app.services.holdExpiry.sweep();
    expect(await statusOf(waiting.orderId)).toBe('cancelled');
    // Not captured: recorded as released by the processor.
    expect(await paymentOf(waiting.orderId)).toMatchObject({ status: 'voided', capturedAt: null, failureCode: 'authorization_expired' });
    const changes = await ctx.database.db.select().from(auditEvents).where(and(eq(auditEvents.subjectId, waiting.orderId), eq(auditEvents.action, 'order.status_changed')));
    expect(changes.map((e) => e.details)).toContainEqual(expect.objectContaining({ from: 'awaiting_review', to: 'cancelled', reason: 'card_hold_lapsed' }));
    const mail = (await patientMails(waiting.patient.userId)).find((m) => m.subject?.includes('was cancelled'));
    expect(mail?.body).toContain('Your doctor could not review your order before the hold on your card was released.');
    expect(mail?.body).toContain('you were not charged; you can order again');
    // The order decided in time keeps its status and its charge.
    expect(await statusOf(decided.orderId)).toBe(decidedStatus);
    expect((await paymentOf(decided.orderId)).status).toBe('captured');
    // A second pass changes nothing: one mail only.
    await ctx.app.services.holdExpiry.sweep();
    expect((await patientMails(waiting.patient.userId)).filter((m) => m.subject?.includes('was cancelled'))).toHaveLength(1);
  });
});

/** The patient's mails, after the queued notices are sent. */
async function patientMails(userId: string) {
  await ctx.app.services.jobs.drain();
  const email = (await ctx.database.db.select({ email: users.email }).from(users).where(eq(users.id, userId)))[0]!.email;
  return (await ctx.app.services.notifications.outbox(500)).filter((m) => m.to === email);
}
