// Fakes of the browser's call APIs for the visit-call tests: a signalling socket the test plays
// the server on, a peer connection that records what the engine asks of it, tracks and streams.
import type { ClientSignal, IceServers, ServerSignal } from '@store/domain';
import type { SignalSocket, VisitCallDeps } from './engine';

export class FakeTrack {
  enabled = true;
  readyState: 'live' | 'ended' = 'live';
  constructor(
    readonly kind: 'audio' | 'video',
    readonly deviceId: string,
  ) {}
  stop() {
    this.readyState = 'ended';
  }
  getSettings() {
    return { deviceId: this.deviceId };
  }
}

export class FakeStream {
  private tracks: FakeTrack[];
  constructor(tracks: FakeTrack[] = []) {
    this.tracks = [...tracks];
  }
  getTracks() {
    return [...this.tracks];
  }
  getAudioTracks() {
    return this.tracks.filter((t) => t.kind === 'audio');
  }
  getVideoTracks() {
    return this.tracks.filter((t) => t.kind === 'video');
  }
  addTrack(track: FakeTrack) {
    this.tracks.push(track);
  }
}

export class FakeSocket implements SignalSocket {
  readyState = 0;
  readonly sent: ClientSignal[] = [];
  closedWith: number | null = null;
  onopen: ((event: Event) => void) | null = null;
  onmessage: ((event: MessageEvent) => void) | null = null;
  onclose: ((event: CloseEvent) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;
  constructor(readonly url: string) {}
  send(data: string) {
    if (this.readyState !== 1) throw new Error('send on a socket that is not open');
    this.sent.push(JSON.parse(data) as ClientSignal);
  }
  close(code = 1000) {
    this.closedWith = code;
    this.readyState = 3;
  }
  /** The server accepts the connection. */
  open() {
    this.readyState = 1;
    this.onopen?.(new Event('open'));
  }
  /** The server sends a message. */
  receive(message: ServerSignal) {
    this.onmessage?.({ data: JSON.stringify(message) } as MessageEvent);
  }
  /** The server (or the network) closes it. */
  drop(code: number) {
    this.readyState = 3;
    this.onclose?.({ code } as CloseEvent);
  }
  /** The messages sent of one type. */
  ofType<T extends ClientSignal['type']>(type: T): Extract<ClientSignal, { type: T }>[] {
    return this.sent.filter((m): m is Extract<ClientSignal, { type: T }> => m.type === type);
  }
}

export class FakeSender {
  replaced: (FakeTrack | null)[] = [];
  constructor(public track: FakeTrack | null) {}
  replaceTrack(track: FakeTrack | null) {
    this.replaced.push(track);
    this.track = track;
    return Promise.resolve();
  }
}

type Stat = Record<string, unknown> & { id: string; type: string };

export class FakePeer {
  static all: FakePeer[] = [];
  readonly senders: FakeSender[] = [];
  readonly transceivers: { kind: string; direction: string }[] = [];
  readonly added: RTCIceCandidateInit[] = [];
  localDescription: RTCSessionDescriptionInit | null = null;
  remoteDescription: RTCSessionDescriptionInit | null = null;
  signalingState: RTCSignalingState = 'stable';
  iceConnectionState: RTCIceConnectionState = 'new';
  restarts = 0;
  offers = 0;
  closed = false;
  /** What getStats() answers. */
  stats: Stat[] = [];
  onicecandidate: ((event: RTCPeerConnectionIceEvent) => void) | null = null;
  ontrack: ((event: RTCTrackEvent) => void) | null = null;
  oniceconnectionstatechange: (() => void) | null = null;
  constructor(readonly config: RTCConfiguration) {
    FakePeer.all.push(this);
  }
  addTrack(track: FakeTrack) {
    const sender = new FakeSender(track);
    this.senders.push(sender);
    return sender;
  }
  addTransceiver(kind: string, init: { direction: string }) {
    this.transceivers.push({ kind, direction: init.direction });
  }
  getSenders() {
    return this.senders;
  }
  getTransceivers() {
    return this.senders.map((sender) => ({
      sender,
      receiver: { track: { kind: sender.track?.kind ?? 'video' } },
    }));
  }
  createOffer() {
    this.offers += 1;
    return Promise.resolve({
      type: 'offer' as const,
      sdp: `offer-${this.offers}${this.restarts ? '-restart' : ''}`,
    });
  }
  createAnswer() {
    return Promise.resolve({ type: 'answer' as const, sdp: 'answer' });
  }
  setLocalDescription(description: RTCSessionDescriptionInit) {
    this.localDescription = description;
    this.signalingState = description.type === 'offer' ? 'have-local-offer' : 'stable';
    return Promise.resolve();
  }
  setRemoteDescription(description: RTCSessionDescriptionInit) {
    this.remoteDescription = description;
    this.signalingState = description.type === 'offer' ? 'have-remote-offer' : 'stable';
    return Promise.resolve();
  }
  addIceCandidate(candidate: RTCIceCandidateInit) {
    this.added.push(candidate);
    return Promise.resolve();
  }
  restartIce() {
    this.restarts += 1;
  }
  getStats() {
    const stats = this.stats;
    return Promise.resolve({ forEach: (fn: (s: Stat) => void) => stats.forEach(fn) });
  }
  close() {
    this.closed = true;
  }
  /** The browser reports a new ICE state. */
  setIce(state: RTCIceConnectionState) {
    this.iceConnectionState = state;
    this.oniceconnectionstatechange?.();
  }
  /** The browser found a local candidate. */
  gather(candidate: string) {
    this.onicecandidate?.({
      candidate: {
        candidate,
        toJSON: () => ({ candidate, sdpMid: '0', sdpMLineIndex: 0, usernameFragment: 'u' }),
      },
    } as unknown as RTCPeerConnectionIceEvent);
  }
}

export const ICE: IceServers = {
  iceServers: [
    { urls: 'stun:stun.example.test:3478' },
    { urls: ['turn:turn.example.test:3478'], username: '1:abc', credential: 'secret' },
  ],
  iceTransportPolicy: 'all',
  expiresAt: null,
};

/** Stats of a call that decoded `frames` video frames over a host candidate pair. */
export function callStats(frames: number): Stat[] {
  return [
    { id: 'in-v', type: 'inbound-rtp', kind: 'video', framesDecoded: frames, packetsLost: 3 },
    { id: 'in-a', type: 'inbound-rtp', kind: 'audio', packetsLost: 1, jitter: 0.012 },
    { id: 't', type: 'transport', selectedCandidatePairId: 'pair' },
    {
      id: 'pair',
      type: 'candidate-pair',
      localCandidateId: 'lc',
      totalRoundTripTime: 0.09,
      responsesReceived: 3,
      currentRoundTripTime: 0.05,
    },
    { id: 'lc', type: 'local-candidate', candidateType: 'relay' },
  ];
}

/** Everything the engine needs, faked; `sockets` holds each socket it opened, latest last. */
export function fakeDeps(
  options: { media?: 'ok' | 'no-camera' | 'denied'; ice?: () => Promise<IceServers> } = {},
) {
  const sockets: FakeSocket[] = [];
  const gum: MediaStreamConstraints[] = [];
  const streams: FakeStream[] = [];
  FakePeer.all = [];
  const deps: Partial<VisitCallDeps> = {
    fetchIceServers: options.ice ?? (() => Promise.resolve(ICE)),
    openSocket: (url) => {
      const socket = new FakeSocket(url);
      sockets.push(socket);
      return socket;
    },
    socketUrl: (id) => `ws://localhost/api/visits/${id}/signal`,
    createPeerConnection: (config) => new FakePeer(config) as unknown as RTCPeerConnection,
    getUserMedia: (constraints) => {
      gum.push(constraints);
      const media = options.media ?? 'ok';
      if (media === 'denied') return Promise.reject(new DOMException('no', 'NotAllowedError'));
      if (media === 'no-camera' && constraints.video)
        return Promise.reject(new DOMException('none', 'NotFoundError'));
      const tracks: FakeTrack[] = [];
      if (constraints.audio)
        tracks.push(new FakeTrack('audio', deviceOf(constraints.audio) ?? 'mic-default'));
      if (constraints.video)
        tracks.push(new FakeTrack('video', deviceOf(constraints.video) ?? 'cam-default'));
      const stream = new FakeStream(tracks);
      streams.push(stream);
      return Promise.resolve(stream as unknown as MediaStream);
    },
    createMediaStream: (tracks) =>
      new FakeStream(tracks as unknown as FakeTrack[]) as unknown as MediaStream,
    now: () => Date.now(),
    disconnectedGraceMs: 1_000,
    restartTimeoutMs: 5_000,
    firstFramePollMs: 50,
    statsIntervalMs: 1_000,
    reconnectDelaysMs: [500, 1_000],
    pingIntervalMs: 60_000,
    endTimeoutMs: 3_000,
  };
  const socket = () => {
    const last = sockets.at(-1);
    if (!last) throw new Error('no socket opened');
    return last;
  };
  const peer = () => {
    const last = FakePeer.all.at(-1);
    if (!last) throw new Error('no peer connection made');
    return last;
  };
  return { deps, sockets, socket, peer, gum, streams };
}

function deviceOf(constraint: boolean | MediaTrackConstraints): string | undefined {
  if (typeof constraint !== 'object') return undefined;
  const id = constraint.deviceId;
  return typeof id === 'object' && id !== null && 'exact' in id ? String(id.exact) : undefined;
}

/** A `navigator.mediaDevices` for jsdom: these devices, and getUserMedia answering with fake tracks or failing. */
export function stubMediaDevices(
  options: {
    cameras?: string[];
    microphones?: string[];
    /** Fails a request: return the error name to throw (e.g. 'NotAllowedError'), or null to answer. */
    fail?: (constraints: MediaStreamConstraints) => string | null;
  } = {},
) {
  const { cameras = ['cam-1', 'cam-2'], microphones = ['mic-1'], fail = () => null } = options;
  const requests: MediaStreamConstraints[] = [];
  const streams: FakeStream[] = [];
  const devices = {
    getUserMedia: (constraints: MediaStreamConstraints) => {
      requests.push(constraints);
      const error = fail(constraints);
      if (error) return Promise.reject(new DOMException(error, error));
      const tracks: FakeTrack[] = [];
      if (constraints.audio)
        tracks.push(new FakeTrack('audio', deviceOf(constraints.audio) ?? microphones[0] ?? 'mic'));
      if (constraints.video)
        tracks.push(new FakeTrack('video', deviceOf(constraints.video) ?? cameras[0] ?? 'cam'));
      const stream = new FakeStream(tracks);
      streams.push(stream);
      return Promise.resolve(stream as unknown as MediaStream);
    },
    enumerateDevices: () =>
      Promise.resolve([
        ...cameras.map((id, i) => ({
          deviceId: id,
          kind: 'videoinput',
          label: `Camera ${String.fromCharCode(65 + i)}`,
          groupId: '',
        })),
        ...microphones.map((id, i) => ({
          deviceId: id,
          kind: 'audioinput',
          label: `Microphone ${String.fromCharCode(65 + i)}`,
          groupId: '',
        })),
      ]),
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  };
  Object.defineProperty(navigator, 'mediaDevices', { value: devices, configurable: true });
  // jsdom has no media playback.
  Object.defineProperty(HTMLMediaElement.prototype, 'play', {
    value: () => Promise.resolve(),
    configurable: true,
  });
  return { requests, streams };
}

export function unstubMediaDevices() {
  Object.defineProperty(navigator, 'mediaDevices', { value: undefined, configurable: true });
}
