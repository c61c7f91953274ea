// issue 20 "Health and readiness (database, Redis)": GET /api/health stays the liveness probe;
// GET /api/ready answers 200 with each dependency up, 503 naming the one that is down (a hung one
// counts as down after its timeout), and 503 draining once shutdown has begun, whatever the
// dependencies say, so the balancer stops sending work before the listener closes.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp, type App } from '../../app.ts';
import { testConfig } from '../../config.ts';
import type { DatabaseHandle } from '../../db/client.ts';
import { createTestDatabase } from '../../../test/database.ts';
import { createReadiness } from './readiness.ts';

let database: DatabaseHandle;
let app: App;
let databaseDown = false;
beforeAll(async () => {
  database = await createTestDatabase();
  // The database as the app sees it, with a ping the test can break.
  const ping = async () => {
    if (databaseDown) throw new Error('connection refused');
    await database.ping();
  };
  app = await buildApp({ config: testConfig({ WEB_DIST_DIR: '/nonexistent' }), database: { ...database, ping }, logger: false });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await database.close();
});

const ready = () => app.inject({ method: 'GET', url: '/api/ready', headers: { host: 'localhost:3000' } });

describe('readiness (issue 20)', () => {
  it('answers 200 with the database up, and is not cached', async () => {
    const res = await ready();
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ready', checks: { database: 'up' } });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('answers 503 naming the database when it is down; liveness says the same; both recover', async () => {
    databaseDown = true;
    try {
      const res = await ready();
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ status: 'unavailable', checks: { database: 'down' } });
      expect((await app.inject({ method: 'GET', url: '/api/health', headers: { host: 'localhost:3000' } })).statusCode).toBe(503);
    } finally {
      databaseDown = false;
    }
    expect((await ready()).statusCode).toBe(200);
  });

  it('answers for the instance whatever the Host (a balancer probes by address), without a storefront lookup', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/ready', headers: { host: '10.0.3.17:3000' } });
    expect(res.statusCode).toBe(200);
    const spy = vi.spyOn(app.services.storefronts, 'resolve');
    try {
      await app.inject({ method: 'GET', url: '/api/ready', headers: { host: 'localhost:3000' } });
      expect(spy).not.toHaveBeenCalled();
    } finally {
      spy.mockRestore();
    }
  });

  it('counts a dependency that does not answer in time as down, and names only the failing one', async () => {
    const readiness = createReadiness(
      { database: async () => undefined, redis: () => new Promise<void>(() => undefined) },
      { timeoutMs: 50 },
    );
    expect(await readiness.report()).toEqual({ status: 'unavailable', checks: { database: 'up', redis: 'down' } });
  });

  it('answers 503 draining once shutdown has begun, even with every dependency up', async () => {
    app.readiness.startDraining();
    const res = await ready();
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ status: 'draining' });
    // Liveness is unchanged: the process is alive and finishing its work, not to be killed.
    expect((await app.inject({ method: 'GET', url: '/api/health', headers: { host: 'localhost:3000' } })).statusCode).toBe(200);
  });
});
