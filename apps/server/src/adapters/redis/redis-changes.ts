// The cache-invalidation bus over Redis pub/sub (issue 20; the interface is lib/changes.ts): one
// channel, `<prefix>changes`, carrying {topic, storefrontId} as JSON. A publish drops this
// process's cache at once (the operator who saved sees the change on the next request) and then
// goes to every instance, this one included (dropping again is harmless). Once the subscription is
// in place, and again after every reconnect, every cache is dropped: changes sent before were not heard.
import { createChangeListeners, type ChangeBus, type ChangeTopic } from '../../lib/changes.ts';
import type { RedisConnections, RedisLog } from './redis.ts';

const TOPICS: ReadonlySet<string> = new Set<ChangeTopic>(['catalog', 'shipping', 'storefront', 'consents']);

export function createRedisChangeBus(redis: RedisConnections, log?: RedisLog): ChangeBus {
  const channel = `${redis.prefix}changes`;
  const listeners = createChangeListeners();
  // Whenever the subscriber connection is (again) ready, the channel is subscribed and every cache
  // dropped: what was cached before, or published while the connection was away, may be stale and
  // no message will say so. SUBSCRIBE again on a channel already subscribed is harmless (ioredis
  // resubscribes by itself too, but its answer may not have come when 'ready' fires). Never before
  // 'ready': see RedisConnections.subscriberReady.
  const subscribeAndDrop = () =>
    redis.subscriber.subscribe(channel).then(
      () => listeners.tellAll(),
      (err: unknown) => log?.warn({ err }, 'redis: cache-invalidation channel not subscribed'),
    );
  if (redis.subscriber.status === 'ready') void subscribeAndDrop();
  redis.subscriber.on('ready', () => void subscribeAndDrop());
  redis.subscriber.on('message', (from: string, text: string) => {
    if (from !== channel) return;
    let message: { topic?: unknown; storefrontId?: unknown };
    try {
      message = JSON.parse(text) as typeof message;
    } catch {
      return;
    }
    if (typeof message.topic !== 'string' || !TOPICS.has(message.topic)) return;
    listeners.tell(message.topic as ChangeTopic, typeof message.storefrontId === 'string' ? message.storefrontId : undefined);
  });

  return {
    publish(topic, storefrontId) {
      listeners.tell(topic, storefrontId);
      redis.client.publish(channel, JSON.stringify({ topic, storefrontId })).catch((err: unknown) => {
        // Storefronts and consents still follow within a second (lib/freshness.ts); the other
        // instances' catalog and shipping caches keep the old rows until their next change.
        log?.warn({ err, topic, storefrontId }, 'redis: a cache change was not announced to the other instances');
      });
    },
    subscribe: (topic, listener) => listeners.add(topic, listener),
  };
}
