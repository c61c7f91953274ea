// The development clock (DEV_CLOCK): browser tests open a booked visit's window by moving the
// server's time forward (issue 16); it never goes back and does not exist without DEV_CLOCK.
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { createTestDatabase } from '../../test/database.ts';
import { testConfig } from '../config.ts';
import { createDevClock } from './dev-clock.ts';

describe('POST /dev/clock', () => {
  const closers: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const close of closers) await close();
  });

  it('moves the server’s clock forward, never back', async () => {
    const database = await createTestDatabase();
    const devClock = createDevClock();
    const app = await buildApp({ config: testConfig({ WEB_DIST_DIR: '/nonexistent' }), database, devClock, now: devClock.now, logger: false });
    closers.push(async () => {
      await app.close();
      await database.close();
    });
    const before = Date.now();
    const moved = await app.inject({ method: 'POST', url: '/dev/clock', headers: { 'x-requested-with': 'fetch' }, payload: { advanceMs: 2 * 60 * 60_000 } });
    expect(moved.statusCode).toBe(200);
    expect(new Date(moved.json().now).getTime()).toBeGreaterThanOrEqual(before + 2 * 60 * 60_000);
    const back = await app.inject({ method: 'POST', url: '/dev/clock', headers: { 'x-requested-with': 'fetch' }, payload: { to: new Date(before).toISOString() } });
    expect(back.json().offsetMs).toBe(2 * 60 * 60_000);
  });

  it('is not there without DEV_CLOCK', async () => {
    const database = await createTestDatabase();
    const app = await buildApp({ config: testConfig({ WEB_DIST_DIR: '/nonexistent' }), database, logger: false });
    closers.push(async () => {
      await app.close();
      await database.close();
    });
    const res = await app.inject({ method: 'POST', url: '/dev/clock', headers: { 'x-requested-with': 'fetch' }, payload: { advanceMs: 1000 } });
    expect(res.statusCode).toBe(404);
  });
});
