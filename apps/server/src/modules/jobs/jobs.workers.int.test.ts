// issue 20 "Jobs run once across instances and workers (SKIP LOCKED today): shown with three
// workers." Three job queues — on PostgreSQL (TEST_DATABASE_URL) each with its own connection
// pool, as three processes would have — work one table of 300 due jobs at once: every job runs
// exactly once (by the handler's own count and by its row: done after one attempt) and each worker
// takes some. Without TEST_DATABASE_URL the same runs on PGlite (one connection: the claims take
// turns, the jobs' work still overlaps).
//   node scripts/with-postgres.mjs npx vitest run --project server apps/server/src/modules/jobs/jobs.workers.int.test.ts
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { createTestDatabase } from '../../../test/database.ts';
import { openDatabase, type DatabaseHandle } from '../../db/client.ts';
import { jobs } from '../../db/schema/jobs.ts';
import { createJobQueue } from './jobs.service.ts';

const JOBS = 300;
const WORKERS = ['a', 'b', 'c'] as const;

let primary: DatabaseHandle;
/** One database handle per worker (the same one three times on PGlite). */
let handles: DatabaseHandle[];
beforeAll(async () => {
  primary = await createTestDatabase();
  const template = inject('dbTemplate');
  if (template.kind === 'postgres') {
    const result = (await primary.db.execute(sql`select current_database() as name`)) as unknown as { rows: { name: string }[] };
    const url = new URL(template.url);
    url.pathname = `/${result.rows[0]!.name}`;
    handles = [primary, await openDatabase({ databaseUrl: url.toString(), poolSize: 4 }), await openDatabase({ databaseUrl: url.toString(), poolSize: 4 })];
  } else {
    handles = [primary, primary, primary];
  }
});
afterAll(async () => {
  for (const handle of handles.slice(1)) if (handle !== primary) await handle.close();
  await primary.close();
});

describe('jobs across three workers (issue 20)', () => {
  it(`runs each of ${JOBS} jobs exactly once, shared by all three workers`, async () => {
    const runs = new Map<number, string[]>();
    const queues = WORKERS.map((worker, i) => {
      const queue = createJobQueue({ db: handles[i]!.db, pollIntervalMs: 50 });
      queue.register('ops-once', async (payload) => {
        const n = Number(payload.n);
        runs.set(n, [...(runs.get(n) ?? []), worker]);
        // A little work, so the workers' claims interleave.
        await new Promise((resolve) => setTimeout(resolve, 1 + Math.random() * 4));
      });
      return queue;
    });
    // All due before any worker starts, so the three compete for the same rows.
    await primary.db.insert(jobs).values(Array.from({ length: JOBS }, (_, n) => ({ name: 'ops-once', payload: { n }, runAt: new Date(Date.now() - 1000) })));

    const started = performance.now();
    for (const queue of queues) queue.start();
    try {
      const deadline = Date.now() + 120_000;
      for (;;) {
        const [row] = await primary.db.select({ open: sql<number>`count(*) filter (where ${jobs.status} <> 'done')` }).from(jobs).where(sql`${jobs.name} = 'ops-once'`);
        if (Number(row!.open) === 0) break;
        if (Date.now() > deadline) throw new Error(`${row!.open} jobs still not done`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    } finally {
      await Promise.all(queues.map((q) => q.stop()));
    }
    const seconds = (performance.now() - started) / 1000;

    const twice = [...runs].filter(([, by]) => by.length !== 1);
    expect(twice).toEqual([]);
    expect(runs.size).toBe(JOBS);
    const rows = await primary.db.select({ status: jobs.status, attempts: jobs.attempts }).from(jobs).where(sql`${jobs.name} = 'ops-once'`);
    expect(rows).toHaveLength(JOBS);
    expect(rows.every((r) => r.status === 'done' && r.attempts === 1)).toBe(true);
    const byWorker = WORKERS.map((w) => [...runs.values()].filter((by) => by[0] === w).length);
    for (const count of byWorker) expect(count).toBeGreaterThan(0);
    const kind = inject('dbTemplate').kind === 'postgres' ? 'PostgreSQL, a pool each' : 'PGlite, one connection';
    console.log(`${JOBS} jobs, ${WORKERS.length} workers, ran once each: ${[...runs.values()].filter((by) => by.length === 1).length}, by worker: ${byWorker.join('/')} (${kind}, ${seconds.toFixed(1)} s)`);
  }, 180_000);
});
