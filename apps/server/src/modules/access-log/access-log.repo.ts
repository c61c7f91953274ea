// The access log's rows (private to the access-log module). Append only: rows are inserted, never
// changed (a trigger refuses UPDATE and DELETE).
import { asc, desc, eq, gt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { accessLog } from '../../db/schema/access-log.ts';

export type AccessLogRow = typeof accessLog.$inferSelect;
export type NewAccessLogRow = typeof accessLog.$inferInsert;

export const accessLogRepo = {
  /** Holds the chain's end until the transaction ends, so two writers never link to the same row. */
  async lockChain(tx: DbOrTx): Promise<void> {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('access_log:chain'))`);
  },
  async lastHash(tx: DbOrTx): Promise<string | null> {
    const [row] = await tx.select({ hash: accessLog.hash }).from(accessLog).orderBy(desc(accessLog.id)).limit(1);
    return row?.hash ?? null;
  },
  async insert(tx: DbOrTx, values: NewAccessLogRow): Promise<AccessLogRow> {
    const [row] = await tx.insert(accessLog).values(values).returning();
    return row!;
  },
  forPatient(db: DbOrTx, patientId: string): Promise<AccessLogRow[]> {
    return db.select().from(accessLog).where(eq(accessLog.patientId, patientId)).orderBy(asc(accessLog.id));
  },
  all(db: DbOrTx): Promise<AccessLogRow[]> {
    return db.select().from(accessLog).orderBy(asc(accessLog.id));
  },
  /** One page of a patient's entries, newest first. */
  pageOfPatient(db: DbOrTx, patientId: string, limit: number, offset: number): Promise<AccessLogRow[]> {
    return db.select().from(accessLog).where(eq(accessLog.patientId, patientId)).orderBy(desc(accessLog.id)).limit(limit).offset(offset);
  },
  async countOfPatient(db: DbOrTx, patientId: string): Promise<number> {
    const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(accessLog).where(eq(accessLog.patientId, patientId));
    return row?.n ?? 0;
  },
  /** The entries after `afterId` in id order, `limit` at a time (the chain walked without holding it all). */
  after(db: DbOrTx, afterId: number, limit: number): Promise<AccessLogRow[]> {
    return db.select().from(accessLog).where(gt(accessLog.id, afterId)).orderBy(asc(accessLog.id)).limit(limit);
  },
};
