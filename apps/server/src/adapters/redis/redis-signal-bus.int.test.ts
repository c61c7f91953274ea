// issue 20: "visit signalling across instances (patient on one, doctor on another)". Two instances
// on one database and one Redis: the patient's socket on the first, the doctor's on the second.
// The doctor's admission, the offer, the answer and the candidates pass between them through the
// visit's Redis channel, and the doctor's `end` ends and closes both sockets.
import { randomBytes, randomUUID } from 'node:crypto';
import { SIGNAL_CLOSE, type VisitQuality } from '@store/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createInstances, TEST_REDIS_URL, type Instances } from '../../../test/instances.ts';
import type { SignalBusEvent } from '../../modules/visits/signal-bus.ts';
import { openRedis } from './redis.ts';
import { createRedisSignalBus } from './redis-signal-bus.ts';
import { bearer, paidVisitOrder, SignalClient, signedInOkafor, signIn, VISIT_TEST_MONDAY } from '../../../test/visit-call.ts';
import type { TestContext } from '../../../test/app.ts';

/** Every event crosses Redis between two apps on a busy machine: waits longer than the one-process tests. */
const WAIT_MS = 10_000;

const QUALITY: VisitQuality = {
  firstFrameMs: 700,
  framesDecoded: 900,
  packetsLost: 0,
  roundTripMs: 20,
  jitterMs: 1.5,
  localCandidateType: 'host',
  iceRestarts: 0,
  audioOnly: false,
  durationMs: 300_000,
};

describe('a visit with the patient on one instance and the doctor on another', () => {
  let both: Instances;
  let first: TestContext;
  let second: TestContext;
  let okaforUserId: string;
  beforeAll(async () => {
    both = await createInstances(2, { redis: true, name: 'visit-signals' });
    [first, second] = both.instances as [TestContext, TestContext];
    both.clock.now = VISIT_TEST_MONDAY;
    okaforUserId = (await signedInOkafor(first)).userId;
  });
  afterAll(() => both.close());

  it('relays the admission, offer, answer and candidates between them; the doctor’s end closes both', async () => {
    const visit = await paidVisitOrder(first);
    both.clock.now = new Date(new Date(visit.startsAt).getTime() - 2 * 60_000);

    const patient = await SignalClient.open(first, visit.appointmentId, bearer(await signIn(first, visit.patient.userId)));
    expect(await patient.next('hello', WAIT_MS)).toMatchObject({ role: 'patient', admitted: false, peerPresent: false });
    const doctor = await SignalClient.open(second, visit.appointmentId, bearer(await signIn(second, okaforUserId)));
    expect(await doctor.next('hello', WAIT_MS)).toMatchObject({ role: 'doctor', admitted: false });
    // The patient's instance heard the doctor arrive on the other one.
    expect(await patient.next('peer-joined', WAIT_MS)).toEqual({ type: 'peer-joined', role: 'doctor' });

    doctor.send({ type: 'admit' });
    expect(await patient.next('admitted', WAIT_MS)).toEqual({ type: 'admitted' });
    expect(await patient.next('ready', WAIT_MS)).toEqual({ type: 'ready' });
    expect(await doctor.next('ready', WAIT_MS)).toEqual({ type: 'ready' });

    const offer = { type: 'offer' as const, sdp: 'v=0\r\no=- 1 2 IN IP4 127.0.0.1\r\n' };
    doctor.send({ type: 'description', description: offer });
    expect(await patient.next('description', WAIT_MS)).toEqual({ type: 'description', description: offer });
    const answer = { type: 'answer' as const, sdp: 'v=0\r\no=- 3 4 IN IP4 127.0.0.1\r\n' };
    patient.send({ type: 'description', description: answer });
    expect(await doctor.next('description', WAIT_MS)).toEqual({ type: 'description', description: answer });
    const fromDoctor = { candidate: 'candidate:1 1 udp 2122260223 192.168.1.2 54400 typ host', sdpMid: '0', sdpMLineIndex: 0, usernameFragment: 'abcd' };
    const fromPatient = { candidate: 'candidate:2 1 udp 1686052607 203.0.113.7 61000 typ srflx raddr 10.0.0.2 rport 61000', sdpMid: '0', sdpMLineIndex: 0 };
    // A burst each way arrives whole and in order.
    for (let i = 0; i < 5; i++) doctor.send({ type: 'candidate', candidate: { ...fromDoctor, sdpMLineIndex: i } });
    patient.send({ type: 'candidate', candidate: fromPatient });
    for (let i = 0; i < 5; i++) expect(await patient.next('candidate', WAIT_MS)).toEqual({ type: 'candidate', candidate: { ...fromDoctor, sdpMLineIndex: i } });
    expect(await doctor.next('candidate', WAIT_MS)).toEqual({ type: 'candidate', candidate: fromPatient });

    doctor.send({ type: 'end' });
    expect(await doctor.next('ended', WAIT_MS)).toEqual({ type: 'ended', by: 'doctor' });
    expect(await patient.next('ended', WAIT_MS)).toEqual({ type: 'ended', by: 'doctor' });
    // Each sends its quality summary; then both sockets are closed.
    patient.send({ type: 'quality', quality: QUALITY });
    doctor.send({ type: 'quality', quality: QUALITY });
    expect(await patient.closed(WAIT_MS)).toBe(SIGNAL_CLOSE.ended);
    expect(await doctor.closed(WAIT_MS)).toBe(SIGNAL_CLOSE.ended);

    // The visit's channel is given up by both instances once their sockets are gone.
    const channel = `${both.prefix}visit:${visit.appointmentId}`;
    const redis = first.app.services.redis!.client;
    await expect.poll(async () => (await redis.pubsub('NUMSUB', channel))[1], { timeout: 3000 }).toBe(0);
  });
});

describe('the Redis bus keeps the in-memory bus’s promise', () => {
  it('delivers one order to every instance (each publisher’s in its order, a listener’s reaction after its cause), and publish resolves once this process heard it', async () => {
    const prefix = `redis:signal-bus:${randomBytes(4).toString('hex')}:`;
    const [a, b] = [openRedis({ url: TEST_REDIS_URL, prefix }), openRedis({ url: TEST_REDIS_URL, prefix })];
    try {
      const busA = createRedisSignalBus(a);
      const busB = createRedisSignalBus(b);
      const visit = randomUUID();
      const heardA: string[] = [];
      const heardB: string[] = [];
      const name = (e: SignalBusEvent) => ('role' in e ? `${e.kind}:${e.role}` : e.kind);
      busA.subscribe(visit, (e) => {
        heardA.push(name(e));
        // A listener's own publish comes after the event it handles, on every instance.
        if (e.kind === 'join' && e.role === 'doctor') void busA.publish(visit, { kind: 'here', role: 'patient', connId: 'p1' });
      });
      const stopB = busB.subscribe(visit, (e) => heardB.push(name(e)));
      // Both instances' SUBSCRIBEs are in place first: A's publish waits for A's own only, and an
      // event published before B subscribed is not B's to hear (a CI run caught B missing it).
      await expect.poll(async () => (await a.client.pubsub('NUMSUB', `${prefix}visit:${visit}`))[1], { timeout: WAIT_MS }).toBe(2);
      await busA.publish(visit, { kind: 'join', role: 'patient', connId: 'p1' });
      // Resolved: this process's listener has it already.
      expect(heardA).toEqual(['join:patient']);
      await busB.publish(visit, { kind: 'join', role: 'doctor', connId: 'd1' });
      expect(heardB).toContain('join:doctor');
      for (let i = 0; i < 20; i++) void busB.publish(visit, { kind: 'admitted' });
      await busB.publish(visit, { kind: 'ended', by: 'doctor' });
      await expect.poll(() => heardA.length, { timeout: WAIT_MS }).toBe(24);
      await expect.poll(() => heardB.length, { timeout: WAIT_MS }).toBe(24);
      // Every instance hears one order: each publisher's events in its order, the reaction after its cause.
      expect(heardB).toEqual(heardA);
      expect(heardA.filter((e) => e !== 'here:patient')).toEqual(['join:patient', 'join:doctor', ...Array<string>(20).fill('admitted'), 'ended']);
      expect(heardA.indexOf('here:patient')).toBeGreaterThan(heardA.indexOf('join:doctor'));
      // Nobody listening here: publish resolves on Redis's answer.
      stopB();
      await busB.publish(visit, { kind: 'left', role: 'doctor', connId: 'd1' });
      await expect.poll(() => heardA.at(-1), { timeout: WAIT_MS }).toBe('left:doctor');
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });
});
