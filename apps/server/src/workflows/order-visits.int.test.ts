// Issue 6 wiring: a visit bound to an order. Booking from checkout completes the order's Scheduling
// stage (SPEC §2 stage order, §4 stage flags) with doctors licensed in the order's shipping state
// only; an asynchronous visit's CONFIRM completes Scheduling without a time slot; another owner's
// order is a 404 (DATA-MODEL.md); a guest's visit follows them at sign-in; the booking mail carries
// the invite as visit.ics; the standalone booking API holds one visit per caller.
import { randomUUID } from 'node:crypto';
import { cardDetailsSchema, Stage } from '@store/domain';
import { and, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, TestBrowser, type TestContext } from '../../test/app.ts';
import { auditEvents } from '../db/schema/audit.ts';
import { users } from '../db/schema/auth.ts';
import { orders } from '../db/schema/orders.ts';
import { payments } from '../db/schema/payments.ts';
import { appointments } from '../db/schema/scheduling.ts';
import { DEMO_DOCTOR_IDS } from '../db/seed/doctors.ts';
import { DEMO_PRODUCTS } from '../db/seed/store.ts';
import { DEMO_COMPANY_ID, EVERGREEN_ID } from '../db/seed/storefronts.ts';
import type { OrderOwner } from '../modules/orders/orders.service.ts';
import { guestWithCart, signedInPatient } from '../modules/cart/cart.test-helpers.ts';
import { signedInOkafor, signIn } from '../../test/visit-call.ts';

const P = DEMO_PRODUCTS.evergreen;
const { Consult, Shipping, Pharmacy, Scheduling } = Stage;

let ctx: TestContext;
// Monday 1 February 2027, 07:00 in New York (as in scheduling.int.test.ts).
const MONDAY = new Date('2027-02-01T12:00:00Z');
// Tuesday 9:00 New York: Dr. Okafor (NY) and Dr. Petrov (NY) work then.
const TUESDAY_9_NY = '2027-02-02T14:00:00.000Z';
const TUESDAY_10_NY = '2027-02-02T15:00:00.000Z';

beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());
beforeEach(() => {
  ctx.clock.now = MONDAY;
});

let counter = 0;
const invitee = () => ({ name: 'Jordan Rivers', email: `visit${++counter}@example.com`, number: '(555) 201-3344' });

type Client = Pick<TestBrowser, 'get' | 'post' | 'patch'>;

async function ownerOf(browser: TestBrowser): Promise<OrderOwner> {
  const identity = await ctx.app.services.sessions.resolve(browser.cookie('sid')!);
  return { kind: 'guest', guestSessionId: identity!.sessionId };
}

/** An order of `productId` shipping to `state`, with Consult, Shipping and Pharmacy done. */
async function readyForScheduling(client: Client, orderId: string, owner: OrderOwner, productId: string, state = 'NY') {
  expect((await client.patch(`/api/orders/${orderId}/items`, { items: [{ productId }] })).statusCode).toBe(200);
  expect((await client.patch(`/api/orders/${orderId}/shipping`, { state })).statusCode).toBe(200);
  const storefront = await ctx.app.services.storefronts.getById(EVERGREEN_ID);
  const progress = await ctx.app.services.checkout.getProgress(storefront, owner, orderId);
  const complete = (stage: 1 | 2 | 8, itemId?: string) =>
    ctx.app.services.checkout.completeStage({ storefront, owner, orderId, stage, itemId });
  await complete(Consult, progress.items[0]!.id);
  await complete(Shipping);
  await complete(Pharmacy);
}

async function guestReady(productId: string = P.semaglutide, state = 'NY') {
  const { browser, orderId } = await guestWithCart(ctx);
  const owner = await ownerOf(browser);
  await readyForScheduling(browser, orderId, owner, productId, state);
  return { browser, orderId, owner };
}

/** The first `n`+1 open starts of a doctor (or first available in NY) on Tuesday and later. */
async function openStarts(doctorId: string, n = 2): Promise<string[]> {
  const url =
    doctorId === 'first-available'
      ? '/api/slots?state=NY&from=2027-02-08&to=2027-02-12&tz=America/New_York'
      : `/api/doctors/${doctorId}/slots?from=2027-02-08&to=2027-02-12&tz=America/New_York`;
  const days = (await new TestBrowser(ctx.app).get(url)).json().days as { slots: { startsAt: string }[] }[];
  return days.flatMap((d) => d.slots.map((s) => s.startsAt)).slice(0, n);
}

const bookBody = (doctorId: string, startsAt = TUESDAY_9_NY) => ({ doctorId, startsAt, invitee: invitee(), timeZone: 'America/New_York' });

const mailsTo = async (email: string) => (await ctx.app.services.notifications.outbox(500)).filter((m) => m.to === email);

/** A signed-in patient (Bearer) who can get a video-visit order ready and pay for it (sandbox card). */
async function payingPatient() {
  const [user] = await ctx.database.db
    .insert(users)
    .values({ companyId: DEMO_COMPANY_ID, storefrontId: EVERGREEN_ID, email: `visit.payer.${randomUUID()}@example.com`, firstName: 'Pat', lastName: 'Lee' })
    .returning({ id: users.id });
  const { token } = await ctx.app.services.sessions.createUserSession(user!.id, EVERGREEN_ID);
  const send = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: unknown, headers: Record<string, string> = {}) =>
    ctx.app.inject({
      method,
      url,
      headers: { host: 'localhost:3000', authorization: `Bearer ${token}`, 'x-requested-with': 'fetch', ...headers },
      ...(payload === undefined ? {} : { payload: payload as string }),
    }) as Promise<LightMyRequestResponse>;
  const client = {
    userId: user!.id,
    get: (url: string) => send('GET', url),
    post: (url: string, payload?: unknown) => send('POST', url, payload),
    patch: (url: string, payload?: unknown) => send('PATCH', url, payload),
    delete: (url: string) => send('DELETE', url),
    async readyOrder(productId: string = P.semaglutide) {
      const orderId = (await send('POST', '/api/cart')).json().id as string;
      await readyForScheduling(client, orderId, { kind: 'user', userId: user!.id }, productId);
      return orderId;
    },
    async pay(orderId: string) {
      const res = await client.payRaw(orderId);
      expect(res.statusCode).toBe(200);
      return res;
    },
    async payRaw(orderId: string) {
      const card = cardDetailsSchema(ctx.clock.now).parse({ number: '4242424242424242', expMonth: 12, expYear: 2035, cvc: '123' });
      const cardToken = (await ctx.app.services.paymentGateway.sandbox!.tokenize(card)).token;
      const consents = (await ctx.app.services.consents.current(EVERGREEN_ID)).map((c) => c.id);
      return send('POST', `/api/orders/${orderId}/pay`, { paymentMethod: { token: cardToken }, acceptedConsentIds: consents }, { 'idempotency-key': `pay-${randomUUID()}` });
    },
  };
  return client;
}

/** A paid video-visit order and the token of its visit's link (from the "visit scheduled" mail). */
async function paidVisit(startsAt = TUESDAY_9_NY) {
  const who = await payingPatient();
  const orderId = await who.readyOrder();
  const body = bookBody(DEMO_DOCTOR_IDS.okafor, startsAt);
  expect((await who.post(`/api/orders/${orderId}/appointment`, body)).statusCode).toBe(201);
  await who.pay(orderId);
  await ctx.app.services.jobs.drain();
  const [mail] = await mailsTo(body.invitee.email);
  const token = /\/reschedulings\/([A-Za-z0-9_-]+)/.exec(mail!.body)![1]!;
  return { who, orderId, token, email: body.invitee.email };
}

const orderRow = async (orderId: string) => (await ctx.database.db.select().from(orders).where(eq(orders.id, orderId)))[0]!;
const liveVisits = (orderId: string) =>
  ctx.database.db.select().from(appointments).where(and(eq(appointments.orderId, orderId), eq(appointments.status, 'booked')));

describe('booking bound to an order', () => {
  it('completes the Scheduling stage and records the doctor and visit type (SPEC §2 schedule-visit, §4)', async () => {
    const { browser, orderId } = await guestReady();
    const res = await browser.post(`/api/orders/${orderId}/appointment`, bookBody(DEMO_DOCTOR_IDS.okafor));
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.appointment).toMatchObject({ orderId, visitType: 1, status: 'booked', doctor: { id: DEMO_DOCTOR_IDS.okafor } });
    expect(body.reschedulePath).toMatch(/^\/reschedulings\/[^?]+\?hide_gdpr_banner=1$/);
    expect(body.progress.completedStages & Scheduling).toBe(Scheduling);
    // SPEC §2: a guest goes on to Register next.
    expect(body.progress.nextRoute).toBe('/register');
    const [order] = await ctx.database.db.select().from(orders).where(eq(orders.id, orderId));
    expect(order!.doctorId).toBe(DEMO_DOCTOR_IDS.okafor);

    // GET for the summary and confirmation pages.
    const shown = (await browser.get(`/api/orders/${orderId}/appointment`)).json();
    expect(shown).toMatchObject({ visitType: 1, doctorId: DEMO_DOCTOR_IDS.okafor, appointment: { startsAt: TUESDAY_9_NY } });
  });

  it('booking again moves the visit: one live visit per order', async () => {
    const { browser, orderId } = await guestReady();
    const [first, second] = await openStarts(DEMO_DOCTOR_IDS.petrov);
    expect((await browser.post(`/api/orders/${orderId}/appointment`, bookBody(DEMO_DOCTOR_IDS.petrov, first))).statusCode).toBe(201);
    const again = await browser.post(`/api/orders/${orderId}/appointment`, bookBody(DEMO_DOCTOR_IDS.petrov, second));
    expect(again.statusCode).toBe(201);
    const rows = await ctx.database.db.select().from(appointments).where(eq(appointments.orderId, orderId));
    expect(rows.filter((r) => r.status === 'booked').map((r) => r.startsAt.toISOString())).toEqual([second]);
  });

  it('offers and books only doctors licensed in the order’s shipping state (issue 6)', async () => {
    const { browser, orderId } = await guestReady(P.semaglutide, 'NY');
    const listed = (await browser.get(`/api/orders/${orderId}/doctors`)).json();
    expect(listed.state).toBe('NY');
    expect(listed.doctors.length).toBeGreaterThan(0);
    expect(listed.doctors.every((d: { states: string[] }) => d.states.includes('NY'))).toBe(true);
    expect(listed.doctors.map((d: { id: string }) => d.id)).not.toContain(DEMO_DOCTOR_IDS.kim);
    // Dr. Kim is licensed in CA, WA, AZ only.
    const refused = await browser.post(`/api/orders/${orderId}/appointment`, bookBody(DEMO_DOCTOR_IDS.kim, '2027-02-02T18:00:00.000Z'));
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('DOCTOR_NOT_LICENSED');
    // "First available" picks a doctor licensed in NY.
    const [open] = await openStarts('first-available', 1);
    const first = await browser.post(`/api/orders/${orderId}/appointment`, bookBody('first-available', open));
    expect(first.statusCode).toBe(201);
    expect(first.json().appointment.doctor.states).toContain('NY');
  });

  it('refuses before the earlier stages are done, and books nothing (SPEC §2 stage order)', async () => {
    const { browser, orderId } = await guestWithCart(ctx);
    expect((await browser.patch(`/api/orders/${orderId}/items`, { items: [{ productId: P.semaglutide }] })).statusCode).toBe(200);
    const res = await browser.post(`/api/orders/${orderId}/appointment`, bookBody(DEMO_DOCTOR_IDS.okafor));
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('STAGE_OUT_OF_ORDER');
    expect(await ctx.database.db.select().from(appointments).where(eq(appointments.orderId, orderId))).toEqual([]);
  });

  it('is a 404 for another owner’s order and without a session (DATA-MODEL.md owners only)', async () => {
    const { orderId } = await guestReady();
    const other = new TestBrowser(ctx.app);
    expect((await other.post('/api/session/guest')).statusCode).toBe(200);
    expect((await other.post(`/api/orders/${orderId}/appointment`, bookBody(DEMO_DOCTOR_IDS.okafor))).statusCode).toBe(404);
    expect((await other.get(`/api/orders/${orderId}/appointment`)).statusCode).toBe(404);
    expect((await other.get(`/api/orders/${orderId}/doctors`)).statusCode).toBe(404);
    expect((await other.post(`/api/orders/${orderId}/doctor-confirmation`, {})).statusCode).toBe(404);
    const patient = await signedInPatient(ctx);
    expect((await patient.get(`/api/orders/${orderId}/appointment`)).statusCode).toBe(404);
    expect((await new TestBrowser(ctx.app).get(`/api/orders/${orderId}/appointment`)).statusCode).toBe(404);
  });

  it('mails "visit scheduled" with the invite as visit.ics after payment, not when the slot is picked (issue 6 ".ics invite"; issue 13 #12)', async () => {
    const who = await payingPatient();
    const orderId = await who.readyOrder();
    const body = bookBody(DEMO_DOCTOR_IDS.okafor, '2027-02-02T16:00:00.000Z');
    const booked = await who.post(`/api/orders/${orderId}/appointment`, body);
    expect(booked.statusCode).toBe(201);
    // Picked, not paid: no "visit scheduled" mail yet.
    await ctx.app.services.jobs.drain();
    expect(await mailsTo(body.invitee.email)).toEqual([]);
    expect((await who.pay(orderId)).json().status).toBe('visit_scheduled');
    await ctx.app.services.jobs.drain();
    const [mail, ...more] = await mailsTo(body.invitee.email);
    expect(more).toEqual([]);
    expect(mail!.subject).toContain('is scheduled');
    expect(mail?.attachments).toHaveLength(1);
    const [ics] = mail!.attachments!;
    expect(ics).toMatchObject({ filename: 'visit.ics', contentType: expect.stringContaining('text/calendar') });
    expect(ics!.content).toContain('BEGIN:VCALENDAR');
    expect(ics!.content).toContain('METHOD:REQUEST');
    // The outbox JSON shows it too (browser tests read it there).
    const listed = (await new TestBrowser(ctx.app).get('/dev/outbox.json')).json().messages.find((m: { to: string }) => m.to === body.invitee.email);
    expect(listed.attachments[0].filename).toBe('visit.ics');
  });
});

describe('the "visit scheduled" mail job run twice (issue 13 #12 review: a handler is safe to run twice)', () => {
  it('a retry after the send mails nothing more and the link mailed first keeps working', async () => {
    const { orderId, token, email } = await paidVisit('2027-02-03T16:00:00.000Z');
    const storefront = await ctx.app.services.storefronts.getById(EVERGREEN_ID);
    // The job again, as after a worker died between sending and finishing it.
    await ctx.app.services.scheduling.mailScheduledForOrder(storefront, orderId, 'http://localhost:3000');
    expect((await mailsTo(email)).filter((m) => m.subject?.includes('is scheduled'))).toHaveLength(1);
    const page = await new TestBrowser(ctx.app).get(`/api/reschedulings/${token}`);
    expect(page.statusCode).toBe(200);
    expect(page.json()).toMatchObject({ status: 'booked', order: { id: orderId } });
  });
});

describe('asynchronous visits (visit type 3)', () => {
  it('CONFIRM with next available completes Scheduling without a slot (SPEC §2 doctor-confirmation)', async () => {
    const { browser, orderId } = await guestReady(P.metformin);
    const res = await browser.post(`/api/orders/${orderId}/doctor-confirmation`, {});
    expect(res.statusCode).toBe(200);
    expect(res.json().doctor).toBeNull();
    expect(res.json().progress.completedStages & Scheduling).toBe(Scheduling);
    expect(await ctx.database.db.select().from(appointments).where(eq(appointments.orderId, orderId))).toEqual([]);
    expect((await browser.get(`/api/orders/${orderId}/appointment`)).json()).toEqual({ appointment: null, doctorId: null, visitType: 3 });
  });

  it('assigns a chosen doctor licensed in the shipping state, refuses one who is not', async () => {
    const { browser, orderId } = await guestReady(P.metformin, 'NY');
    const refused = await browser.post(`/api/orders/${orderId}/doctor-confirmation`, { doctorId: DEMO_DOCTOR_IDS.kim });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('DOCTOR_NOT_LICENSED');
    const res = await browser.post(`/api/orders/${orderId}/doctor-confirmation`, { doctorId: DEMO_DOCTOR_IDS.okafor });
    expect(res.statusCode).toBe(200);
    expect(res.json().doctor.id).toBe(DEMO_DOCTOR_IDS.okafor);
    const [order] = await ctx.database.db.select().from(orders).where(eq(orders.id, orderId));
    expect(order!.doctorId).toBe(DEMO_DOCTOR_IDS.okafor);
  });

  it('keeps the two kinds apart: no slot booking for type 3, no confirmation for type 1', async () => {
    const async3 = await guestReady(P.metformin);
    const booked = await async3.browser.post(`/api/orders/${async3.orderId}/appointment`, bookBody(DEMO_DOCTOR_IDS.okafor));
    expect(booked.json().code).toBe('VISIT_TYPE_MISMATCH');
    const video = await guestReady(P.semaglutide);
    const confirmed = await video.browser.post(`/api/orders/${video.orderId}/doctor-confirmation`, {});
    expect(confirmed.json().code).toBe('VISIT_TYPE_MISMATCH');
  });
});

describe('sign-in and the account', () => {
  it('a guest’s visit follows them when they register (issue 6 adoption at sign-in)', async () => {
    const { browser, orderId } = await guestReady();
    expect((await browser.post(`/api/orders/${orderId}/appointment`, bookBody(DEMO_DOCTOR_IDS.okafor, '2027-02-03T14:00:00.000Z'))).statusCode).toBe(201);
    const registered = await browser.post('/api/auth/register', {
      email: `visit.adopt.${Date.now()}@example.com`,
      password: 'Checkout#2026',
      firstName: 'Robin',
      lastName: 'Guest',
      phone: '5550101234',
    });
    expect(registered.statusCode).toBe(201);
    const [row] = await ctx.database.db.select().from(appointments).where(eq(appointments.orderId, orderId));
    expect(row!.guestSessionId).toBeNull();
    expect(row!.createdByUserId).not.toBeNull();
    // Signed in, the account finds it and can move it (SPEC §7 reschedule doctor for recent order).
    const next = (await browser.get('/api/account/visit')).json();
    expect(next.appointment).toMatchObject({ orderId, startsAt: '2027-02-03T14:00:00.000Z' });
    const moved = await browser.post(`/api/account/orders/${orderId}/reschedule`, { startsAt: '2027-02-03T15:00:00.000Z', timeZone: 'America/New_York' });
    expect(moved.statusCode).toBe(200);
    expect(moved.json().appointment.startsAt).toBe('2027-02-03T15:00:00.000Z');
  });

  it('re-points the visit at the patient’s order when the guest cart is merged into it', async () => {
    const patient = await signedInPatient(ctx);
    const patientCart = (await patient.post('/api/cart')).json().id as string;
    expect((await patient.patch(`/api/orders/${patientCart}/items`, { items: [{ productId: P.sunscreen }] })).statusCode).toBe(200);
    const { browser, orderId, owner } = await guestReady();
    expect((await browser.post(`/api/orders/${orderId}/appointment`, bookBody(DEMO_DOCTOR_IDS.okafor, '2027-02-04T14:00:00.000Z'))).statusCode).toBe(201);
    const guestSessionId = (owner as { guestSessionId: string }).guestSessionId;
    const merged = await ctx.app.services.cart.adoptGuestOrder({ guestSessionId, userId: patient.userId, storefrontId: EVERGREEN_ID });
    expect(merged).toBe(patientCart);
    await ctx.app.services.scheduling.adoptGuest(guestSessionId, patient.userId, merged);
    const shown = (await patient.get(`/api/orders/${patientCart}/appointment`)).json();
    expect(shown.appointment).toMatchObject({ startsAt: '2027-02-04T14:00:00.000Z', orderId: patientCart });
  });

  it('the account reschedule needs a signed-in owner', async () => {
    const { browser, orderId } = await guestReady();
    const res = await browser.post(`/api/account/orders/${orderId}/reschedule`, { startsAt: TUESDAY_10_NY });
    expect(res.statusCode).toBe(401);
    expect((await browser.get('/api/account/visit')).statusCode).toBe(401);
    // Another patient's order: 404; a patient with no visit: null.
    const other = await signedInPatient(ctx);
    expect((await other.post(`/api/account/orders/${orderId}/reschedule`, { startsAt: TUESDAY_10_NY })).statusCode).toBe(404);
    expect((await other.get('/api/account/visit')).json()).toEqual({ appointment: null, order: null, missedBy: null });
  });
});

describe('the standalone booking API', () => {
  it('refuses a second live booking without an order for the same caller', async () => {
    const browser = new TestBrowser(ctx.app);
    expect((await browser.post('/api/session/guest')).statusCode).toBe(200);
    const first = await browser.post('/api/appointments', { ...bookBody(DEMO_DOCTOR_IDS.okafor, '2027-02-05T14:00:00.000Z'), state: 'NY' });
    expect(first.statusCode).toBe(201);
    const second = await browser.post('/api/appointments', { ...bookBody(DEMO_DOCTOR_IDS.okafor, '2027-02-05T15:00:00.000Z'), state: 'NY' });
    expect(second.statusCode).toBe(409);
    expect(second.json().code).toBe('APPOINTMENT_EXISTS');
  });
});

describe('an order id inside a booking body (issue 13 #1)', () => {
  it('is a 404 for another patient’s order, a guest’s order, a random id and the doctor, and changes nothing', async () => {
    // Owner: a signed-in patient whose visit is booked on their order.
    const owner = await payingPatient();
    const orderId = await owner.readyOrder();
    const [first, second] = await openStarts(DEMO_DOCTOR_IDS.petrov, 3);
    expect((await owner.post(`/api/orders/${orderId}/appointment`, bookBody(DEMO_DOCTOR_IDS.petrov, first))).statusCode).toBe(201);
    const guestOrder = await guestReady();
    const before = await ctx.database.db.select().from(appointments);

    const attacker = await signedInPatient(ctx);
    const guest = new TestBrowser(ctx.app);
    expect((await guest.post('/api/session/guest')).statusCode).toBe(200);
    const promoted = await signedInPatient(ctx);
    await ctx.database.db.update(users).set({ role: 'doctor' }).where(eq(users.id, promoted.userId));
    // A doctor's session is one started once the account is staff (issue 15): a new one.
    const { token: doctorToken } = await ctx.app.services.sessions.createUserSession(promoted.userId, EVERGREEN_ID);
    const doctor = {
      ...promoted,
      token: doctorToken,
      post: (url: string, payload?: unknown) =>
        ctx.app.inject({ method: 'POST', url, headers: { host: 'localhost:3000', authorization: `Bearer ${doctorToken}`, 'x-requested-with': 'fetch' }, payload: payload as string }) as Promise<LightMyRequestResponse>,
    };
    const tries: [Client | typeof attacker, string][] = [
      [attacker, orderId], // another patient's order
      [attacker, guestOrder.orderId], // a guest's order
      [guest, orderId],
      [attacker, randomUUID()], // a random id: a 404, never a 500
      [doctor, orderId], // the demo doctor is not the owner either
    ];
    for (const [client, id] of tries) {
      const res = await client.post('/api/appointments', { ...bookBody(DEMO_DOCTOR_IDS.okafor, second), state: 'NY', orderId: id, visitType: 1 });
      expect(res.statusCode, `order ${id}`).toBe(404);
      expect(res.json().code).toBe('NOT_FOUND');
    }
    expect(await ctx.database.db.select().from(appointments)).toEqual(before);
    // A doctor id from nowhere is a 404 too.
    const unknownDoctor = await attacker.post('/api/appointments', { ...bookBody(randomUUID(), second), state: 'NY' });
    expect(unknownDoctor.statusCode).toBe(404);

    // The owner still moves their visit, from checkout and from the account.
    const moved = await owner.post(`/api/orders/${orderId}/appointment`, bookBody(DEMO_DOCTOR_IDS.petrov, second));
    expect(moved.statusCode).toBe(201);
    expect((await liveVisits(orderId)).map((r) => r.startsAt.toISOString())).toEqual([second]);
    const [, , third] = await openStarts(DEMO_DOCTOR_IDS.petrov, 3);
    expect((await owner.post(`/api/account/orders/${orderId}/reschedule`, { startsAt: third })).statusCode).toBe(200);
  });

  it('still binds the caller’s own order', async () => {
    const who = await payingPatient();
    const orderId = await who.readyOrder();
    const res = await who.post('/api/appointments', { ...bookBody(DEMO_DOCTOR_IDS.okafor, '2027-02-09T14:00:00.000Z'), state: 'NY', orderId, visitType: 1 });
    expect(res.statusCode).toBe(201);
    expect(res.json().appointment.orderId).toBe(orderId);
  });
});

describe('cancelling a visit of an order (issue 13 #12)', () => {
  it('before payment reopens the Scheduling stage: the patient is sent back to schedule before paying', async () => {
    const who = await payingPatient();
    const orderId = await who.readyOrder();
    const booked = await who.post(`/api/orders/${orderId}/appointment`, bookBody(DEMO_DOCTOR_IDS.okafor, '2027-02-03T14:00:00.000Z'));
    expect(booked.json().progress.completedStages & Scheduling).toBe(Scheduling);
    const token = /\/reschedulings\/([^?]+)/.exec(booked.json().reschedulePath as string)![1]!;
    const cancelled = await new TestBrowser(ctx.app).delete(`/api/reschedulings/${token}`);
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json()).toMatchObject({ status: 'cancelled', order: { id: orderId, state: 'unpaid', visitBooked: false } });
    const order = await orderRow(orderId);
    expect(order.completedStages & Scheduling).toBe(0);
    expect(order.status).toBe('draft');
    const progress = (await who.get(`/api/orders/${orderId}/checkout`)).json();
    expect(progress.nextRoute).toMatch(/schedul/);
    // Nothing to pay for until a new time is chosen.
    const refused = await who.payRaw(orderId);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('ORDER_NOT_READY_FOR_PAYMENT');
    const audit = await ctx.database.db.select().from(auditEvents).where(eq(auditEvents.subjectId, orderId));
    expect(audit.map((e) => e.action)).toContain('checkout.stage_reopened');
  });

  it('refuses while the order has a hold its Pay has not recorded yet, and keeps the visit (issue 13 #12 review)', async () => {
    // A Pay cut off after the gateway held the card: the payment is authorized, the order still
    // awaiting payment. Cancelling now would leave the hold behind a draft order.
    const who = await payingPatient();
    const orderId = await who.readyOrder();
    const booked = await who.post(`/api/orders/${orderId}/appointment`, bookBody(DEMO_DOCTOR_IDS.okafor, '2027-02-04T15:00:00.000Z'));
    const token = /\/reschedulings\/([^?]+)/.exec(booked.json().reschedulePath as string)![1]!;
    const payable = await ctx.app.services.checkout.assertPayable({ orderId });
    expect((await orderRow(orderId)).status).toBe('awaiting_payment');
    await ctx.database.db.insert(payments).values({
      orderId,
      storefrontId: EVERGREEN_ID,
      userId: who.userId,
      gateway: 'sandbox',
      amountCents: payable.totalCents,
      captureRequested: false,
      status: 'authorized',
      idempotencyKey: `pay-${randomUUID()}`,
    });
    const refused = await new TestBrowser(ctx.app).delete(`/api/reschedulings/${token}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('ORDER_NOT_EDITABLE');
    expect(await liveVisits(orderId)).toHaveLength(1);
    expect((await orderRow(orderId)).status).toBe('awaiting_payment');
  });

  it('Pay and a cancel from the link at once: never a live payment behind a draft order (issue 13 #12 review)', async () => {
    const starts = await openStarts(DEMO_DOCTOR_IDS.petrov, 8);
    for (const startsAt of [starts[0]!, starts[3]!, starts[6]!]) {
      const who = await payingPatient();
      const orderId = await who.readyOrder();
      const booked = await who.post(`/api/orders/${orderId}/appointment`, bookBody(DEMO_DOCTOR_IDS.petrov, startsAt));
      expect(booked.statusCode).toBe(201);
      const token = /\/reschedulings\/([^?]+)/.exec(booked.json().reschedulePath as string)![1]!;
      const [paid, cancelled] = await Promise.all([who.payRaw(orderId), new TestBrowser(ctx.app).delete(`/api/reschedulings/${token}`)]);
      // One of them wins; the other is refused with 409.
      expect([paid.statusCode, cancelled.statusCode].sort()).toEqual([200, 409]);
      const live = (await ctx.database.db.select().from(payments).where(eq(payments.orderId, orderId))).filter((p) => ['pending', 'authorized', 'captured'].includes(p.status));
      const order = await orderRow(orderId);
      if (cancelled.statusCode === 200) {
        expect(order.status).toBe('draft');
        expect(live).toEqual([]);
      } else {
        expect(order.status).toBe('visit_scheduled');
        expect(await liveVisits(orderId)).toHaveLength(1);
      }
    }
  });

  it('after payment keeps the order and its hold; the patient books a new time for the same order', async () => {
    const { who, orderId, token, email } = await paidVisit('2027-02-10T14:00:00.000Z');
    const cancelled = await new TestBrowser(ctx.app).delete(`/api/reschedulings/${token}`);
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json()).toMatchObject({ status: 'cancelled', order: { id: orderId, state: 'paid', visitBooked: false } });
    expect((await orderRow(orderId)).status).toBe('visit_scheduled');
    const [payment] = await ctx.database.db.select().from(payments).where(eq(payments.orderId, orderId));
    expect(payment!.status).toBe('authorized');
    // The mail says what happened and how to go on.
    const cancelMail = (await mailsTo(email)).find((m) => m.subject?.includes('cancelled'));
    expect(cancelMail!.body).toContain('Your order is still open and your card has not been charged');
    expect(cancelMail!.body).toContain(`/reschedulings/${token}`);

    // The link offers the doctor's times again and books one for the same order.
    const slots = (await new TestBrowser(ctx.app).get(`/api/reschedulings/${token}/slots?from=2027-02-08&to=2027-02-12&tz=America/New_York`)).json();
    const startsAt = slots.days[0].slots[0].startsAt as string;
    const rebooked = await new TestBrowser(ctx.app).post(`/api/reschedulings/${token}/rebook`, { startsAt, timeZone: 'America/Chicago' });
    expect(rebooked.statusCode).toBe(201);
    expect(rebooked.json().appointment).toMatchObject({ orderId, status: 'booked', startsAt, patientTimeZone: 'America/Chicago' });
    expect((await orderRow(orderId)).status).toBe('visit_scheduled');
    expect((await liveVisits(orderId)).map((r) => r.startsAt.toISOString())).toEqual([startsAt]);
    expect((await mailsTo(email)).filter((m) => m.subject?.includes('is scheduled'))).toHaveLength(2);
    // Only one new visit: the old link cannot book a second.
    const twice = await new TestBrowser(ctx.app).post(`/api/reschedulings/${token}/rebook`, { startsAt: slots.days[0].slots[1].startsAt });
    expect(twice.statusCode).toBe(409);
    expect((await who.get(`/api/orders/${orderId}/appointment`)).json().appointment.startsAt).toBe(startsAt);
  });

  it('two rebooks racing from the link give the order one booked visit, the other a 409 (issue 13 #12: one visit per order)', async () => {
    const { orderId, token } = await paidVisit('2027-02-10T16:00:00.000Z');
    expect((await new TestBrowser(ctx.app).delete(`/api/reschedulings/${token}`)).statusCode).toBe(200);
    // Times far apart, so neither blocks the other's slot: only the order's one visit may refuse.
    const open = await openStarts(DEMO_DOCTOR_IDS.okafor, 6);
    const [first, second] = [open[0]!, open[5]!];
    const answers = await Promise.all(
      [first, second].map((startsAt) => new TestBrowser(ctx.app).post(`/api/reschedulings/${token}/rebook`, { startsAt, timeZone: 'America/New_York' })),
    );
    expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect(answers.find((r) => r.statusCode === 409)!.json().code).toBe('APPOINTMENT_EXISTS');
    expect(await liveVisits(orderId)).toHaveLength(1);
  });

  it('books no other visit once the order’s visit was completed: the doctor decides next (issue 16), from checkout’s booking or a cancelled visit’s link', async () => {
    const { who, orderId, token } = await paidVisit('2027-02-10T17:00:00.000Z');
    // The first visit is cancelled from its link; a new one is booked from the account.
    expect((await new TestBrowser(ctx.app).delete(`/api/reschedulings/${token}`)).statusCode).toBe(200);
    const [open] = await openStarts(DEMO_DOCTOR_IDS.okafor, 1);
    const booked = await who.post(`/api/orders/${orderId}/appointment`, bookBody(DEMO_DOCTOR_IDS.okafor, open));
    expect(booked.statusCode).toBe(201);
    // Dr. Okafor holds the visit and marks it done.
    const { userId: okaforUserId } = await signedInOkafor(ctx);
    ctx.clock.now = new Date(open!);
    const okafor = await signIn(ctx, okaforUserId);
    expect((await okafor.post(`/api/doctor/visits/${booked.json().appointment.id}/complete`)).statusCode).toBe(200);
    expect((await orderRow(orderId)).status).toBe('visit_scheduled');

    // Neither way books a second visit for an order whose visit happened.
    const patient = await signIn(ctx, who.userId);
    const later = (await openStarts(DEMO_DOCTOR_IDS.okafor, 40)).at(-1)!;
    const again = await patient.post(`/api/orders/${orderId}/appointment`, bookBody(DEMO_DOCTOR_IDS.okafor, later));
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('ORDER_CLOSED');
    const fromLink = await new TestBrowser(ctx.app).post(`/api/reschedulings/${token}/rebook`, { startsAt: later, timeZone: 'America/New_York' });
    expect(fromLink.statusCode).toBe(409);
    expect(fromLink.json().code).toBe('ORDER_CLOSED');
    expect(await liveVisits(orderId)).toEqual([]);
    // The patient's visit page still shows the completed visit (to rate the doctor).
    expect((await patient.get(`/api/orders/${orderId}/visit`)).json()).toMatchObject({ status: 'completed', outcome: 'completed' });
  });

  it('after payment the patient may cancel the order instead: the hold is voided and the order cancelled', async () => {
    const { orderId, token, email } = await paidVisit('2027-02-11T14:00:00.000Z');
    expect((await new TestBrowser(ctx.app).delete(`/api/reschedulings/${token}`)).statusCode).toBe(200);
    const res = await new TestBrowser(ctx.app).post(`/api/reschedulings/${token}/cancel-order`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'cancelled', order: { id: orderId, state: 'cancelled' } });
    expect((await orderRow(orderId)).status).toBe('cancelled');
    const [payment] = await ctx.database.db.select().from(payments).where(eq(payments.orderId, orderId));
    expect(payment!.status).toBe('voided');
    const audit = await ctx.database.db.select().from(auditEvents).where(eq(auditEvents.subjectId, orderId));
    expect(audit).toEqual(
      expect.arrayContaining([expect.objectContaining({ action: 'order.status_changed', details: expect.objectContaining({ from: 'visit_scheduled', to: 'cancelled' }) })]),
    );
    const mail = (await mailsTo(email)).find((m) => m.subject === 'Your order was cancelled');
    expect(mail!.body).toContain('the hold on your card was released');
    // Nothing more to book or cancel.
    expect((await new TestBrowser(ctx.app).post(`/api/reschedulings/${token}/rebook`, { startsAt: '2027-02-09T14:00:00.000Z' })).statusCode).toBe(409);
    expect((await new TestBrowser(ctx.app).post(`/api/reschedulings/${token}/cancel-order`)).statusCode).toBe(409);
  });

  it('cancelling the order with a visit still booked cancels the visit too', async () => {
    const { orderId, token } = await paidVisit('2027-02-12T14:00:00.000Z');
    const res = await new TestBrowser(ctx.app).post(`/api/reschedulings/${token}/cancel-order`);
    expect(res.statusCode).toBe(200);
    expect(await liveVisits(orderId)).toEqual([]);
    expect((await orderRow(orderId)).status).toBe('cancelled');
  });

  it('from the account: a paid order whose visit was cancelled is shown, booked again, or cancelled by its owner only', async () => {
    const { who, orderId, token, email } = await paidVisit('2027-02-10T15:00:00.000Z');
    expect((await who.get('/api/account/visit')).json()).toMatchObject({ appointment: { status: 'booked', orderId }, order: { id: orderId, state: 'paid', visitBooked: true } });
    expect((await new TestBrowser(ctx.app).delete(`/api/reschedulings/${token}`)).statusCode).toBe(200);
    // The account still shows the order, waiting for a new time.
    expect((await who.get('/api/account/visit')).json()).toMatchObject({ appointment: { status: 'cancelled', orderId }, order: { state: 'paid', visitBooked: false } });
    // A new time for the same order from the account: mailed at once (the order is paid).
    const [open] = await openStarts(DEMO_DOCTOR_IDS.okafor, 1);
    const booked = await who.post(`/api/orders/${orderId}/appointment`, { ...bookBody(DEMO_DOCTOR_IDS.okafor, open), invitee: { name: 'Pat Lee', email, number: '5552013344' } });
    expect(booked.statusCode).toBe(201);
    expect((await orderRow(orderId)).status).toBe('visit_scheduled');
    expect((await mailsTo(email)).filter((m) => m.subject?.includes('is scheduled'))).toHaveLength(2);
    // Another patient cannot cancel it; the owner can (hold voided, visit cancelled).
    const other = await signedInPatient(ctx);
    expect((await other.post(`/api/account/orders/${orderId}/cancel`)).statusCode).toBe(404);
    const cancelled = await who.post(`/api/account/orders/${orderId}/cancel`);
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json()).toEqual({ order: { id: orderId, state: 'cancelled', visitBooked: false } });
    expect(await liveVisits(orderId)).toEqual([]);
    const [payment] = await ctx.database.db.select().from(payments).where(eq(payments.orderId, orderId));
    expect(payment!.status).toBe('voided');
    expect((await who.post(`/api/account/orders/${orderId}/cancel`)).statusCode).toBe(409);
  });
});
