// The call engine's message handling (issue 16 "Video": WebRTC signalled over the visit's
// WebSocket; waiting room; mute, camera off, switch device, leave; after a network blip an ICE
// restart, then audio only, then "the doctor will call you"; a getStats() quality summary),
// against a fake socket and a fake peer connection.
import { SIGNAL_CLOSE, visitQualitySchema, type VisitRole } from '@store/domain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { VisitCallEngine } from './engine';
import type { FakeStream, FakeTrack } from './test-fakes';
import { callStats, fakeDeps, FakePeer, ICE } from './test-fakes';

const HELLO = { endsAt: '2030-01-01T10:30:00.000Z', closesAt: '2030-01-01T10:45:00.000Z' };

async function settle(ms = 0) {
  await vi.advanceTimersByTimeAsync(ms);
}

async function startCall(
  role: VisitRole,
  options: Parameters<typeof fakeDeps>[0] = {},
  phone?: string,
) {
  const fake = fakeDeps(options);
  const onEnded = vi.fn();
  const onLeft = vi.fn();
  const engine = new VisitCallEngine(
    { appointmentId: 'appt-1', role, phone, onEnded, onLeft },
    fake.deps,
  );
  void engine.start();
  await settle();
  fake.socket().open();
  return { ...fake, engine, onEnded, onLeft };
}

/** Both here and admitted, the offer and answer exchanged, ICE connected. */
async function connectedCall(role: VisitRole, phone?: string) {
  const call = await startCall(role, {}, phone);
  call.socket().receive({ type: 'hello', role, admitted: true, peerPresent: true, ...HELLO });
  call.socket().receive({ type: 'ready' });
  await settle();
  if (role === 'doctor')
    call.socket().receive({ type: 'description', description: { type: 'answer', sdp: 'answer' } });
  else
    call.socket().receive({ type: 'description', description: { type: 'offer', sdp: 'offer-1' } });
  await settle();
  call.peer().setIce('connected');
  return call;
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('joining', () => {
  it('opens the visit socket with the camera and microphone on and the ICE servers fetched', async () => {
    const { socket, gum, engine } = await startCall('patient');
    expect(socket().url).toBe('ws://localhost/api/visits/appt-1/signal');
    expect(gum[0]).toMatchObject({ audio: true, video: expect.any(Object) });
    expect(engine.getState().localStream?.getTracks()).toHaveLength(2);
    expect(engine.getState().socketOpen).toBe(true);
  });

  it('joins with sound only when there is no camera', async () => {
    const { engine, gum } = await startCall('patient', { media: 'no-camera' });
    expect(gum).toHaveLength(2);
    expect(engine.getState().localStream?.getVideoTracks()).toHaveLength(0);
    expect(engine.getState().cameraOff).toBe(true);
    expect(engine.getState().phase).toBe('starting');
  });

  it('fails with a media error when the microphone is refused too', async () => {
    const fake = fakeDeps({ media: 'denied' });
    const engine = new VisitCallEngine({ appointmentId: 'appt-1', role: 'patient' }, fake.deps);
    await engine.start();
    expect(engine.getState()).toMatchObject({ phase: 'failed', error: 'media' });
    expect(fake.sockets).toHaveLength(0);
  });

  // issue 16 "a waiting room (the doctor admits the patient)"
  it('puts the patient in the waiting room until the doctor lets them in', async () => {
    const { socket, engine } = await startCall('patient');
    socket().receive({
      type: 'hello',
      role: 'patient',
      admitted: false,
      peerPresent: true,
      ...HELLO,
    });
    await settle();
    expect(engine.getState()).toMatchObject({ phase: 'waiting', admitted: false });
    expect(engine.getState().status).toContain('Waiting for the doctor to let you in');
    socket().receive({ type: 'admitted' });
    await settle();
    expect(engine.getState()).toMatchObject({ phase: 'connecting', admitted: true });
  });

  it('tells the doctor the patient is waiting, and admits on request', async () => {
    const { socket, engine } = await startCall('doctor');
    socket().receive({
      type: 'hello',
      role: 'doctor',
      admitted: false,
      peerPresent: false,
      ...HELLO,
    });
    await settle();
    expect(engine.getState()).toMatchObject({
      patientWaiting: false,
      status: 'Waiting for the patient to join.',
    });
    socket().receive({ type: 'peer-joined', role: 'patient' });
    await settle();
    expect(engine.getState().patientWaiting).toBe(true);
    engine.admit();
    expect(socket().ofType('admit')).toHaveLength(1);
  });

  it('the patient cannot admit', async () => {
    const { socket, engine } = await startCall('patient');
    engine.admit();
    expect(socket().ofType('admit')).toHaveLength(0);
  });
});

describe('negotiation', () => {
  // issue 16: the doctor makes the offer on `ready`; candidates trickle both ways
  it('the doctor adds its tracks and offers on ready, queues early candidates and adds them after the answer', async () => {
    const { socket, peer, engine } = await startCall('doctor');
    socket().receive({
      type: 'hello',
      role: 'doctor',
      admitted: true,
      peerPresent: true,
      ...HELLO,
    });
    socket().receive({ type: 'ready' });
    await settle();
    const pc = peer();
    expect(pc.config.iceServers).toHaveLength(2);
    expect(pc.config.iceTransportPolicy).toBe('all');
    expect(pc.senders.map((s) => s.track?.kind).sort()).toEqual(['audio', 'video']);
    expect(socket().ofType('description')).toEqual([
      { type: 'description', description: { type: 'offer', sdp: 'offer-1' } },
    ]);
    expect(engine.getState().phase).toBe('connecting');

    // A candidate from the patient before its answer waits.
    socket().receive({
      type: 'candidate',
      candidate: {
        candidate: 'candidate:1 1 udp 1 10.0.0.2 5000 typ host',
        sdpMid: '0',
        sdpMLineIndex: 0,
      },
    });
    await settle();
    expect(pc.added).toHaveLength(0);
    socket().receive({ type: 'description', description: { type: 'answer', sdp: 'answer' } });
    await settle();
    expect(pc.remoteDescription).toEqual({ type: 'answer', sdp: 'answer' });
    expect(pc.added.map((c) => c.candidate)).toEqual([
      'candidate:1 1 udp 1 10.0.0.2 5000 typ host',
    ]);
    socket().receive({
      type: 'candidate',
      candidate: { candidate: 'candidate:2', sdpMid: '0', sdpMLineIndex: 0 },
    });
    await settle();
    expect(pc.added).toHaveLength(2);

    // Its own candidates go to the patient.
    pc.gather('candidate:9 1 udp 1 10.0.0.1 6000 typ host');
    expect(socket().ofType('candidate').at(-1)?.candidate).toMatchObject({
      candidate: 'candidate:9 1 udp 1 10.0.0.1 6000 typ host',
      sdpMid: '0',
    });

    pc.setIce('connected');
    expect(engine.getState()).toMatchObject({
      phase: 'connected',
      status: 'You are connected to the patient.',
    });
  });

  it('the patient waits for the offer, then answers, with queued candidates added after the offer', async () => {
    const { socket, peer } = await startCall('patient');
    socket().receive({
      type: 'hello',
      role: 'patient',
      admitted: true,
      peerPresent: true,
      ...HELLO,
    });
    socket().receive({ type: 'ready' });
    await settle();
    const pc = peer();
    expect(socket().ofType('description')).toHaveLength(0);
    expect(pc.offers).toBe(0);
    socket().receive({
      type: 'candidate',
      candidate: { candidate: 'candidate:d', sdpMid: '0', sdpMLineIndex: 0 },
    });
    await settle();
    expect(pc.added).toHaveLength(0);
    socket().receive({ type: 'description', description: { type: 'offer', sdp: 'offer-1' } });
    await settle();
    expect(pc.remoteDescription).toEqual({ type: 'offer', sdp: 'offer-1' });
    expect(pc.added.map((c) => c.candidate)).toEqual(['candidate:d']);
    expect(socket().ofType('description')).toEqual([
      { type: 'description', description: { type: 'answer', sdp: 'answer' } },
    ]);
  });

  it('the doctor ignores an offer and the patient an answer', async () => {
    const doctor = await startCall('doctor');
    doctor.socket().receive({ type: 'ready' });
    await settle();
    doctor.socket().receive({ type: 'description', description: { type: 'offer', sdp: 'x' } });
    await settle();
    expect(doctor.peer().remoteDescription).toBeNull();
  });

  // issue 16: a rejoin renegotiates cleanly
  it('a second ready (the patient came back) starts a new connection and a new offer', async () => {
    const { socket, engine } = await connectedCall('doctor');
    const first = FakePeer.all[0]!;
    socket().receive({ type: 'peer-left', role: 'patient' });
    await settle();
    expect(first.closed).toBe(true);
    expect(engine.getState()).toMatchObject({ phase: 'waiting', peerPresent: false });
    expect(engine.getState().status).toContain('The patient left the visit.');
    socket().receive({ type: 'peer-joined', role: 'patient' });
    socket().receive({ type: 'ready' });
    await settle();
    expect(FakePeer.all).toHaveLength(2);
    expect(FakePeer.all[1]!.localDescription?.type).toBe('offer');
    expect(
      socket()
        .ofType('description')
        .filter((m) => m.description.type === 'offer'),
    ).toHaveLength(2);
  });

  it('drops candidates meant for a connection that was replaced', async () => {
    const { socket } = await startCall('patient');
    socket().receive({ type: 'ready' });
    await settle();
    socket().receive({
      type: 'candidate',
      candidate: { candidate: 'candidate:old', sdpMid: '0', sdpMLineIndex: 0 },
    });
    socket().receive({ type: 'ready' });
    socket().receive({ type: 'description', description: { type: 'offer', sdp: 'offer-2' } });
    await settle();
    expect(FakePeer.all[1]!.added).toHaveLength(0);
  });
});

describe('network trouble', () => {
  // issue 16: "after a network blip an ICE restart, then audio only, then 'the doctor will call you' (phone)"
  it('the doctor restarts ICE twice, then drops the video, then moves the visit to the phone', async () => {
    const { socket, peer, engine } = await connectedCall('doctor', '+1 (555) 010-2000');
    const pc = peer();
    pc.setIce('failed');
    await settle();
    expect(pc.restarts).toBe(1);
    expect(engine.getState()).toMatchObject({
      phase: 'reconnecting',
      iceRestarts: 1,
      audioOnly: false,
    });
    expect(socket().ofType('description').at(-1)?.description.type).toBe('offer');

    await settle(5_000); // the first restart did not bring it back
    expect(pc.restarts).toBe(2);
    expect(engine.getState().audioOnly).toBe(false);

    pc.setIce('failed'); // the second failed outright
    await settle();
    expect(pc.restarts).toBe(3);
    const videoSender = pc.senders.find((s) => s.replaced.length > 0);
    expect(videoSender?.replaced).toEqual([null]);
    expect(socket().ofType('audio-only')).toHaveLength(1);
    expect(engine.getState()).toMatchObject({ audioOnly: true, cameraOff: true });
    expect(engine.getState().localStream?.getVideoTracks()).toHaveLength(0);

    await settle(5_000); // sound only failed as well
    expect(socket().ofType('phone-fallback')).toHaveLength(1);
    expect(pc.closed).toBe(true);
    expect(engine.getState()).toMatchObject({
      phase: 'phone',
      phoneFallback: { phone: '+1 (555) 010-2000' },
    });
    expect(engine.getState().status).toContain('Call the patient at +1 (555) 010-2000');
    expect(engine.getState().localStream).toBeNull();
  });

  it('a restart that brings the call back starts the count again', async () => {
    const { peer, engine } = await connectedCall('doctor');
    const pc = peer();
    pc.setIce('failed');
    await settle();
    pc.setIce('connected');
    expect(engine.getState()).toMatchObject({ phase: 'connected', status: 'Connected again.' });
    pc.setIce('failed');
    await settle();
    await settle(5_000);
    expect(pc.restarts).toBe(3);
    expect(engine.getState()).toMatchObject({ iceRestarts: 3, audioOnly: false });
  });

  it('waits a moment on "disconnected" before restarting (it often recovers)', async () => {
    const { peer } = await connectedCall('doctor');
    const pc = peer();
    pc.setIce('disconnected');
    await settle(500);
    pc.setIce('connected');
    await settle(1_000);
    expect(pc.restarts).toBe(0);
    pc.setIce('disconnected');
    await settle(1_000);
    expect(pc.restarts).toBe(1);
  });

  it('the patient asks the doctor to restart, and follows the doctor to sound only and to the phone', async () => {
    const { socket, peer, engine } = await connectedCall('patient', '+1 555 000 0000');
    const pc = peer();
    pc.setIce('failed');
    await settle();
    expect(socket().ofType('restart-request')).toHaveLength(1);
    expect(pc.restarts).toBe(0);
    await settle(5_000);
    expect(socket().ofType('restart-request')).toHaveLength(2);

    socket().receive({ type: 'audio-only', by: 'doctor' });
    await settle();
    expect(pc.senders.find((s) => s.replaced.length)?.replaced).toEqual([null]);
    expect(engine.getState().audioOnly).toBe(true);
    expect(socket().ofType('audio-only')).toHaveLength(0);

    socket().receive({ type: 'phone-fallback', phone: '+1 555 010 9999' });
    await settle();
    expect(engine.getState()).toMatchObject({
      phase: 'phone',
      phoneFallback: { phone: '+1 555 010 9999' },
    });
    expect(engine.getState().status).toBe('Your doctor will call you at +1 555 010 9999.');
  });

  it('a restart fetches fresh TURN credentials when the old ones are about to lapse', async () => {
    let fetched = 0;
    const ice = () => {
      fetched += 1;
      return Promise.resolve({
        ...ICE,
        iceServers: [{ urls: 'turn:turn.example.test', username: `u${fetched}`, credential: 'c' }],
        expiresAt: new Date(Date.now() + 3 * 60_000).toISOString(),
      });
    };
    const { socket, peer } = await startCall('doctor', { ice });
    socket().receive({ type: 'ready' });
    await settle();
    expect(peer().config.iceServers?.[0]?.username).toBe('u1');
    await settle(90_000); // now within two minutes of the credentials' end
    peer().setIce('failed');
    await settle();
    expect(peer().restarts).toBe(1);
    expect(peer().config.iceServers?.[0]?.username).toBe('u2');
  });

  it('the doctor restarts when the patient asks, once at a time', async () => {
    const { socket, peer } = await connectedCall('doctor');
    socket().receive({ type: 'restart-request' });
    socket().receive({ type: 'restart-request' });
    await settle();
    expect(peer().restarts).toBe(1);
  });

  it('the socket reconnects with back-off after a drop, and a new ready renegotiates', async () => {
    const { sockets, socket, engine } = await connectedCall('patient');
    socket().drop(1006);
    expect(engine.getState()).toMatchObject({ phase: 'reconnecting', socketOpen: false });
    await settle(499);
    expect(sockets).toHaveLength(1);
    await settle(1);
    expect(sockets).toHaveLength(2);
    socket().drop(1006);
    await settle(999);
    expect(sockets).toHaveLength(2);
    await settle(1);
    expect(sockets).toHaveLength(3);
    socket().open();
    socket().receive({
      type: 'hello',
      role: 'patient',
      admitted: true,
      peerPresent: true,
      ...HELLO,
    });
    socket().receive({ type: 'ready' });
    await settle();
    expect(FakePeer.all).toHaveLength(2);
    expect(FakePeer.all[0]!.closed).toBe(true);
  });

  it('an instance shutting down (1012, service restart) is reconnected to, through the balancer to another (issue 20)', async () => {
    const { sockets, socket, engine } = await connectedCall('patient');
    socket().drop(SIGNAL_CLOSE.serviceRestart);
    expect(SIGNAL_CLOSE.serviceRestart).toBe(1012);
    expect(engine.getState()).toMatchObject({ phase: 'reconnecting', socketOpen: false });
    await settle(500);
    expect(sockets).toHaveLength(2);
    socket().open();
    socket().receive({ type: 'hello', role: 'patient', admitted: true, peerPresent: true, ...HELLO });
    await settle();
    expect(engine.getState()).toMatchObject({ socketOpen: true });
    expect(engine.getState().phase).not.toBe('failed');
  });

  it.each([
    [SIGNAL_CLOSE.notFound, 'not_found'],
    [SIGNAL_CLOSE.notOpen, 'not_open'],
    [SIGNAL_CLOSE.replaced, 'replaced'],
  ] as const)('close code %i stops with %s and does not reconnect', async (code, error) => {
    const { sockets, socket, engine } = await startCall('patient');
    socket().drop(code);
    await settle(10_000);
    expect(sockets).toHaveLength(1);
    expect(engine.getState()).toMatchObject({ phase: 'failed', error, localStream: null });
  });

  it('a close for a visit that ended reports it ended', async () => {
    const { socket, onEnded, engine } = await startCall('patient');
    socket().drop(SIGNAL_CLOSE.ended);
    expect(onEnded).toHaveBeenCalledWith('system');
    expect(engine.getState().phase).toBe('ended');
  });
});

describe('controls', () => {
  it('mutes, turns the camera off and on', async () => {
    const { engine } = await connectedCall('patient');
    const stream = engine.getState().localStream as unknown as FakeStream;
    engine.setMuted(true);
    expect(stream.getAudioTracks()[0]!.enabled).toBe(false);
    expect(engine.getState()).toMatchObject({ muted: true, status: 'Your microphone is off.' });
    engine.setCameraOff(true);
    expect(stream.getVideoTracks()[0]!.enabled).toBe(false);
    engine.setCameraOff(false);
    expect(stream.getVideoTracks()[0]!.enabled).toBe(true);
    engine.setMuted(false);
    expect(stream.getAudioTracks()[0]!.enabled).toBe(true);
  });

  it('switches the camera and the microphone without renegotiating', async () => {
    const { engine, peer, gum } = await connectedCall('doctor');
    const pc = peer();
    const oldVideo = (engine.getState().localStream as unknown as FakeStream).getVideoTracks()[0]!;
    engine.setMuted(true);
    await engine.switchCamera('cam-2');
    expect(gum.at(-1)).toEqual({
      video: expect.objectContaining({ deviceId: { exact: 'cam-2' } }),
    });
    const videoSender = pc.senders.find((s) => s.track?.kind === 'video')!;
    expect((videoSender.track as FakeTrack).deviceId).toBe('cam-2');
    expect(oldVideo.readyState).toBe('ended');
    await engine.switchMicrophone('mic-2');
    const audioSender = pc.senders.find((s) => s.track?.kind === 'audio')!;
    expect((audioSender.track as FakeTrack).deviceId).toBe('mic-2');
    expect(audioSender.track?.enabled).toBe(false); // still muted
    expect(engine.getState().devices).toEqual({ cameraId: 'cam-2', microphoneId: 'mic-2' });
    expect(pc.offers).toBe(1);
  });

  it('leaving sends the quality summary, then leave, and lets go of camera and socket', async () => {
    const { engine, socket, peer, onLeft } = await connectedCall('patient');
    const s = socket();
    const tracks = (engine.getState().localStream as unknown as FakeStream).getTracks();
    await engine.leave();
    expect(s.sent.slice(-2).map((m) => m.type)).toEqual(['quality', 'leave']);
    expect(visitQualitySchema.safeParse(s.ofType('quality')[0]!.quality).success).toBe(true);
    expect(s.closedWith).toBe(1000);
    expect(peer().closed).toBe(true);
    expect(tracks.every((t) => t.readyState === 'ended')).toBe(true);
    expect(onLeft).toHaveBeenCalledOnce();
    expect(engine.getState().phase).toBe('left');
  });

  it('the doctor ends the visit: quality, then end; the server’s ended finishes it for both', async () => {
    const { engine, socket, onEnded } = await connectedCall('doctor');
    await engine.end();
    expect(
      socket()
        .sent.slice(-2)
        .map((m) => m.type),
    ).toEqual(['quality', 'end']);
    expect(onEnded).not.toHaveBeenCalled();
    socket().receive({ type: 'ended', by: 'doctor' });
    await settle();
    expect(onEnded).toHaveBeenCalledWith('doctor');
    expect(engine.getState()).toMatchObject({
      phase: 'ended',
      endedBy: 'doctor',
      localStream: null,
    });
  });

  it('End visit can be pressed again when the server never answered', async () => {
    const { engine, socket } = await connectedCall('doctor');
    expect(await engine.end()).toBe(true);
    expect(await engine.end()).toBe(false);
    await settle(3_000);
    expect(engine.getState().status).toBe('The visit could not be ended just now. Try again.');
    expect(await engine.end()).toBe(true);
    expect(socket().ofType('end')).toHaveLength(2);
  });

  it('the patient hears the visit ended and sends its summary', async () => {
    const { socket, onEnded } = await connectedCall('patient');
    const s = socket();
    s.receive({ type: 'ended', by: 'doctor' });
    await settle();
    expect(onEnded).toHaveBeenCalledWith('doctor');
    expect(s.ofType('quality')).toHaveLength(1);
  });

  it('the patient cannot end the visit', async () => {
    const { engine, socket } = await connectedCall('patient');
    expect(await engine.end()).toBe(false);
    expect(socket().ofType('end')).toHaveLength(0);
  });
});

describe('quality summary', () => {
  // issue 16: "A call-quality summary from getStats() is kept with the visit"; the bench's first-frame time
  it('measures from ready to the first decoded frame and reads RTT, jitter and the candidate type of the selected pair', async () => {
    const { socket, peer, engine } = await startCall('doctor');
    socket().receive({ type: 'ready' });
    await settle();
    const pc = peer();
    pc.stats = callStats(0);
    await settle(300);
    expect(engine.getState().remoteVideo).toBe(false);
    socket().receive({ type: 'description', description: { type: 'answer', sdp: 'answer' } });
    pc.setIce('connected');
    pc.stats = callStats(12);
    await settle(50);
    expect(engine.getState().remoteVideo).toBe(true);
    await settle(10_000);
    pc.stats = callStats(300);
    await engine.end();
    const quality = socket().ofType('quality')[0]!.quality;
    expect(visitQualitySchema.parse(quality)).toEqual({
      firstFrameMs: 350,
      framesDecoded: 300,
      packetsLost: 4,
      roundTripMs: 30,
      jitterMs: 12,
      localCandidateType: 'relay',
      iceRestarts: 0,
      audioOnly: false,
      durationMs: 10_050, // from ICE connected (300 ms) to the end
    });
  });

  it('counts the frames of a connection that was replaced', async () => {
    const { socket, peer, engine } = await connectedCall('patient');
    const s = socket();
    peer().stats = callStats(100);
    await settle(1_000);
    s.receive({ type: 'ready' });
    await settle();
    expect(FakePeer.all).toHaveLength(2);
    peer().stats = callStats(50);
    await engine.leave();
    expect(s.ofType('quality')[0]!.quality).toMatchObject({ framesDecoded: 150, packetsLost: 8 });
  });
});
