// Guest-checkout benchmark (issue 7 "bench/ adds the whole guest-checkout API sequence under 50
// concurrent patients on PostgreSQL and prints p50/p99 (target p99 ≤ 100 ms) and errors (target 0)").
// A fresh PostgreSQL database is created (PG_ADMIN_URL, default postgres://postgres@127.0.0.1:5432/
// postgres, like scripts/with-postgres.mjs), migrated and seeded; the app is started in-process with
// buildApp on it and listens on loopback. BENCH_PATIENTS patients (default 200) each run the whole
// sequence over real HTTP, BENCH_CONCURRENCY (default 50) at a time:
//   guest session → cart → add an OTC product → shipping address + method → register → cart (the
//   adopted order) → sandbox card token → pay (Idempotency-Key)
// and the latency of every step is recorded; p50/p99 per step and for all requests are printed with
// the error count. Bounded: at most BENCH_PATIENTS sequences and BENCH_MAX_SECONDS (default 120).
// With PostgreSQL unreachable it says so and exits 0 (skipped). The database is dropped afterwards.
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app.ts';
import { testConfig } from '../apps/server/src/config.ts';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { runMigrations } from '../apps/server/src/db/migrate.ts';
import { seedDemoDataIfEmpty } from '../apps/server/src/db/seed/index.ts';
import { DEMO_PRODUCTS } from '../apps/server/src/db/seed/store.ts';

const PATIENTS = Number(process.env.BENCH_PATIENTS ?? 200);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 50);
const MAX_SECONDS = Number(process.env.BENCH_MAX_SECONDS ?? 120);
const POOL = Number(process.env.BENCH_POOL ?? 20);
const TARGET_P99_MS = 100;
const adminUrl = process.env.PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

const STEPS = ['guest session', 'cart', 'add OTC product', 'shipping address + method', 'register', 'adopted cart', 'card token', 'pay'] as const;
type Step = (typeof STEPS)[number];

async function admin(statement: string) {
  const client = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 3000 });
  await client.connect();
  try {
    return await client.query(statement);
  } finally {
    await client.end();
  }
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
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
  const database = await openDatabase({ databaseUrl: url.toString(), poolSize: POOL });
  let app: Awaited<ReturnType<typeof buildApp>> | undefined;
  try {
    await runMigrations(database);
    await seedDemoDataIfEmpty(database.db);
    app = await buildApp({
      config: testConfig({
        NODE_ENV: 'production',
        LOG_LEVEL: 'silent',
        WEB_DIST_DIR: path.join(os.tmpdir(), 'store-bench-no-web'),
        // Every bench patient registers from 127.0.0.1: lift the per-IP registration limit.
        REGISTRATIONS_PER_IP_PER_HOUR: 1_000_000,
      }),
      database,
      logger: false,
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    await report(await runPatients(base));
  } finally {
    await app?.close();
    await database.close();
    await admin(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  }
}

interface Results {
  times: Record<Step, number[]>;
  errors: { step: Step; detail: string }[];
  completed: number;
  wallMs: number;
}

async function runPatients(base: string): Promise<Results> {
  const times = Object.fromEntries(STEPS.map((s) => [s, [] as number[]])) as Record<Step, number[]>;
  const errors: Results['errors'] = [];
  const deadline = Date.now() + MAX_SECONDS * 1000;
  const methods = (await (await fetch(`${base}/api/shipping-methods?state=TX`, { headers: { host: 'localhost' } })).json()) as unknown;
  const methodList = (Array.isArray(methods) ? methods : ((methods as { methods?: unknown[] }).methods ?? [])) as { id: string }[];
  const methodId = methodList[0]?.id ?? '00000000-0000-4000-8000-0000000a0301';

  async function patient(n: number): Promise<boolean> {
    let cookie = '';
    const call = async (step: Step, method: string, p: string, body?: unknown, extra: Record<string, string> = {}) => {
      const headers: Record<string, string> = { host: 'localhost', 'x-requested-with': 'fetch', ...extra };
      if (cookie) headers.cookie = cookie;
      if (body !== undefined) headers['content-type'] = 'application/json';
      const started = performance.now();
      const res = await fetch(base + p, { method, headers, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
      const text = await res.text();
      times[step].push(performance.now() - started);
      const set = res.headers.get('set-cookie');
      if (set) cookie = set.split(';')[0]!;
      if (!res.ok) throw Object.assign(new Error(`${res.status} ${text.slice(0, 200)}`), { step });
      return text ? (JSON.parse(text) as Record<string, unknown>) : {};
    };
    try {
      await call('guest session', 'POST', '/api/session/guest');
      const cart = await call('cart', 'POST', '/api/cart');
      const orderId = cart.id as string;
      await call('add OTC product', 'PATCH', `/api/orders/${orderId}/items`, { items: [{ productId: DEMO_PRODUCTS.evergreen.vitaminD, qty: 1 }] });
      await call('shipping address + method', 'PUT', `/api/orders/${orderId}/shipping-address`, {
        address: { fullName: 'Bench Patient', line1: '500 Congress Ave', city: 'Austin', state: 'TX', zip: '78701', phone: '5125550134' },
        methodId,
      });
      await call('register', 'POST', '/api/auth/register', {
        email: `bench.${n}.${randomBytes(4).toString('hex')}@example.com`,
        password: 'Juniper#Trail58',
        firstName: 'Bench',
        lastName: 'Patient',
        phone: '',
      });
      const adopted = await call('adopted cart', 'GET', '/api/cart');
      const token = await call('card token', 'POST', '/api/payments/sandbox/tokens', { number: '4242424242424242', expMonth: 12, expYear: 2035, cvc: '123' });
      const consents = (await (await fetch(`${base}/api/consents`, { headers: { host: 'localhost', cookie } })).json()) as unknown;
      const consentList = (Array.isArray(consents) ? consents : ((consents as { consents?: unknown[] }).consents ?? [])) as { id: string }[];
      const paid = await call(
        'pay',
        'POST',
        `/api/orders/${adopted.id as string}/pay`,
        { paymentMethod: { token: token.token }, acceptedConsentIds: consentList.map((c) => c.id) },
        { 'idempotency-key': `bench-${n}-${randomBytes(6).toString('hex')}` },
      );
      if (paid.status !== 'paid') throw Object.assign(new Error(`order status ${String(paid.status)}`), { step: 'pay' });
      return true;
    } catch (err) {
      errors.push({ step: ((err as { step?: Step }).step ?? 'guest session') as Step, detail: (err as Error).message });
      return false;
    }
  }

  let nextPatient = 0;
  let completed = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (nextPatient < PATIENTS && Date.now() < deadline) {
        const n = nextPatient++;
        if (await patient(n)) completed++;
      }
    }),
  );
  return { times, errors, completed, wallMs: performance.now() - started };
}

async function report({ times, errors, completed, wallMs }: Results) {
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
    `Guest-checkout benchmark — ${completed}/${PATIENTS} patients paid, ${CONCURRENCY} concurrent, PostgreSQL (pool ${POOL}), Node ${process.version}, ${os.cpus().length} CPU(s), load ${os.loadavg()[0]!.toFixed(1)}, ${(wallMs / 1000).toFixed(1)} s`,
    '',
    '| step | requests | p50 ms | p99 ms | errors |',
    '|---|---:|---:|---:|---:|',
    ...rows,
    `| **all requests** | ${all.length} | ${fmt(percentile(all, 50))} | ${fmt(p99)} | ${errors.length} |`,
    '',
    p99 <= TARGET_P99_MS && errors.length === 0
      ? `Target met: p99 ≤ ${TARGET_P99_MS} ms over all requests, no errors.`
      : `Target NOT met (p99 ${fmt(p99)} ms over all requests, target ≤ ${TARGET_P99_MS} ms; ${errors.length} error(s)).`,
    '',
  ];
  if (errors.length) lines.push('First errors:', ...errors.slice(0, 5).map((e) => `  ${e.step}: ${e.detail}`), '');
  console.log(lines.join('\n'));
  if (errors.length) process.exitCode = 1;
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
