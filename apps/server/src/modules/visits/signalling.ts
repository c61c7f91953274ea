// The visit's signalling hub (issue 16; the protocol is packages/domain/src/visits/signalling.ts,
// docs/visits.md). Each WebSocket of a visit's patient or doctor becomes a connection here; the two
// reach each other only through the visit's channel on the SignalBus (signal-bus.ts), so that with
// several server instances a Redis bus can carry the same events.
//
// What it keeps: per visit ("room") the connections of this process, who is present anywhere (from
// join/here/left), and whether the patient is admitted (from the visits table, then `admitted`).
// What it does: `hello` on connect; the waiting room (only the doctor's `admit` lets the patient in);
// `ready` to each side once both are present and the patient admitted, again whenever the other
// side's connection is a new one (a reconnect); descriptions, candidates and the patient's
// restart-request relayed to the other side only once admitted; audio-only and phone-fallback
// (the patient is sent the number the doctor will call); quality kept per side; leave; the
// doctor's `end` completes the visit (the routes hand in the visit-completion workflow) and both
// sides are sent `ended`. A second connection of the same role replaces the first (error
// `replaced`, close 4001). Messages are handled one at a time per connection, in order; a message
// that is not JSON or not in the protocol is answered `bad_message` (the socket stays); a flood
// closes it.
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { clientSignalSchema, SIGNAL_CLOSE, visitWindow, type ClientSignal, type ServerSignal, type SignalError, type VisitRole } from '@store/domain';
import type { WebSocket } from 'ws';
import type { AuditContext } from '../audit/audit.service.ts';
import type { SignalBus, SignalBusEvent } from './signal-bus.ts';
import type { VisitParticipant, VisitsService } from './visits.service.ts';

/** Normal closure (a `leave`). */
const CLOSE_NORMAL = 1000;
/** The server failed to record the arrival. */
const CLOSE_INTERNAL = 1011;
const OPEN = 1; // WebSocket.OPEN

export interface SignallingLimits {
  /** At most this many messages per connection in `perMs` (wall-clock); one more closes the socket. */
  messages: number;
  perMs: number;
  /** After `ended`, how long a side has to send its quality summary before its socket is closed. */
  endedGraceMs: number;
  /** How often the server pings each socket; one that has not answered since the last ping is dropped. */
  heartbeatMs: number;
}
export const DEFAULT_SIGNALLING_LIMITS: SignallingLimits = { messages: 200, perMs: 10_000, endedGraceMs: 5_000, heartbeatMs: 30_000 };

interface Connection {
  id: string;
  role: VisitRole;
  socket: WebSocket;
  participant: VisitParticipant;
  ctx: AuditContext;
  room: Room | null;
  /** `hello` was sent: the connection takes part. */
  greeted: boolean;
  /** The other side's connection this one was last sent `ready` for. */
  readyWith: string | null;
  /** The visit ended: only its quality summary is still taken. */
  ended: boolean;
  closing: boolean;
  closed: boolean;
  /** Taken out of its room (closed by either side). */
  departed: boolean;
  alive: boolean;
  /** Messages handled one after the other. */
  queue: Promise<void>;
  window: { start: number; count: number };
  graceTimer: NodeJS.Timeout | null;
}

interface Room {
  appointmentId: string;
  /** This process's connections of the visit (arriving ones included). */
  conns: Set<Connection>;
  /** The current connection of each role on this process. */
  local: Map<VisitRole, Connection>;
  /** The current connection of each role anywhere. */
  present: Map<VisitRole, string>;
  admitted: boolean;
  ended: boolean;
  unsubscribe: () => void;
}

const otherRole = (role: VisitRole): VisitRole => (role === 'patient' ? 'doctor' : 'patient');

export function createSignallingHub(deps: {
  visits: Pick<VisitsService, 'arrive' | 'admit' | 'started' | 'phoneFallback' | 'saveQuality'>;
  bus: SignalBus;
  /** The doctor's `end`: completes the visit and announces it (visits.announceEnded) — the visit-completion workflow, handed in by the routes. */
  complete: (participant: VisitParticipant, ctx: AuditContext) => Promise<void>;
  log: { warn(obj: object, msg: string): void; error(obj: object, msg: string): void };
  limits?: Partial<SignallingLimits> | undefined;
}) {
  const { visits, bus, log } = deps;
  const limits = { ...DEFAULT_SIGNALLING_LIMITS, ...deps.limits };
  const rooms = new Map<string, Room>();
  const connections = new Set<Connection>();
  const pending = new Set<Promise<unknown>>();

  /** Background work the hub waits for when the server closes. */
  function track(work: Promise<unknown>) {
    const p = work.catch((err: unknown) => log.error({ err }, 'visit signalling: background work failed'));
    pending.add(p);
    void p.finally(() => pending.delete(p));
  }

  function send(conn: Connection, message: ServerSignal) {
    if (conn.closed || conn.socket.readyState !== OPEN) return;
    conn.socket.send(JSON.stringify(message));
  }
  const sendError = (conn: Connection, code: SignalError) => send(conn, { type: 'error', code });

  /** The server closes the socket: the connection is gone at once (not only when the close handshake ends). */
  function close(conn: Connection, code: number) {
    if (conn.closing || conn.closed) return;
    conn.closing = true;
    conn.socket.close(code);
    depart(conn);
  }

  /** The connection leaves its visit: the other side is told, unless a newer one of its role took its place. */
  function depart(conn: Connection) {
    if (conn.departed) return;
    conn.departed = true;
    connections.delete(conn);
    if (conn.graceTimer) clearTimeout(conn.graceTimer);
    const room = conn.room;
    if (!room) return;
    room.conns.delete(conn);
    if (room.local.get(conn.role) === conn) {
      room.local.delete(conn.role);
      void publish(room.appointmentId, { kind: 'left', role: conn.role, connId: conn.id });
    }
    dropRoomIfEmpty(room);
  }

  function publish(appointmentId: string, event: SignalBusEvent): Promise<void> {
    const p = bus.publish(appointmentId, event);
    track(p);
    return p;
  }

  function roomFor(appointmentId: string): Room {
    const existing = rooms.get(appointmentId);
    if (existing) return existing;
    const created: Room = { appointmentId, conns: new Set(), local: new Map(), present: new Map(), admitted: false, ended: false, unsubscribe: () => {} };
    created.unsubscribe = bus.subscribe(appointmentId, (event) => onEvent(created, event));
    rooms.set(appointmentId, created);
    return created;
  }

  function dropRoomIfEmpty(room: Room) {
    if (room.conns.size > 0 || rooms.get(room.appointmentId) !== room) return;
    room.unsubscribe();
    rooms.delete(room.appointmentId);
  }

  /** Each local connection is sent `ready` once per connection of the other side, once the patient is admitted. */
  function maybeReady(room: Room) {
    if (!room.admitted || room.ended) return;
    for (const conn of room.local.values()) {
      if (!conn.greeted || conn.ended) continue;
      const peer = room.present.get(otherRole(conn.role));
      if (!peer || conn.readyWith === peer) continue;
      conn.readyWith = peer;
      send(conn, { type: 'ready' });
      // Both in the call: the visit's start is kept (once) from the doctor's side.
      if (conn.role === 'doctor') track(visits.started(conn.participant, conn.ctx));
    }
  }

  function endConnection(conn: Connection, by: VisitRole | 'system') {
    if (conn.ended) return;
    conn.ended = true;
    if (!conn.greeted) return close(conn, SIGNAL_CLOSE.ended);
    send(conn, { type: 'ended', by });
    // Time to send the quality summary; then closed.
    conn.graceTimer = setTimeout(() => close(conn, SIGNAL_CLOSE.ended), limits.endedGraceMs);
    conn.graceTimer.unref();
  }

  function onEvent(room: Room, event: SignalBusEvent) {
    switch (event.kind) {
      case 'join': {
        const old = room.local.get(event.role);
        if (old && old.id !== event.connId) {
          room.local.delete(event.role);
          sendError(old, 'replaced');
          close(old, SIGNAL_CLOSE.replaced);
        }
        const was = room.present.get(event.role);
        room.present.set(event.role, event.connId);
        const other = room.local.get(otherRole(event.role));
        if (other) {
          if (was !== event.connId && other.greeted) send(other, { type: 'peer-joined', role: event.role });
          void publish(room.appointmentId, { kind: 'here', role: other.role, connId: other.id });
        }
        maybeReady(room);
        return;
      }
      case 'here': {
        if (room.present.get(event.role) === event.connId) return;
        room.present.set(event.role, event.connId);
        const other = room.local.get(otherRole(event.role));
        if (other?.greeted) send(other, { type: 'peer-joined', role: event.role });
        maybeReady(room);
        return;
      }
      case 'left': {
        if (room.present.get(event.role) !== event.connId) return;
        room.present.delete(event.role);
        const other = room.local.get(otherRole(event.role));
        if (other?.greeted) send(other, { type: 'peer-left', role: event.role });
        return;
      }
      case 'admitted': {
        room.admitted = true;
        for (const conn of room.local.values()) if (conn.greeted) send(conn, { type: 'admitted' });
        maybeReady(room);
        return;
      }
      case 'deliver': {
        const to = room.local.get(event.to);
        if (to?.greeted && !to.ended) send(to, event.message);
        return;
      }
      case 'ended': {
        room.ended = true;
        for (const conn of room.conns) endConnection(conn, event.by);
        return;
      }
    }
  }

  /** The connection's arrival: recorded, announced, greeted. */
  async function arrive(conn: Connection) {
    const { appointmentId } = conn.participant.facts;
    let arrival;
    try {
      arrival = await visits.arrive(conn.participant, conn.ctx);
    } catch (err) {
      log.error({ err, appointmentId }, 'visit signalling: arrival not recorded');
      return close(conn, CLOSE_INTERNAL);
    }
    if (conn.closing || conn.closed) return;
    if (arrival.ended) return close(conn, SIGNAL_CLOSE.ended);
    const room = roomFor(appointmentId);
    conn.room = room;
    room.conns.add(conn);
    room.admitted ||= arrival.admitted;
    await publish(appointmentId, { kind: 'join', role: conn.role, connId: conn.id });
    if (conn.closing || conn.closed) return;
    if (room.ended) return endConnection(conn, 'system');
    room.local.set(conn.role, conn);
    const { closesAt } = visitWindow(conn.participant.facts.startsAt, conn.participant.facts.endsAt);
    send(conn, {
      type: 'hello',
      role: conn.role,
      admitted: room.admitted,
      peerPresent: room.present.has(otherRole(conn.role)),
      endsAt: conn.participant.facts.endsAt.toISOString(),
      closesAt: closesAt.toISOString(),
    });
    conn.greeted = true;
    maybeReady(room);
  }

  /** To the other side, once the patient is admitted (else `not_allowed`); dropped while the other side is away. */
  function relay(conn: Connection, message: ServerSignal) {
    const room = conn.room!;
    if (!room.admitted) return sendError(conn, 'not_allowed');
    const to = otherRole(conn.role);
    if (!room.present.has(to)) return;
    void publish(room.appointmentId, { kind: 'deliver', to, message });
  }

  async function handle(conn: Connection, message: ClientSignal) {
    const room = conn.room;
    if (!room || !conn.greeted || conn.closing || conn.closed) return;
    const { participant, ctx } = conn;
    const appointmentId = room.appointmentId;
    if (message.type === 'ping') return send(conn, { type: 'pong' });
    if (message.type === 'quality') {
      await visits.saveQuality(participant, message.quality);
      // After the end, the summary was what the socket was kept open for.
      if (conn.ended) close(conn, SIGNAL_CLOSE.ended);
      return;
    }
    if (message.type === 'leave') return close(conn, CLOSE_NORMAL);
    if (conn.ended) return sendError(conn, 'ended');
    switch (message.type) {
      case 'admit': {
        if (conn.role !== 'doctor') return sendError(conn, 'not_allowed');
        await visits.admit(participant, ctx);
        await publish(appointmentId, { kind: 'admitted' });
        return;
      }
      case 'end': {
        if (conn.role !== 'doctor') return sendError(conn, 'not_allowed');
        try {
          await deps.complete(participant, ctx);
        } catch (err) {
          log.warn({ err, appointmentId }, 'visit signalling: end refused');
          sendError(conn, 'not_allowed');
        }
        return;
      }
      case 'description':
        return relay(conn, { type: 'description', description: message.description });
      case 'candidate':
        return relay(conn, { type: 'candidate', candidate: message.candidate });
      case 'restart-request':
        // The doctor makes the offers, so only the patient asks for a restart.
        if (conn.role !== 'patient') return sendError(conn, 'not_allowed');
        return relay(conn, { type: 'restart-request' });
      case 'audio-only':
        return relay(conn, { type: 'audio-only', by: conn.role });
      case 'phone-fallback': {
        // The doctor may decide it at any time; the patient's browser once in the call.
        if (conn.role === 'patient' && !room.admitted) return sendError(conn, 'not_allowed');
        const { phone } = await visits.phoneFallback(participant, ctx);
        const notice: ServerSignal = { type: 'phone-fallback', phone };
        await publish(appointmentId, { kind: 'deliver', to: 'patient', message: notice });
        await publish(appointmentId, { kind: 'deliver', to: 'doctor', message: notice });
        return;
      }
    }
  }

  function onMessage(conn: Connection, data: Buffer | ArrayBuffer | Buffer[], isBinary: boolean) {
    if (conn.closing || conn.closed) return;
    // A flood closes the socket (wall-clock: a burst of candidates is a few dozen messages).
    const at = performance.now();
    if (at - conn.window.start > limits.perMs) conn.window = { start: at, count: 0 };
    if (++conn.window.count > limits.messages) {
      log.warn({ appointmentId: conn.participant.facts.appointmentId, role: conn.role }, 'visit signalling: flood, socket closed');
      sendError(conn, 'bad_message');
      return close(conn, SIGNAL_CLOSE.badMessage);
    }
    const text = isBinary ? null : Buffer.isBuffer(data) ? data.toString('utf8') : Array.isArray(data) ? Buffer.concat(data).toString('utf8') : Buffer.from(data).toString('utf8');
    conn.queue = conn.queue.then(async () => {
      let parsed: ClientSignal | null = null;
      if (text !== null) {
        try {
          const result = clientSignalSchema.safeParse(JSON.parse(text));
          if (result.success) parsed = result.data;
        } catch {
          // Not JSON: answered below.
        }
      }
      if (!parsed) return sendError(conn, 'bad_message');
      try {
        await handle(conn, parsed);
      } catch (err) {
        log.error({ err, appointmentId: conn.participant.facts.appointmentId, type: parsed.type }, 'visit signalling: message failed');
        sendError(conn, 'not_allowed');
      }
    });
    track(conn.queue);
  }

  function onClose(conn: Connection) {
    conn.closed = true;
    depart(conn);
  }

  const heartbeat = setInterval(() => {
    for (const conn of connections) {
      if (!conn.alive) {
        conn.socket.terminate();
        continue;
      }
      conn.alive = false;
      if (conn.socket.readyState === OPEN) conn.socket.ping();
    }
  }, limits.heartbeatMs);
  heartbeat.unref();

  return {
    /** A participant's socket, after the route checked who they are and that the visit is open. Attaches its listeners at once. */
    connect(socket: WebSocket, participant: VisitParticipant, ctx: AuditContext) {
      const conn: Connection = {
        id: randomUUID(),
        role: participant.role,
        socket,
        participant,
        ctx,
        room: null,
        greeted: false,
        readyWith: null,
        ended: false,
        closing: false,
        closed: false,
        departed: false,
        alive: true,
        queue: Promise.resolve(),
        window: { start: performance.now(), count: 0 },
        graceTimer: null,
      };
      connections.add(conn);
      socket.on('message', (data, isBinary) => onMessage(conn, data, isBinary));
      socket.on('close', () => onClose(conn));
      socket.on('pong', () => {
        conn.alive = true;
      });
      conn.queue = arrive(conn);
      track(conn.queue);
    },

    /** Refused before any message: no hint whether the visit exists. */
    refuse(socket: WebSocket, code: number) {
      socket.close(code);
    },

    /** Connections of a visit on this process (tests, metrics). */
    connectionCount(appointmentId: string): number {
      return rooms.get(appointmentId)?.conns.size ?? 0;
    },

    /** The server is closing: no more pings; the work in hand finishes. */
    async close(): Promise<void> {
      clearInterval(heartbeat);
      for (const conn of connections) if (conn.graceTimer) clearTimeout(conn.graceTimer);
      while (pending.size > 0) await Promise.allSettled([...pending]);
    },
  };
}
export type SignallingHub = ReturnType<typeof createSignallingHub>;
