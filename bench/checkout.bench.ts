// Guest-checkout benchmark (issue 7 "bench/ adds the whole guest-checkout API sequence under 50
// concurrent patients on PostgreSQL and prints p50/p99 (target p99 ≤ 100 ms) and errors (target 0)").
// A fresh PostgreSQL database is created (PG_ADMIN_URL, default postgres://postgres@127.0.0.1:5432/
// postgres, like scripts/with-postgres.mjs); the store is started on it the way `npm start` starts it
// (apps/server/src/main.ts in its own process: migrations, demo data, NODE_ENV=production, warnings
// logged) on a free loopback port. BENCH_PATIENTS patients (default 200) each run the whole sequence
// over real HTTP, BENCH_CONCURRENCY (default 50) patients in checkout at any moment:
//   guest session → cart → add an OTC product → shipping address + method → register → cart (the
//   adopted order) → sandbox card token → pay (Idempotency-Key)
// Patients are people: between two steps each pauses BENCH_THINK_MS on average (default 1000 ms,
// drawn uniformly from half to one and a half times that) — a fast patient; a real one spends tens
// of seconds typing an address or a card. That run is the target run. A second run (BENCH_CAPACITY=0
// skips it) has the same patients fire each step the moment the last one answers: not a traffic
// shape any store sees, it shows the machine's capacity (checkouts per second) and what queueing
// does past it. The latency of every step is recorded; p50/p99 per step and over all requests are
// printed with the error count and the request rate offered. Bounded: at most BENCH_PATIENTS
// sequences and BENCH_MAX_SECONDS (default 180) a run. With PostgreSQL unreachable it says so and
// exits 0 (skipped). The database is dropped afterwards.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { CHECKOUT_STEPS, percentile, runPatients as runCheckouts, type RunResults } from './lib/checkout-flow.ts';
import { freePort, LIFTED_RATE_LIMITS } from './lib/store-process.ts';

const PATIENTS = Number(process.env.BENCH_PATIENTS ?? 200);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 50);
const MAX_SECONDS = Number(process.env.BENCH_MAX_SECONDS ?? 180);
const THINK_MS = Number(process.env.BENCH_THINK_MS ?? 1000);
const CAPACITY = process.env.BENCH_CAPACITY !== '0';
const WARMUP = Number(process.env.BENCH_WARMUP ?? 10);
const TARGET_P99_MS = 100;
const adminUrl = process.env.PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

const STEPS = CHECKOUT_STEPS;

async function admin(statement: string) {
  const client = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 3000 });
  await client.connect();
  try {
    return await client.query(statement);
  } finally {
    await client.end();
  }
}

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * A server process (`apps/server/src/<script>`) in production mode on `databaseUrl`; its output is
 * kept and its warnings printed when it stops.
 */
function startProcess(script: string, env: Record<string, string>) {
  // BENCH_STORE_NODE_ARGS, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof", to profile the processes.
  const nodeArgs = (process.env.BENCH_STORE_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', `apps/server/src/${script}`], {
    cwd: repoRoot,
    // Production refuses implicit test cards and an outbox (issue 13 #18): the bench names both.
    env: { ...process.env, NODE_ENV: 'production', PAYMENT_GATEWAY: 'sandbox', ALLOW_OUTBOX: 'true', ALLOW_FAX_OUTBOX: 'true', LOG_LEVEL: 'warn', INIT_CWD: repoRoot, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr.on('data', (c: Buffer) => (output += c.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return {
    child,
    output: () => output,
    stop: async () => {
      child.kill('SIGTERM');
      const code = await Promise.race([exited, new Promise<'timeout'>((r) => setTimeout(() => r('timeout'), 15_000))]);
      if (code === 'timeout') child.kill('SIGKILL');
      const warnings = output.split('\n').filter((l) => /"level":(40|50|60)/.test(l));
      if (warnings.length) console.log(`${script} logged ${warnings.length} warning(s)/error(s); first: ${warnings[0]!.slice(0, 300)}`);
    },
  };
}

/**
 * The store as deployed: a web process (as `npm start` runs it, with JOB_WORKER=false) and a
 * background-job worker (`npm run worker`) that renders receipts and sends the confirmation mail.
 * Resolves when the web process answers its health check.
 */
async function startStore(databaseUrl: string): Promise<{ base: string; stop: () => Promise<void> }> {
  const port = await freePort();
  const shared = {
    DATABASE_URL: databaseUrl,
    DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'store-bench-')),
    AUTH_SECRET: randomBytes(32).toString('base64url'),
    JOB_WORKER: 'false',
  };
  const web = startProcess('main.ts', {
    ...shared,
    PORT: String(port),
    HOST: '127.0.0.1',
    WEB_DIST_DIR: path.join(os.tmpdir(), 'store-bench-no-web'),
    // Every bench patient registers from 127.0.0.1: lift the per-IP registration limit.
    REGISTRATIONS_PER_IP_PER_HOUR: '1000000',
    ...LIFTED_RATE_LIMITS,
  });
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (web.child.exitCode !== null) throw new Error(`The store stopped while starting:\n${web.output()}`);
    if (Date.now() > deadline) {
      await web.stop();
      throw new Error(`The store did not start within 60 s:\n${web.output()}`);
    }
    const ok = await fetch(`http://127.0.0.1:${port}/api/health`, { headers: { host: 'localhost' } })
      .then((r) => r.ok)
      .catch(() => false);
    if (ok) break;
    await new Promise((r) => setTimeout(r, 200));
  }
  // Started once the store has migrated the database (the worker does not migrate).
  const worker = startProcess('worker.ts', { ...shared, JOB_WORKER: 'true', JOB_POLL_INTERVAL_MS: '500' });
  return {
    base: `http://127.0.0.1:${port}`,
    stop: async () => {
      await Promise.all([web.stop(), worker.stop()]);
    },
  };
}

/**
 * Every paid order's confirmation mail is sent by the worker, not left queued: waits (up to 60 s)
 * for the queue to empty and answers how many confirmations were sent and how many failed.
 */
async function confirmationsSent(databaseUrl: string): Promise<{ done: number; failed: number; waiting: number; seconds: number }> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const started = performance.now();
  try {
    for (;;) {
      const { rows } = await client.query<{ status: string; n: number }>(
        `select status, count(*)::int as n from jobs where name = 'order-confirmation' group by status`,
      );
      const count = (status: string) => rows.find((r) => r.status === status)?.n ?? 0;
      const waiting = count('queued') + count('running');
      if (waiting === 0 || performance.now() - started > 60_000) {
        return { done: count('done'), failed: count('failed'), waiting, seconds: (performance.now() - started) / 1000 };
      }
      await new Promise((r) => setTimeout(r, 250));
    }
  } finally {
    await client.end();
  }
}

async function main() {
  const name = `store_bench_${Date.now()}_${randomBytes(3).toString('hex')}`;
  try {
    await admin(`CREATE DATABASE "${name}"`);
  } catch (err) {
    console.log(`Checkout benchmark skipped: PostgreSQL is unreachable at ${adminUrl} (${(err as Error).message}).`);
    console.log('Start PostgreSQL or set PG_ADMIN_URL to a server where this user may create databases.');
    return;
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  let store: Awaited<ReturnType<typeof startStore>> | undefined;
  try {
    store = await startStore(url.toString());
    // Warm-up, not recorded: a freshly started process compiles its hot paths and loads its lazy
    // modules (the PDF library, the mail templates) on first use.
    await runPatients(store.base, 0, { concurrency: 1, patients: WARMUP });
    const paced = await runPatients(store.base, THINK_MS);
    report(paced, { title: `${CONCURRENCY} concurrent patients, each pausing ~${THINK_MS} ms between steps (the target run)`, target: true });
    if (CAPACITY) {
      const flat = await runPatients(store.base, 0);
      report(flat, { title: `Capacity: the same ${CONCURRENCY} patients with no pauses (each step fired the moment the last answered)`, target: false });
    }
    const mail = await confirmationsSent(url.toString());
    console.log(
      `Confirmation mails (receipt PDF attached) sent by the worker: ${mail.done} of ${mail.done + mail.failed + mail.waiting} paid orders` +
        `${mail.failed ? `, ${mail.failed} failed` : ''}${mail.waiting ? `, ${mail.waiting} still queued` : ''} (queue empty ${mail.seconds.toFixed(1)} s after the last patient).`,
    );
    if (mail.failed || mail.waiting) process.exitCode = 1;
  } finally {
    await store?.stop();
    await admin(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  }
}

function report({ times, errors, completed, wallMs }: RunResults, run: { title: string; target: boolean }) {
  const fmt = (ms: number) => (Number.isNaN(ms) ? '–' : ms.toFixed(1));
  const all = STEPS.flatMap((s) => times[s]).sort((a, b) => a - b);
  const rows = STEPS.map((s) => {
    const sorted = [...times[s]].sort((a, b) => a - b);
    const errs = errors.filter((e) => e.step === s).length;
    return `| ${s} | ${sorted.length} | ${fmt(percentile(sorted, 50))} | ${fmt(percentile(sorted, 99))} | ${errs} |`;
  });
  const p99 = percentile(all, 99);
  const lines = [
    '',
    `Guest checkout — ${run.title}`,
    `${completed}/${PATIENTS} patients paid in ${(wallMs / 1000).toFixed(1)} s: ${((all.length / wallMs) * 1000).toFixed(0)} requests/s, ${((completed / wallMs) * 1000).toFixed(1)} checkouts/s; PostgreSQL, Node ${process.version}, ${os.cpus().length} CPU(s), load ${os.loadavg()[0]!.toFixed(1)}`,
    '',
    '| step | requests | p50 ms | p99 ms | errors |',
    '|---|---:|---:|---:|---:|',
    ...rows,
    `| **all requests** | ${all.length} | ${fmt(percentile(all, 50))} | ${fmt(p99)} | ${errors.length} |`,
    '',
    !run.target
      ? `(Not the target run: with no pauses, latency is queueing behind the machine's capacity.)`
      : p99 <= TARGET_P99_MS && errors.length === 0
        ? `Target met: p99 ${fmt(p99)} ms ≤ ${TARGET_P99_MS} ms over all requests, no errors.`
        : `Target NOT met (p99 ${fmt(p99)} ms over all requests, target ≤ ${TARGET_P99_MS} ms; ${errors.length} error(s)).`,
    '',
  ];
  if (errors.length) lines.push('First errors:', ...errors.slice(0, 5).map((e) => `  ${e.step}: ${e.detail}`), '');
  console.log(lines.join('\n'));
  if (errors.length || (run.target && p99 > TARGET_P99_MS)) process.exitCode = 1;
}

/** PATIENTS checkouts against the store, CONCURRENCY at a time, each step after a pause of ~thinkMs. */
function runPatients(base: string, thinkMs: number, { concurrency = CONCURRENCY, patients = PATIENTS } = {}): Promise<RunResults> {
  return runCheckouts(() => base, { thinkMs, concurrency, patients, maxSeconds: MAX_SECONDS });
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
