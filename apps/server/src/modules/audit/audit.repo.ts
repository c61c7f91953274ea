import { and, desc, eq } from 'drizzle-orm';
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
  };
}
