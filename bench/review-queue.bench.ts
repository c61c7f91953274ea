// The doctors' review queue under load (issue 15: "the queue with 10,000 open orders answers p99 ≤
// 50 ms at 20 concurrent doctors; 20 doctors racing to claim the same 100 orders make exactly 100
// claims"). A fresh PostgreSQL database is created (PG_ADMIN_URL, default
// postgres://postgres@127.0.0.1:5432/postgres), migrated and seeded like a first start, then filled
// with BENCH_OPEN_ORDERS (default 10,000) paid consult orders awaiting review across both demo
// storefronts and ten states. BENCH_DOCTORS doctors (default 20), each licensed in every one of those
// states and serving the whole company, signed in with their own session:
//   1. each keeps one connection asking for the first page of their queue for BENCH_SECONDS
//      (default 10) seconds; the p50/p99 latency, request rate and errors are printed;
//   2. all of them then try to claim the same 100 orders at once, each in its own random order; the
//      claims granted (HTTP 200) and the claim rows in the database must both be exactly 100.
// The server runs in this process (buildApp, NODE_ENV=production, no logs). With PostgreSQL
// unreachable it says so and exits 0 (skipped). The database is dropped afterwards.
import { randomBytes, randomUUID } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app.ts';
import { testConfig } from '../apps/server/src/config.ts';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { runMigrations } from '../apps/server/src/db/migrate.ts';
import { users } from '../apps/server/src/db/schema/auth.ts';
import { doctorLicenses, doctors } from '../apps/server/src/db/schema/doctors.ts';
import { orderItems, orders } from '../apps/server/src/db/schema/orders.ts';
import { seedDemoDataIfEmpty } from '../apps/server/src/db/seed/index.ts';
import { DEMO_PRODUCTS } from '../apps/server/src/db/seed/store.ts';
import { DEMO_COMPANY_ID, EVERGREEN_ID, LUMEN_ID } from '../apps/server/src/db/seed/storefronts.ts';

const OPEN_ORDERS = Number(process.env.BENCH_OPEN_ORDERS ?? 10_000);
const DOCTORS = Number(process.env.BENCH_DOCTORS ?? 20);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const RACE_ORDERS = 100;
const TARGET_P99_MS = 50;
const STATES = ['CA', 'NY', 'TX', 'FL', 'IL', 'WA', 'CO', 'AZ', 'GA', 'PA'];
const adminUrl = process.env.PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

async function admin(statement: string) {
  const client = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 3000 });
  await client.connect();
  try {
    return await client.query(statement);
  } finally {
    await client.end();
  }
}

async function main() {
  try {
    await admin('select 1');
  } catch (error) {
    console.log(`Review queue benchmark skipped: PostgreSQL is not reachable at ${adminUrl} (${(error as Error).message}).`);
    return;
  }
  const name = `store_bench_queue_${randomBytes(4).toString('hex')}`;
  await admin(`CREATE DATABASE "${name}"`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString(), poolSize: 20 });
  try {
    await runMigrations(database);
    await seedDemoDataIfEmpty(database.db);
    const { db } = database;

    // Open orders: paid, card held, awaiting review; spread over the storefronts, states and the
    // last two days, each with one consult item.
    const started = Date.now();
    const products = [
      { storefrontId: EVERGREEN_ID, productId: DEMO_PRODUCTS.evergreen.metformin, title: 'Metformin ER' },
      { storefrontId: LUMEN_ID, productId: Object.values(DEMO_PRODUCTS.lumen)[0]!, title: 'Lumen consult' },
    ];
    const patient = (await db.insert(users).values({ companyId: DEMO_COMPANY_ID, storefrontId: EVERGREEN_ID, email: `bench.${randomUUID()}@example.com` }).returning({ id: users.id }))[0]!;
    const now = Date.now();
    for (let start = 0; start < OPEN_ORDERS; start += 1000) {
      const batch = Array.from({ length: Math.min(1000, OPEN_ORDERS - start) }, (_, k) => {
        const i = start + k;
        const product = products[i % 10 === 0 ? 1 : 0]!;
        return {
          row: {
            id: randomUUID(),
            storefrontId: product.storefrontId,
            userId: patient.id,
            status: 'awaiting_review' as const,
            shippingState: STATES[i % STATES.length]!,
            totalCents: 9900,
            updatedAt: new Date(now - (OPEN_ORDERS - i) * 15_000),
            createdAt: new Date(now - (OPEN_ORDERS - i) * 15_000),
          },
          product,
        };
      });
      await db.insert(orders).values(batch.map((b) => b.row));
      await db.insert(orderItems).values(
        batch.map((b) => ({ orderId: b.row.id, productId: b.product.productId, qty: 1, title: b.product.title, unitPriceCents: 9900, consultRequired: true, consultAttached: true, visitType: 3 as const })),
      );
    }
    await db.execute(sql`analyze`);
    const loadSeconds = ((Date.now() - started) / 1000).toFixed(1);

    const app = await buildApp({
      // As in production: the queue's pages and counts are reused for REVIEW_QUEUE_CACHE_MS (default 2 s).
      config: testConfig({ NODE_ENV: 'production', LOG_LEVEL: 'silent', WEB_DIST_DIR: path.join(os.tmpdir(), 'no-web'), JOB_WORKER: false, REVIEW_QUEUE_CACHE_MS: 2000 }),
      database,
      logger: false,
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;

    // The doctors, each with their own session (Bearer, as an API client).
    const tokens: string[] = [];
    for (let d = 0; d < DOCTORS; d++) {
      const [user] = await db
        .insert(users)
        .values({ companyId: DEMO_COMPANY_ID, storefrontId: EVERGREEN_ID, email: `bench.dr${d}.${randomUUID()}@example.com`, role: 'doctor', firstName: 'Bench', lastName: `Doctor ${d}` })
        .returning({ id: users.id });
      const [doctor] = await db
        .insert(doctors)
        .values({ companyId: DEMO_COMPANY_ID, userId: user!.id, name: `Dr. Bench ${d}`, credentials: 'MD', timeZone: 'America/Chicago' })
        .returning({ id: doctors.id });
      await db.insert(doctorLicenses).values(STATES.map((state) => ({ doctorId: doctor!.id, state })));
      tokens.push((await app.services.sessions.createUserSession(user!.id, EVERGREEN_ID)).token);
    }
    const headers = (token: string) => ({ host: 'localhost:3000', authorization: `Bearer ${token}`, 'x-requested-with': 'fetch' });

    // 1. The queue's first page, one connection per doctor.
    const first = await fetch(`${base}/api/doctor/queue`, { headers: headers(tokens[0]!) });
    const firstBody = (await first.json()) as { total: number; items: { orderId: string }[] };
    if (first.status !== 200 || firstBody.total !== OPEN_ORDERS) throw new Error(`queue answered ${first.status} with total ${firstBody.total}, expected ${OPEN_ORDERS}`);
    let connection = 0;
    const options: autocannon.Options = {
      url: `${base}/api/doctor/queue`,
      connections: DOCTORS,
      // Each connection is one doctor with their own session.
      setupClient: (client) => {
        client.setHeaders(headers(tokens[connection++ % tokens.length]!));
      },
    };
    await autocannon({ ...options, duration: 2 });
    connection = 0;
    const result = await autocannon({ ...options, duration: SECONDS });
    const errors = result.errors + result.timeouts + result.non2xx;

    // 2. Every doctor races for the same 100 oldest orders, each in its own random order.
    const raced = firstBody.items.length >= RACE_ORDERS ? firstBody.items.slice(0, RACE_ORDERS) : [];
    const page2 = raced.length ? [] : ((await (await fetch(`${base}/api/doctor/queue?page=2`, { headers: headers(tokens[0]!) })).json()) as { items: { orderId: string }[] }).items;
    const targets = (raced.length ? raced : [...firstBody.items, ...page2].slice(0, RACE_ORDERS)).map((i) => i.orderId);
    const shuffled = () => [...targets].sort(() => Math.random() - 0.5);
    const raceStarted = Date.now();
    const outcomes = await Promise.all(
      tokens.map(async (token) => {
        const codes: number[] = [];
        for (const orderId of shuffled()) {
          codes.push((await fetch(`${base}/api/doctor/orders/${orderId}/claim`, { method: 'POST', headers: headers(token) })).status);
        }
        return codes;
      }),
    );
    const raceMs = Date.now() - raceStarted;
    const granted = outcomes.flat().filter((c) => c === 200).length;
    const refused = outcomes.flat().filter((c) => c === 409).length;
    const other = outcomes.flat().length - granted - refused;
    const held = await db.execute<{ n: number }>(sql`select count(*)::int as n from review_claims where order_id in ${sql.raw(`(${targets.map((t) => `'${t}'`).join(',')})`)} and released_at is null`);
    const heldRows = Number((held as unknown as { rows: { n: number }[] }).rows[0]!.n);

    await app.close();

    const met = result.latency.p99 <= TARGET_P99_MS && errors === 0 && granted === targets.length && heldRows === targets.length && other === 0;
    console.log(
      [
        '',
        `Review queue benchmark — PostgreSQL, ${OPEN_ORDERS.toLocaleString('en-US')} open orders (loaded in ${loadSeconds} s), ${DOCTORS} doctors, Node ${process.version}, ${os.cpus().length} CPU(s), load ${os.loadavg()[0]!.toFixed(1)}`,
        '',
        '| what | figure |',
        '|---|---:|',
        `| queue (first page of 50), requests/s | ${Math.round(result.requests.average)} |`,
        `| queue p50 latency | ${result.latency.p50} ms |`,
        `| queue p99 latency (target ≤ ${TARGET_P99_MS} ms) | ${result.latency.p99} ms |`,
        `| queue errors | ${errors} |`,
        `| claim attempts (${DOCTORS} doctors × ${targets.length} orders) | ${outcomes.flat().length} in ${raceMs} ms |`,
        `| claims granted (must be ${targets.length}) | ${granted} |`,
        `| claims refused "taken" (409) | ${refused} |`,
        `| other answers | ${other} |`,
        `| live claim rows in the database (must be ${targets.length}) | ${heldRows} |`,
        '',
        met ? 'Targets met.' : 'Target NOT met.',
        '',
      ].join('\n'),
    );
    if (!met) process.exitCode = 1;
  } finally {
    await database.close();
    if (process.env.BENCH_KEEP_DB) console.log(`Kept database ${name}`);
    else await admin(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
