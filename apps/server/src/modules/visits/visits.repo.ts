// Visits and their private notes (issue 16). Private to the visits module.
import { and, desc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { visitNotes, visits, type VisitOutcome } from '../../db/schema/visits.ts';

export type VisitRow = typeof visits.$inferSelect;
export type VisitNoteRow = typeof visitNotes.$inferSelect;

/** The moments written once: the first arrival of each side, admission, the call's start, the phone fallback. */
export type VisitFirstMoment = 'patientJoinedAt' | 'doctorJoinedAt' | 'admittedAt' | 'startedAt' | 'phoneFallbackAt';

export function createVisitsRepo(db: DbOrTx) {
  return {
    async byAppointment(appointmentId: string, forUpdate = false): Promise<VisitRow | undefined> {
      const query = db.select().from(visits).where(eq(visits.appointmentId, appointmentId)).limit(1);
      const rows = forUpdate ? await query.for('update') : await query;
      return rows[0];
    },

    /** The visit's row, made on first need (one per appointment: a second insert finds the first). */
    async ensure(values: { appointmentId: string; orderId: string | null; doctorId: string; patientUserId: string | null; at: Date }): Promise<VisitRow> {
      await db
        .insert(visits)
        .values({ appointmentId: values.appointmentId, orderId: values.orderId, doctorId: values.doctorId, patientUserId: values.patientUserId, createdAt: values.at, updatedAt: values.at })
        .onConflictDoNothing({ target: visits.appointmentId });
      const [row] = await db.select().from(visits).where(eq(visits.appointmentId, values.appointmentId)).limit(1);
      return row!;
    },

    /** Sets `column` to `at` unless it is set already; answers the row when this call set it. */
    async setFirst(appointmentId: string, column: VisitFirstMoment, at: Date): Promise<VisitRow | undefined> {
      const [row] = await db
        .update(visits)
        .set({ [column]: at, updatedAt: at })
        .where(and(eq(visits.appointmentId, appointmentId), isNull(visits[column])))
        .returning();
      return row;
    },

    /** Keeps one side's call-quality summary (the latest replaces that side's earlier one). */
    async setQuality(appointmentId: string, side: 'patient' | 'doctor', quality: Record<string, unknown>, at: Date): Promise<void> {
      await db
        .update(visits)
        .set({ quality: sql`${visits.quality} || ${JSON.stringify({ [side]: quality })}::jsonb`, updatedAt: at })
        .where(eq(visits.appointmentId, appointmentId));
    },

    /** Ends the visit once: answers the row when this call ended it. */
    async end(appointmentId: string, values: { at: Date; by: string; outcome: VisitOutcome }): Promise<VisitRow | undefined> {
      const [row] = await db
        .update(visits)
        .set({ endedAt: values.at, endedBy: values.by, outcome: values.outcome, updatedAt: values.at })
        .where(and(eq(visits.appointmentId, appointmentId), isNull(visits.endedAt)))
        .returning();
      return row;
    },

    /** Who arrived at each of these visits, and how each ended (a visit nobody opened has no row). */
    async attendanceOf(appointmentIds: string[]): Promise<Pick<VisitRow, 'appointmentId' | 'patientJoinedAt' | 'doctorJoinedAt' | 'outcome'>[]> {
      if (appointmentIds.length === 0) return [];
      return db
        .select({ appointmentId: visits.appointmentId, patientJoinedAt: visits.patientJoinedAt, doctorJoinedAt: visits.doctorJoinedAt, outcome: visits.outcome })
        .from(visits)
        .where(inArray(visits.appointmentId, appointmentIds));
    },

    /** issue 17 health records: the patient's ended visits, newest first. */
    async endedOfPatient(patientUserId: string, limit: number): Promise<VisitRow[]> {
      return db
        .select()
        .from(visits)
        .where(and(eq(visits.patientUserId, patientUserId), isNotNull(visits.endedAt)))
        .orderBy(desc(visits.endedAt))
        .limit(limit);
    },

    /** The order's completed visit, if any. */
    async completedForOrder(orderId: string): Promise<VisitRow | undefined> {
      const [row] = await db
        .select()
        .from(visits)
        .where(and(eq(visits.orderId, orderId), eq(visits.outcome, 'completed')))
        .limit(1);
      return row;
    },

    async note(visitId: string): Promise<VisitNoteRow | undefined> {
      const [row] = await db.select().from(visitNotes).where(eq(visitNotes.visitId, visitId)).limit(1);
      return row;
    },

    async saveNote(values: { visitId: string; doctorId: string; text: string; at: Date }): Promise<void> {
      await db
        .insert(visitNotes)
        .values({ visitId: values.visitId, doctorId: values.doctorId, text: values.text, updatedAt: values.at })
        .onConflictDoUpdate({ target: visitNotes.visitId, set: { text: values.text, doctorId: values.doctorId, updatedAt: values.at } });
    },
  };
}
