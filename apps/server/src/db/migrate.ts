// Applies the committed drizzle-kit migrations (apps/server/drizzle) to either engine.
import path from 'node:path';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import type { DatabaseHandle } from './client.ts';
import { REPO_ROOT } from '../config.ts';

// From the repository root, so the bundled server (apps/server/dist, scripts/build.mjs) finds it too.
export const MIGRATIONS_FOLDER = path.join(REPO_ROOT, 'apps/server/drizzle');

export async function runMigrations(handle: DatabaseHandle): Promise<void> {
  const config = { migrationsFolder: MIGRATIONS_FOLDER };
  if (handle.kind === 'postgres') {
    await migratePg(handle.db as never, config);
  } else {
    await migratePglite(handle.db as never, config);
  }
}

/**
 * Runs `fn` (migrations, reference data, the demo seed) while holding a PostgreSQL advisory lock,
 * so that instances started together on one database do it one after the other (issue 20: two web
 * instances behind a balancer). drizzle's migrator takes no lock: two at once on a new database
 * collide on CREATE SCHEMA and one instance dies. The lock is held on a connection of its own,
 * outside the app's pool, and released when that session ends. PGlite: one process owns the
 * folder, nothing to wait for.
 */
export async function withStartupLock<T>(databaseUrl: string | undefined, fn: () => Promise<T>): Promise<T> {
  if (!databaseUrl) return fn();
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(`select pg_advisory_lock(hashtext('store:startup'))`);
    return await fn();
  } finally {
    await client.end();
  }
}
