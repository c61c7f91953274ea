// The background-work queue (DESIGN.md "background work … mail retries survive restarts"): a job
// runs once, a repeat with the same key is not queued twice, a failing job is retried with back-off
// and kept as failed after its last attempt, a job whose process died is taken over when its lock
// lapses, and two processes on one database never run the same job (on PostgreSQL under
// TEST_DATABASE_URL: SKIP LOCKED).
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/app.ts';
import { createTestDatabase } from '../../../test/database.ts';
import type { DatabaseHandle } from '../../db/client.ts';
import { jobs } from '../../db/schema/jobs.ts';
import { createJobQueue, retryDelayMs } from './jobs.service.ts';

let database: DatabaseHandle;
const clock = { now: new Date('2026-11-21T10:00:00Z') };
const now = () => clock.now;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());
beforeEach(async () => {
  await database.db.delete(jobs);
});

const rowsOf = (name: string) => database.db.select().from(jobs).where(eq(jobs.name, name));

describe('background jobs', () => {
  it('drain waits for a job a nudged pass took meanwhile (a test reading right after Pay sees its work)', async () => {
    const queue = createJobQueue({ db: database.db, now, pollIntervalMs: 60_000 });
    const done: number[] = [];
    queue.register('slow', async (payload) => {
      // While drain's own pass runs the first job, a nudge (as after Pay) starts another pass,
      // which takes the second job (the first is locked) and is still on it when drain's pass ends.
      if (payload.n === 1) queue.nudge();
      await new Promise((resolve) => setTimeout(resolve, payload.n === 1 ? 50 : 200));
      done.push(Number(payload.n));
    });
    queue.start();
    try {
      await database.db.transaction(async (tx) => {
        // The first is due earlier, so drain's pass takes it first.
        await queue.enqueue('slow', { n: 1 }, { tx, runAt: new Date(clock.now.getTime() - 1000) });
        await queue.enqueue('slow', { n: 2 }, { tx });
      });
      await queue.drain();
      expect(done.sort()).toEqual([1, 2]);
    } finally {
      await queue.stop();
    }
  });

  it('runs a recurring job at each start and once a period, however many processes work the queue (issue 13 #3)', async () => {
    const runs: string[] = [];
    const make = (who: string) => {
      const queue = createJobQueue({ db: database.db, now, pollIntervalMs: 60_000 });
      queue.every('sweep', 5 * 60_000, async () => {
        runs.push(who);
      });
      return queue;
    };
    const a = make('a');
    const b = make('b');
    a.start();
    b.start();
    try {
      // Both starts have queued their run before anyone drains (on a busy machine one could lag).
      await Promise.all([a.started(), b.started()]);
      await Promise.all([a.drain(), b.drain()]);
      // One run for each process's start (either process may work it).
      expect(runs).toHaveLength(2);
      runs.length = 0;
      // The next period: one run between the two processes, and the one after is queued.
      clock.now = new Date(clock.now.getTime() + 5 * 60_000);
      await Promise.all([a.drain(), b.drain()]);
      expect(runs).toHaveLength(1);
      const queued = (await rowsOf('sweep')).filter((j) => j.status === 'queued');
      expect(queued).toHaveLength(1);
      expect(queued[0]!.runAt.getTime()).toBeGreaterThan(clock.now.getTime());
    } finally {
      await a.stop();
      await b.stop();
    }
  });

  it('runs a queued job once with its payload, and a repeat with the same key is not queued again', async () => {
    const queue = createJobQueue({ db: database.db, now });
    const seen: unknown[] = [];
    queue.register('confirm', async (payload) => {
      seen.push(payload);
    });
    await queue.enqueue('confirm', { orderId: 'o-1' }, { singletonKey: 'confirm:o-1' });
    await queue.enqueue('confirm', { orderId: 'o-1' }, { singletonKey: 'confirm:o-1' });
    expect(await queue.drain()).toBe(1);
    expect(seen).toEqual([{ orderId: 'o-1' }]);
    // Done is remembered: the same key later is still a no-op.
    await queue.enqueue('confirm', { orderId: 'o-1' }, { singletonKey: 'confirm:o-1' });
    expect(await queue.drain()).toBe(0);
    const [row] = await rowsOf('confirm');
    expect(row).toMatchObject({ status: 'done', attempts: 1, lastError: null });
  });

  it('leaves a job for later when its time has not come', async () => {
    const queue = createJobQueue({ db: database.db, now });
    let runs = 0;
    queue.register('later', async () => {
      runs++;
    });
    await queue.enqueue('later', {}, { runAt: new Date(clock.now.getTime() + 60_000) });
    expect(await queue.drain()).toBe(0);
    clock.now = new Date(clock.now.getTime() + 60_000);
    expect(await queue.drain()).toBe(1);
    expect(runs).toBe(1);
  });

  it('retries a failing job with back-off, then keeps it as failed with the last error', async () => {
    const queue = createJobQueue({ db: database.db, now });
    let calls = 0;
    queue.register('flaky', async () => {
      calls++;
      throw new Error(`mail server refused (${calls})`);
    });
    await queue.enqueue('flaky', {}, { maxAttempts: 3 });
    expect(await queue.drain()).toBe(1);
    let [row] = await rowsOf('flaky');
    expect(row).toMatchObject({ status: 'queued', attempts: 1, lastError: 'mail server refused (1)' });
    expect(row!.runAt.getTime()).toBe(clock.now.getTime() + retryDelayMs(1));
    // Not before the back-off has passed.
    expect(await queue.drain()).toBe(0);
    clock.now = new Date(clock.now.getTime() + retryDelayMs(1));
    expect(await queue.drain()).toBe(1);
    clock.now = new Date(clock.now.getTime() + retryDelayMs(2));
    expect(await queue.drain()).toBe(1);
    [row] = await rowsOf('flaky');
    expect(row).toMatchObject({ status: 'failed', attempts: 3, lastError: 'mail server refused (3)' });
    clock.now = new Date(clock.now.getTime() + retryDelayMs(3));
    expect(await queue.drain()).toBe(0);
    expect(calls).toBe(3);
  });

  it('succeeds on a retry after a failure (a mail server that comes back)', async () => {
    const queue = createJobQueue({ db: database.db, now });
    let down = true;
    const sent: string[] = [];
    queue.register('mail', async (payload) => {
      if (down) throw new Error('connect ECONNREFUSED');
      sent.push(String(payload.to));
    });
    await queue.enqueue('mail', { to: 'pat@example.com' });
    await queue.drain();
    down = false;
    clock.now = new Date(clock.now.getTime() + retryDelayMs(1));
    await queue.drain();
    expect(sent).toEqual(['pat@example.com']);
    const [row] = await rowsOf('mail');
    expect(row).toMatchObject({ status: 'done', attempts: 2, lastError: null });
  });

  it('takes over a job whose process died once its lock lapses, not before', async () => {
    const crashed = createJobQueue({ db: database.db, now, lockMs: 60_000, handlerTimeoutMs: 120_000 });
    crashed.register('work', () => new Promise<void>(() => undefined)); // never finishes
    await crashed.enqueue('work', { n: 1 });
    void crashed.drain();
    // Wait until the first process holds it.
    for (let i = 0; i < 100 && (await rowsOf('work'))[0]?.status !== 'running'; i++) await new Promise((r) => setTimeout(r, 10));
    expect((await rowsOf('work'))[0]?.status).toBe('running');

    const survivor = createJobQueue({ db: database.db, now });
    let ran = 0;
    survivor.register('work', async () => {
      ran++;
    });
    expect(await survivor.drain()).toBe(0);
    clock.now = new Date(clock.now.getTime() + 60_001);
    expect(await survivor.drain()).toBe(1);
    expect(ran).toBe(1);
    expect((await rowsOf('work'))[0]).toMatchObject({ status: 'done' });
  });

  it('counts an attempt that died with its process, so a job that keeps killing it ends failed', async () => {
    const hang = () => new Promise<void>(() => undefined);
    for (const _ of [1, 2]) {
      const dying = createJobQueue({ db: database.db, now, lockMs: 60_000, handlerTimeoutMs: 120_000 });
      dying.register('fatal', hang);
      if (_ === 1) await dying.enqueue('fatal', {}, { maxAttempts: 2 });
      void dying.drain();
      for (let i = 0; i < 100 && (await rowsOf('fatal'))[0]?.attempts !== _; i++) await new Promise((r) => setTimeout(r, 10));
      clock.now = new Date(clock.now.getTime() + 60_001);
    }
    const last = createJobQueue({ db: database.db, now });
    let ran = 0;
    last.register('fatal', async () => {
      ran++;
    });
    expect(await last.drain()).toBe(1);
    expect(ran).toBe(0);
    expect((await rowsOf('fatal'))[0]).toMatchObject({ status: 'failed', attempts: 3 });
  });

  it('does not let a process whose lock lapsed overwrite the one that took the job over', async () => {
    let release: () => void = () => undefined;
    const slow = createJobQueue({ db: database.db, now, lockMs: 60_000, handlerTimeoutMs: 120_000 });
    slow.register('race', () => new Promise<void>((_, reject) => (release = () => reject(new Error('late failure')))));
    await slow.enqueue('race', {});
    const late = slow.drain();
    for (let i = 0; i < 100 && (await rowsOf('race'))[0]?.status !== 'running'; i++) await new Promise((r) => setTimeout(r, 10));
    clock.now = new Date(clock.now.getTime() + 60_001);
    const taker = createJobQueue({ db: database.db, now });
    taker.register('race', async () => undefined);
    expect(await taker.drain()).toBe(1);
    release();
    await late;
    expect((await rowsOf('race'))[0]).toMatchObject({ status: 'done', attempts: 2, lastError: null });
  });

  it('fails a handler that runs past its time, to be retried, instead of holding the job', async () => {
    const queue = createJobQueue({ db: database.db, now, handlerTimeoutMs: 50 });
    queue.register('stuck', () => new Promise<void>(() => undefined));
    await queue.enqueue('stuck', {});
    expect(await queue.drain()).toBe(1);
    const [row] = await rowsOf('stuck');
    expect(row).toMatchObject({ status: 'queued', attempts: 1, lastError: 'timed out after 50 ms' });
    // issue 20: the stuck handler may still be running, so the job waits out this attempt's lock
    // (5 minutes by default) before another worker may take it, not the 5 s back-off.
    expect(row!.runAt.getTime() - now().getTime()).toBeGreaterThanOrEqual(5 * 60_000 - 1000);
  });

  it('gives each job to exactly one of several processes working the queue at once', async () => {
    const runs = new Map<number, number>();
    const workers = Array.from({ length: 4 }, () => {
      const queue = createJobQueue({ db: database.db, now });
      queue.register('spread', async (payload) => {
        const n = Number(payload.n);
        runs.set(n, (runs.get(n) ?? 0) + 1);
        await new Promise((r) => setTimeout(r, 1));
      });
      return queue;
    });
    for (let n = 0; n < 40; n++) await workers[0]!.enqueue('spread', { n });
    const counts = await Promise.all(workers.map((w) => w.drain()));
    expect(counts.reduce((a, b) => a + b, 0)).toBe(40);
    expect([...runs.values()].every((c) => c === 1)).toBe(true);
    expect(runs.size).toBe(40);
  });

  it('starts on a job as soon as it is queued when the worker is running', async () => {
    const queue = createJobQueue({ db: database.db, now, pollIntervalMs: 60_000 });
    let resolveRun: (v: unknown) => void = () => undefined;
    const ran = new Promise((r) => (resolveRun = r));
    queue.register('prompt', async (payload) => resolveRun(payload));
    queue.start();
    try {
      await queue.enqueue('prompt', { ok: true });
      // The poll is a minute away: only the nudge can run it.
      await expect(Promise.race([ran, new Promise((r) => setTimeout(() => r('timeout'), 5_000))])).resolves.toEqual({ ok: true });
    } finally {
      await queue.stop();
    }
  });

  it('leaves the queue to worker processes in a server started with JOB_WORKER=false', async () => {
    // README JOB_WORKER; src/worker.ts works the queue of such servers.
    const ctx = await createTestApp({ JOB_WORKER: false, JOB_POLL_INTERVAL_MS: 100 });
    try {
      let runs = 0;
      ctx.app.services.jobs.register('probe', async () => {
        runs++;
      });
      await ctx.app.services.jobs.enqueue('probe', {});
      ctx.app.services.jobs.nudge();
      await new Promise((r) => setTimeout(r, 400));
      expect(runs).toBe(0);
      // A worker (here: the same queue, drained) runs it.
      expect(await ctx.app.services.jobs.drain()).toBe(1);
      expect(runs).toBe(1);
    } finally {
      await ctx.close();
    }
  });
});
