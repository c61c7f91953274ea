// One app per test file on its own database, with a movable clock and a request helper that
// behaves like our web client (CSRF header, cookies carried between calls).
import type { Writable } from 'node:stream';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp, type App } from '../src/app.ts';
import { testConfig, type AppConfig } from '../src/config.ts';
import type { DatabaseHandle } from '../src/db/client.ts';
import { createTestDatabase } from './database.ts';
import { loggerOptions } from '../src/lib/logging.ts';

export interface TestContext {
  app: App;
  database: DatabaseHandle;
  clock: { now: Date; advance(ms: number): void };
  close(): Promise<void>;
}

/**
 * TEST_WITH_REDIS=1 (issue 20, `npm run test:int:redis`): every test app uses the local Redis for
 * its rate limits, cache invalidation and visit signalling, as instances of a store do, so the
 * suites that pass on the in-process buses are run on the Redis ones. One prefix per run.
 */
const redisForTests = (): Partial<AppConfig> =>
  process.env.TEST_WITH_REDIS === '1' ? { REDIS_URL: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379', REDIS_PREFIX: `redis:test-${process.pid}:` } : {};

export async function createTestApp(
  overrides: Partial<AppConfig> = {},
  extend?: (app: App) => void | Promise<void>,
  /** logStream: the store's own logger settings, written there (a test that reads the log); else no log. */
  options: { logStream?: Writable } = {},
): Promise<TestContext> {
  const database = await createTestDatabase();
  const clock = {
    now: new Date(),
    advance(ms: number) {
      clock.now = new Date(clock.now.getTime() + ms);
    },
  };
  const config = testConfig({ WEB_DIST_DIR: '/nonexistent', ...redisForTests(), ...overrides });
  const app = await buildApp({
    config,
    database,
    now: () => clock.now,
    logger: options.logStream ? { ...loggerOptions(config), stream: options.logStream } : false,
  });
  if (extend) await extend(app);
  await app.ready();
  return {
    app,
    database,
    clock,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}

/** A browser-like client: keeps the cookies the server sets and sends our CSRF header. */
export class TestBrowser {
  private cookies = new Map<string, string>();
  constructor(
    private readonly app: App,
    private readonly host = 'localhost:3000',
  ) {}

  async request(options: InjectOptions & { url: string }): Promise<LightMyRequestResponse> {
    const headers: Record<string, string> = {
      host: this.host,
      'x-requested-with': 'fetch',
      ...(options.headers as Record<string, string> | undefined),
    };
    if (this.cookies.size > 0) {
      headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    }
    const response = await this.app.inject({ ...options, headers });
    for (const cookie of response.cookies) {
      if (cookie.value === '' || (cookie.expires && cookie.expires.getTime() < Date.now())) {
        this.cookies.delete(cookie.name);
      } else {
        this.cookies.set(cookie.name, cookie.value);
      }
    }
    return response;
  }
  get(url: string, headers?: Record<string, string>) {
    return this.request({ method: 'GET', url, ...(headers ? { headers } : {}) });
  }
  post(url: string, payload?: unknown) {
    return this.request({ method: 'POST', url, payload: payload as InjectOptions['payload'] });
  }
  patch(url: string, payload?: unknown) {
    return this.request({ method: 'PATCH', url, payload: payload as InjectOptions['payload'] });
  }
  put(url: string, payload?: unknown) {
    return this.request({ method: 'PUT', url, payload: payload as InjectOptions['payload'] });
  }
  delete(url: string) {
    return this.request({ method: 'DELETE', url });
  }
  cookie(name: string): string | undefined {
    return this.cookies.get(name);
  }
}
