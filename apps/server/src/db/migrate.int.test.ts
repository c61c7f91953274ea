// issue 20: two web instances started together on a new PostgreSQL database both come up; they
// migrate, load the medication list and seed one after the other (withStartupLock), so every
// migration is applied once and the demo data is written once. Without the lock drizzle's
// migrator has both run CREATE SCHEMA at once and one instance dies. PostgreSQL only (PGlite is
// one process's database).
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from './client.ts';
import { MIGRATIONS_FOLDER, runMigrations, withStartupLock } from './migrate.ts';
import { seedDemoDataIfEmpty } from './seed/index.ts';
import { syncMedicationList } from '../modules/consults/medications.service.ts';

const url = process.env.TEST_DATABASE_URL;

describe.runIf(url)('instances starting together on one PostgreSQL database', () => {
  const template = new URL(url ?? 'postgres://x/x');
  // Named after the run's database, so scripts/with-postgres.mjs drops it even if this file dies.
  const name = `${decodeURIComponent(template.pathname.slice(1))}_f${randomBytes(4).toString('hex')}`;
  const admin = new URL(template);
  admin.pathname = '/postgres';
  const target = new URL(template);
  target.pathname = `/${name}`;
  const adminQuery = async (sql: string) => {
    const client = new pg.Client({ connectionString: admin.toString() });
    await client.connect();
    try {
      return await client.query(sql);
    } finally {
      await client.end();
    }
  };
  afterAll(() => adminQuery(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));

  /** What main.ts does before it listens. */
  const startup = async () => {
    const database = await openDatabase({ databaseUrl: target.toString() });
    try {
      return await withStartupLock(target.toString(), async () => {
        await runMigrations(database);
        await syncMedicationList(database.db);
        return seedDemoDataIfEmpty(database.db);
      });
    } finally {
      await database.close();
    }
  };

  it('both come up; each migration is applied once and the demo data written once', async () => {
    await adminQuery(`CREATE DATABASE "${name}"`);
    const results = await Promise.allSettled([startup(), startup()]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled']);
    const seeded = results.map((r) => (r as PromiseFulfilledResult<{ seeded: boolean }>).value.seeded);
    expect(seeded.filter(Boolean)).toHaveLength(1);

    const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS_FOLDER, 'meta/_journal.json'), 'utf8')) as { entries: unknown[] };
    const client = new pg.Client({ connectionString: target.toString() });
    await client.connect();
    try {
      const applied = await client.query('select count(*)::int as n from drizzle.__drizzle_migrations');
      expect(applied.rows[0].n).toBe(journal.entries.length);
      // The template of this run was migrated and seeded once: the same storefronts here.
      const here = await client.query('select count(*)::int as n from storefronts');
      const once = new pg.Client({ connectionString: url });
      await once.connect();
      const there = await once.query('select count(*)::int as n from storefronts');
      await once.end();
      expect(here.rows[0].n).toBe(there.rows[0].n);
    } finally {
      await client.end();
    }
  });
});
