// issue 16 "Jobs": reminders by mail and SMS (24 hours and 15 minutes before, with the join link),
// and a visit nobody joined in its window becomes missed (DATA-MODEL.md visit_scheduled →
// visit_missed → visit_scheduled | cancelled: void); a doctor who does not come → the patient is
// offered another doctor or time first. Tested with the movable clock; the sweeps are called directly
// (the background worker is paused: on a moved clock it would run them too).
import { randomUUID } from 'node:crypto';
import { cardDetailsSchema, formatVisitRange, Stage, type StageFlag } from '@store/domain';
import { and, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, TestBrowser, type TestContext } from '../../test/app.ts';
import { auditEvents } from '../db/schema/audit.ts';
import { users } from '../db/schema/auth.ts';
import { orders } from '../db/schema/orders.ts';
import { payments } from '../db/schema/payments.ts';
import { appointments } from '../db/schema/scheduling.ts';
import { visitReminders, visits } from '../db/schema/visits.ts';
import { DEMO_DOCTOR_IDS } from '../db/seed/doctors.ts';
import { DEMO_PRODUCTS } from '../db/seed/store.ts';
import { DEMO_COMPANY_ID, EVERGREEN_ID } from '../db/seed/storefronts.ts';
import type { OrderOwner } from '../modules/orders/orders.service.ts';
import { missedOutcomeOf } from './missed-visit.ts';
import { noticeText } from './order-notices.ts';

const P = DEMO_PRODUCTS.evergreen;
let ctx: TestContext;
// Monday 1 February 2027, 07:00 in New York.
const MONDAY = new Date('2027-02-01T12:00:00Z');
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const PHONE = '(555) 201-3344';

type Send = (method: 'GET' | 'POST', url: string, payload?: unknown) => Promise<LightMyRequestResponse>;

async function patientUser() {
  const [row] = await ctx.database.db
    .insert(users)
    .values({ companyId: DEMO_COMPANY_ID, storefrontId: EVERGREEN_ID, email: `patient.${randomUUID()}@example.com`, role: 'patient', firstName: 'Pat', lastName: 'Lee' })
    .returning({ id: users.id, email: users.email });
  // A fresh session for each request: the tests move the clock by days.
  const send: Send = async (method, url, payload) => {
    const { token } = await ctx.app.services.sessions.createUserSession(row!.id, EVERGREEN_ID);
    return ctx.app.inject({
      method,
      url,
      headers: { host: 'localhost:3000', authorization: `Bearer ${token}`, 'x-requested-with': 'fetch', ...(method === 'POST' && url.endsWith('/pay') ? { 'idempotency-key': `pay-${randomUUID()}` } : {}) },
      ...(payload === undefined ? {} : { payload: payload as string }),
    }) as Promise<LightMyRequestResponse>;
  };
  return { ...row!, send };
}

beforeAll(async () => {
  ctx = await createTestApp();
  // The sweeps are called directly; `drain` then sends the notices they queued.
  await ctx.app.services.jobs.stop();
});
afterAll(() => ctx.close());
beforeEach(() => {
  ctx.clock.now = MONDAY;
});

const at = (iso: string, ms = 0) => {
  ctx.clock.now = new Date(new Date(iso).getTime() + ms);
};

/** A signed-in patient's paid video-visit order with Dr. Okafor (NY) at `startsAt`: visit_scheduled, card held, texts to PHONE. */
async function paidVisit(startsAt: string) {
  const patient = await patientUser();
  const { send } = patient;
  const orderId = (await send('POST', '/api/cart')).json().id as string;
  expect((await send('PATCH' as 'POST', `/api/orders/${orderId}/items`, { items: [{ productId: P.semaglutide }] })).statusCode).toBe(200);
  expect((await send('PATCH' as 'POST', `/api/orders/${orderId}/shipping`, { state: 'NY' })).statusCode).toBe(200);
  const storefront = await ctx.app.services.storefronts.getById(EVERGREEN_ID);
  const owner: OrderOwner = { kind: 'user', userId: patient.id };
  const progress = await ctx.app.services.checkout.getProgress(storefront, owner, orderId);
  const complete = (stage: StageFlag, itemId?: string) => ctx.app.services.checkout.completeStage({ storefront, owner, orderId, stage, itemId });
  await complete(Stage.Consult, progress.items[0]!.id);
  await complete(Stage.Shipping);
  await complete(Stage.Pharmacy);
  const invitee = { name: 'Pat Lee', email: patient.email, number: PHONE };
  const booked = await send('POST', `/api/orders/${orderId}/appointment`, { doctorId: DEMO_DOCTOR_IDS.okafor, startsAt, invitee, timeZone: 'America/New_York' });
  expect(booked.statusCode).toBe(201);
  const card = cardDetailsSchema(ctx.clock.now).parse({ number: '4242424242424242', expMonth: 12, expYear: 2035, cvc: '123' });
  const cardToken = (await ctx.app.services.paymentGateway.sandbox!.tokenize(card)).token;
  const consents = (await ctx.app.services.consents.current(EVERGREEN_ID)).map((c) => c.id);
  const paid = await send('POST', `/api/orders/${orderId}/pay`, { paymentMethod: { token: cardToken }, acceptedConsentIds: consents });
  expect(paid.json().status).toBe('visit_scheduled');
  await ctx.database.db.update(orders).set({ phone: '5552013344' }).where(eq(orders.id, orderId));
  await ctx.app.services.jobs.drain();
  return { patient, orderId, appointmentId: booked.json().appointment.id as string };
}

const orderOf = async (orderId: string) => (await ctx.database.db.select().from(orders).where(eq(orders.id, orderId)))[0]!;
const visitsOf = (orderId: string) => ctx.database.db.select().from(appointments).where(eq(appointments.orderId, orderId));
const outbox = () => ctx.app.services.notifications.outbox(1000);
const mailsTo = async (email: string, subject: string) => (await outbox()).filter((m) => m.channel === 'email' && m.to === email && m.subject?.includes(subject));
const remindSweep = () => ctx.app.services.visitReminderJob.sweep();
const closedSweep = () => ctx.app.services.missedVisits.sweepClosed();

/** Who arrived, as the signalling server records it (the visits module's row). */
async function arrived(appointmentId: string, orderId: string, who: { patient?: Date; doctor?: Date }) {
  await ctx.database.db.insert(visits).values({
    appointmentId,
    orderId,
    doctorId: DEMO_DOCTOR_IDS.okafor,
    patientJoinedAt: who.patient ?? null,
    doctorJoinedAt: who.doctor ?? null,
  });
}

/** Open starts of a doctor in the week after. */
async function openStarts(doctorId: string): Promise<string[]> {
  const days = (await new TestBrowser(ctx.app).get(`/api/doctors/${doctorId}/slots?from=2027-02-15&to=2027-02-19&tz=America/New_York`)).json().days as { slots: { startsAt: string }[] }[];
  return days.flatMap((d) => d.slots.map((s) => s.startsAt));
}

describe('visit reminders (issue 16)', () => {
  it('sends the 24-hour and the 15-minute reminder once each, by mail and text, with the join link', async () => {
    // Booked on Monday 07:00 for Tuesday 09:00 in New York: more than a day ahead.
    const startsAt = '2027-02-02T14:00:00.000Z';
    const { patient, orderId, appointmentId } = await paidVisit(startsAt);
    const when = formatVisitRange(startsAt, '2027-02-02T14:30:00.000Z', 'America/New_York');
    expect(when).toBe('Tuesday, February 2, 2027, 9:00 – 9:30 AM EST');

    // Over a day before: nothing yet.
    at(startsAt, -DAY - MINUTE);
    expect(await remindSweep()).toBe(0);
    // A day before: the 24-hour reminder, once across two sweeps (and two racing).
    at(startsAt, -DAY + MINUTE);
    const [a, b] = await Promise.all([remindSweep(), remindSweep()]);
    expect(a + b).toBe(1);
    expect(await remindSweep()).toBe(0);
    await ctx.app.services.jobs.drain();
    const dayBefore = await mailsTo(patient.email, 'Reminder: your video visit');
    expect(dayBefore).toHaveLength(1);
    expect(dayBefore[0]!.body).toContain(`Your video visit with Dr. Amara Okafor, MD is on ${when}.`);
    expect(dayBefore[0]!.body).toContain(`/checkout/patient-visit?id=${orderId}`);
    // No clinical detail: the product is not named.
    expect(dayBefore[0]!.body).not.toMatch(/semaglutide/i);
    const texts = (await outbox()).filter((m) => m.channel === 'sms' && m.to === '5552013344' && m.body.includes('Reminder: your video visit'));
    expect(texts).toHaveLength(1);
    expect(texts[0]!.body).toContain(`is on ${when}. Join here: http`);
    expect(texts[0]!.body).toContain(`/checkout/patient-visit?id=${orderId}`);

    // Three hours before: the day-before one went already, the quarter-hour one is not due.
    at(startsAt, -3 * HOUR);
    expect(await remindSweep()).toBe(0);
    // Fourteen minutes before: the 15-minute reminder, once.
    at(startsAt, -14 * MINUTE);
    expect(await remindSweep()).toBe(1);
    at(startsAt, -13 * MINUTE);
    expect(await remindSweep()).toBe(0);
    await ctx.app.services.jobs.drain();
    const soon = await mailsTo(patient.email, 'Your video visit starts soon');
    expect(soon).toHaveLength(1);
    expect(soon[0]!.body).toContain(`/checkout/patient-visit?id=${orderId}`);
    expect((await mailsTo(patient.email, 'Reminder: your video visit'))).toHaveLength(1);
    const sent = await ctx.database.db.select().from(visitReminders).where(eq(visitReminders.appointmentId, appointmentId));
    expect(sent.map((r) => r.kind).sort()).toEqual(['15m', '24h']);
  });

  it('sends no 24-hour reminder for a visit booked 3 hours ahead, only the 15-minute one', async () => {
    // Booked Monday 07:00 for Monday 10:00 in New York.
    const startsAt = '2027-02-01T15:00:00.000Z';
    const { patient } = await paidVisit(startsAt);
    expect(await remindSweep()).toBe(0);
    at(startsAt, -2 * HOUR - MINUTE);
    expect(await remindSweep()).toBe(0);
    at(startsAt, -10 * MINUTE);
    expect(await remindSweep()).toBe(1);
    await ctx.app.services.jobs.drain();
    expect(await mailsTo(patient.email, 'Reminder: your video visit')).toHaveLength(0);
    expect(await mailsTo(patient.email, 'Your video visit starts soon')).toHaveLength(1);
  });

  it('sends no reminder for a cancelled visit', async () => {
    const startsAt = '2027-02-02T15:00:00.000Z';
    const { patient, orderId } = await paidVisit(startsAt);
    // The patient cancels the order from the account: its visit is cancelled with it.
    expect((await patient.send('POST', `/api/account/orders/${orderId}/cancel`)).statusCode).toBe(200);
    expect((await visitsOf(orderId)).map((v) => v.status)).toEqual(['cancelled']);
    at(startsAt, -DAY + MINUTE);
    expect(await remindSweep()).toBe(0);
    at(startsAt, -14 * MINUTE);
    expect(await remindSweep()).toBe(0);
    await ctx.app.services.jobs.drain();
    expect(await mailsTo(patient.email, 'your video visit')).toHaveLength(0);
  });

  it('words a phone visit’s reminder as the doctor calling, with no join link in the text', () => {
    const text = noticeText('visit_reminder_15m', 'EG-1', { startsAt: '2027-02-02T14:00:00Z', endsAt: '2027-02-02T14:30:00Z', timeZone: 'America/Chicago', visitType: 2, phone: PHONE, doctorName: 'Dr. Amara Okafor, MD' }, 'Pat');
    expect(text.subject).toBe('Your phone visit starts soon (order EG-1)');
    expect(text.paragraphs).toContain(`Your doctor will call you at ${PHONE}. Please keep your phone with you and answer calls from numbers you do not know.`);
    expect(text.sms).toBe(`Your phone visit with Dr. Amara Okafor, MD starts soon (Tuesday, February 2, 2027, 8:00 – 8:30 AM CST). Your doctor will call you at ${PHONE}.`);
    expect(text.smsLink).toBe(false);
  });
});

describe('a visit nobody joined becomes missed (issue 16)', () => {
  it('after its window, not before; the patient is told (audited as the system) and books a new time within 3 days', async () => {
    const startsAt = '2027-02-02T16:00:00.000Z';
    const { patient, orderId, appointmentId } = await paidVisit(startsAt);
    // The window closes 15 minutes after the booked end (16:30 + 15 min).
    at('2027-02-02T16:45:00.000Z', -MINUTE);
    expect(await closedSweep()).toEqual({ missedByPatient: 0, missedByDoctor: 0, completed: 0 });
    expect((await orderOf(orderId)).status).toBe('visit_scheduled');

    at('2027-02-02T16:45:00.000Z');
    // Two sweeps racing mark it once.
    const [a, b] = await Promise.all([closedSweep(), closedSweep()]);
    expect(a.missedByPatient + b.missedByPatient).toBe(1);
    expect(await closedSweep()).toEqual({ missedByPatient: 0, missedByDoctor: 0, completed: 0 });
    expect((await orderOf(orderId)).status).toBe('visit_missed');
    expect((await visitsOf(orderId)).map((v) => v.status)).toEqual(['missed']);
    const [visit] = await ctx.database.db.select().from(visits).where(eq(visits.appointmentId, appointmentId));
    expect(visit).toMatchObject({ outcome: 'missed_by_patient', endedBy: 'system', endedAt: ctx.clock.now });
    const events = await ctx.database.db.select().from(auditEvents).where(and(eq(auditEvents.subjectId, orderId), eq(auditEvents.action, 'order.status_changed')));
    expect(events.find((e) => e.details.to === 'visit_missed')).toMatchObject({ actorType: 'system', details: { from: 'visit_scheduled', to: 'visit_missed', reason: 'patient_did_not_attend' } });
    const [visitEvent] = await ctx.database.db.select().from(auditEvents).where(and(eq(auditEvents.subjectId, appointmentId), eq(auditEvents.action, 'appointment.missed')));
    expect(visitEvent).toMatchObject({ actorType: 'system', details: { outcome: 'missed_by_patient' } });

    await ctx.app.services.jobs.drain();
    const [mail] = await mailsTo(patient.email, 'You missed your visit');
    expect(mail!.body).toContain('book a new time within 3 days');
    expect(mail!.body).toContain('/my-account/visit');
    // The account page shows the missed visit, missed by the patient.
    expect((await patient.send('GET', '/api/account/visit')).json()).toMatchObject({ appointment: { id: appointmentId, status: 'missed' }, order: { state: 'paid', visitBooked: false }, missedBy: 'patient' });

    // Two days later the patient books a new time: scheduled again, and the 3-day job leaves it.
    at(startsAt, 2 * DAY);
    const [open] = await openStarts(DEMO_DOCTOR_IDS.okafor);
    const rebooked = await patient.send('POST', `/api/orders/${orderId}/appointment`, { doctorId: DEMO_DOCTOR_IDS.okafor, startsAt: open, invitee: { name: 'Pat Lee', email: patient.email, number: PHONE }, timeZone: 'America/New_York' });
    expect(rebooked.statusCode).toBe(201);
    expect((await orderOf(orderId)).status).toBe('visit_scheduled');
    at(startsAt, 4 * DAY);
    await ctx.app.services.missedVisits.sweep();
    expect((await orderOf(orderId)).status).toBe('visit_scheduled');
  });

  it('cancels the order and voids the hold when no new time is booked within 3 days', async () => {
    const startsAt = '2027-02-02T17:00:00.000Z';
    const { patient, orderId } = await paidVisit(startsAt);
    at('2027-02-02T17:45:00.000Z');
    expect(await closedSweep()).toEqual({ missedByPatient: 1, missedByDoctor: 0, completed: 0 });
    at('2027-02-02T17:45:00.000Z', 3 * DAY - MINUTE);
    expect(await ctx.app.services.missedVisits.sweep()).toBe(0);
    at('2027-02-02T17:45:00.000Z', 3 * DAY + MINUTE);
    expect(await ctx.app.services.missedVisits.sweep()).toBe(1);
    expect((await orderOf(orderId)).status).toBe('cancelled');
    const [payment] = await ctx.database.db.select().from(payments).where(eq(payments.orderId, orderId));
    expect(payment!.status).toBe('voided');
    // The sandbox processor's own record shows the hold released (canceled), as its dashboard does.
    const sandboxed = (await new TestBrowser(ctx.app).get('/dev/sandbox-payments.json')).json().payments as { status: string; metadata: Record<string, string> }[];
    expect(sandboxed.filter((p) => p.metadata.orderId === orderId).map((p) => p.status)).toEqual(['canceled']);
    await ctx.app.services.jobs.drain();
    expect((await mailsTo(patient.email, 'was cancelled')).some((m) => m.body.includes('not been charged'))).toBe(true);
  });

  it('a doctor who did not come: missed by the doctor, its own notice, and the patient books another doctor', async () => {
    const startsAt = '2027-02-03T14:00:00.000Z';
    const { patient, orderId, appointmentId } = await paidVisit(startsAt);
    // The patient joined at the start; the doctor never did.
    await arrived(appointmentId, orderId, { patient: new Date(startsAt) });
    at('2027-02-03T14:45:00.000Z');
    expect(await closedSweep()).toEqual({ missedByPatient: 0, missedByDoctor: 1, completed: 0 });
    expect((await orderOf(orderId)).status).toBe('visit_missed');
    const [visit] = await ctx.database.db.select().from(visits).where(eq(visits.appointmentId, appointmentId));
    expect(visit).toMatchObject({ outcome: 'missed_by_doctor', endedBy: 'system' });
    const events = await ctx.database.db.select().from(auditEvents).where(and(eq(auditEvents.subjectId, orderId), eq(auditEvents.action, 'order.status_changed')));
    expect(events.find((e) => e.details.to === 'visit_missed')).toMatchObject({ actorType: 'system', details: { reason: 'doctor_did_not_attend' } });

    await ctx.app.services.jobs.drain();
    const [mail] = await mailsTo(patient.email, 'Your doctor could not join your visit');
    expect(mail!.body).toContain('Please choose another doctor or time within 3 days. Your card has not been charged.');
    expect(mail!.body).toContain('/my-account/visit');
    expect(await mailsTo(patient.email, 'You missed your visit')).toHaveLength(0);
    expect((await ctx.app.services.notifications.outbox(1000)).some((m) => m.channel === 'sms' && m.to === '5552013344' && m.body.includes(`Your doctor could not join your visit for order`) && m.body.endsWith('/my-account/visit'))).toBe(true);

    // The account shows it missed by the doctor, and offers the doctors licensed in the order's state; the patient picks Dr. Petrov.
    expect((await patient.send('GET', '/api/account/visit')).json()).toMatchObject({ appointment: { id: appointmentId, status: 'missed' }, missedBy: 'doctor' });
    const choices = (await patient.send('GET', `/api/orders/${orderId}/doctors`)).json();
    expect(choices.doctors.map((d: { id: string }) => d.id)).toContain(DEMO_DOCTOR_IDS.petrov);
    at(startsAt, DAY);
    const [open] = await openStarts(DEMO_DOCTOR_IDS.petrov);
    const rebooked = await patient.send('POST', `/api/orders/${orderId}/appointment`, { doctorId: DEMO_DOCTOR_IDS.petrov, startsAt: open, invitee: { name: 'Pat Lee', email: patient.email, number: PHONE }, timeZone: 'America/New_York' });
    expect(rebooked.statusCode).toBe(201);
    expect(rebooked.json().appointment.doctor.id).toBe(DEMO_DOCTOR_IDS.petrov);
    const order = await orderOf(orderId);
    // The order is the new doctor's to see and decide.
    expect(order).toMatchObject({ status: 'visit_scheduled', doctorId: DEMO_DOCTOR_IDS.petrov });
  });

  it('completes a visit both joined that nobody ended, and leaves one the doctor completed or marked', async () => {
    const both = await paidVisit('2027-02-03T15:00:00.000Z');
    await arrived(both.appointmentId, both.orderId, { patient: new Date('2027-02-03T15:00:00Z'), doctor: new Date('2027-02-03T15:01:00Z') });
    const completed = await paidVisit('2027-02-03T16:00:00.000Z');
    await ctx.database.db.update(appointments).set({ status: 'completed' }).where(eq(appointments.id, completed.appointmentId));
    await arrived(completed.appointmentId, completed.orderId, { patient: new Date('2027-02-03T16:00:00Z') });
    await ctx.database.db.update(visits).set({ outcome: 'completed', endedBy: 'doctor' }).where(eq(visits.appointmentId, completed.appointmentId));
    // An outcome on a visit still booked (the doctor's record won a race) is left too.
    const recorded = await paidVisit('2027-02-03T17:00:00.000Z');
    await arrived(recorded.appointmentId, recorded.orderId, {});
    await ctx.database.db.update(visits).set({ outcome: 'completed', endedBy: 'doctor' }).where(eq(visits.appointmentId, recorded.appointmentId));

    at('2027-02-04T12:00:00.000Z');
    // issue 16: the visit happened, so the doctor can decide the order; it must not wait for ever.
    expect(await closedSweep()).toEqual({ missedByPatient: 0, missedByDoctor: 0, completed: 1 });
    for (const { orderId } of [both, completed, recorded]) expect((await orderOf(orderId)).status).toBe('visit_scheduled');
    expect((await ctx.database.db.select().from(visits).where(eq(visits.appointmentId, both.appointmentId)))[0]).toMatchObject({ outcome: 'completed', endedBy: 'system' });
    expect((await ctx.database.db.select().from(appointments).where(eq(appointments.id, both.appointmentId)))[0]!.status).toBe('completed');
    expect(await ctx.app.services.visits.completedVisitOf(both.orderId)).toMatchObject({ appointmentId: both.appointmentId });
    // A second pass changes nothing.
    expect(await closedSweep()).toEqual({ missedByPatient: 0, missedByDoctor: 0, completed: 0 });
  });

  it('decides who missed it from who arrived; a phone visit counts only the doctor', () => {
    const t = new Date();
    expect(missedOutcomeOf(1, undefined)).toBe('missed_by_patient');
    expect(missedOutcomeOf(1, { patientJoinedAt: null, doctorJoinedAt: t, outcome: null })).toBe('missed_by_patient');
    expect(missedOutcomeOf(1, { patientJoinedAt: t, doctorJoinedAt: null, outcome: null })).toBe('missed_by_doctor');
    expect(missedOutcomeOf(1, { patientJoinedAt: t, doctorJoinedAt: t, outcome: null })).toBeNull();
    expect(missedOutcomeOf(2, undefined)).toBe('missed_by_doctor');
    expect(missedOutcomeOf(2, { patientJoinedAt: null, doctorJoinedAt: t, outcome: null })).toBeNull();
  });

  it('is one notice whether the doctor or the clock marked it', async () => {
    const startsAt = '2027-02-04T14:00:00.000Z';
    const { patient, orderId, appointmentId } = await paidVisit(startsAt);
    // The doctor marks it missed during the window (issue 15); the clock's sweep then has nothing to do.
    at(startsAt, 20 * MINUTE);
    const marked = await ctx.app.services.missedVisits.markMissed({ doctorId: DEMO_DOCTOR_IDS.okafor, appointmentId, audit: { actor: { type: 'system' } } });
    expect(marked).toEqual({ status: 'visit_missed', orderId });
    const [visit] = await ctx.database.db.select().from(visits).where(eq(visits.appointmentId, appointmentId));
    expect(visit).toMatchObject({ outcome: 'missed_by_patient', endedBy: 'doctor' });
    at(startsAt, HOUR);
    expect(await closedSweep()).toEqual({ missedByPatient: 0, missedByDoctor: 0, completed: 0 });
    await ctx.app.services.jobs.drain();
    expect(await mailsTo(patient.email, 'You missed your visit')).toHaveLength(1);
  });
});
