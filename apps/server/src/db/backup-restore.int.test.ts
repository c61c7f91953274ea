// issue 20 (deploy guide "Backups"): a backup made by scripts/backup.mjs (pg_dump -Fc) and restored
// by scripts/restore.mjs (pg_restore --clean --if-exists) into a new database brings the store
// back: an app built on the restored database serves a paid order to its patient, signed in with
// the same session, exactly as before (same total, same status, the same authorized payment), every table has the
// same number of rows, and the migrations are already applied. PostgreSQL only: pg_dump works on a
// server, not on PGlite; CI runs it in its PostgreSQL pass (npm run test:int:pg).
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { REPO_ROOT, testConfig } from '../config.ts';
import { buildApp } from '../app.ts';
import { openDatabase } from './client.ts';
import { runMigrations } from './migrate.ts';
import { DEMO_PRODUCTS } from './seed/store.ts';
import type { TestContext } from '../../test/app.ts';
import { completeStagesButPayment, payWithTestCard } from '../../test/orders.ts';
import { signedInPatient } from '../../test/patients.ts';

const run = promisify(execFile);
const url = process.env.TEST_DATABASE_URL;

describe.runIf(url)('backup and restore (PostgreSQL only; skipped on PGlite: npm run test:int:pg runs it)', () => {
  const template = new URL(url ?? 'postgres://x/x');
  const templateName = decodeURIComponent(template.pathname.slice(1));
  const admin = new URL(template);
  admin.pathname = '/postgres';
  // Named after the run's database, so scripts/with-postgres.mjs drops them even if this file dies.
  const databaseUrl = (name: string) => Object.assign(new URL(template), { pathname: `/${name}` }).toString();
  const source = `${templateName}_f${randomBytes(4).toString('hex')}`;
  const restored = `${templateName}_f${randomBytes(4).toString('hex')}`;
  // Made in the test: the describe body is also read (and skipped) on PGlite.
  let dir: string | undefined;
  const contexts: TestContext[] = [];
  // Both apps share the signing key and the clock, as a restored store keeps its AUTH_SECRET; no
  // background work runs in them (the jobs are drained by hand), so the databases hold still.
  const AUTH_SECRET = randomBytes(32).toString('base64url');
  const clock = { now: new Date(), advance: (ms: number) => void (clock.now = new Date(clock.now.getTime() + ms)) };

  const adminQuery = async (sql: string) => {
    const client = new pg.Client({ connectionString: admin.toString() });
    await client.connect();
    try {
      return await client.query(sql);
    } finally {
      await client.end();
    }
  };

  async function appOn(name: string): Promise<TestContext> {
    const database = await openDatabase({ databaseUrl: databaseUrl(name), poolSize: 5 });
    const app = await buildApp({ config: testConfig({ WEB_DIST_DIR: '/nonexistent', AUTH_SECRET, JOB_WORKER: false }), database, now: () => clock.now, logger: false });
    await app.ready();
    const ctx: TestContext = { app, database, clock, close: async () => (await app.close(), await database.close()) };
    contexts.push(ctx);
    return ctx;
  }

  /** Rows in every table of the database, by schema.table. */
  async function rowCounts(name: string): Promise<Record<string, number>> {
    const client = new pg.Client({ connectionString: databaseUrl(name) });
    await client.connect();
    try {
      const { rows: tables } = await client.query<{ t: string }>(
        `select format('%I.%I', schemaname, tablename) as t from pg_tables where schemaname not in ('pg_catalog', 'information_schema') order by 1`,
      );
      const counts: Record<string, number> = {};
      for (const { t } of tables) counts[t] = Number((await client.query(`select count(*) as n from ${t}`)).rows[0].n);
      return counts;
    } finally {
      await client.end();
    }
  }

  afterAll(async () => {
    for (const ctx of contexts) await ctx.close();
    for (const name of [source, restored]) await adminQuery(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    const left = await adminQuery(`select count(*)::int as n from pg_database where datname in ('${source}', '${restored}')`);
    expect(left.rows[0].n).toBe(0);
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('a paid order reads back the same through the API after pg_dump -Fc and pg_restore into a new database', { timeout: 180_000 }, async () => {
    // A fresh store (the run's migrated, seeded database as template) and a paid order on it.
    await adminQuery(`CREATE DATABASE "${source}" TEMPLATE "${templateName}"`);
    const before = await appOn(source);
    const patient = await signedInPatient(before);
    const orderId = (await patient.post('/api/cart')).json().id as string;
    expect((await patient.patch(`/api/orders/${orderId}/items`, { items: [{ productId: DEMO_PRODUCTS.evergreen.metformin }] })).statusCode).toBe(200);
    const address = { fullName: 'Rosa Diaz', line1: '12 Elm St', line2: null, city: 'Austin', state: 'TX', zip: '78701', phone: '5125550100' };
    expect((await patient.put(`/api/orders/${orderId}/shipping-address`, { address })).statusCode).toBe(200);
    await completeStagesButPayment(before, orderId);
    const paid = await payWithTestCard(before, patient, orderId);
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json().status).toBe('awaiting_review');
    await before.app.services.jobs.drain();
    const original = await patient.get(`/api/account/orders/${orderId}`);
    expect(original.statusCode, original.body).toBe(200);
    expect(original.json()).toMatchObject({ statusLabel: 'Pending', payment: { status: 'authorized', card: { last4: '4242' } } });

    // The backup, as an operator runs it.
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'store-backup-test-'));
    const file = path.join(dir, 'store.dump');
    const backup = await run(process.execPath, [path.join(REPO_ROOT, 'scripts/backup.mjs'), '--out', file], { env: { ...process.env, DATABASE_URL: databaseUrl(source) } });
    expect(backup.stdout).toMatch(/^backup: .*store\.dump/m);
    expect(fs.statSync(file).size).toBeGreaterThan(0);
    const sourceRows = await rowCounts(source);

    // Restored into a new, empty database.
    await adminQuery(`CREATE DATABASE "${restored}"`);
    const restore = await run(process.execPath, [path.join(REPO_ROOT, 'scripts/restore.mjs'), file], { env: { ...process.env, DATABASE_URL: databaseUrl(restored) } });
    expect(restore.stdout).toMatch(/^restore: /m);
    console.log(`${backup.stdout.trim()}\n${restore.stdout.trim()}`);
    // Every table, row for row in number.
    const restoredRows = await rowCounts(restored);
    expect(restoredRows).toEqual(sourceRows);
    expect(restoredRows['public.orders']).toBeGreaterThan(0);

    const after = await appOn(restored);
    // Nothing left to migrate: the dump carries which migrations ran (schema "drizzle").
    await runMigrations(after.database);
    expect((await rowCounts(restored))['drizzle.__drizzle_migrations']).toBe(restoredRows['drizzle.__drizzle_migrations']);

    // The same patient, the same session token, on the restored store.
    const asPatient = (ctx: TestContext, route: string) =>
      ctx.app.inject({ method: 'GET', url: route, headers: { host: 'localhost:3000', authorization: `Bearer ${patient.token}`, 'x-requested-with': 'fetch' } }) as Promise<LightMyRequestResponse>;
    const readBack = await asPatient(after, `/api/account/orders/${orderId}`);
    expect(readBack.statusCode, readBack.body).toBe(200);
    const [was, is] = [original.json(), readBack.json()];
    expect(is.totals.totalCents).toBe(was.totals.totalCents);
    expect(is.statusLabel).toBe(was.statusLabel);
    expect(is.payment).toEqual(was.payment);
    expect(is).toEqual(was);
    expect((await asPatient(after, '/api/account/orders?scope=recent')).json()).toEqual((await asPatient(before, '/api/account/orders?scope=recent')).json());
  });
});
