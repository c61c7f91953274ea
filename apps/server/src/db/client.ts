// One database handle for the whole app: embedded PGlite on disk by default, a `pg` pool when
// DATABASE_URL is set. Both speak PostgreSQL, so the schema, migrations and queries are shared.
import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';

export type Db = PgDatabase<PgQueryResultHKT>;
/** A transaction has the same query surface as the database. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

export interface DatabaseHandle {
  db: Db;
  kind: 'pglite' | 'postgres';
  ping(): Promise<void>;
  close(): Promise<void>;
}

export interface OpenDatabaseOptions {
  databaseUrl?: string | undefined;
  dataDir?: string | undefined;
  /**
   * A PGlite data-dir tarball (scripts/make-database-image.ts) a new, empty dataDir starts from
   * instead of creating a database from nothing (issue 19: a faster first start).
   */
  image?: string | undefined;
  /** An already-open PGlite (tests load one from a migrated template). */
  pglite?: PGlite;
  poolSize?: number;
  /** Told about connections that died while idle (logged by main.ts). */
  onIdleError?: (err: Error) => void;
}

export async function openDatabase(options: OpenDatabaseOptions): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: options.poolSize ?? 10 });
    // An idle connection the server drops (restart, failover, admin termination) emits 'error' on
    // the pool; unhandled, that would crash the process. The pool replaces it on next use.
    pool.on('error', (err) => options.onIdleError?.(err));
    const db = drizzlePg(pool, { casing: 'snake_case' }) as unknown as Db;
    return {
      db,
      kind: 'postgres',
      ping: async () => {
        await db.execute(sql`select 1`);
      },
      close: () => pool.end(),
    };
  }
  let client = options.pglite;
  if (!client) {
    const fresh = options.dataDir !== undefined && !fs.existsSync(path.join(options.dataDir, 'PG_VERSION'));
    if (options.dataDir) fs.mkdirSync(options.dataDir, { recursive: true });
    const image = fresh && options.image && fs.existsSync(options.image) ? options.image : undefined;
    client = image
      ? new PGlite(options.dataDir, { loadDataDir: new Blob([fs.readFileSync(image)]) })
      : new PGlite(options.dataDir ? options.dataDir : undefined);
  }
  await client.waitReady;
  const db = drizzlePglite(client, { casing: 'snake_case' }) as unknown as Db;
  const owned = client;
  return {
    db,
    kind: 'pglite',
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    close: () => owned.close(),
  };
}
