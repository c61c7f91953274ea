import { and, desc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { auditEvents } from '../../db/schema/audit.ts';

export type AuditEventRow = typeof auditEvents.$inferSelect;
export type NewAuditEvent = typeof auditEvents.$inferInsert;

export function createAuditRepo(db: DbOrTx) {
  return {
    async insert(events: NewAuditEvent[]): Promise<void> {
      if (events.length > 0) await db.insert(auditEvents).values(events);
    },
    list(filter: { action?: string; actorId?: string; subjectId?: string; limit?: number }) {
      const conditions = [];
      if (filter.action) conditions.push(eq(auditEvents.action, filter.action));
      if (filter.actorId) conditions.push(eq(auditEvents.actorId, filter.actorId));
      if (filter.subjectId) conditions.push(eq(auditEvents.subjectId, filter.subjectId));
      return db
        .select()
        .from(auditEvents)
        .where(conditions.length ? and(...conditions) : undefined)
        .orderBy(desc(auditEvents.at))
        .limit(filter.limit ?? 100);
    },
    /**
     * The operator's audit viewer (issue 18): events of these storefronts or by these actors (the
     * company's), filtered, newest first. `limit` 0 counts only.
     */
    async search(filter: AuditSearch, page: { limit: number; offset: number }): Promise<{ rows: AuditEventRow[]; total: number }> {
      if (filter.storefrontIds.length === 0 && filter.actorIds.length === 0) return { rows: [], total: 0 };
      const scope = or(
        filter.storefrontIds.length ? inArray(auditEvents.storefrontId, [...filter.storefrontIds]) : undefined,
        filter.actorIds.length ? inArray(auditEvents.actorId, [...filter.actorIds]) : undefined,
      );
      const conditions: (SQL | undefined)[] = [scope];
      if (filter.action) conditions.push(eq(auditEvents.action, filter.action));
      if (filter.actionPrefix) conditions.push(sql`${auditEvents.action} like ${`${filter.actionPrefix.replace(/[\\%_]/g, (c) => `\\${c}`)}%`}`);
      if (filter.actorId) conditions.push(eq(auditEvents.actorId, filter.actorId));
      if (filter.subjectType) conditions.push(eq(auditEvents.subjectType, filter.subjectType));
      if (filter.subjectId) conditions.push(eq(auditEvents.subjectId, filter.subjectId));
      if (filter.excludeSubjectId) conditions.push(sql`${auditEvents.subjectId} is distinct from ${filter.excludeSubjectId}`);
      if (filter.excludeSubjectId) conditions.push(sql`${auditEvents.subjectId} is distinct from ${filter.excludeSubjectId}`);
      if (filter.storefrontId) conditions.push(eq(auditEvents.storefrontId, filter.storefrontId));
      if (filter.from) conditions.push(sql`${auditEvents.at} >= ${filter.from.toISOString()}`);
      if (filter.before) conditions.push(sql`${auditEvents.at} < ${filter.before.toISOString()}`);
      const where = and(...conditions);
      const [rows, counted] = await Promise.all([
        page.limit > 0
          ? db.select().from(auditEvents).where(where).orderBy(desc(auditEvents.at), desc(auditEvents.id)).limit(page.limit).offset(page.offset)
          : Promise.resolve([]),
        db.select({ n: sql<number>`count(*)::int` }).from(auditEvents).where(where),
      ]);
      return { rows, total: counted[0]?.n ?? 0 };
    },
  };
}

export interface AuditSearch {
  /** The company's storefronts. */
  storefrontIds: readonly string[];
  /** The company's staff: their events anywhere. */
  actorIds: readonly string[];
  action?: string | undefined;
  actionPrefix?: string | undefined;
  actorId?: string | undefined;
  subjectType?: string | undefined;
  subjectId?: string | undefined;
  storefrontId?: string | undefined;
  from?: Date | undefined;
  before?: Date | undefined;
  /** Leaves one subject's events out (an export leaves out its own event). */
  excludeSubjectId?: string | undefined;
}
