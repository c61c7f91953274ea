// Issue 6 "Done when": slots per doctor and first available in the patient's zone; no double
// booking under 20 concurrent requests for one slot; reschedule and cancel by token; an expired or
// foreign token refused; only doctors licensed in the shipping state offered. SPEC §3 Schedule
// invitee with the SPEC §5 rules; SPEC §2 reschedulings/ link with the hide-GDPR-banner flag.
import { createHash } from 'node:crypto';
import { MESSAGES } from '@store/domain';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, TestBrowser, type TestContext } from '../../../test/app.ts';
import { auditEvents } from '../../db/schema/audit.ts';
import { orders } from '../../db/schema/orders.ts';
import { appointments } from '../../db/schema/scheduling.ts';
import { DEMO_DOCTOR_IDS } from '../../db/seed/doctors.ts';

let ctx: TestContext;
// Monday 1 February 2027, 07:00 in New York: no daylight-saving change that week, and the demo
// exceptions (written relative to the seeding day) are in the past.
const MONDAY = new Date('2027-02-01T12:00:00Z');

beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());
beforeEach(() => {
  ctx.clock.now = MONDAY;
});

async function guest(host?: string): Promise<TestBrowser> {
  const browser = new TestBrowser(ctx.app, host);
  expect((await browser.post('/api/session/guest')).statusCode).toBe(200);
  return browser;
}

let emailCounter = 0;
const invitee = () => ({ name: 'Jordan Rivers', email: `jordan${++emailCounter}@example.com`, number: '(555) 201-3344' });

function book(browser: TestBrowser, body: Record<string, unknown>) {
  return browser.post('/api/appointments', { invitee: invitee(), timeZone: 'America/Chicago', ...body });
}

const tokenOf = (path: string) => /^\/reschedulings\/([^?]+)\?hide_gdpr_banner=1$/.exec(path)?.[1] ?? '';
const localTime = (iso: string, timeZone: string) =>
  new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(new Date(iso));

async function outboxFor(email: string) {
  return (await ctx.app.services.notifications.outbox(500)).filter((m) => m.to === email);
}

describe('slots', () => {
  it("lists a doctor's slots in the patient's zone (New York hours seen from Los Angeles)", async () => {
    const res = await new TestBrowser(ctx.app).get(
      `/api/doctors/${DEMO_DOCTOR_IDS.okafor}/slots?from=2027-02-02&to=2027-02-02&tz=America/Los_Angeles`,
    );
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.timeZone).toBe('America/Los_Angeles');
    expect(body.days.map((d: { date: string }) => d.date)).toEqual(['2027-02-02']);
    const slots = body.days[0].slots as { startsAt: string; endsAt: string }[];
    // Dr. Okafor works 9:00–17:00 New York time in 30-minute visits: 6:00–13:30 in Los Angeles.
    expect(slots).toHaveLength(16);
    expect(slots[0]).toEqual({ startsAt: '2027-02-02T14:00:00.000Z', endsAt: '2027-02-02T14:30:00.000Z' });
    expect(localTime(slots[0]!.startsAt, 'America/Los_Angeles')).toBe('06:00');
    expect(localTime(slots.at(-1)!.startsAt, 'America/Los_Angeles')).toBe('13:30');
  });

  it('keeps the minimum notice and the horizon', async () => {
    ctx.clock.now = new Date('2027-02-01T15:10:00Z'); // 10:10 in New York; notice 2 hours
    const body = (await new TestBrowser(ctx.app).get(`/api/doctors/${DEMO_DOCTOR_IDS.okafor}/slots?tz=America/New_York&to=2027-06-01`)).json();
    expect(body.days[0].date).toBe('2027-02-01');
    expect(localTime(body.days[0].slots[0].startsAt, 'America/New_York')).toBe('12:30');
    // A 30-day horizon: nothing after 3 March 15:10 UTC.
    const last = body.days.at(-1).slots.at(-1).startsAt;
    expect(new Date(last).getTime()).toBeLessThanOrEqual(new Date('2027-03-03T15:10:00Z').getTime());
  });

  it('offers first-available times only from doctors licensed in the state', async () => {
    const monday9NewYork = '2027-02-01T14:00:00.000Z'; // 9:00 New York: Dr. Okafor is free, nobody in AZ works then
    const starts = async (state: string) =>
      (await new TestBrowser(ctx.app).get(`/api/slots?state=${state}&from=2027-02-01&to=2027-02-01&tz=America/New_York`))
        .json()
        .days.flatMap((d: { slots: { startsAt: string }[] }) => d.slots.map((s) => s.startsAt));
    ctx.clock.now = new Date('2027-01-31T12:00:00Z');
    expect(await starts('NY')).toContain(monday9NewYork);
    expect(await starts('AZ')).not.toContain(monday9NewYork);
    const az = (await new TestBrowser(ctx.app).get('/api/slots?state=AZ&from=2027-02-02&to=2027-02-02&tz=America/Phoenix')).json();
    expect(az.doctorCount).toBe(2);
    // Dr. Kim (Los Angeles, from 8:00) starts before Dr. Ramirez (Denver, from 10:00): 9:00 in Phoenix.
    expect(localTime(az.days[0].slots[0].startsAt, 'America/Phoenix')).toBe('09:00');
    expect((await new TestBrowser(ctx.app).get('/api/slots?state=OH')).json()).toMatchObject({ doctorCount: 0, days: [] });
  });

  it('refuses an unknown time zone and answers 404 for an unknown doctor', async () => {
    const bad = await new TestBrowser(ctx.app).get(`/api/doctors/${DEMO_DOCTOR_IDS.okafor}/slots?tz=Mars/Olympus`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0]).toMatchObject({ message: MESSAGES.TIME_ZONE_INVALID });
    expect((await new TestBrowser(ctx.app).get(`/api/doctors/${DEMO_DOCTOR_IDS.whitaker}/slots`)).statusCode).toBe(404);
  });
});

describe('booking', () => {
  it('needs a session (guest or signed in)', async () => {
    const res = await new TestBrowser(ctx.app).post('/api/appointments', {
      doctorId: DEMO_DOCTOR_IDS.okafor,
      startsAt: '2027-02-02T14:00:00.000Z',
      invitee: invitee(),
    });
    expect(res.statusCode).toBe(401);
  });

  it('books a slot, keeps only the hash of the link token, mails the patient and audits without PHI', async () => {
    const browser = await guest();
    const who = invitee();
    const res = await browser.post('/api/appointments', {
      doctorId: DEMO_DOCTOR_IDS.okafor,
      startsAt: '2027-02-02T15:00:00.000Z',
      invitee: { ...who, name: '  Jordan   Rivers ' },
      timeZone: 'America/Chicago',
      visitType: 1,
    });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.appointment).toMatchObject({
      status: 'booked',
      startsAt: '2027-02-02T15:00:00.000Z',
      endsAt: '2027-02-02T15:30:00.000Z',
      visitType: 1,
      doctor: { id: DEMO_DOCTOR_IDS.okafor, name: 'Dr. Amara Okafor' },
      invitee: { name: 'Jordan Rivers', email: who.email, number: '5552013344' },
      patientTimeZone: 'America/Chicago',
    });
    const token = tokenOf(body.reschedulePath);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/); // 256 random bits

    const [row] = await ctx.database.db.select().from(appointments).where(eq(appointments.id, body.appointment.id));
    expect(row!.rescheduleTokenHash).toBe(createHash('sha256').update(token).digest('base64url'));
    expect(JSON.stringify(row)).not.toContain(token);
    expect(row!.tokenExpiresAt!.toISOString()).toBe('2027-02-02T15:30:00.000Z');

    const [mail] = await outboxFor(who.email);
    expect(mail!.subject).toBe('Your visit with Dr. Amara Okafor is scheduled');
    // The time in the patient's zone (Chicago), and the link to our own reschedule page.
    expect(mail!.body).toContain('Tuesday, February 2, 2027, 9:00 – 9:30 AM CST');
    expect(mail!.body).toContain(`http://localhost:3000/reschedulings/${token}?hide_gdpr_banner=1`);
    expect(mail!.body).toContain(`/api/reschedulings/${token}/invite.ics`);

    const [event] = await ctx.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'appointment.booked'), eq(auditEvents.subjectId, body.appointment.id)));
    expect(event).toBeDefined();
    expect(JSON.stringify(event)).not.toContain(who.email);
    expect(JSON.stringify(event)).not.toContain('Jordan');
  });

  it('holds a slot atomically: of 20 concurrent requests one books, 19 hear that it was just taken', async () => {
    const browsers = await Promise.all(Array.from({ length: 20 }, () => guest()));
    const startsAt = '2027-02-03T16:00:00.000Z';
    const results = await Promise.all(
      browsers.map((b) => book(b, { doctorId: DEMO_DOCTOR_IDS.okafor, startsAt })),
    );
    const statuses = results.map((r) => r.statusCode).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(19);
    for (const r of results.filter((x) => x.statusCode === 409)) {
      expect(r.json()).toMatchObject({ code: 'SLOT_TAKEN', detail: 'That time was just taken. Please choose another time.' });
    }
    const live = await ctx.database.db
      .select()
      .from(appointments)
      .where(and(eq(appointments.doctorId, DEMO_DOCTOR_IDS.okafor), eq(appointments.startsAt, new Date(startsAt)), eq(appointments.status, 'booked')));
    expect(live).toHaveLength(1);
    // The slot is gone from the list.
    const after = (await browsers[0]!.get(`/api/doctors/${DEMO_DOCTOR_IDS.okafor}/slots?from=2027-02-03&to=2027-02-03&tz=UTC`)).json();
    expect(after.days[0].slots.map((s: { startsAt: string }) => s.startsAt)).not.toContain(startsAt);
  });

  it('keeps the buffer under concurrency: back-to-back slots of one doctor cannot both be booked', async () => {
    // Dr. Okafor keeps 10 minutes between visits: 11:00 and 11:30 cannot both be held.
    const [a, b] = await Promise.all([guest(), guest()]);
    const results = await Promise.all([
      book(a!, { doctorId: DEMO_DOCTOR_IDS.okafor, startsAt: '2027-02-04T16:00:00.000Z' }),
      book(b!, { doctorId: DEMO_DOCTOR_IDS.okafor, startsAt: '2027-02-04T16:30:00.000Z' }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect(results.find((r) => r.statusCode === 409)!.json().code).toBe('SLOT_TAKEN');
  });

  it('books "first available" with a doctor licensed in the state, spreading concurrent patients', async () => {
    // Tuesday 10:00 in Phoenix: Dr. Kim (9:00 in Los Angeles) and Dr. Ramirez (10:00 in Denver) are both free.
    const startsAt = '2027-02-02T17:00:00.000Z';
    const browsers = await Promise.all([guest(), guest(), guest()]);
    const results = await Promise.all(browsers.map((b) => book(b, { doctorId: 'first-available', state: 'AZ', startsAt })));
    const booked = results.filter((r) => r.statusCode === 201).map((r) => r.json().appointment.doctor.name).sort();
    expect(booked).toEqual(['Dr. Daniel Kim', 'Dr. Sofia Ramirez']);
    expect(results.filter((r) => r.statusCode === 409).map((r) => r.json().code)).toEqual(['SLOT_TAKEN']);
  });

  it('refuses a doctor not licensed in the state, and first available without a state', async () => {
    const browser = await guest();
    const res = await book(browser, { doctorId: DEMO_DOCTOR_IDS.kim, state: 'NY', startsAt: '2027-02-02T17:00:00.000Z' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'DOCTOR_NOT_LICENSED', detail: MESSAGES.DOCTOR_NOT_LICENSED });
    const none = await book(browser, { doctorId: 'first-available', startsAt: '2027-02-02T17:00:00.000Z' });
    expect(none.statusCode).toBe(400);
    expect(none.json().errors).toEqual([{ field: 'state', message: MESSAGES.STATE_INVALID }]);
  });

  it.each([
    ['off the grid', '2027-02-02T14:10:00.000Z', MONDAY],
    ['outside working hours', '2027-02-02T03:00:00.000Z', MONDAY],
    ['in the past', '2027-01-29T14:00:00.000Z', MONDAY],
    // 9:30 in New York with the clock at 8:00: Dr. Okafor needs 2 hours' notice.
    ['sooner than the notice', '2027-02-01T14:30:00.000Z', new Date('2027-02-01T13:00:00Z')],
    ['beyond the horizon', '2027-04-06T14:00:00.000Z', MONDAY],
  ])('refuses a time %s', async (_label, startsAt, now) => {
    const browser = await guest();
    ctx.clock.now = now;
    const res = await book(browser, { doctorId: DEMO_DOCTOR_IDS.okafor, startsAt });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'SLOT_UNAVAILABLE', detail: MESSAGES.SLOT_UNAVAILABLE });
  });

  it.each([
    // SPEC §5 FullName, email and PhoneNumber on the SPEC §3 Schedule invitee
    ['name', { name: 'Jordan' }, MESSAGES.FULL_NAME_INVALID],
    ['email', { email: 'jordan@' }, MESSAGES.EMAIL_INVALID],
    ['number', { number: '555-2013' }, MESSAGES.PHONE_NUMBER_FORMAT],
  ])('validates the invitee %s', async (field, change, message) => {
    const res = await (await guest()).post('/api/appointments', {
      doctorId: DEMO_DOCTOR_IDS.okafor,
      startsAt: '2027-02-02T20:00:00.000Z',
      invitee: { ...invitee(), ...change },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toContainEqual({ field: `invitee.${field}`, message });
  });
});

describe('the reschedule link', () => {
  async function bookOne(startsAt: string, host?: string) {
    const browser = await guest(host);
    const who = invitee();
    const res = await browser.post('/api/appointments', {
      doctorId: DEMO_DOCTOR_IDS.petrov,
      startsAt,
      invitee: who,
      timeZone: 'America/New_York',
      visitType: 2,
    });
    expect(res.statusCode).toBe(201);
    return { token: tokenOf(res.json().reschedulePath), id: res.json().appointment.id as string, email: who.email };
  }

  const uidAndSequence = (ics: string) => ({
    uid: /^UID:(.+)$/m.exec(ics)?.[1]?.trim(),
    sequence: /^SEQUENCE:(\d+)$/m.exec(ics)?.[1],
    method: /^METHOD:(.+)$/m.exec(ics)?.[1]?.trim(),
  });

  it('opens the visit, moves it with an updated invite (same UID, higher SEQUENCE) and frees the old slot', async () => {
    // Dr. Petrov: 12:00–20:00 New York time.
    const { token, id, email } = await bookOne('2027-02-02T18:00:00.000Z');
    const anyone = new TestBrowser(ctx.app); // the link alone is enough: no session needed
    const opened = await anyone.get(`/api/reschedulings/${token}`);
    expect(opened.statusCode).toBe(200);
    expect(opened.json()).toMatchObject({ id, status: 'booked', startsAt: '2027-02-02T18:00:00.000Z', doctor: { name: 'Dr. Elena Petrov' } });

    const before = uidAndSequence((await anyone.get(`/api/reschedulings/${token}/invite.ics`)).body);
    expect(before).toMatchObject({ sequence: '0', method: 'REQUEST' });

    // Its own time counts as free when choosing a new one.
    const own = (await anyone.get(`/api/reschedulings/${token}/slots?from=2027-02-02&to=2027-02-02&tz=America/New_York`)).json();
    expect(own.days[0].slots.map((s: { startsAt: string }) => s.startsAt)).toContain('2027-02-02T18:00:00.000Z');

    const moved = await anyone.post(`/api/reschedulings/${token}`, { startsAt: '2027-02-03T19:00:00.000Z' });
    expect(moved.statusCode).toBe(200);
    expect(moved.json()).toMatchObject({ status: 'booked', startsAt: '2027-02-03T19:00:00.000Z', endsAt: '2027-02-03T19:30:00.000Z' });

    // The same link now shows the new time; the invite keeps its UID with SEQUENCE 1.
    expect((await anyone.get(`/api/reschedulings/${token}`)).json().startsAt).toBe('2027-02-03T19:00:00.000Z');
    const ics = (await anyone.get(`/api/reschedulings/${token}/invite.ics`));
    expect(ics.headers['content-type']).toMatch(/^text\/calendar/);
    expect(uidAndSequence(ics.body)).toEqual({ uid: before.uid, sequence: '1', method: 'REQUEST' });
    expect(ics.body).toContain('DTSTART:20270203T190000Z');

    const rows = await ctx.database.db.select().from(appointments).where(eq(appointments.calendarUid, before.uid!));
    expect(rows.map((r) => r.status).sort()).toEqual(['booked', 'rescheduled']);
    const slots = (await anyone.get(`/api/doctors/${DEMO_DOCTOR_IDS.petrov}/slots?from=2027-02-02&to=2027-02-02&tz=UTC`)).json();
    expect(slots.days[0].slots.map((s: { startsAt: string }) => s.startsAt)).toContain('2027-02-02T18:00:00.000Z');

    const mails = await outboxFor(email);
    expect(mails.map((m) => m.subject).sort()).toEqual([
      'Your visit with Dr. Elena Petrov is scheduled',
      'Your visit with Dr. Elena Petrov was moved',
    ]);
    const movedMail = mails.find((m) => m.subject!.endsWith('was moved'))!;
    expect(movedMail.body).toContain('New time: Wednesday, February 3, 2027, 2:00 – 2:30 PM EST');
    expect(movedMail.body).toContain(`/reschedulings/${token}?hide_gdpr_banner=1`);
  });

  it('will not move a visit onto a taken time', async () => {
    const first = await bookOne('2027-02-04T18:00:00.000Z');
    await bookOne('2027-02-04T19:00:00.000Z');
    const res = await new TestBrowser(ctx.app).post(`/api/reschedulings/${first.token}`, { startsAt: '2027-02-04T19:00:00.000Z' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'SLOT_TAKEN', detail: MESSAGES.SLOT_TAKEN });
    expect((await new TestBrowser(ctx.app).get(`/api/reschedulings/${first.token}`)).json().startsAt).toBe('2027-02-04T18:00:00.000Z');
  });

  it('cancels the visit, frees the slot, sends a cancelled invite and refuses further changes', async () => {
    const { token, email } = await bookOne('2027-02-05T18:00:00.000Z');
    const anyone = new TestBrowser(ctx.app);
    const uid = uidAndSequence((await anyone.get(`/api/reschedulings/${token}/invite.ics`)).body).uid;
    const res = await anyone.delete(`/api/reschedulings/${token}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().status).toBe('cancelled');
    expect((await anyone.get(`/api/reschedulings/${token}`)).json().status).toBe('cancelled');
    expect(uidAndSequence((await anyone.get(`/api/reschedulings/${token}/invite.ics`)).body)).toEqual({ uid, sequence: '1', method: 'CANCEL' });
    expect((await anyone.post(`/api/reschedulings/${token}`, { startsAt: '2027-02-05T19:00:00.000Z' })).statusCode).toBe(404);
    expect((await anyone.delete(`/api/reschedulings/${token}`)).statusCode).toBe(404);
    const slots = (await anyone.get(`/api/doctors/${DEMO_DOCTOR_IDS.petrov}/slots?from=2027-02-05&to=2027-02-05&tz=UTC`)).json();
    expect(slots.days[0].slots.map((s: { startsAt: string }) => s.startsAt)).toContain('2027-02-05T18:00:00.000Z');
    expect((await outboxFor(email)).map((m) => m.subject)).toContain('Your visit with Dr. Elena Petrov was cancelled');
  });

  it('refuses an expired token (after the visit) on every call', async () => {
    const { token } = await bookOne('2027-02-08T18:00:00.000Z');
    const anyone = new TestBrowser(ctx.app);
    ctx.clock.now = new Date('2027-02-08T18:29:00Z');
    expect((await anyone.get(`/api/reschedulings/${token}`)).statusCode).toBe(200);
    ctx.clock.now = new Date('2027-02-08T18:30:00Z'); // the visit has ended
    for (const res of [
      await anyone.get(`/api/reschedulings/${token}`),
      await anyone.get(`/api/reschedulings/${token}/slots`),
      await anyone.get(`/api/reschedulings/${token}/invite.ics`),
      await anyone.post(`/api/reschedulings/${token}`, { startsAt: '2027-02-09T18:00:00.000Z' }),
      await anyone.delete(`/api/reschedulings/${token}`),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: 'NOT_FOUND', detail: MESSAGES.NOT_FOUND });
    }
  });

  it("refuses a foreign token: another storefront's, a made-up one, a malformed one", async () => {
    const { token } = await bookOne('2027-02-09T18:00:00.000Z');
    const onLumen = new TestBrowser(ctx.app, 'lumen.localhost:3000');
    expect((await onLumen.get(`/api/reschedulings/${token}`)).statusCode).toBe(404);
    expect((await onLumen.delete(`/api/reschedulings/${token}`)).statusCode).toBe(404);
    const anyone = new TestBrowser(ctx.app);
    expect((await anyone.get(`/api/reschedulings/${'A'.repeat(43)}`)).statusCode).toBe(404);
    const altered = `${token.slice(0, -1)}${token.endsWith('x') ? 'y' : 'x'}`;
    expect((await anyone.get(`/api/reschedulings/${altered}`)).statusCode).toBe(404);
    expect((await anyone.get('/api/reschedulings/..%2F..%2Fetc')).statusCode).toBe(404);
    // The real link still works on its own storefront.
    expect((await anyone.get(`/api/reschedulings/${token}`)).statusCode).toBe(200);
  });

  it('puts a registered host only in mail links, never a forged Host header', async () => {
    const browser = await guest();
    const who = invitee();
    const res = await browser.request({
      method: 'POST',
      url: '/api/appointments',
      headers: { host: 'evil.example' },
      payload: { doctorId: DEMO_DOCTOR_IDS.petrov, startsAt: '2027-02-10T18:00:00.000Z', invitee: who },
    });
    // evil.example is not a storefront host: the default storefront (Evergreen) serves it, and the
    // guest session made on localhost is valid there too, so the booking goes through...
    expect(res.statusCode).toBe(201);
    const [mail] = await outboxFor(who.email);
    // ...but the mail links to a registered host of the storefront.
    expect(mail!.body).not.toContain('evil.example');
    expect(mail!.body).toMatch(/http:\/\/(localhost|127\.0\.0\.1|evergreen\.localhost):3000\/reschedulings\//);
  });
});

describe('the checkout engine functions', () => {
  const orderId = '11111111-1111-4111-8111-111111111111';

  it('book with an order, getForOrder, book again moves it, rescheduleForRecentOrder only for its owner', async () => {
    const scheduling = ctx.app.services.scheduling;
    const storefront = await ctx.app.services.storefronts.resolve('localhost');
    const { sessionId } = await ctx.app.services.sessions.createGuestSession(storefront.id);
    const owner = { kind: 'guest' as const, sessionId, storefrontId: storefront.id };
    // appointments.order_id is a foreign key to orders (issue 6 wiring): the order must exist.
    await ctx.database.db.insert(orders).values({ id: orderId, storefrontId: storefront.id, guestSessionId: sessionId });
    const base = {
      storefront,
      identity: owner,
      orderId,
      state: 'NY',
      invitee: { name: 'Sam Lee', email: 'sam.lee@example.com', number: '5550001111' },
      patientTimeZone: 'America/New_York',
      visitType: 1 as const,
      origin: 'http://localhost:3000',
    };
    const first = await scheduling.book({ ...base, doctorId: 'first-available', startsAt: new Date('2027-02-11T17:00:00Z') });
    expect((await scheduling.getForOrder(storefront, orderId))?.id).toBe(first.appointment.id);

    // Booking again for the same order moves the visit: still one live visit, same calendar UID.
    const again = await scheduling.book({ ...base, doctorId: DEMO_DOCTOR_IDS.petrov, startsAt: new Date('2027-02-11T19:00:00Z') });
    const current = await scheduling.getForOrder(storefront, orderId);
    expect(current).toMatchObject({ id: again.appointment.id, startsAt: '2027-02-11T19:00:00.000Z', doctor: { name: 'Dr. Elena Petrov' } });
    const rows = await ctx.database.db.select().from(appointments).where(eq(appointments.orderId, orderId));
    expect(rows.filter((r) => r.status === 'booked')).toHaveLength(1);
    expect(new Set(rows.map((r) => r.calendarUid)).size).toBe(1);

    const stranger = { kind: 'guest' as const, sessionId: '22222222-2222-4222-8222-222222222222', storefrontId: storefront.id };
    expect(await scheduling.rescheduleForRecentOrder({ storefront, identity: stranger, orderId, startsAt: new Date('2027-02-11T20:00:00Z'), origin: base.origin })).toBeNull();
    const moved = await scheduling.rescheduleForRecentOrder({ storefront, identity: owner, orderId, startsAt: new Date('2027-02-11T20:00:00Z'), origin: base.origin });
    expect(moved?.appointment.startsAt).toBe('2027-02-11T20:00:00.000Z');

    const cancelled = await scheduling.cancelForOrder(storefront, orderId);
    expect(cancelled?.status).toBe('cancelled');
    expect(await scheduling.getForOrder(storefront, orderId)).toBeNull();
    const live = await ctx.database.db
      .select()
      .from(appointments)
      .where(and(eq(appointments.orderId, orderId), inArray(appointments.status, ['booked'])));
    expect(live).toHaveLength(0);
  });
});
