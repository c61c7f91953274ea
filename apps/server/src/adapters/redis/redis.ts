// The store's one way into Redis (issue 20: several instances share rate limits, cache invalidation
// and visit signalling). Two connections per process from REDIS_URL: one for commands (counters,
// PUBLISH) and one for subscriptions (a subscribed connection takes no other command). Every key
// and channel starts with REDIS_PREFIX, so several stores or environments can share one Redis.
import { Redis, type RedisOptions } from 'ioredis';

export interface RedisConnections {
  /** Commands: rate-limit counters, PUBLISH. */
  client: Redis;
  /** Subscriptions only (cache invalidation, visit channels). */
  subscriber: Redis;
  /** Put before every key and channel name, e.g. `store:`. */
  prefix: string;
  /**
   * Resolves once the subscriber connection is ready, rejects after `timeoutMs`. A SUBSCRIBE sent
   * before that (ioredis lets it through while its INFO ready check is unanswered) can leave the
   * connection's replies paired with the wrong commands and later messages lost: seen in tests
   * whose first visit began while the connections were still opening.
   */
  subscriberReady(timeoutMs?: number): Promise<void>;
  /** Resolves when Redis answers PING (readiness); rejects otherwise. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

export interface RedisLog {
  warn(obj: object, msg: string): void;
}

const PING_TIMEOUT_MS = 2000;

export function openRedis(options: { url: string; prefix: string; log?: RedisLog | undefined }): RedisConnections {
  const settings: RedisOptions = {
    // A command in flight when the connection drops waits for at most two reconnects, then fails
    // (the caller decides: the rate limit lets the request through, a publish is logged).
    maxRetriesPerRequest: 2,
    connectTimeout: 5000,
    connectionName: 'store',
  };
  // While Redis is away a command fails at once rather than waiting in a queue: a rate-limited
  // request goes ahead without the retries' delay, a publish is logged, readiness says so.
  const client = new Redis(options.url, { ...settings, enableOfflineQueue: false });
  // The subscriber keeps its queue: its SUBSCRIBEs are sent once it connects.
  const subscriber = new Redis(options.url, { ...settings, connectionName: 'store-subscriber' });
  // Without a listener ioredis prints every failed reconnect; one line in our log is enough, and
  // the connections keep retrying by themselves.
  for (const [name, connection] of [['commands', client], ['subscriber', subscriber]] as const) {
    let reported = false;
    connection.on('error', (err: Error) => {
      if (reported) return;
      reported = true;
      options.log?.warn({ err, connection: name }, 'redis: connection failed, retrying');
    });
    connection.on('ready', () => {
      reported = false;
    });
  }
  let closed = false;
  return {
    client,
    subscriber,
    prefix: options.prefix,
    subscriberReady(timeoutMs = 5000) {
      if (subscriber.status === 'ready') return Promise.resolve();
      return new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => {
          subscriber.off('ready', onReady);
          reject(new Error('redis: the subscriber connection is not ready'));
        }, timeoutMs);
        timer.unref();
        const onReady = () => {
          clearTimeout(timer);
          resolve();
        };
        subscriber.once('ready', onReady);
      });
    },
    async ping() {
      let timer: NodeJS.Timeout | undefined;
      try {
        await Promise.race([
          client.ping(),
          new Promise((_, reject) => {
            timer = setTimeout(() => reject(new Error('redis: no answer to PING')), PING_TIMEOUT_MS);
          }),
        ]);
      } finally {
        clearTimeout(timer);
      }
    },
    async close() {
      if (closed) return;
      closed = true;
      // QUIT lets replies in flight arrive; a connection that is down is simply dropped.
      await Promise.all([client, subscriber].map((c) => (c.status === 'ready' ? c.quit().then(() => undefined, () => c.disconnect()) : c.disconnect())));
    },
  };
}
