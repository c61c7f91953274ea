// issue 16 "The visit": the signalling WebSocket at /api/visits/:appointmentId/signal (protocol:
// packages/domain/src/visits/signalling.ts). Only the visit's patient and its doctor connect; the
// patient waits until the doctor admits; descriptions and candidates pass between the two only
// then; the doctor ends the visit for both; every state change is kept on the visit and audited.
import { randomUUID } from 'node:crypto';
import { SIGNAL_CLOSE, type VisitQuality } from '@store/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import { createTestApp, TestBrowser, type TestContext } from '../../../test/app.ts';
import { signedInPatient } from '../../../test/patients.ts';
import { signedInDoctor } from '../../../test/reviews.ts';
import { bearer, paidVisitOrder, SignalClient, signedInOkafor, signIn, VISIT_TEST_MONDAY, type PaidVisit } from '../../../test/visit-call.ts';
import { auditEvents } from '../../db/schema/audit.ts';
import { appointments } from '../../db/schema/scheduling.ts';
import { visits } from '../../db/schema/visits.ts';

let ctx: TestContext;
let okaforUserId: string;
beforeAll(async () => {
  ctx = await createTestApp();
  ctx.clock.now = VISIT_TEST_MONDAY;
  okaforUserId = (await signedInOkafor(ctx)).userId;
});
afterAll(() => ctx.close());
beforeEach(() => {
  ctx.clock.now = VISIT_TEST_MONDAY;
});

const MINUTE = 60_000;
/** Moves the clock to `ms` after the visit's start (negative: before). */
const atStart = (visit: PaidVisit, ms = 0) => {
  ctx.clock.now = new Date(new Date(visit.startsAt).getTime() + ms);
};
/** The visit's patient and doctor, signed in now (sessions lapse while the clock moves), each on a socket. */
async function join(visit: PaidVisit, who: 'patient' | 'doctor', headers?: Record<string, string>) {
  const client = await signIn(ctx, who === 'patient' ? visit.patient.userId : okaforUserId);
  return SignalClient.open(ctx, visit.appointmentId, headers ?? bearer(client));
}
const visitRow = async (appointmentId: string) => (await ctx.database.db.select().from(visits).where(eq(visits.appointmentId, appointmentId)))[0];
const auditOf = (appointmentId: string, action: string) =>
  ctx.database.db.select().from(auditEvents).where(and(eq(auditEvents.subjectId, appointmentId), eq(auditEvents.action, action)));

const QUALITY: VisitQuality = {
  firstFrameMs: 640,
  framesDecoded: 1800,
  packetsLost: 3,
  roundTripMs: 12.5,
  jitterMs: 2.1,
  localCandidateType: 'host',
  iceRestarts: 1,
  audioOnly: false,
  durationMs: 600_000,
};

/** Both on the call, the patient admitted: `ready` on each side. */
async function inCall(visit: PaidVisit) {
  const patient = await join(visit, 'patient');
  await patient.next('hello');
  const doctor = await join(visit, 'doctor');
  await doctor.next('hello');
  doctor.send({ type: 'admit' });
  await patient.next('ready');
  await doctor.next('ready');
  return { patient, doctor };
}

describe('the signalling socket (issue 16)', () => {
  it('keeps the patient in the waiting room until the doctor admits; then relays descriptions, candidates and restart requests both ways', async () => {
    const visit = await paidVisitOrder(ctx);
    atStart(visit, -2 * MINUTE);
    // The patient arrives first: greeted, not admitted, alone.
    const patient = await join(visit, 'patient');
    expect(await patient.next('hello')).toEqual({
      type: 'hello',
      role: 'patient',
      admitted: false,
      peerPresent: false,
      endsAt: visit.endsAt,
      closesAt: new Date(new Date(visit.endsAt).getTime() + 15 * MINUTE).toISOString(),
    });
    const doctor = await join(visit, 'doctor');
    expect(await doctor.next('hello')).toMatchObject({ role: 'doctor', admitted: false, peerPresent: true });
    expect(await patient.next('peer-joined')).toEqual({ type: 'peer-joined', role: 'doctor' });

    // Not admitted yet: nothing passes either way, and the patient cannot let themselves in.
    patient.send({ type: 'description', description: { type: 'answer', sdp: 'v=0 early' } });
    expect(await patient.next('error')).toEqual({ type: 'error', code: 'not_allowed' });
    doctor.send({ type: 'candidate', candidate: { candidate: 'candidate:1 1 udp 1 10.0.0.1 5000 typ host', sdpMid: '0', sdpMLineIndex: 0 } });
    expect(await doctor.next('error')).toEqual({ type: 'error', code: 'not_allowed' });
    patient.send({ type: 'admit' });
    expect(await patient.next('error')).toEqual({ type: 'error', code: 'not_allowed' });
    await patient.flush();
    await doctor.flush();
    expect(patient.types()).not.toContain('candidate');
    expect(patient.types()).not.toContain('ready');
    expect(doctor.types()).not.toContain('description');
    expect((await visitRow(visit.appointmentId))!.admittedAt).toBeNull();

    // The doctor admits: both are told, and both are ready (the doctor offers).
    doctor.send({ type: 'admit' });
    expect(await patient.next('admitted')).toEqual({ type: 'admitted' });
    expect(await patient.next('ready')).toEqual({ type: 'ready' });
    expect(await doctor.next('ready')).toEqual({ type: 'ready' });

    const offer = { type: 'offer' as const, sdp: 'v=0\r\no=- 1 2 IN IP4 127.0.0.1\r\n' };
    doctor.send({ type: 'description', description: offer });
    expect(await patient.next('description')).toEqual({ type: 'description', description: offer });
    const answer = { type: 'answer' as const, sdp: 'v=0\r\no=- 3 4 IN IP4 127.0.0.1\r\n' };
    patient.send({ type: 'description', description: answer });
    expect(await doctor.next('description')).toEqual({ type: 'description', description: answer });
    const fromDoctor = { candidate: 'candidate:1 1 udp 2122260223 192.168.1.2 54400 typ host', sdpMid: '0', sdpMLineIndex: 0, usernameFragment: 'abcd' };
    const fromPatient = { candidate: 'candidate:2 1 udp 1686052607 203.0.113.7 61000 typ srflx raddr 10.0.0.2 rport 61000', sdpMid: '0', sdpMLineIndex: 0 };
    doctor.send({ type: 'candidate', candidate: fromDoctor });
    patient.send({ type: 'candidate', candidate: fromPatient });
    expect(await patient.next('candidate')).toEqual({ type: 'candidate', candidate: fromDoctor });
    expect(await doctor.next('candidate')).toEqual({ type: 'candidate', candidate: fromPatient });
    // The patient's ICE failed: the doctor (the offerer) is asked to restart; the doctor cannot ask the patient.
    patient.send({ type: 'restart-request' });
    expect(await doctor.next('restart-request')).toEqual({ type: 'restart-request' });
    doctor.send({ type: 'restart-request' });
    expect(await doctor.next('error')).toEqual({ type: 'error', code: 'not_allowed' });
    patient.send({ type: 'audio-only' });
    expect(await doctor.next('audio-only')).toEqual({ type: 'audio-only', by: 'patient' });

    // The visit keeps who arrived, the admission and the start (written beside the `ready`), each audited.
    await vi.waitFor(async () => expect((await visitRow(visit.appointmentId))!.startedAt).toEqual(ctx.clock.now));
    const row = (await visitRow(visit.appointmentId))!;
    expect(row).toMatchObject({ orderId: visit.orderId, patientUserId: visit.patient.userId, outcome: null, endedAt: null });
    expect(row.patientJoinedAt).toEqual(ctx.clock.now);
    expect(row.doctorJoinedAt).toEqual(ctx.clock.now);
    expect(row.admittedAt).toEqual(ctx.clock.now);
    expect(row.startedAt).toEqual(ctx.clock.now);
    const arrived = await auditOf(visit.appointmentId, 'visit.arrived');
    expect(arrived.map((e) => e.details.role).sort()).toEqual(['doctor', 'patient']);
    expect(arrived.find((e) => e.details.role === 'patient')).toMatchObject({ actorType: 'user', actorId: visit.patient.userId, details: { first: true } });
    expect(await auditOf(visit.appointmentId, 'visit.admitted')).toEqual([expect.objectContaining({ actorId: okaforUserId })]);
    expect(await auditOf(visit.appointmentId, 'visit.started')).toHaveLength(1);
    patient.close();
    doctor.close();
  });

  it('works with the browser’s session cookie, and a rejoin is ready again without a new admission', async () => {
    const visit = await paidVisitOrder(ctx);
    atStart(visit);
    const { patient, doctor } = await inCall(visit);
    const firstJoin = (await visitRow(visit.appointmentId))!.patientJoinedAt;

    // A network blip: the patient's tab reconnects a minute later (with its cookie this time).
    patient.send({ type: 'leave' });
    expect(await patient.closed()).toBe(1000);
    expect(await doctor.next('peer-left')).toEqual({ type: 'peer-left', role: 'patient' });
    ctx.clock.advance(MINUTE);
    const session = await signIn(ctx, visit.patient.userId);
    const back = await SignalClient.open(ctx, visit.appointmentId, { cookie: `sid=${session.token}` });
    expect(await back.next('hello')).toMatchObject({ role: 'patient', admitted: true, peerPresent: true });
    expect(await doctor.next('peer-joined')).toEqual({ type: 'peer-joined', role: 'patient' });
    expect(await back.next('ready')).toEqual({ type: 'ready' });
    expect(await doctor.next('ready')).toEqual({ type: 'ready' });
    // The first arrival is kept; each arrival is audited.
    expect((await visitRow(visit.appointmentId))!.patientJoinedAt).toEqual(firstJoin);
    const arrivals = (await auditOf(visit.appointmentId, 'visit.arrived')).filter((e) => e.details.role === 'patient');
    expect(arrivals.map((e) => e.details.first).sort()).toEqual([false, true]);
    back.close();
    doctor.close();
  });

  it('replaces a side’s connection with its newer one: the old one is told and closed, the new one takes over', async () => {
    const visit = await paidVisitOrder(ctx);
    atStart(visit, 5 * MINUTE);
    const { patient, doctor } = await inCall(visit);
    // The patient opens the visit in a second tab.
    const second = await join(visit, 'patient');
    expect(await second.next('hello')).toMatchObject({ role: 'patient', admitted: true, peerPresent: true });
    expect(await patient.next('error')).toEqual({ type: 'error', code: 'replaced' });
    expect(await patient.closed()).toBe(SIGNAL_CLOSE.replaced);
    expect(await second.next('ready')).toEqual({ type: 'ready' });
    expect(await doctor.next('ready')).toEqual({ type: 'ready' });
    // The doctor's offer reaches the new tab only.
    const offer = { type: 'offer' as const, sdp: 'v=0 again' };
    doctor.send({ type: 'description', description: offer });
    expect(await second.next('description')).toEqual({ type: 'description', description: offer });
    expect(patient.types()).not.toContain('description');
    // The replaced tab's closing does not tell the doctor the patient left.
    await doctor.flush();
    expect(doctor.types()).not.toContain('peer-left');
    second.close();
    doctor.close();
  });

  it('lets only the doctor end the visit: it is completed, both are told, the patient’s quality summary is still kept, and nobody rejoins', async () => {
    const visit = await paidVisitOrder(ctx);
    atStart(visit, 10 * MINUTE);
    const { patient, doctor } = await inCall(visit);
    patient.send({ type: 'end' });
    expect(await patient.next('error')).toEqual({ type: 'error', code: 'not_allowed' });
    expect((await ctx.database.db.select().from(appointments).where(eq(appointments.id, visit.appointmentId)))[0]!.status).toBe('booked');

    doctor.send({ type: 'quality', quality: QUALITY });
    doctor.send({ type: 'end' });
    expect(await doctor.next('ended')).toEqual({ type: 'ended', by: 'doctor' });
    expect(await patient.next('ended')).toEqual({ type: 'ended', by: 'doctor' });
    // After the end only the summary is taken; sending it closes the socket.
    patient.send({ type: 'candidate', candidate: { candidate: 'candidate:late' } });
    expect(await patient.next('error')).toEqual({ type: 'error', code: 'ended' });
    patient.send({ type: 'quality', quality: { ...QUALITY, localCandidateType: 'srflx', audioOnly: true } });
    expect(await patient.closed()).toBe(SIGNAL_CLOSE.ended);

    // Completed like the REST route: appointment, visit (by the doctor), audited.
    expect((await ctx.database.db.select().from(appointments).where(eq(appointments.id, visit.appointmentId)))[0]!.status).toBe('completed');
    const row = (await visitRow(visit.appointmentId))!;
    expect(row).toMatchObject({ outcome: 'completed', endedBy: 'doctor' });
    expect(row.endedAt).toEqual(ctx.clock.now);
    expect(row.quality).toEqual({ doctor: QUALITY, patient: { ...QUALITY, localCandidateType: 'srflx', audioOnly: true } });
    expect(await auditOf(visit.appointmentId, 'visit.completed')).toEqual([expect.objectContaining({ actorId: okaforUserId, details: expect.objectContaining({ by: 'doctor', orderId: visit.orderId }) })]);
    expect(await auditOf(visit.appointmentId, 'appointment.completed')).toEqual([expect.objectContaining({ actorId: okaforUserId, subjectType: 'appointment' })]);

    // An ended visit refuses both sides before any message.
    const again = await join(visit, 'patient');
    expect(await again.closed()).toBe(SIGNAL_CLOSE.ended);
    expect(again.received).toEqual([]);
    const doctorAgain = await join(visit, 'doctor');
    expect(await doctorAgain.closed()).toBe(SIGNAL_CLOSE.ended);
    doctor.close();
  });

  it('ends the call for both when the patient cancels the order, or the visit from its link, while the room is open: nothing more is relayed', async () => {
    // issue 16: only the visit's patient and doctor signal it, and only while it is on; a cancelled
    // visit is over like one the doctor ended (its sockets are told and closed, not left relaying).
    const byOrder = await paidVisitOrder(ctx);
    atStart(byOrder, MINUTE);
    const first = await inCall(byOrder);
    expect((await (await signIn(ctx, byOrder.patient.userId)).post(`/api/account/orders/${byOrder.orderId}/cancel`)).statusCode).toBe(200);
    expect(await first.doctor.next('ended')).toEqual({ type: 'ended', by: 'system' });
    expect(await first.patient.next('ended')).toEqual({ type: 'ended', by: 'system' });
    first.patient.send({ type: 'candidate', candidate: { candidate: 'candidate:after-cancel' } });
    expect(await first.patient.next('error')).toEqual({ type: 'error', code: 'ended' });
    expect(await first.doctor.closed(8000)).toBe(SIGNAL_CLOSE.ended);
    expect(first.doctor.types()).not.toContain('candidate');

    const byLink = await paidVisitOrder(ctx, { date: '2027-02-03' });
    atStart(byLink, MINUTE);
    const second = await inCall(byLink);
    const mail = (await ctx.app.services.notifications.outbox(500)).find((m) => m.to === byLink.email && /\/reschedulings\//.test(m.body));
    const token = /\/reschedulings\/([A-Za-z0-9_-]+)/.exec(mail!.body)![1]!;
    expect((await new TestBrowser(ctx.app).delete(`/api/reschedulings/${token}`)).statusCode).toBe(200);
    expect(await second.doctor.next('ended')).toEqual({ type: 'ended', by: 'system' });
    expect(await second.patient.next('ended')).toEqual({ type: 'ended', by: 'system' });
  });

  it('refuses everyone but the visit’s patient and doctor with close 4404 before any message, like an unknown visit', async () => {
    const visit = await paidVisitOrder(ctx);
    // Another patient with a visit of their own at another time, another doctor, a guest, nobody.
    const other = await paidVisitOrder(ctx);
    atStart(visit);
    const otherPatient = await signIn(ctx, other.patient.userId);
    const stranger = await signedInPatient(ctx);
    const anotherDoctor = await signedInDoctor(ctx, ['NY'], null, 'America/New_York');
    const anotherDoctorSession = await signIn(ctx, anotherDoctor.userId);
    const guest = new TestBrowser(ctx.app);
    await guest.post('/api/session/guest');
    const refusals: [string, Record<string, string>, string?][] = [
      ['another visit’s patient', bearer(otherPatient)],
      ['a patient with no visit', bearer(stranger)],
      ['another doctor', bearer(anotherDoctorSession)],
      ['a guest', { cookie: `sid=${guest.cookie('sid')}` }],
      ['nobody', {}],
      ['an unknown visit', bearer(await signIn(ctx, visit.patient.userId)), randomUUID()],
      ['not a visit id', bearer(await signIn(ctx, visit.patient.userId)), 'not-a-uuid'],
      // The patient's own cookie, sent by another site's page (cross-site WebSocket hijacking).
      ['another site', { ...bearer(await signIn(ctx, visit.patient.userId)), origin: 'https://evil.example' }],
    ];
    for (const [who, headers, id] of refusals) {
      const socket = await SignalClient.open(ctx, id ?? visit.appointmentId, headers);
      expect(await socket.closed(), who).toBe(SIGNAL_CLOSE.notFound);
      expect(socket.received, who).toEqual([]);
    }
    // Nobody was recorded as arriving.
    expect(await visitRow(visit.appointmentId)).toBeUndefined();
    // The patient from the store's own page is let in.
    const patient = await join(visit, 'patient', { ...bearer(await signIn(ctx, visit.patient.userId)), origin: 'http://localhost:3000' });
    expect(await patient.next('hello')).toMatchObject({ role: 'patient' });
    patient.close();
  });

  it('is open from 5 minutes before the start until 15 minutes after the end, and not outside it', async () => {
    const visit = await paidVisitOrder(ctx);
    const refusedAt = async (ms: number) => {
      ctx.clock.now = new Date(ms);
      const socket = await join(visit, 'patient');
      const code = await socket.closed();
      expect(socket.received).toEqual([]);
      return code;
    };
    const start = new Date(visit.startsAt).getTime();
    const end = new Date(visit.endsAt).getTime();
    // "Visit about to start" (10 minutes before) and after the window: not open.
    expect(await refusedAt(start - 10 * MINUTE)).toBe(SIGNAL_CLOSE.notOpen);
    // At the opening minute and at the last one: in.
    for (const at of [start - 5 * MINUTE, end + 15 * MINUTE - 1]) {
      ctx.clock.now = new Date(at);
      const socket = await join(visit, 'patient');
      expect((await socket.next('hello')).role).toBe('patient');
      socket.close();
      await socket.closed();
    }
    // After the window nobody is let in: "not open", or "ended" once the closed-visit sweep (a
    // recurring job the test app's worker may run on the moved clock) has marked it missed.
    expect([SIGNAL_CLOSE.notOpen, SIGNAL_CLOSE.ended]).toContain(await refusedAt(end + 15 * MINUTE));
    const doctorLate = await join(visit, 'doctor');
    expect([SIGNAL_CLOSE.notOpen, SIGNAL_CLOSE.ended]).toContain(await doctorLate.closed());
  });

  it('answers a message that is not JSON or not in the protocol with bad_message and keeps the socket; a flood closes it', async () => {
    const visit = await paidVisitOrder(ctx);
    atStart(visit);
    const patient = await join(visit, 'patient');
    await patient.next('hello');
    for (const bad of ['not json', '{"type":"shout"}', JSON.stringify({ type: 'quality', quality: { ...QUALITY, framesDecoded: -1 } }), JSON.stringify({ type: 'description', description: { type: 'offer', sdp: 'x'.repeat(100_001) } })]) {
      patient.send(bad);
      expect(await patient.next('error')).toEqual({ type: 'error', code: 'bad_message' });
    }
    await patient.flush();
    expect(patient.closeCode).toBeNull();
    // Hundreds of messages at once: closed.
    for (let i = 0; i < 250; i++) patient.send({ type: 'ping' });
    expect(await patient.closed()).toBe(SIGNAL_CLOSE.badMessage);
    expect((await visitRow(visit.appointmentId))!.quality).toEqual({});
  });

  it('falls back to the phone: the patient is sent the number the doctor will call; kept and audited once', async () => {
    const visit = await paidVisitOrder(ctx, { phone: '(555) 777-0142' });
    atStart(visit);
    const patient = await join(visit, 'patient');
    await patient.next('hello');
    // Not admitted: the patient's browser cannot call for the phone yet.
    patient.send({ type: 'phone-fallback' });
    expect(await patient.next('error')).toEqual({ type: 'error', code: 'not_allowed' });
    const doctor = await join(visit, 'doctor');
    await doctor.next('hello');
    doctor.send({ type: 'admit' });
    await patient.next('ready');
    patient.send({ type: 'audio-only' });
    expect(await doctor.next('audio-only')).toEqual({ type: 'audio-only', by: 'patient' });
    doctor.send({ type: 'phone-fallback' });
    expect(await patient.next('phone-fallback')).toEqual({ type: 'phone-fallback', phone: '5557770142' });
    expect(await doctor.next('phone-fallback')).toEqual({ type: 'phone-fallback', phone: '5557770142' });
    patient.send({ type: 'phone-fallback' });
    await doctor.next('phone-fallback');
    expect((await visitRow(visit.appointmentId))!.phoneFallbackAt).toEqual(ctx.clock.now);
    const audited = await auditOf(visit.appointmentId, 'visit.phone_fallback');
    expect(audited).toEqual([expect.objectContaining({ actorId: okaforUserId, details: expect.objectContaining({ role: 'doctor' }) })]);
    // The number is not in the audit log.
    expect(JSON.stringify(audited)).not.toContain('5557770142');
    patient.close();
    doctor.close();
  });

  it('works over a real socket: the browser’s cookie on the upgrade, and a tab closed without `leave` is noticed', async () => {
    const visit = await paidVisitOrder(ctx);
    atStart(visit);
    const address = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const url = `${address.replace('http', 'ws')}/api/visits/${visit.appointmentId}/signal`;
    const open = async (userId: string) => {
      const { token } = await signIn(ctx, userId);
      const socket = new WebSocket(url, { headers: { host: 'localhost:3000', cookie: `sid=${token}`, origin: 'http://localhost:3000' } });
      const received: { type: string }[] = [];
      const waiters: (() => void)[] = [];
      socket.on('message', (data) => {
        received.push(JSON.parse(String(data)));
        for (const w of waiters.splice(0)) w();
      });
      const next = async (type: string) => {
        for (let i = 0; i < 50; i++) {
          const found = received.find((m) => m.type === type);
          if (found) {
            received.splice(received.indexOf(found), 1);
            return found;
          }
          await new Promise<void>((resolve) => {
            const timer = setTimeout(resolve, 100);
            waiters.push(() => {
              clearTimeout(timer);
              resolve();
            });
          });
        }
        throw new Error(`no ${type}; got ${JSON.stringify(received)}`);
      };
      await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
      return { socket, next };
    };
    const patient = await open(visit.patient.userId);
    expect(await patient.next('hello')).toMatchObject({ role: 'patient', admitted: false });
    const doctor = await open(okaforUserId);
    expect(await doctor.next('hello')).toMatchObject({ role: 'doctor', peerPresent: true });
    doctor.socket.send(JSON.stringify({ type: 'admit' }));
    await patient.next('ready');
    await doctor.next('ready');
    doctor.socket.send(JSON.stringify({ type: 'description', description: { type: 'offer', sdp: 'v=0 real' } }));
    expect(await patient.next('description')).toEqual({ type: 'description', description: { type: 'offer', sdp: 'v=0 real' } });
    // The patient's tab goes away without a word.
    patient.socket.terminate();
    expect(await doctor.next('peer-left')).toEqual({ type: 'peer-left', role: 'patient' });
    doctor.socket.close();
  });
});
