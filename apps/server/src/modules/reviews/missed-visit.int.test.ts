// issue 15: "every status in the domain's state machine is reached by a user action or a job" —
// visit_missed (DATA-MODEL.md visit_scheduled → visit_missed → visit_scheduled | cancelled). After a
// paid video visit's start has passed, its doctor marks it missed; the patient books a new time from
// the account; an order not booked again within 3 days is cancelled by a job and its hold voided.
import { randomUUID } from 'node:crypto';
import { cardDetailsSchema, Stage, type StageFlag } from '@store/domain';
import { and, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTestApp, TestBrowser, type TestContext } from '../../../test/app.ts';
import { auditEvents } from '../../db/schema/audit.ts';
import { users } from '../../db/schema/auth.ts';
import { doctorLicenses, doctors } from '../../db/schema/doctors.ts';
import { orders } from '../../db/schema/orders.ts';
import { payments } from '../../db/schema/payments.ts';
import { appointments } from '../../db/schema/scheduling.ts';
import { DEMO_DOCTOR_IDS } from '../../db/seed/doctors.ts';
import { DEMO_PRODUCTS } from '../../db/seed/store.ts';
import { DEMO_COMPANY_ID, EVERGREEN_ID } from '../../db/seed/storefronts.ts';
import { PAYMENTS_RECONCILE_SWEEP_JOB } from '../../workflows/pay.ts';
import type { OrderOwner } from '../orders/orders.service.ts';
import { toFailureResult } from '../payments/payment-failures.ts';

const P = DEMO_PRODUCTS.evergreen;
let ctx: TestContext;
// Monday 1 February 2027, 07:00 in New York (as in order-visits.int.test.ts).
const MONDAY = new Date('2027-02-01T12:00:00Z');
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/**
 * When the doctor marks a visit missed: 20 minutes after its start, inside its window (issue 16:
 * once the window closes, 15 minutes after the booked end, the clock's job marks it itself).
 */
const MARKED = 20 * 60_000;

type Send = (method: 'GET' | 'POST', url: string, payload?: unknown, headers?: Record<string, string>) => Promise<LightMyRequestResponse>;
function bearer(token: string): Send {
  return (method, url, payload, headers = {}) =>
    ctx.app.inject({
      method,
      url,
      headers: { host: 'localhost:3000', authorization: `Bearer ${token}`, 'x-requested-with': 'fetch', ...headers },
      ...(payload === undefined ? {} : { payload: payload as string }),
    }) as Promise<LightMyRequestResponse>;
}

async function user(role: 'patient' | 'doctor', firstName: string) {
  const [row] = await ctx.database.db
    .insert(users)
    .values({ companyId: DEMO_COMPANY_ID, storefrontId: EVERGREEN_ID, email: `${role}.${randomUUID()}@example.com`, role, firstName, lastName: 'Lee' })
    .returning({ id: users.id, email: users.email });
  // A fresh session for each request: the tests move the clock by days.
  const send: Send = async (...args) => bearer((await ctx.app.services.sessions.createUserSession(row!.id, EVERGREEN_ID)).token)(...args);
  return { ...row!, send };
}

/** The seeded Dr. Okafor (NY, video visits), signed in; and another doctor licensed in NY. */
let okafor: Awaited<ReturnType<typeof user>>;
let otherDoctor: Awaited<ReturnType<typeof user>>;

beforeAll(async () => {
  ctx = await createTestApp();
  okafor = await user('doctor', 'Chidi');
  await ctx.database.db.update(doctors).set({ userId: okafor.id }).where(eq(doctors.id, DEMO_DOCTOR_IDS.okafor));
  otherDoctor = await user('doctor', 'Ana');
  const [row] = await ctx.database.db
    .insert(doctors)
    .values({ companyId: DEMO_COMPANY_ID, storefrontId: null, userId: otherDoctor.id, name: 'Dr. Ana Ruiz', credentials: 'MD', timeZone: 'America/New_York' })
    .returning({ id: doctors.id });
  await ctx.database.db.insert(doctorLicenses).values({ doctorId: row!.id, state: 'NY' });
});
afterAll(() => ctx.close());
beforeEach(() => {
  ctx.clock.now = MONDAY;
});

/** A signed-in patient's paid video-visit order with Dr. Okafor at `startsAt` (visit_scheduled, card held). */
async function paidVisit(startsAt: string) {
  const patient = await user('patient', 'Pat');
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
  const invitee = { name: 'Pat Lee', email: patient.email, number: '(555) 201-3344' };
  const booked = await send('POST', `/api/orders/${orderId}/appointment`, { doctorId: DEMO_DOCTOR_IDS.okafor, startsAt, invitee, timeZone: 'America/New_York' });
  expect(booked.statusCode).toBe(201);
  const card = cardDetailsSchema(ctx.clock.now).parse({ number: '4242424242424242', expMonth: 12, expYear: 2035, cvc: '123' });
  const cardToken = (await ctx.app.services.paymentGateway.sandbox!.tokenize(card)).token;
  const consents = (await ctx.app.services.consents.current(EVERGREEN_ID)).map((c) => c.id);
  const paid = await send('POST', `/api/orders/${orderId}/pay`, { paymentMethod: { token: cardToken }, acceptedConsentIds: consents }, { 'idempotency-key': `pay-${randomUUID()}` });
  expect(paid.json().status).toBe('visit_scheduled');
  await ctx.app.services.jobs.drain();
  return { patient, orderId, appointmentId: booked.json().appointment.id as string };
}

const orderStatus = async (orderId: string) => (await ctx.database.db.select().from(orders).where(eq(orders.id, orderId)))[0]!.status;
const visitsOf = (orderId: string) => ctx.database.db.select().from(appointments).where(eq(appointments.orderId, orderId));
const mailsTo = async (email: string) => (await ctx.app.services.notifications.outbox(500)).filter((m) => m.to === email);
const markMissed = (who: { send: Send }, appointmentId: string) => who.send('POST', `/api/doctor/visits/${appointmentId}/missed`);
const at = (iso: string, ms = 0) => {
  ctx.clock.now = new Date(new Date(iso).getTime() + ms);
};

/** Runs `fn` with the background worker paused (it polls every 2 s and would run the recurring sweeps on the moved clock). */
async function withoutWorker(fn: () => Promise<void>) {
  await ctx.app.services.jobs.stop();
  try {
    await fn();
  } finally {
    ctx.app.services.jobs.start();
  }
}

/** Open starts of Dr. Okafor the week after. */
async function openStarts(): Promise<string[]> {
  const days = (await new TestBrowser(ctx.app).get(`/api/doctors/${DEMO_DOCTOR_IDS.okafor}/slots?from=2027-02-15&to=2027-02-19&tz=America/New_York`)).json().days as { slots: { startsAt: string }[] }[];
  return days.flatMap((d) => d.slots.map((s) => s.startsAt));
}

describe('a missed visit (issue 15)', () => {
  it('is marked by the visit’s doctor only once it has started; the patient is told and books a new time from the account', async () => {
    const startsAt = '2027-02-02T14:00:00.000Z';
    const { patient, orderId, appointmentId } = await paidVisit(startsAt);

    // issue 15: not before the visit's start.
    const early = await markMissed(okafor, appointmentId);
    expect(early.statusCode).toBe(409);
    expect(early.json().detail).toBe('This visit has not started yet.');

    at(startsAt, 15 * 60_000);
    // issue 15 / brief: staff routes answer 404 to anyone else (another doctor, the patient, a guest, an unknown id).
    expect((await markMissed(otherDoctor, appointmentId)).statusCode).toBe(404);
    expect((await markMissed(patient, appointmentId)).statusCode).toBe(404);
    expect((await new TestBrowser(ctx.app).post(`/api/doctor/visits/${appointmentId}/missed`)).statusCode).toBe(404);
    expect((await markMissed(okafor, randomUUID())).statusCode).toBe(404);
    expect(await orderStatus(orderId)).toBe('visit_scheduled');

    // The doctor sees the visit in today's list, still booked, and marks it missed.
    const queue = (await okafor.send('GET', '/api/doctor/queue')).json();
    expect(queue.todayVisits).toEqual(expect.arrayContaining([expect.objectContaining({ appointmentId, status: 'booked' })]));
    const marked = await markMissed(okafor, appointmentId);
    expect(marked.statusCode).toBe(200);
    expect(marked.headers['cache-control']).toBe('no-store');
    expect(marked.json()).toEqual({ status: 'visit_missed', orderId });
    expect(await orderStatus(orderId)).toBe('visit_missed');
    expect((await visitsOf(orderId)).map((v) => v.status)).toEqual(['missed']);
    // The order's change is audited with the doctor as actor and the reason.
    const [event] = await ctx.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.subjectId, orderId), eq(auditEvents.action, 'order.status_changed')))
      .then((rows) => rows.filter((r) => r.details.to === 'visit_missed'));
    expect(event).toMatchObject({ actorType: 'user', actorId: okafor.id, details: { from: 'visit_scheduled', to: 'visit_missed', reason: 'patient_did_not_attend' } });
    // Once only.
    expect((await markMissed(okafor, appointmentId)).statusCode).toBe(409);

    // The patient is told, with a link to book a new time.
    await ctx.app.services.jobs.drain();
    const [mail] = (await mailsTo(patient.email)).filter((m) => m.subject?.includes('You missed your visit'));
    expect(mail!.body).toContain('book a new time within 3 days');
    expect(mail!.body).toContain('/my-account/visit');

    // The account shows the missed visit of a paid order waiting for a new time.
    expect((await patient.send('GET', '/api/account/visit')).json()).toMatchObject({ appointment: { id: appointmentId, status: 'missed' }, order: { id: orderId, state: 'paid', visitBooked: false } });
    // The account page books a new time for the same order (same doctor, same contact): scheduled again.
    const [open] = await openStarts();
    const rebooked = await patient.send('POST', `/api/orders/${orderId}/appointment`, {
      doctorId: DEMO_DOCTOR_IDS.okafor,
      startsAt: open,
      invitee: { name: 'Pat Lee', email: patient.email, number: '(555) 201-3344' },
      timeZone: 'America/New_York',
    });
    expect(rebooked.statusCode).toBe(201);
    expect(await orderStatus(orderId)).toBe('visit_scheduled');
    expect((await visitsOf(orderId)).map((v) => v.status).sort()).toEqual(['booked', 'missed']);
    expect((await patient.send('GET', '/api/account/visit')).json()).toMatchObject({ appointment: { status: 'booked', startsAt: open }, order: { state: 'paid', visitBooked: true } });
    // A job 3 days later leaves a rebooked order alone.
    at(startsAt, 4 * DAY);
    await ctx.app.services.missedVisits.sweep();
    expect(await orderStatus(orderId)).toBe('visit_scheduled');
  });

  it('can be booked again with "reschedule my recent visit" from the account', async () => {
    const startsAt = '2027-02-02T15:00:00.000Z';
    const { patient, orderId, appointmentId } = await paidVisit(startsAt);
    at(startsAt, MARKED);
    expect((await markMissed(okafor, appointmentId)).statusCode).toBe(200);
    const [, open] = await openStarts();
    const moved = await patient.send('POST', `/api/account/orders/${orderId}/reschedule`, { startsAt: open, timeZone: 'America/New_York' });
    expect(moved.statusCode).toBe(200);
    expect(moved.json().appointment).toMatchObject({ status: 'booked', startsAt: open, orderId });
    expect(await orderStatus(orderId)).toBe('visit_scheduled');
    // Another patient cannot rebook someone else's order.
    const other = await user('patient', 'Sam');
    expect((await other.send('POST', `/api/account/orders/${orderId}/reschedule`, { startsAt: open })).statusCode).toBe(404);
  });

  it('cancels the order and voids its hold when no new time is booked within 3 days', async () => {
    const startsAt = '2027-02-02T16:00:00.000Z';
    const { patient, orderId, appointmentId } = await paidVisit(startsAt);
    at(startsAt, MARKED);
    expect((await markMissed(okafor, appointmentId)).statusCode).toBe(200);
    // Within the 3 days: the order waits.
    at(startsAt, MARKED + 3 * DAY - 60_000);
    expect(await ctx.app.services.missedVisits.sweep()).toBe(0);
    expect(await orderStatus(orderId)).toBe('visit_missed');
    // After them: the order is cancelled, with the reason, and the patient told; then the hold is voided.
    at(startsAt, MARKED + 3 * DAY + 60_000);
    expect(await ctx.app.services.missedVisits.sweep()).toBe(1);
    expect(await orderStatus(orderId)).toBe('cancelled');
    const [payment] = await ctx.database.db.select().from(payments).where(eq(payments.orderId, orderId));
    expect(payment!.status).toBe('voided');
    const events = await ctx.database.db.select().from(auditEvents).where(and(eq(auditEvents.subjectId, orderId), eq(auditEvents.action, 'order.status_changed')));
    expect(events.map((e) => e.details)).toContainEqual(expect.objectContaining({ from: 'visit_missed', to: 'cancelled', reason: 'visit_missed_not_rebooked' }));
    await ctx.app.services.jobs.drain();
    expect((await mailsTo(patient.email)).some((m) => m.subject?.includes('was cancelled') && m.body.includes('not been charged'))).toBe(true);
    // Nothing more to book; a second pass does nothing.
    expect(await ctx.app.services.missedVisits.sweep()).toBe(0);
    expect((await patient.send('GET', '/api/account/visit')).json()).toEqual({ appointment: null, order: null, missedBy: null });
  });

  it('cancels the order first; a hold whose void fails is released by the payments reconciliation sweep', async () => {
    const startsAt = '2027-02-02T17:00:00.000Z';
    const { patient, orderId, appointmentId } = await paidVisit(startsAt);
    at(startsAt, MARKED);
    expect((await markMissed(okafor, appointmentId)).statusCode).toBe(200);
    // The processor cannot be reached when the job voids the hold: the order is cancelled all the same.
    const spy = vi.spyOn(ctx.app.services.paymentGateway.gateway, 'void').mockResolvedValue(toFailureResult('gateway_unavailable'));
    try {
      await withoutWorker(async () => {
        at(startsAt, MARKED + 3 * DAY + 60_000);
        expect(await ctx.app.services.missedVisits.sweep()).toBe(1);
      });
      expect(spy).toHaveBeenCalled();
    } finally {
      spy.mockRestore();
    }
    expect(await orderStatus(orderId)).toBe('cancelled');
    const paymentStatus = async () => (await ctx.database.db.select().from(payments).where(eq(payments.orderId, orderId)))[0]!.status;
    expect(await paymentStatus()).toBe('authorized');
    // The rebooking link is closed at once, before the money has moved.
    const [open] = await openStarts();
    const late = await patient.send('POST', `/api/orders/${orderId}/appointment`, {
      doctorId: DEMO_DOCTOR_IDS.okafor,
      startsAt: open,
      invitee: { name: 'Pat Lee', email: patient.email, number: '(555) 201-3344' },
      timeZone: 'America/New_York',
    });
    expect(late.statusCode).toBe(409);
    // The reconciliation sweep (every 5 minutes) releases the hold behind the cancelled order.
    await ctx.app.services.jobs.enqueue(PAYMENTS_RECONCILE_SWEEP_JOB, {});
    await ctx.app.services.jobs.drain();
    expect(await paymentStatus()).toBe('voided');
    await ctx.app.services.jobs.drain();
    expect((await mailsTo(patient.email)).some((m) => m.subject?.includes('was cancelled') && m.body.includes('not been charged'))).toBe(true);
  });

  it('refuses a new time once the 3 days have passed, even before the job has cancelled the order', async () => {
    const startsAt = '2027-02-02T18:00:00.000Z';
    const { patient, orderId, appointmentId } = await paidVisit(startsAt);
    at(startsAt, MARKED);
    expect((await markMissed(okafor, appointmentId)).statusCode).toBe(200);
    await ctx.app.services.jobs.drain();
    const [open] = await openStarts();
    const book = () =>
      patient.send('POST', `/api/orders/${orderId}/appointment`, {
        doctorId: DEMO_DOCTOR_IDS.okafor,
        startsAt: open,
        invitee: { name: 'Pat Lee', email: patient.email, number: '(555) 201-3344' },
        timeZone: 'America/New_York',
      });
    const refusal = 'The time to book a new visit has passed; this order was cancelled and your card was not charged.';
    await withoutWorker(async () => {
      at(startsAt, MARKED + 3 * DAY + 60_000);
      const refused = await book();
      expect(refused.statusCode).toBe(409);
      expect(refused.json().detail).toBe(refusal);
      // Nothing was booked and the order still waits for the job (not run yet).
      expect((await visitsOf(orderId)).map((v) => v.status)).toEqual(['missed']);
      expect(await orderStatus(orderId)).toBe('visit_missed');
      // "Reschedule my recent visit" from the account is refused the same way.
      const rescheduled = await patient.send('POST', `/api/account/orders/${orderId}/reschedule`, { startsAt: open, timeZone: 'America/New_York' });
      expect(rescheduled.statusCode).toBe(409);
      expect(rescheduled.json().detail).toBe(refusal);
      expect(await ctx.app.services.missedVisits.sweep()).toBe(1);
    });
    expect(await orderStatus(orderId)).toBe('cancelled');
    // After the job: the same plain answer.
    const after = await book();
    expect(after.statusCode).toBe(409);
    expect(after.json().detail).toBe(refusal);
    expect((await ctx.database.db.select().from(payments).where(eq(payments.orderId, orderId)))[0]!.status).toBe('voided');
  });
});
