// issue 16 "The visit" over HTTP: the patient's view of their order's visit, the ICE servers with
// time-limited TURN credentials (coturn's shared-secret scheme), the doctor's view and private note,
// completing a visit, and the rule that a visit's order is decided only after its visit. Only the
// visit's patient and its doctor reach any of it: everyone else gets the 404 of an unknown id.
import { createHmac, randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, TestBrowser, type TestContext } from '../../../test/app.ts';
import { signedInPatient } from '../../../test/patients.ts';
import { signedInDoctor } from '../../../test/reviews.ts';
import { bearer, paidVisitOrder, SignalClient, signedInOkafor, signIn, VISIT_TEST_MONDAY, type PaidVisit } from '../../../test/visit-call.ts';
import { auditEvents } from '../../db/schema/audit.ts';
import { orders } from '../../db/schema/orders.ts';
import { payments } from '../../db/schema/payments.ts';
import { appointments } from '../../db/schema/scheduling.ts';
import { DEMO_DOCTOR_IDS } from '../../db/seed/doctors.ts';

const TURN_SECRET = 'a-turn-shared-secret-for-tests-only';
const TTL = 600;
let ctx: TestContext;
let okaforUserId: string;
beforeAll(async () => {
  ctx = await createTestApp({
    VISIT_STUN_URLS: ['stun:stun.store.example:3478'],
    VISIT_TURN_URLS: ['turn:turn.store.example:3478?transport=udp', 'turns:turn.store.example:5349?transport=tcp'],
    VISIT_TURN_SECRET: TURN_SECRET,
    VISIT_TURN_TTL_SECONDS: TTL,
    VISIT_ICE_TRANSPORT_POLICY: 'relay',
  });
  ctx.clock.now = VISIT_TEST_MONDAY;
  okaforUserId = (await signedInOkafor(ctx)).userId;
});
afterAll(() => ctx.close());
beforeEach(() => {
  ctx.clock.now = VISIT_TEST_MONDAY;
});

const MINUTE = 60_000;
const atStart = (visit: PaidVisit, ms = 0) => {
  ctx.clock.now = new Date(new Date(visit.startsAt).getTime() + ms);
};
const okafor = () => signIn(ctx, okaforUserId);
const patientOf = (visit: PaidVisit) => signIn(ctx, visit.patient.userId);
const appointmentStatus = async (id: string) => (await ctx.database.db.select().from(appointments).where(eq(appointments.id, id)))[0]!.status;
const orderStatus = async (id: string) => (await ctx.database.db.select().from(orders).where(eq(orders.id, id)))[0]!.status;

/** Everyone who is neither the visit's patient nor its doctor, signed in now. */
async function strangers() {
  const otherPatient = await signedInPatient(ctx);
  const doctor = await signedInDoctor(ctx, ['NY'], null, 'America/New_York');
  const otherDoctor = await signIn(ctx, doctor.userId);
  const guest = new TestBrowser(ctx.app);
  await guest.post('/api/session/guest');
  const nobody = new TestBrowser(ctx.app);
  type Caller = { name: string; get(url: string): Promise<LightMyRequestResponse>; post(url: string, body?: unknown): Promise<LightMyRequestResponse>; put(url: string, body?: unknown): Promise<LightMyRequestResponse> };
  const callers: Caller[] = [
    { name: 'another patient', get: otherPatient.get, post: otherPatient.post, put: otherPatient.put },
    { name: 'another doctor', ...otherDoctor },
    { name: 'a guest', get: (u) => guest.get(u), post: (u, b) => guest.post(u, b), put: (u, b) => guest.put(u, b) },
    { name: 'nobody', get: (u) => nobody.get(u), post: (u, b) => nobody.post(u, b), put: (u, b) => nobody.put(u, b) },
  ];
  return callers;
}

describe('the patient’s visit (issue 16)', () => {
  it('shows the signed-in patient their order’s visit with its doctor, times and window phase, and nobody else', async () => {
    const visit = await paidVisitOrder(ctx, { phone: '(555) 310-2299' });
    const view = async () => (await (await patientOf(visit)).get(`/api/orders/${visit.orderId}/visit`)).json();
    // SPEC §2 welcome back: a scheduled visit, more than 15 minutes away.
    const start = new Date(visit.startsAt).getTime();
    const scheduled = await view();
    expect(scheduled).toEqual({
      appointmentId: visit.appointmentId,
      orderId: visit.orderId,
      visitType: 1,
      status: 'booked',
      phase: 'scheduled',
      // The store's clock, which the page follows instead of the device's.
      serverNow: ctx.clock.now.toISOString(),
      startsAt: visit.startsAt,
      endsAt: visit.endsAt,
      opensAt: new Date(start - 5 * MINUTE).toISOString(),
      closesAt: new Date(new Date(visit.endsAt).getTime() + 15 * MINUTE).toISOString(),
      patientTimeZone: 'America/New_York',
      doctor: { id: DEMO_DOCTOR_IDS.okafor, name: 'Dr. Amara Okafor', credentials: 'MD', photoUrl: expect.any(String) },
      phone: '5553102299',
      outcome: null,
      orderStatus: 'visit_scheduled',
      rebookUntil: null,
    });
    // "Visit about to start" from 15 minutes before; START VISIT from 5 minutes before.
    atStart(visit, -10 * MINUTE);
    expect((await view()).phase).toBe('about_to_start');
    atStart(visit, -5 * MINUTE);
    expect((await view()).phase).toBe('open');

    for (const caller of await strangers()) {
      expect((await caller.get(`/api/orders/${visit.orderId}/visit`)).statusCode, caller.name).toBe(404);
    }
    // The visit's doctor reads the doctor's view, not the patient's.
    expect((await (await okafor()).get(`/api/orders/${visit.orderId}/visit`)).statusCode).toBe(404);
    // An order with no visit, and an unknown one.
    const own = await patientOf(visit);
    expect((await own.get(`/api/orders/${randomUUID()}/visit`)).statusCode).toBe(404);
    expect((await own.get('/api/orders/not-an-id/visit')).statusCode).toBe(404);
  });

  it('shows a missed visit with until when a new time may be booked', async () => {
    const visit = await paidVisitOrder(ctx);
    atStart(visit, 20 * MINUTE);
    expect((await (await okafor()).post(`/api/doctor/visits/${visit.appointmentId}/missed`)).statusCode).toBe(200);
    const view = (await (await patientOf(visit)).get(`/api/orders/${visit.orderId}/visit`)).json();
    // issue 15: three days to book again, from when it was marked missed.
    expect(view).toMatchObject({ status: 'missed', outcome: 'missed_by_patient', orderStatus: 'visit_missed', rebookUntil: new Date(ctx.clock.now.getTime() + 3 * 24 * 60 * MINUTE).toISOString() });
  });
});

describe('ICE servers (issue 16)', () => {
  it('gives each participant STUN and TURN with a credential coturn can verify, that expires', async () => {
    const visit = await paidVisitOrder(ctx);
    atStart(visit, -10 * MINUTE);
    const forPatient = await (await patientOf(visit)).get(`/api/visits/${visit.appointmentId}/ice-servers`);
    expect(forPatient.statusCode).toBe(200);
    expect(forPatient.headers['cache-control']).toBe('no-store');
    const body = forPatient.json();
    expect(body.iceTransportPolicy).toBe('relay');
    expect(body.iceServers[0]).toEqual({ urls: ['stun:stun.store.example:3478'] });
    const turn = body.iceServers[1];
    expect(turn.urls).toEqual(['turn:turn.store.example:3478?transport=udp', 'turns:turn.store.example:5349?transport=tcp']);
    // coturn's REST API scheme: username "<unix expiry>:<id>", credential base64(HMAC-SHA1(secret, username)).
    const [expiry, id] = (turn.username as string).split(':');
    const nowSeconds = Math.floor(ctx.clock.now.getTime() / 1000);
    expect(Number(expiry)).toBe(nowSeconds + TTL);
    expect(turn.credential).toBe(createHmac('sha1', TURN_SECRET).update(turn.username).digest('base64'));
    expect(body.expiresAt).toBe(new Date((nowSeconds + TTL) * 1000).toISOString());
    // The id names neither the patient, nor the order, nor the visit.
    for (const known of [visit.patient.userId, visit.orderId, visit.appointmentId]) expect(turn.username).not.toContain(known);
    expect(id).toMatch(/^[A-Za-z0-9_-]{16,}$/);

    // The doctor has their own credential; a later one expires later.
    const forDoctor = (await (await okafor()).get(`/api/visits/${visit.appointmentId}/ice-servers`)).json();
    expect(forDoctor.iceServers[1].username).not.toBe(turn.username);
    expect(forDoctor.iceServers[1].username.split(':')[1]).not.toBe(id);
    ctx.clock.advance(TTL * 1000 + 1000);
    // The first credential has lapsed by now (coturn refuses a username whose expiry has passed).
    expect(Number(expiry)).toBeLessThan(ctx.clock.now.getTime() / 1000);
    const later = (await (await patientOf(visit)).get(`/api/visits/${visit.appointmentId}/ice-servers`)).json();
    const [laterExpiry, laterId] = (later.iceServers[1].username as string).split(':');
    expect(Number(laterExpiry)).toBe(Math.floor(ctx.clock.now.getTime() / 1000) + TTL);
    // Same participant, same opaque id; a fresh, valid credential.
    expect(laterId).toBe(id);
    expect(later.iceServers[1].credential).toBe(createHmac('sha1', TURN_SECRET).update(later.iceServers[1].username).digest('base64'));

    for (const caller of await strangers()) {
      expect((await caller.get(`/api/visits/${visit.appointmentId}/ice-servers`)).statusCode, caller.name).toBe(404);
    }
    expect((await (await patientOf(visit)).get(`/api/visits/${randomUUID()}/ice-servers`)).statusCode).toBe(404);
  });

  it('gives no TURN credential for a visit that is not on: long before it, after its window, once it ended (issue 16: the TURN relay serves the visit’s call only)', async () => {
    const visit = await paidVisitOrder(ctx);
    const ice = async (who: 'patient' | 'doctor') => (who === 'patient' ? await patientOf(visit) : await okafor()).get(`/api/visits/${visit.appointmentId}/ice-servers`);
    // A day ahead: not yet (the call starts from the visit page once it is about to start).
    atStart(visit, -24 * 60 * MINUTE);
    for (const who of ['patient', 'doctor'] as const) {
      const early = await ice(who);
      expect(early.statusCode, who).toBe(409);
      expect(early.json().code, who).toBe('VISIT_NOT_OPEN');
    }
    atStart(visit, -14 * MINUTE);
    expect((await ice('patient')).statusCode).toBe(200);
    // The doctor ended it: nobody gets a credential for it any more.
    atStart(visit, MINUTE);
    expect((await (await okafor()).post(`/api/doctor/visits/${visit.appointmentId}/complete`)).statusCode).toBe(200);
    for (const who of ['patient', 'doctor'] as const) {
      const ended = await ice(who);
      expect(ended.statusCode, who).toBe(409);
      expect(ended.json().code, who).toBe('VISIT_ENDED');
    }
    // A week later still nothing (an old visit is no key to the relay).
    ctx.clock.advance(7 * 24 * 60 * MINUTE);
    expect((await ice('patient')).statusCode).toBe(409);
    // Strangers still learn nothing: 404.
    for (const caller of await strangers()) expect((await caller.get(`/api/visits/${visit.appointmentId}/ice-servers`)).statusCode, caller.name).toBe(404);
  });
});

describe('the doctor’s visit and private note (issue 16)', () => {
  it('shows the visit to its own doctor with the note only they read; nobody else reads or writes it', async () => {
    const visit = await paidVisitOrder(ctx, { phone: '(555) 410-7788' });
    atStart(visit, -60 * MINUTE);
    const doctor = await okafor();
    const seen = await doctor.get(`/api/doctor/visits/${visit.appointmentId}`);
    expect(seen.statusCode).toBe(200);
    expect(seen.headers['cache-control']).toBe('no-store');
    expect(seen.json()).toMatchObject({
      appointmentId: visit.appointmentId,
      orderId: visit.orderId,
      orderNumber: visit.orderId.replace(/-/g, '').slice(0, 8).toUpperCase(),
      visitType: 1,
      status: 'booked',
      phase: 'scheduled',
      // Times on the doctor's page are in the doctor's own zone (Dr. Okafor works from New York).
      doctorTimeZone: 'America/New_York',
      patient: { name: 'Pat Lee', phone: '5554107788', timeZone: 'America/New_York' },
      patientJoinedAt: null,
      admittedAt: null,
      endedAt: null,
      outcome: null,
      note: '',
    });

    const note = 'Discussed titration; GI side effects reviewed. Follow up in 4 weeks.';
    const saved = await doctor.put(`/api/doctor/visits/${visit.appointmentId}/note`, { text: `  ${note}  ` });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().note).toBe(note);
    expect((await doctor.get(`/api/doctor/visits/${visit.appointmentId}`)).json().note).toBe(note);
    // Written again: the new text replaces it.
    expect((await doctor.put(`/api/doctor/visits/${visit.appointmentId}/note`, { text: `${note} Labs ordered.` })).json().note).toBe(`${note} Labs ordered.`);
    // Too long: refused with the field's message.
    const long = await doctor.put(`/api/doctor/visits/${visit.appointmentId}/note`, { text: 'x'.repeat(10_001) });
    expect(long.statusCode).toBe(400);

    // The patient does not read it anywhere, nor write it; nor does anyone else.
    const patient = await patientOf(visit);
    expect((await patient.get(`/api/doctor/visits/${visit.appointmentId}`)).statusCode).toBe(404);
    expect((await patient.put(`/api/doctor/visits/${visit.appointmentId}/note`, { text: 'mine now' })).statusCode).toBe(404);
    expect((await patient.get(`/api/orders/${visit.orderId}/visit`)).body).not.toContain('titration');
    for (const caller of await strangers()) {
      expect((await caller.get(`/api/doctor/visits/${visit.appointmentId}`)).statusCode, caller.name).toBe(404);
      expect((await caller.put(`/api/doctor/visits/${visit.appointmentId}/note`, { text: 'overwritten' })).statusCode, caller.name).toBe(404);
    }
    expect((await doctor.get(`/api/doctor/visits/${visit.appointmentId}`)).json().note).toBe(`${note} Labs ordered.`);
    // The writes are audited, never with the text.
    const events = await ctx.database.db.select().from(auditEvents).where(and(eq(auditEvents.subjectId, visit.appointmentId), eq(auditEvents.action, 'visit.note_saved')));
    expect(events).toHaveLength(2);
    expect(events[0]).toMatchObject({ actorType: 'user', actorId: okaforUserId });
    expect(JSON.stringify(events)).not.toContain('titration');
  });
});

describe('completing a visit, then the decision (issue 16)', () => {
  it('completes the visit for its doctor once its window opened: appointment completed, outcome kept, audited, both sides told', async () => {
    const visit = await paidVisitOrder(ctx);
    atStart(visit, -10 * MINUTE);
    const complete = async () => (await okafor()).post(`/api/doctor/visits/${visit.appointmentId}/complete`);
    const early = await complete();
    expect(early.statusCode).toBe(409);
    expect(early.json().code).toBe('VISIT_NOT_STARTED');
    atStart(visit, 3 * MINUTE);
    for (const caller of await strangers()) {
      expect((await caller.post(`/api/doctor/visits/${visit.appointmentId}/complete`)).statusCode, caller.name).toBe(404);
    }
    expect((await (await patientOf(visit)).post(`/api/doctor/visits/${visit.appointmentId}/complete`)).statusCode).toBe(404);
    expect(await appointmentStatus(visit.appointmentId)).toBe('booked');

    // Both on the call (a phone visit would have nobody on it): the REST route ends it for both.
    const patientSocket = await SignalClient.open(ctx, visit.appointmentId, bearer(await patientOf(visit)));
    await patientSocket.next('hello');
    const done = await complete();
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({ status: 'completed', outcome: 'completed', endedAt: ctx.clock.now.toISOString() });
    expect(await patientSocket.next('ended')).toEqual({ type: 'ended', by: 'doctor' });
    expect(await appointmentStatus(visit.appointmentId)).toBe('completed');
    // The order waits for the doctor's decision.
    expect(await orderStatus(visit.orderId)).toBe('visit_scheduled');
    const events = await ctx.database.db.select().from(auditEvents).where(eq(auditEvents.subjectId, visit.appointmentId));
    expect(events.filter((e) => e.action === 'appointment.completed')).toEqual([expect.objectContaining({ actorType: 'user', actorId: okaforUserId })]);
    expect(events.filter((e) => e.action === 'visit.completed')).toEqual([expect.objectContaining({ actorId: okaforUserId, details: expect.objectContaining({ by: 'doctor' }) })]);
    // The patient sees it completed; completing again is refused.
    expect((await (await patientOf(visit)).get(`/api/orders/${visit.orderId}/visit`)).json()).toMatchObject({ status: 'completed', outcome: 'completed' });
    const twice = await complete();
    expect(twice.statusCode).toBe(409);
    expect(twice.json().code).toBe('VISIT_NOT_BOOKED');
  });

  it('refuses the doctor’s decision on a visit’s order before the visit is completed (409 VISIT_NOT_COMPLETED), and takes it after', async () => {
    const visit = await paidVisitOrder(ctx);
    atStart(visit, MINUTE);
    const doctor = await okafor();
    expect((await doctor.post(`/api/doctor/orders/${visit.orderId}/claim`)).statusCode).toBe(200);
    for (const [action, body] of [
      ['decline', { reasonCode: 'other' }],
      ['approve', { formularyId: randomUUID(), quantity: 1, daysSupply: 28, directions: 'Inject once weekly.', refills: 0 }],
      ['request-info', { question: 'How did the first dose go?' }],
    ] as const) {
      const refused = await doctor.post(`/api/doctor/orders/${visit.orderId}/${action}`, body);
      expect(refused.statusCode, action).toBe(409);
      expect(refused.json(), action).toMatchObject({ code: 'VISIT_NOT_COMPLETED', detail: expect.stringContaining('complete the visit first') });
    }
    // Nothing moved: the order waits, the card is still held, the claim is still the doctor's.
    expect(await orderStatus(visit.orderId)).toBe('visit_scheduled');
    expect((await ctx.database.db.select().from(payments).where(eq(payments.orderId, visit.orderId)))[0]!.status).toBe('authorized');
    // Another doctor still learns nothing of the order (the claim's 404 comes first).
    const other = await signedInDoctor(ctx, ['NY'], null, 'America/New_York');
    expect((await (await signIn(ctx, other.userId)).post(`/api/doctor/orders/${visit.orderId}/decline`, { reasonCode: 'other' })).statusCode).toBe(404);

    expect((await doctor.post(`/api/doctor/visits/${visit.appointmentId}/complete`)).statusCode).toBe(200);
    const declined = await doctor.post(`/api/doctor/orders/${visit.orderId}/decline`, { reasonCode: 'other' });
    expect(declined.statusCode).toBe(200);
    expect(declined.json()).toEqual({ status: 'declined' });
    expect(await orderStatus(visit.orderId)).toBe('declined');
  });
});
