// issue 20: several instances of the store in one test, as behind a load balancer: each its own
// buildApp (its own caches, rate-limit plugin, signalling hub) on one shared database, and, when
// asked, one Redis under a prefix of the test's own (its keys deleted at the end).
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { buildApp, type App } from '../src/app.ts';
import { testConfig, type AppConfig } from '../src/config.ts';
import type { DatabaseHandle } from '../src/db/client.ts';
import type { TestContext } from './app.ts';
import { createTestDatabase } from './database.ts';

/** The Redis this machine and CI run (docs/architecture.md "Several instances"). */
export const TEST_REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

export interface Instances {
  /** One TestContext per instance (same database and clock), for the helpers that take one. */
  instances: TestContext[];
  database: DatabaseHandle;
  clock: TestContext['clock'];
  /** The Redis prefix the instances share (undefined: no Redis). */
  prefix: string | undefined;
  close(): Promise<void>;
}

/** Deletes every key under `prefix` (the test's own). */
export async function deleteRedisKeys(prefix: string): Promise<void> {
  const redis = new Redis(TEST_REDIS_URL);
  try {
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 500);
      if (keys.length > 0) await redis.del(...keys);
      cursor = next;
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
}

export async function createInstances(
  count: number,
  options: { redis: boolean; name: string; overrides?: Partial<AppConfig> },
): Promise<Instances> {
  const database = await createTestDatabase();
  const clock = {
    now: new Date(),
    advance(ms: number) {
      clock.now = new Date(clock.now.getTime() + ms);
    },
  };
  const prefix = options.redis ? `redis:${options.name}:${randomBytes(4).toString('hex')}:` : undefined;
  const apps: App[] = [];
  for (let i = 0; i < count; i++) {
    const app = await buildApp({
      config: testConfig({
        WEB_DIST_DIR: '/nonexistent',
        ...(prefix ? { REDIS_URL: TEST_REDIS_URL, REDIS_PREFIX: prefix } : {}),
        ...options.overrides,
      }),
      database,
      now: () => clock.now,
      logger: false,
    });
    await app.ready();
    // The connections open once the event loop is free; a test starts when they are in place.
    const redis = app.services.redis;
    for (let waited = 0; redis && !(redis.client.status === 'ready' && redis.subscriber.status === 'ready'); waited += 20) {
      if (waited > 10_000) throw new Error(`Redis at ${TEST_REDIS_URL} did not answer`);
      await new Promise((r) => setTimeout(r, 20));
    }
    apps.push(app);
  }
  const close = async () => {
    for (const app of apps) await app.close();
    await database.close();
    if (prefix) await deleteRedisKeys(prefix);
  };
  // Each instance's context closes everything once (the first close wins).
  let closing: Promise<void> | undefined;
  const closeOnce = () => (closing ??= close());
  const instances = apps.map((app) => ({ app, database, clock, close: closeOnce }));
  return { instances, database, clock, prefix, close: closeOnce };
}
