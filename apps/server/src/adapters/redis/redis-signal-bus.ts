// The visit's signalling bus over Redis pub/sub (issue 20; the interface and its promise are
// modules/visits/signal-bus.ts): one channel per visit, `<prefix>visit:<appointmentId>`, each
// event as JSON, so a patient connected to one instance and the doctor to another hear each other.
//
// Order: Redis delivers a channel's messages in the order they were published, and every
// instance hears them through one connection, one at a time; an event a listener publishes while
// handling another goes out through Redis and so arrives after it. `publish` resolves once this
// process's own listeners of the visit were told (the hub relies on that, as with the in-memory
// bus), or at once when none listen here; a publish waits for the visit's SUBSCRIBE to be in place
// first, so nothing a hub says right after subscribing is lost to it.
import { randomUUID } from 'node:crypto';
import type { SignalBus, SignalBusEvent } from '../../modules/visits/signal-bus.ts';
import type { RedisConnections, RedisLog } from './redis.ts';

type Listener = (event: SignalBusEvent) => void;

/** How long a publish waits to hear its own event back before it gives up waiting (Redis away). */
const OWN_DELIVERY_TIMEOUT_MS = 5000;

export function createRedisSignalBus(redis: RedisConnections, log?: RedisLog): SignalBus {
  const channelPrefix = `${redis.prefix}visit:`;
  const instance = randomUUID();
  let sequence = 0;
  const visits = new Map<string, { listeners: Set<Listener>; subscribed: Promise<void> }>();
  /** Own events on their way back, by message id. */
  const ownInFlight = new Map<string, () => void>();

  redis.subscriber.on('message', (channel: string, text: string) => {
    if (!channel.startsWith(channelPrefix)) return;
    let message: { id: string; event: SignalBusEvent };
    try {
      message = JSON.parse(text) as typeof message;
    } catch {
      return;
    }
    const visit = visits.get(channel.slice(channelPrefix.length));
    for (const listener of [...(visit?.listeners ?? [])]) {
      try {
        listener(message.event);
      } catch {
        // One listener's failure does not keep the event from the others.
      }
    }
    const delivered = ownInFlight.get(message.id);
    if (delivered) {
      ownInFlight.delete(message.id);
      delivered();
    }
  });

  return {
    async publish(appointmentId, event) {
      const here = visits.get(appointmentId);
      if (here) await here.subscribed;
      const id = `${instance}:${++sequence}`;
      const heard = visits.has(appointmentId)
        ? new Promise<void>((resolve) => {
            const timer = setTimeout(() => {
              ownInFlight.delete(id);
              resolve();
            }, OWN_DELIVERY_TIMEOUT_MS);
            timer.unref();
            ownInFlight.set(id, () => {
              clearTimeout(timer);
              resolve();
            });
          })
        : undefined;
      try {
        await redis.client.publish(`${channelPrefix}${appointmentId}`, JSON.stringify({ id, event }));
      } catch (err) {
        const stopWaiting = ownInFlight.get(id);
        ownInFlight.delete(id);
        stopWaiting?.();
        throw err;
      }
      await heard;
    },
    subscribe(appointmentId, listener) {
      let visit = visits.get(appointmentId);
      if (!visit) {
        const subscribed = redis.subscriberReady().then(() => redis.subscriber.subscribe(`${channelPrefix}${appointmentId}`)).then(
          () => undefined,
          (err: unknown) => log?.warn({ err, appointmentId }, 'redis: visit channel not subscribed'),
        );
        visits.set(appointmentId, (visit = { listeners: new Set(), subscribed }));
      }
      visit.listeners.add(listener);
      const mine = visit;
      return () => {
        mine.listeners.delete(listener);
        if (mine.listeners.size > 0 || visits.get(appointmentId) !== mine) return;
        visits.delete(appointmentId);
        redis.subscriber.unsubscribe(`${channelPrefix}${appointmentId}`).catch((err: unknown) => log?.warn({ err, appointmentId }, 'redis: visit channel not unsubscribed'));
      };
    },
  };
}
