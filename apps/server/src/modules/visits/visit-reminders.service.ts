// The reminders sent for booked visits (issue 16: "reminders by mail and SMS, 24 hours and 15
// minutes before, with the join link"). One `visit_reminders` row per visit and kind, claimed in the
// transaction that queues the reminder's notice: a sweep run twice, or by two workers at once,
// reminds once (the unique index decides; the loser's insert does nothing).
import type { VisitReminderKind } from '@store/domain';
import { inArray } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { visitReminders } from '../../db/schema/visits.ts';

export function createVisitReminders(deps: { db: Db }) {
  return {
    /**
     * Claims the `kind` reminder of a visit in `tx`: true when this call recorded it (the caller
     * queues the notice in the same transaction), false when it was sent already.
     */
    async claimIn(tx: DbOrTx, appointmentId: string, kind: VisitReminderKind, at: Date): Promise<boolean> {
      const claimed = await tx
        .insert(visitReminders)
        .values({ appointmentId, kind, sentAt: at })
        .onConflictDoNothing()
        .returning({ appointmentId: visitReminders.appointmentId });
      return claimed.length > 0;
    },

    /** The reminders already sent for these visits (the sweep skips them before opening a transaction). */
    async sentFor(appointmentIds: readonly string[]): Promise<Map<string, Set<string>>> {
      const sent = new Map<string, Set<string>>();
      if (appointmentIds.length === 0) return sent;
      const rows = await deps.db
        .select({ appointmentId: visitReminders.appointmentId, kind: visitReminders.kind })
        .from(visitReminders)
        .where(inArray(visitReminders.appointmentId, [...appointmentIds]));
      for (const row of rows) sent.set(row.appointmentId, (sent.get(row.appointmentId) ?? new Set()).add(row.kind));
      return sent;
    },
  };
}
export type VisitReminders = ReturnType<typeof createVisitReminders>;
