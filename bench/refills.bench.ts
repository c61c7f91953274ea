// Auto-refill renewals at volume (issue 17: "Benchmark (PostgreSQL, two workers): renewing 10,000
// due plans — seconds, exactly 10,000 charges, 0 errors"). A fresh PostgreSQL database is created
// (PG_ADMIN_URL, default postgres://postgres@127.0.0.1:5432/postgres), migrated and seeded like a
// first start. One plan is made as a patient makes it (a paid consult order approved by a doctor
// with refills, a saved sandbox card, "activate auto-refill"; the job's "coming up" notice sent, as
// it is days before), then copied in SQL to BENCH_PLANS plans in all (default 10,000), each with a
// patient, order, prescription and saved card of its own (apps/server/test/refill-seed.ts), all due.
// Two worker processes (apps/server/test/refill-worker.ts: the store's services on that database,
// the clock just past the due date) then run the renewal job at the same moment until neither finds
// a due plan. Printed: plans, seconds, the charges the sandbox gateway made (its succeeded intents
// for refill orders; must be exactly the number of plans), cycles charged, errors, double charges
// (plans charged more than once) and lost cycles (plans not advanced exactly one cycle). With
// PostgreSQL unreachable it says so and exits 0 (skipped). The database is dropped afterwards
// (BENCH_KEEP_DB=1 keeps it).
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app.ts';
import { testConfig } from '../apps/server/src/config.ts';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { runMigrations } from '../apps/server/src/db/migrate.ts';
import { seedDemoDataIfEmpty } from '../apps/server/src/db/seed/index.ts';
import type { TestContext } from '../apps/server/test/app.ts';
import { copyDuePlans, rowsOf } from '../apps/server/test/refill-seed.ts';
import { startRefillWorker } from '../apps/server/test/refill-worker-process.ts';
import { prescribedOrder } from '../apps/server/test/refills.ts';

const PLANS = Number(process.env.BENCH_PLANS ?? 10_000);
const WORKERS = Number(process.env.BENCH_WORKERS ?? 2);
const adminUrl = process.env.PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const MIN = 60_000;

async function admin(statement: string) {
  const client = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 3000 });
  await client.connect();
  try {
    return await client.query(statement);
  } finally {
    await client.end();
  }
}

type Counts = { charged: number; declined: number; paused: number; renewal: number; pending: number; failed: number; errors: number; ms: number };

async function main() {
  try {
    await admin('select 1');
  } catch (error) {
    console.log(`Refill renewal benchmark skipped: PostgreSQL is not reachable at ${adminUrl} (${(error as Error).message}).`);
    return;
  }
  const name = `store_bench_refills_${randomBytes(4).toString('hex')}`;
  await admin(`CREATE DATABASE "${name}"`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString(), poolSize: 10 });
  try {
    await runMigrations(database);
    await seedDemoDataIfEmpty(database.db);
    const { db } = database;

    // One real plan, through the API as a patient and a doctor make it.
    const seeding = Date.now();
    const clock = {
      now: new Date(),
      advance(ms: number) {
        clock.now = new Date(clock.now.getTime() + ms);
      },
    };
    const app = await buildApp({ config: testConfig({ JOB_WORKER: false, WEB_DIST_DIR: '/nonexistent' }), database, now: () => clock.now, logger: false });
    await app.ready();
    const ctx: TestContext = { app, database, clock, close: async () => undefined };
    const made = await prescribedOrder(ctx, { refills: 3 });
    const activated = await made.patient.post('/api/refills', { orderId: made.orderId });
    if (activated.statusCode !== 201) throw new Error(`activate answered ${activated.statusCode}: ${activated.body}`);
    const planId = activated.json().id as string;
    const due = clock.now.getTime() + MIN;
    await db.execute(sql`update refill_plans set next_date = ${new Date(due).toISOString()}::timestamptz where id = ${planId}`);
    // The "your refill is coming up" notice, sent days before in a running store.
    await app.services.refillRenewal.sendNotices();
    await app.close();
    // …and its copies: every plan due.
    if (PLANS > 1) await copyDuePlans(db, planId, PLANS - 1, new Date(due));
    await db.execute(sql`analyze`);
    const seedSeconds = (Date.now() - seeding) / 1000;

    // The workers, started together just past the due date.
    const workers = Array.from({ length: WORKERS }, () => startRefillWorker({ DATABASE_URL: url.toString(), REFILL_NOW: due + MIN, REFILL_POOL: 4 }));
    try {
      await Promise.all(workers.map((w) => w.line('READY', 120_000)));
      const started = Date.now();
      for (const w of workers) w.go();
      const done = await Promise.all(workers.map(async (w) => JSON.parse(await w.line('DONE', 3_600_000)) as Counts));
      const seconds = (Date.now() - started) / 1000;
      const exits = await Promise.all(workers.map((w) => w.exited));

      const [figures] = await rowsOf<{ charges: number; double_charged: number; cycles_charged: number; lost: number; refill_orders: number }>(
        db,
        // Hash joins, not a lookup per plan: the sandbox keys intents by id only.
        sql`with refill_charges as (
              select o.user_id, count(*) as n
              from sandbox_gateway_intents i join orders o on o.id::text = i.metadata->>'orderId'
              where i.status = 'succeeded' and not exists (select 1 from refill_plans s where s.source_order_id = o.id)
              group by o.user_id),
            per_plan as (
              select rp.id, rp.next_cycle, rp.status, coalesce(c.n, 0) as charges
              from refill_plans rp left join refill_charges c on c.user_id = rp.patient_id)
            select coalesce(sum(charges), 0)::int as charges,
                   count(*) filter (where charges > 1)::int as double_charged,
                   (select count(*)::int from refill_cycles where status in ('charged', 'transmitted')) as cycles_charged,
                   count(*) filter (where next_cycle <> 2 or status <> 'active')::int as lost,
                   (select count(*)::int from orders o where status in ('approved', 'prescribed') and not exists (select 1 from refill_plans s where s.source_order_id = o.id)) as refill_orders
            from per_plan`,
      );
      const f = figures!;
      const errors = done.reduce((n, c) => n + c.errors + c.failed + c.declined + c.pending, 0) + exits.filter((e) => e.code !== 0).length;
      const renewedByWorkers = done.reduce((n, c) => n + c.charged, 0);
      const met = renewedByWorkers === PLANS && f.charges === PLANS && f.cycles_charged === PLANS && errors === 0 && f.double_charged === 0 && f.lost === 0;
      console.log(
        [
          '',
          `Auto-refill renewal benchmark — PostgreSQL, ${WORKERS} worker processes, Node ${process.version}, ${os.cpus().length} CPU(s) (${os.cpus()[0]?.model ?? '?'}), load ${os.loadavg()[0]!.toFixed(1)}; ${PLANS.toLocaleString('en-US')} plans seeded in ${seedSeconds.toFixed(1)} s`,
          '',
          '| what | figure |',
          '|---|---:|',
          `| due plans | ${PLANS.toLocaleString('en-US')} |`,
          `| seconds until none is due | ${seconds.toFixed(1)} |`,
          `| renewals per second | ${(PLANS / seconds).toFixed(0)} |`,
          `| cycles charged per worker (the sum must be ${PLANS}: no cycle renewed by both) | ${done.map((c) => c.charged).join(' + ')} |`,
          `| charges at the sandbox gateway (must be ${PLANS}) | ${f.charges} |`,
          `| cycles charged (must be ${PLANS}) | ${f.cycles_charged} |`,
          `| refill orders approved | ${f.refill_orders} |`,
          `| errors (must be 0) | ${errors} |`,
          `| double charges (must be 0) | ${f.double_charged} |`,
          `| lost cycles (must be 0) | ${f.lost} |`,
          '',
          met ? 'Targets met.' : 'Target NOT met.',
          '',
        ].join('\n'),
      );
      if (!met) process.exitCode = 1;
    } finally {
      for (const w of workers) w.child.kill('SIGKILL');
    }
  } finally {
    await database.close();
    if (process.env.BENCH_KEEP_DB) console.log(`Kept database ${name}`);
    else await admin(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  }
}

main().catch((err) => {
  console.error(err);
  process.exitCode = 1;
});
