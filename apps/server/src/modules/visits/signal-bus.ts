// How the signalling hub's connections reach each other (issue 16): every event of a visit is
// published on the visit's channel and every hub with a connection of that visit hears it, its own
// events included. One process: the in-memory bus below. Several server instances (issue 20,
// REDIS_URL): the Redis pub/sub bus with the same interface (adapters/redis/redis-signal-bus.ts: one
// channel per visit, the events as JSON) lets a patient on one instance talk to a doctor on another. Nothing here is
// stored: who is present is learnt from `join`, `here` and `left`, and what must survive a restart
// (arrivals, admission, the end) is in the visits table.
import type { ServerSignal, VisitRole } from '@store/domain';

export type SignalBusEvent =
  /** A connection of `role` arrived (a previous one of the same role is replaced). */
  | { kind: 'join'; role: VisitRole; connId: string }
  /** Answer to a `join`: a connection of `role` is here already. */
  | { kind: 'here'; role: VisitRole; connId: string }
  /** That connection went (left, closed or dropped). */
  | { kind: 'left'; role: VisitRole; connId: string }
  /** The doctor admitted the patient (written to the visits table first). */
  | { kind: 'admitted' }
  /** A message for the connection of `to` (a relayed description or candidate, a notice). */
  | { kind: 'deliver'; to: VisitRole; message: ServerSignal }
  /** The visit ended (completed by the doctor, or closed by the system): every connection is told and closed. */
  | { kind: 'ended'; by: VisitRole | 'system' };

export interface SignalBus {
  /** Deliver `event` to every subscriber of the visit's channel (this process's included). */
  publish(appointmentId: string, event: SignalBusEvent): Promise<void>;
  /** Listen to the visit's channel; call the answer to stop. */
  subscribe(appointmentId: string, listener: (event: SignalBusEvent) => void): () => void;
}

/**
 * One process's bus. Events are delivered in the order published, one at a time: an event a
 * listener publishes while handling another is delivered after it, never inside it. `publish`
 * resolves once the event (and any it caused) has been delivered.
 */
export function createInMemorySignalBus(): SignalBus {
  const channels = new Map<string, Set<(event: SignalBusEvent) => void>>();
  const queue: { appointmentId: string; event: SignalBusEvent }[] = [];
  let draining = false;

  function drain() {
    if (draining) return;
    draining = true;
    try {
      for (let next = queue.shift(); next; next = queue.shift()) {
        for (const listener of [...(channels.get(next.appointmentId) ?? [])]) {
          try {
            listener(next.event);
          } catch {
            // One listener's failure does not keep the event from the others.
          }
        }
      }
    } finally {
      draining = false;
    }
  }

  return {
    async publish(appointmentId, event) {
      queue.push({ appointmentId, event: structuredClone(event) });
      drain();
    },
    subscribe(appointmentId, listener) {
      let listeners = channels.get(appointmentId);
      if (!listeners) channels.set(appointmentId, (listeners = new Set()));
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0 && channels.get(appointmentId) === listeners) channels.delete(appointmentId);
      };
    },
  };
}
