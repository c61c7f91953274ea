// issue 20 (fuzzing): "no write from an invalid request", measured in the database itself. A
// row-level AFTER trigger on every table counts its inserts, updates and deletes per table; the
// counter is written in the same transaction as the row, so a write that is rolled back is not
// counted. Requests run one at a time, so a change in the counts belongs to the request just sent.
import { sql } from 'drizzle-orm';
import type { Db } from '../../src/db/client.ts';

export type WriteCounts = Map<string, number>;

export async function installWriteCounter(db: Db): Promise<number> {
  await db.execute(
    sql.raw(`CREATE TABLE fuzz_write_counts (key text PRIMARY KEY, n bigint NOT NULL)`),
  );
  await db.execute(
    sql.raw(`CREATE FUNCTION fuzz_count_write() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        INSERT INTO fuzz_write_counts (key, n) VALUES (TG_TABLE_NAME || ':' || lower(TG_OP), 1)
          ON CONFLICT (key) DO UPDATE SET n = fuzz_write_counts.n + 1;
        RETURN NULL;
      END $$`),
  );
  const tables = await db.execute<{ tablename: string }>(
    sql.raw(
      `SELECT tablename FROM pg_tables WHERE schemaname = 'public' AND tablename <> 'fuzz_write_counts'`,
    ),
  );
  const names = rowsOf<{ tablename: string }>(tables).map((row) => row.tablename);
  for (const name of names) {
    await db.execute(
      sql.raw(
        `CREATE TRIGGER fuzz_count_write AFTER INSERT OR UPDATE OR DELETE ON "${name}" FOR EACH ROW EXECUTE FUNCTION fuzz_count_write()`,
      ),
    );
  }
  return names.length;
}

export async function readWriteCounts(db: Db): Promise<WriteCounts> {
  const result = await db.execute<{ key: string; n: string | number }>(
    sql.raw(`SELECT key, n FROM fuzz_write_counts`),
  );
  return new Map(
    rowsOf<{ key: string; n: string | number }>(result).map((row) => [row.key, Number(row.n)]),
  );
}

/** The keys (`table:insert|update|delete`) whose count moved between two readings, with by how much. */
export function writesBetween(before: WriteCounts, after: WriteCounts): Record<string, number> {
  const moved: Record<string, number> = {};
  for (const [key, n] of after) {
    const delta = n - (before.get(key) ?? 0);
    if (delta !== 0) moved[key] = delta;
  }
  return moved;
}

// node-postgres answers { rows }, PGlite answers { rows } too, but drizzle's types say either.
function rowsOf<T>(result: unknown): T[] {
  return Array.isArray(result) ? (result as T[]) : ((result as { rows: T[] }).rows ?? []);
}
