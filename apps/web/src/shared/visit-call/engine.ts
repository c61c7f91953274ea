// The browser side of a video visit (issue 16): one RTCPeerConnection between the patient and the
// doctor, signalled over the visit's WebSocket with the protocol of @store/domain
// (visits/signalling.ts). Plain TypeScript with its browser APIs injectable, so the message
// handling is tested with a fake socket and a fake peer connection; `useVisitCall` wraps it.
//
// - On `ready` (both here, the patient admitted) each side builds a new peer connection with its
//   tracks; the doctor offers, the patient answers; candidates trickle both ways, and those that
//   arrive before the remote description are queued. A later `ready` (a rejoin) starts over.
// - Network trouble (ICE disconnected for a moment, or failed): the doctor restarts ICE and offers
//   again (the patient asks with `restart-request`). After two restarts that did not bring the
//   call back the video is dropped (`audio-only`), and if the sound-only call fails too the doctor
//   phones the patient (`phone-fallback`).
// - The socket reconnects with back-off while the call is on; the server's close codes for "not
//   yours", "not open", "ended" and "replaced" stop it.
// - A quality summary from getStats() goes as the `quality` message when this side leaves or the
//   visit ends. No media is recorded.
import {
  SIGNAL_CLOSE,
  visitQualitySchema,
  type ClientSignal,
  type IceServers,
  type ServerSignal,
  type VisitQuality,
  type VisitRole,
} from '@store/domain';
import { apiGet, isApiError } from '@/lib/api';
import { sampleFromReport, summarize, type StatsSample } from './stats';
import type { VisitCallError, VisitCallState, VisitDevices, VisitEndedBy } from './types';

/** The socket surface the engine uses (the browser's WebSocket fits). */
export interface SignalSocket {
  readonly readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  onopen: ((event: Event) => void) | null;
  onmessage: ((event: MessageEvent) => void) | null;
  onclose: ((event: CloseEvent) => void) | null;
  onerror: ((event: Event) => void) | null;
}

export interface VisitCallDeps {
  fetchIceServers: (appointmentId: string) => Promise<IceServers>;
  openSocket: (url: string) => SignalSocket;
  socketUrl: (appointmentId: string) => string;
  createPeerConnection: (config: RTCConfiguration) => RTCPeerConnection;
  getUserMedia: (constraints: MediaStreamConstraints) => Promise<MediaStream>;
  createMediaStream: (tracks: MediaStreamTrack[]) => MediaStream;
  now: () => number;
  /** How long ICE may stay `disconnected` before it counts as trouble (it often recovers alone). */
  disconnectedGraceMs: number;
  /** How long an ICE restart has to bring the call back before the next step. */
  restartTimeoutMs: number;
  /** Stats polling while waiting for the first decoded frame, and after it. */
  firstFramePollMs: number;
  statsIntervalMs: number;
  /** Socket reconnect delays (the last one repeats). */
  reconnectDelaysMs: readonly number[];
  pingIntervalMs: number;
  /** How long to wait for the server's `ended` after End visit. */
  endTimeoutMs: number;
}

const OPEN = 1;

export const defaultDeps: VisitCallDeps = {
  fetchIceServers: (appointmentId) =>
    apiGet<IceServers>(`/api/visits/${encodeURIComponent(appointmentId)}/ice-servers`),
  openSocket: (url) => new WebSocket(url),
  socketUrl: (appointmentId) => {
    const { protocol, host } = window.location;
    return `${protocol === 'https:' ? 'wss' : 'ws'}://${host}/api/visits/${encodeURIComponent(appointmentId)}/signal`;
  },
  createPeerConnection: (config) => new RTCPeerConnection(config),
  getUserMedia: (constraints) => navigator.mediaDevices.getUserMedia(constraints),
  createMediaStream: (tracks) => new MediaStream(tracks),
  now: () => performance.now(),
  disconnectedGraceMs: 2_000,
  restartTimeoutMs: 10_000,
  firstFramePollMs: 50,
  statsIntervalMs: 2_000,
  reconnectDelaysMs: [500, 1_000, 2_000, 4_000, 8_000],
  pingIntervalMs: 25_000,
  endTimeoutMs: 8_000,
};

export interface VisitCallEngineOptions {
  appointmentId: string;
  role: VisitRole;
  phone?: string | undefined;
  devices?: VisitDevices | undefined;
  onEnded?: (by: VisitEndedBy) => void;
  onLeft?: () => void;
}

/** ICE servers are fetched again when their TURN credentials lapse within this. */
const ICE_REFRESH_MARGIN_MS = 2 * 60_000;

/** Restarts ICE may take in one bout of trouble before the video goes, and before the phone. */
const RESTARTS_BEFORE_AUDIO_ONLY = 2;
const RESTARTS_BEFORE_PHONE = 3;

export function initialVisitCallState(role: VisitRole, devices: VisitDevices = {}): VisitCallState {
  return {
    phase: 'starting',
    role,
    socketOpen: false,
    admitted: false,
    peerPresent: false,
    patientWaiting: false,
    localStream: null,
    remoteStream: null,
    remoteVideo: false,
    muted: false,
    cameraOff: false,
    audioOnly: false,
    phoneFallback: null,
    iceRestarts: 0,
    devices,
    endedBy: null,
    error: null,
    status: 'Connecting to your visit…',
  };
}

function describeError(error: VisitCallError, role: VisitRole): string {
  switch (error) {
    case 'not_found':
      return 'This visit is not one of yours.';
    case 'not_open':
      return 'The visit is not open now.';
    case 'ended':
      return 'This visit has ended.';
    case 'replaced':
      return 'You joined this visit in another window or tab, so this one was closed.';
    case 'media':
      return 'Your camera and microphone could not be started.';
    case 'connection':
      return role === 'patient'
        ? 'We could not connect you to your visit. Check your connection and try again.'
        : 'Could not connect to the visit. Check the connection and try again.';
  }
}

/** Where the waiting room stands for `role`, in words (the status line, and the stage's line). */
export function waitingLine(role: VisitRole, admitted: boolean, peerPresent: boolean): string {
  if (role === 'patient')
    return !admitted
      ? 'Waiting for the doctor to let you in.'
      : peerPresent
        ? 'Connecting to your doctor…'
        : 'Waiting for the doctor to join.';
  return !peerPresent
    ? 'Waiting for the patient to join.'
    : !admitted
      ? 'The patient is waiting. Admit them when you are ready.'
      : 'Connecting to the patient…';
}

export class VisitCallEngine {
  private state: VisitCallState;
  private readonly deps: VisitCallDeps;
  private readonly listeners = new Set<(state: VisitCallState) => void>();
  private socket: SignalSocket | null = null;
  private pc: RTCPeerConnection | null = null;
  private ice: IceServers | null = null;
  private local: MediaStream | null = null;
  private remote: MediaStream | null = null;
  private pendingCandidates: RTCIceCandidateInit[] = [];
  /** Messages are handled one after another (descriptions are asynchronous). */
  private queue: Promise<void> = Promise.resolve();
  /** Left, ended, failed or disposed: nothing reconnects any more. */
  private stopped = false;
  private ending = false;
  private finishing = false;
  private reconnectAttempt = 0;
  private reconnectTimer: ReturnType<typeof setTimeout> | null = null;
  private pingTimer: ReturnType<typeof setInterval> | null = null;
  private graceTimer: ReturnType<typeof setTimeout> | null = null;
  private restartTimer: ReturnType<typeof setTimeout> | null = null;
  private statsTimer: ReturnType<typeof setTimeout> | null = null;
  /** ICE restarts in the current bout of trouble (back to 0 once connected). */
  private boutRestarts = 0;
  private readyAt: number | null = null;
  private firstFrameMs: number | null = null;
  private connectedAt: number | null = null;
  private everConnected = false;
  private closedSamples: StatsSample[] = [];
  private currentSample: StatsSample | null = null;

  constructor(
    private readonly options: VisitCallEngineOptions,
    deps: Partial<VisitCallDeps> = {},
  ) {
    this.deps = { ...defaultDeps, ...deps };
    this.state = initialVisitCallState(options.role, options.devices ?? {});
  }

  getState(): VisitCallState {
    return this.state;
  }

  subscribe(listener: (state: VisitCallState) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private set(patch: Partial<VisitCallState>): void {
    this.state = { ...this.state, ...patch };
    for (const listener of this.listeners) listener(this.state);
  }

  private get role(): VisitRole {
    return this.options.role;
  }

  private get other(): string {
    return this.role === 'doctor' ? 'The patient' : 'The doctor';
  }

  // ---- start and stop -------------------------------------------------------------------------

  /** Opens the camera and microphone, fetches the ICE servers and connects the socket. */
  async start(): Promise<void> {
    try {
      await Promise.all([this.openMedia(), this.loadIceServers()]);
    } catch (error) {
      if (this.stopped) return;
      if (error instanceof MediaFailure) return this.fail('media');
      if (isApiError(error) && (error.status === 404 || error.status === 403))
        return this.fail('not_found');
      if (isApiError(error) && error.status === 409) return this.fail('not_open');
      // No answer: the socket loop retries the ICE servers too.
    }
    if (this.stopped) return;
    this.connect();
  }

  /** Unmounting: says goodbye if in a call, then lets go of everything. */
  dispose(): void {
    if (this.stopped) return;
    if (this.socket?.readyState === OPEN && this.everConnected) {
      const quality = visitQualitySchema.safeParse(this.summary());
      if (quality.success) this.send({ type: 'quality', quality: quality.data });
      this.send({ type: 'leave' });
    }
    this.stopped = true;
    this.teardown();
  }

  private teardown(): void {
    this.clearTimer('reconnectTimer');
    this.clearTimer('graceTimer');
    this.clearTimer('restartTimer');
    this.clearTimer('statsTimer');
    if (this.pingTimer) clearInterval(this.pingTimer);
    this.pingTimer = null;
    this.closePeer();
    for (const track of this.local?.getTracks() ?? []) track.stop();
    this.local = null;
    const socket = this.socket;
    this.socket = null;
    if (socket) {
      socket.onopen = socket.onmessage = socket.onerror = null;
      socket.onclose = null;
      if (socket.readyState <= OPEN) socket.close(1000, 'bye');
    }
    this.set({ localStream: null, remoteStream: null, remoteVideo: false, socketOpen: false });
  }

  private clearTimer(name: 'reconnectTimer' | 'graceTimer' | 'restartTimer' | 'statsTimer'): void {
    const timer = this[name];
    if (timer) clearTimeout(timer);
    this[name] = null;
  }

  private fail(error: VisitCallError): void {
    this.stopped = true;
    this.teardown();
    this.set({ phase: 'failed', error, status: describeError(error, this.role) });
  }

  private async finish(by: VisitEndedBy): Promise<void> {
    if (this.state.phase === 'ended' || this.finishing) return;
    this.finishing = true;
    this.stopped = true;
    this.clearTimer('reconnectTimer');
    // Best effort, with a last reading of the stats: the server may already be closing, but this
    // side's summary is worth a try (the doctor who ended it sent one already).
    if (this.socket?.readyState === OPEN && !this.ending && this.everConnected)
      await this.sendQuality();
    this.teardown();
    const who =
      by === 'system'
        ? 'The visit has ended.'
        : by === this.role
          ? 'You ended the visit.'
          : `${this.other} ended the visit.`;
    this.set({ phase: 'ended', endedBy: by, status: who });
    this.options.onEnded?.(by);
  }

  // ---- media ----------------------------------------------------------------------------------

  private constraints(
    kind: 'audio' | 'video',
    deviceId: string | undefined,
  ): MediaTrackConstraints | boolean {
    if (kind === 'audio')
      return deviceId
        ? { deviceId: { exact: deviceId }, echoCancellation: true, noiseSuppression: true }
        : true;
    const size = { width: { ideal: 1280 }, height: { ideal: 720 } };
    return deviceId ? { deviceId: { exact: deviceId }, ...size } : size;
  }

  private async openMedia(): Promise<void> {
    const { cameraId, microphoneId } = this.state.devices;
    let stream: MediaStream;
    try {
      stream = await this.deps.getUserMedia({
        audio: this.constraints('audio', microphoneId),
        video: this.constraints('video', cameraId),
      });
    } catch {
      // No camera (or it is busy): the visit can go on with sound only.
      try {
        stream = await this.deps.getUserMedia({ audio: this.constraints('audio', microphoneId) });
      } catch {
        throw new MediaFailure();
      }
    }
    if (this.stopped) {
      for (const track of stream.getTracks()) track.stop();
      return;
    }
    this.local = stream;
    const video = stream.getVideoTracks()[0];
    const audio = stream.getAudioTracks()[0];
    this.set({
      localStream: stream,
      cameraOff: !video,
      devices: {
        cameraId: video?.getSettings().deviceId ?? cameraId,
        microphoneId: audio?.getSettings().deviceId ?? microphoneId,
      },
    });
  }

  /** Before an ICE restart: a connection whose TURN credentials are about to lapse gets fresh ones. */
  private async refreshIce(pc: RTCPeerConnection): Promise<void> {
    const before = this.ice;
    try {
      await this.loadIceServers();
    } catch {
      return;
    }
    const ice = this.ice;
    if (!ice || ice === before || this.pc !== pc) return;
    try {
      pc.setConfiguration({
        ...pc.getConfiguration(),
        iceServers: ice.iceServers as RTCIceServer[],
        iceTransportPolicy: ice.iceTransportPolicy,
      });
    } catch {
      // A browser that refuses the change keeps the old servers; the restart still runs.
    }
  }

  private async loadIceServers(): Promise<IceServers> {
    // TURN credentials expire: fetch fresh ones a little before, for each new connection and restart.
    const expired =
      this.ice?.expiresAt && Date.parse(this.ice.expiresAt) - Date.now() < ICE_REFRESH_MARGIN_MS;
    if (!this.ice || expired)
      this.ice = await this.deps.fetchIceServers(this.options.appointmentId);
    return this.ice;
  }

  // ---- the socket -----------------------------------------------------------------------------

  private connect(): void {
    if (this.stopped) return;
    const socket = this.deps.openSocket(this.deps.socketUrl(this.options.appointmentId));
    this.socket = socket;
    socket.onopen = () => {
      if (this.socket !== socket) return;
      this.set({ socketOpen: true });
      if (this.pingTimer) clearInterval(this.pingTimer);
      this.pingTimer = setInterval(() => this.send({ type: 'ping' }), this.deps.pingIntervalMs);
    };
    socket.onmessage = (event: MessageEvent) => {
      if (this.socket !== socket) return;
      let message: ServerSignal;
      try {
        message = JSON.parse(String(event.data)) as ServerSignal;
      } catch {
        return;
      }
      this.queue = this.queue.then(() => this.handle(message)).catch(() => undefined);
    };
    socket.onerror = () => undefined;
    socket.onclose = (event: CloseEvent) => {
      if (this.socket !== socket) return;
      this.socket = null;
      if (this.pingTimer) clearInterval(this.pingTimer);
      this.pingTimer = null;
      this.set({ socketOpen: false });
      this.onSocketClosed(event.code);
    };
  }

  private onSocketClosed(code: number): void {
    if (this.stopped) return;
    if (code === SIGNAL_CLOSE.notFound) return this.fail('not_found');
    if (code === SIGNAL_CLOSE.notOpen) return this.fail('not_open');
    if (code === SIGNAL_CLOSE.replaced) return this.fail('replaced');
    if (code === SIGNAL_CLOSE.ended) return void this.finish('system');
    // Anything else (a network drop, a server restart): try again with back-off.
    const delays = this.deps.reconnectDelaysMs;
    const delay = delays[Math.min(this.reconnectAttempt, delays.length - 1)] ?? 1_000;
    this.reconnectAttempt += 1;
    if (this.state.phase !== 'phone')
      this.set({ phase: 'reconnecting', status: 'Connection lost. Reconnecting…' });
    this.clearTimer('reconnectTimer');
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = null;
      this.loadIceServers().then(
        () => this.connect(),
        () => this.onSocketClosed(1006),
      );
    }, delay);
  }

  private send(message: ClientSignal): boolean {
    const socket = this.socket;
    if (!socket || socket.readyState !== OPEN) return false;
    socket.send(JSON.stringify(message));
    return true;
  }

  // ---- the protocol ---------------------------------------------------------------------------

  /** One server message (run in order). Exposed for tests through the socket. */
  private async handle(message: ServerSignal): Promise<void> {
    if (this.stopped) return;
    switch (message.type) {
      case 'hello':
        this.reconnectAttempt = 0;
        this.set({ admitted: message.admitted, peerPresent: message.peerPresent });
        this.showWaiting();
        return;
      case 'peer-joined':
        this.set({ peerPresent: true });
        this.showWaiting();
        return;
      case 'peer-left':
        this.closePeer();
        this.set({ peerPresent: false, remoteStream: null, remoteVideo: false });
        this.showWaiting(`${this.other} left the visit.`);
        return;
      case 'admitted':
        this.set({ admitted: true });
        this.showWaiting(this.role === 'patient' ? 'The doctor let you in.' : 'Patient admitted.');
        return;
      case 'ready':
        return this.onReady();
      case 'description':
        return this.onDescription(message.description as RTCSessionDescriptionInit);
      case 'candidate':
        return this.onCandidate(message.candidate as RTCIceCandidateInit);
      case 'restart-request':
        if (this.role === 'doctor' && !this.restartTimer) await this.escalate();
        return;
      case 'audio-only':
        await this.goAudioOnly(false);
        return;
      case 'phone-fallback':
        this.goPhone(message.phone ?? this.options.phone ?? null, false);
        return;
      case 'ended':
        await this.finish(message.by);
        return;
      case 'error':
        if (message.code === 'replaced') this.fail('replaced');
        else if (message.code === 'not_found') this.fail('not_found');
        else if (message.code === 'not_open') this.fail('not_open');
        else if (message.code === 'ended') await this.finish('system');
        return;
      case 'pong':
        return;
    }
  }

  /** The waiting-room line for where things stand (or `note` first). */
  private showWaiting(note?: string): void {
    const { admitted, peerPresent } = this.state;
    const patientWaiting = this.role === 'doctor' && peerPresent && !admitted;
    const line = waitingLine(this.role, admitted, peerPresent);
    const phase =
      this.state.phase === 'phone' ? 'phone' : admitted && peerPresent ? 'connecting' : 'waiting';
    // A call under way keeps its phase until `ready` or `peer-left` says otherwise.
    const keep =
      this.pc !== null &&
      (this.state.phase === 'connected' || this.state.phase === 'reconnecting') &&
      peerPresent;
    this.set({
      patientWaiting,
      ...(keep ? {} : { phase }),
      status: note ? `${note} ${line}` : line,
    });
  }

  private async onReady(): Promise<void> {
    if (this.state.phase === 'phone') return;
    if (this.firstFrameMs === null) this.readyAt = this.deps.now();
    this.set({
      admitted: true,
      peerPresent: true,
      patientWaiting: false,
      phase: 'connecting',
      status: this.role === 'patient' ? 'Connecting to your doctor…' : 'Connecting to the patient…',
    });
    await this.newPeer();
    if (this.role === 'doctor') await this.offer();
  }

  private async newPeer(): Promise<RTCPeerConnection> {
    this.closePeer();
    const ice = await this.loadIceServers().catch(() => this.ice);
    const pc = this.deps.createPeerConnection({
      iceServers: (ice?.iceServers ?? []) as RTCIceServer[],
      iceTransportPolicy: ice?.iceTransportPolicy ?? 'all',
    });
    this.pc = pc;
    this.pendingCandidates = [];
    this.boutRestarts = 0;
    this.remote = null;
    const stream = this.local;
    let sendsVideo = false;
    for (const track of stream?.getTracks() ?? []) {
      if (track.kind === 'video' && (this.state.audioOnly || track.readyState === 'ended'))
        continue;
      if (track.kind === 'video') sendsVideo = true;
      pc.addTrack(track, stream!);
    }
    if (this.role === 'doctor') {
      // The offer always has both kinds, so the patient's camera reaches the doctor even when the doctor sends none.
      if (!sendsVideo) pc.addTransceiver('video', { direction: 'recvonly' });
      if (!stream?.getAudioTracks().length) pc.addTransceiver('audio', { direction: 'recvonly' });
    }
    pc.onicecandidate = (event: RTCPeerConnectionIceEvent) => {
      if (this.pc !== pc || !event.candidate || !event.candidate.candidate) return;
      const c = event.candidate.toJSON();
      this.send({
        type: 'candidate',
        candidate: {
          candidate: c.candidate ?? '',
          sdpMid: c.sdpMid ?? null,
          sdpMLineIndex: c.sdpMLineIndex ?? null,
          usernameFragment: c.usernameFragment ?? null,
        },
      });
    };
    pc.ontrack = (event: RTCTrackEvent) => {
      if (this.pc !== pc) return;
      const remote = event.streams[0] ?? this.remote ?? this.deps.createMediaStream([]);
      if (!event.streams[0] && !remote.getTracks().includes(event.track))
        remote.addTrack(event.track);
      this.remote = remote;
      this.set({ remoteStream: remote });
    };
    pc.oniceconnectionstatechange = () => {
      if (this.pc === pc) this.onIceState(pc.iceConnectionState);
    };
    this.pollStats(pc);
    this.set({ remoteStream: null, remoteVideo: false });
    return pc;
  }

  private closePeer(): void {
    const pc = this.pc;
    if (!pc) return;
    this.pc = null;
    this.clearTimer('statsTimer');
    this.clearTimer('graceTimer');
    this.clearTimer('restartTimer');
    if (this.currentSample) this.closedSamples.push(this.currentSample);
    this.currentSample = null;
    pc.onicecandidate = null;
    pc.ontrack = null;
    pc.oniceconnectionstatechange = null;
    pc.close();
    this.remote = null;
  }

  private async offer(): Promise<void> {
    const pc = this.pc;
    if (!pc || this.role !== 'doctor') return;
    const offer = await pc.createOffer();
    if (this.pc !== pc) return;
    await pc.setLocalDescription(offer);
    const description = pc.localDescription ?? offer;
    this.send({
      type: 'description',
      description: { type: description.type, sdp: description.sdp },
    });
  }

  private async onDescription(description: RTCSessionDescriptionInit): Promise<void> {
    if (this.state.phase === 'phone') return;
    if (description.type === 'offer') {
      if (this.role !== 'patient') return;
      const pc = this.pc ?? (await this.newPeer());
      // A second offer on this connection is an ICE restart: fresh TURN credentials first if due.
      if (pc.remoteDescription) await this.refreshIce(pc);
      if (this.pc !== pc) return;
      await pc.setRemoteDescription(description);
      await this.flushCandidates(pc);
      const answer = await pc.createAnswer();
      if (this.pc !== pc) return;
      await pc.setLocalDescription(answer);
      const local = pc.localDescription ?? answer;
      this.send({ type: 'description', description: { type: local.type, sdp: local.sdp } });
      return;
    }
    if (description.type === 'answer') {
      const pc = this.pc;
      // An answer to an offer this connection no longer waits for (a rejoin crossed it) is dropped.
      if (this.role !== 'doctor' || !pc || pc.signalingState !== 'have-local-offer') return;
      await pc.setRemoteDescription(description);
      await this.flushCandidates(pc);
    }
  }

  private async onCandidate(candidate: RTCIceCandidateInit): Promise<void> {
    const pc = this.pc;
    if (!pc || !pc.remoteDescription) {
      this.pendingCandidates.push(candidate);
      return;
    }
    await pc.addIceCandidate(candidate).catch(() => undefined);
  }

  private async flushCandidates(pc: RTCPeerConnection): Promise<void> {
    const queued = this.pendingCandidates;
    this.pendingCandidates = [];
    for (const candidate of queued) await pc.addIceCandidate(candidate).catch(() => undefined);
  }

  // ---- network trouble ------------------------------------------------------------------------

  private onIceState(state: RTCIceConnectionState): void {
    if (state === 'connected' || state === 'completed') {
      this.clearTimer('graceTimer');
      this.clearTimer('restartTimer');
      this.boutRestarts = 0;
      const again = this.everConnected;
      this.everConnected = true;
      this.connectedAt ??= this.deps.now();
      if (this.state.phase !== 'phone') {
        this.set({
          phase: 'connected',
          status:
            again && this.state.phase === 'reconnecting'
              ? 'Connected again.'
              : this.role === 'patient'
                ? 'You are connected to your doctor.'
                : 'You are connected to the patient.',
        });
      }
      return;
    }
    if (state === 'disconnected') {
      if (this.graceTimer || this.restartTimer) return;
      this.graceTimer = setTimeout(() => {
        this.graceTimer = null;
        if (this.pc?.iceConnectionState === 'disconnected') void this.onTrouble();
      }, this.deps.disconnectedGraceMs);
      return;
    }
    if (state === 'failed') {
      this.clearTimer('graceTimer');
      // A restart that failed outright counts at once rather than at its time-out.
      if (this.restartTimer) this.clearTimer('restartTimer');
      void this.onTrouble();
    }
  }

  private async onTrouble(): Promise<void> {
    if (this.stopped || this.state.phase === 'phone' || !this.state.peerPresent) return;
    this.set({ phase: 'reconnecting', status: 'The connection dropped. Reconnecting…' });
    if (this.role === 'doctor') {
      if (!this.restartTimer) await this.escalate();
      return;
    }
    // The patient asks the doctor to restart, and asks again while nothing comes back.
    if (this.restartTimer) return;
    this.send({ type: 'restart-request' });
    this.restartTimer = setTimeout(() => {
      this.restartTimer = null;
      const s = this.pc?.iceConnectionState;
      if (s === 'disconnected' || s === 'failed') void this.onTrouble();
    }, this.deps.restartTimeoutMs);
  }

  /** Doctor: the next step after trouble: an ICE restart, then sound only, then the phone. */
  private async escalate(): Promise<void> {
    const pc = this.pc;
    if (!pc || this.stopped || this.state.phase === 'phone') return;
    if (this.boutRestarts >= RESTARTS_BEFORE_PHONE) {
      this.goPhone(this.options.phone ?? null, true);
      return;
    }
    if (this.boutRestarts >= RESTARTS_BEFORE_AUDIO_ONLY && !this.state.audioOnly)
      await this.goAudioOnly(true);
    this.boutRestarts += 1;
    this.set({
      iceRestarts: this.state.iceRestarts + 1,
      phase: 'reconnecting',
      status: 'The connection dropped. Reconnecting…',
    });
    this.restartTimer = setTimeout(() => {
      this.restartTimer = null;
      const s = this.pc?.iceConnectionState;
      if (this.pc === pc && s !== 'connected' && s !== 'completed') void this.escalate();
    }, this.deps.restartTimeoutMs);
    await this.refreshIce(pc);
    pc.restartIce();
    await this.offer();
  }

  /** Drops this side's video (the camera goes off) and keeps the sound; `tell` the other side when it is our decision. */
  private async goAudioOnly(tell: boolean): Promise<void> {
    if (this.state.audioOnly) return;
    for (const sender of this.pc?.getSenders() ?? []) {
      if (sender.track?.kind === 'video') await sender.replaceTrack(null).catch(() => undefined);
    }
    const local = this.local;
    if (local) {
      for (const track of local.getVideoTracks()) track.stop();
      this.local = this.deps.createMediaStream(local.getAudioTracks());
    }
    if (tell) this.send({ type: 'audio-only' });
    this.set({
      audioOnly: true,
      cameraOff: true,
      localStream: this.local,
      status: 'The connection is weak, so video is off. You can still talk.',
    });
  }

  /** The browser call gives up: the doctor phones the patient. */
  private goPhone(phone: string | null, tell: boolean): void {
    if (this.state.phase === 'phone') return;
    if (tell) this.send({ type: 'phone-fallback' });
    this.closePeer();
    for (const track of this.local?.getTracks() ?? []) track.stop();
    this.local = null;
    const status =
      this.role === 'patient'
        ? phone
          ? `Your doctor will call you at ${phone}.`
          : 'Your doctor will call you.'
        : phone
          ? `The video call could not continue. Call the patient at ${phone}.`
          : 'The video call could not continue. Call the patient.';
    this.set({
      phase: 'phone',
      phoneFallback: { phone },
      localStream: null,
      remoteStream: null,
      remoteVideo: false,
      status,
    });
  }

  // ---- stats ----------------------------------------------------------------------------------

  private pollStats(pc: RTCPeerConnection): void {
    const tick = async () => {
      this.statsTimer = null;
      if (this.pc !== pc) return;
      try {
        const sample = sampleFromReport(await pc.getStats());
        if (this.pc !== pc) return;
        this.currentSample = sample;
        if (sample.videoDecoded && !this.state.remoteVideo) {
          if (this.firstFrameMs === null && this.readyAt !== null)
            this.firstFrameMs = Math.max(0, this.deps.now() - this.readyAt);
          this.set({ remoteVideo: true });
        }
      } catch {
        // A closed connection has no stats; the next connection starts its own polling.
      }
      if (this.pc !== pc) return;
      this.statsTimer = setTimeout(
        tick,
        this.firstFrameMs === null ? this.deps.firstFramePollMs : this.deps.statsIntervalMs,
      );
    };
    this.statsTimer = setTimeout(tick, this.deps.firstFramePollMs);
  }

  /** The quality summary from what the stats said so far. */
  summary(): VisitQuality {
    const samples = [...this.closedSamples, ...(this.currentSample ? [this.currentSample] : [])];
    return summarize(samples, {
      firstFrameMs: this.firstFrameMs,
      iceRestarts: this.state.iceRestarts,
      audioOnly: this.state.audioOnly,
      durationMs: this.connectedAt === null ? 0 : this.deps.now() - this.connectedAt,
    });
  }

  /** Takes a last sample (briefly) and sends the summary if it is well formed. */
  private async sendQuality(): Promise<void> {
    const pc = this.pc;
    if (pc) {
      try {
        const report = await Promise.race([
          pc.getStats(),
          new Promise<null>((resolve) => setTimeout(() => resolve(null), 500)),
        ]);
        if (report && this.pc === pc) this.currentSample = sampleFromReport(report);
      } catch {
        // Keep the last sample.
      }
    }
    const quality = visitQualitySchema.safeParse(this.summary());
    if (quality.success) this.send({ type: 'quality', quality: quality.data });
  }

  // ---- controls -------------------------------------------------------------------------------

  setMuted(muted: boolean): void {
    for (const track of this.local?.getAudioTracks() ?? []) track.enabled = !muted;
    this.set({ muted, status: muted ? 'Your microphone is off.' : 'Your microphone is on.' });
  }

  setCameraOff(off: boolean): void {
    if (!off && (this.state.audioOnly || !this.local?.getVideoTracks().length)) return;
    for (const track of this.local?.getVideoTracks() ?? []) track.enabled = !off;
    this.set({ cameraOff: off, status: off ? 'Your camera is off.' : 'Your camera is on.' });
  }

  async switchCamera(deviceId: string): Promise<void> {
    if (this.state.audioOnly || this.stopped) return;
    await this.switchTrack('video', deviceId);
  }

  async switchMicrophone(deviceId: string): Promise<void> {
    if (this.stopped) return;
    await this.switchTrack('audio', deviceId);
  }

  private async switchTrack(kind: 'audio' | 'video', deviceId: string): Promise<void> {
    let track: MediaStreamTrack | undefined;
    try {
      const stream = await this.deps.getUserMedia({ [kind]: this.constraints(kind, deviceId) });
      track = kind === 'audio' ? stream.getAudioTracks()[0] : stream.getVideoTracks()[0];
    } catch {
      track = undefined;
    }
    const name = kind === 'audio' ? 'microphone' : 'camera';
    if (!track) {
      this.set({ status: `That ${name} could not be started. It may be in use by another app.` });
      return;
    }
    if (this.stopped) {
      track.stop();
      return;
    }
    track.enabled = kind === 'audio' ? !this.state.muted : !this.state.cameraOff;
    const old = this.local;
    const oldTracks =
      kind === 'audio' ? (old?.getAudioTracks() ?? []) : (old?.getVideoTracks() ?? []);
    const keep = kind === 'audio' ? (old?.getVideoTracks() ?? []) : (old?.getAudioTracks() ?? []);
    const pc = this.pc;
    if (pc) {
      // The sender of that kind; one whose track was dropped is found through its transceiver.
      const sender =
        pc.getSenders().find((s) => s.track?.kind === kind) ??
        pc.getTransceivers().find((t) => t.sender.track === null && t.receiver.track.kind === kind)
          ?.sender;
      if (sender) await sender.replaceTrack(track);
    }
    for (const t of oldTracks) t.stop();
    this.local = this.deps.createMediaStream([...keep, track]);
    const devices =
      kind === 'audio'
        ? { ...this.state.devices, microphoneId: deviceId }
        : { ...this.state.devices, cameraId: deviceId };
    this.set({
      localStream: this.local,
      devices,
      ...(kind === 'video' ? { cameraOff: !track.enabled } : {}),
      status: `Switched ${name}.`,
    });
  }

  admit(): void {
    if (this.role !== 'doctor') return;
    if (this.send({ type: 'admit' })) this.set({ status: 'Letting the patient in…' });
  }

  /** Leaves the call (this side may come back while the window is open). */
  async leave(): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    this.clearTimer('reconnectTimer');
    if (this.everConnected) await this.sendQuality();
    this.send({ type: 'leave' });
    this.teardown();
    this.set({ phase: 'left', status: 'You left the visit.' });
    this.options.onLeft?.();
  }

  /** Doctor: ends the visit for both; the server's `ended` finishes it here. */
  async end(): Promise<boolean> {
    if (this.role !== 'doctor' || this.stopped || this.ending) return false;
    if (this.socket?.readyState !== OPEN) {
      this.set({
        status:
          'Not connected to the visit right now, so it cannot be ended yet. Try again in a moment.',
      });
      return false;
    }
    this.ending = true;
    await this.sendQuality();
    if (!this.send({ type: 'end' })) {
      this.ending = false;
      return false;
    }
    this.set({ status: 'Ending the visit…' });
    // The server answers `ended` at once; without it (a dropped socket) the doctor may try again.
    setTimeout(() => {
      if (this.state.phase === 'ended' || this.stopped) return;
      this.ending = false;
      this.set({ status: 'The visit could not be ended just now. Try again.' });
    }, this.deps.endTimeoutMs);
    return true;
  }
}

class MediaFailure extends Error {}
