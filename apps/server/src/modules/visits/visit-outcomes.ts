// Who came to a visit, and the system's record that a visit was missed (issue 16; DATA-MODEL.md
// visits: "Nobody joins in the window: visit_missed"). The signalling server writes the arrivals on
// the visit's row; the missed-visit job reads them here once the window has closed and, when the
// patient (or the doctor) never came, ends the visit as missed by them.
import type { Db, DbOrTx } from '../../db/client.ts';
import type { VisitOutcome } from '../../db/schema/visits.ts';
import { createVisitsRepo } from './visits.repo.ts';

export interface VisitAttendance {
  patientJoinedAt: Date | null;
  doctorJoinedAt: Date | null;
  outcome: string | null;
}

export type MissedOutcome = Extract<VisitOutcome, 'missed_by_patient' | 'missed_by_doctor'>;

export function createVisitOutcomes(deps: { db: Db; now: () => Date }) {
  return {
    /**
     * Who arrived at each visit (appointment id → arrivals and outcome); a visit nobody opened has
     * no row and is absent. Read in `tx` when given (PGlite runs one query at a time).
     */
    async attendanceOf(appointmentIds: string[], tx?: DbOrTx): Promise<Map<string, VisitAttendance>> {
      const found = new Map<string, VisitAttendance>();
      for (const { appointmentId, ...attendance } of await createVisitsRepo(tx ?? deps.db).attendanceOf(appointmentIds)) found.set(appointmentId, attendance);
      return found;
    },

    /**
     * Ends the visit as missed (by the patient or by the doctor), ended by the system (the job) or
     * by the doctor (who marked it), in the caller's transaction: the visit's row is made when
     * nobody ever opened it. A visit that already has an outcome (completed, or marked) keeps it.
     */
    async recordMissedIn(
      tx: DbOrTx,
      input: { appointmentId: string; orderId: string; doctorId: string; patientUserId: string | null; outcome: MissedOutcome; at: Date; endedBy?: 'system' | 'doctor' },
    ): Promise<void> {
      // The one way a visit row is made and ended (visits.repo.ts): made if nobody opened it, then
      // ended unless it ended already (completed, or marked).
      const repo = createVisitsRepo(tx);
      await repo.ensure({ appointmentId: input.appointmentId, orderId: input.orderId, doctorId: input.doctorId, patientUserId: input.patientUserId, at: deps.now() });
      await repo.end(input.appointmentId, { at: input.at, by: input.endedBy ?? 'system', outcome: input.outcome });
    },
  };
}
export type VisitOutcomes = ReturnType<typeof createVisitOutcomes>;
