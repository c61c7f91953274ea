// A scheduled visit that did not happen (issue 15: "every status in the domain's state machine is
// reached by a user action or a job"; DATA-MODEL.md visit_scheduled → visit_missed →
// visit_scheduled | cancelled). Once the start has passed, the visit's doctor marks it missed: the
// visit becomes `missed`, the order `visit_missed` (audited with the doctor) and the patient is told
// to book a new time within 3 days (order-visits.ts books it and moves the order back). An order
// still `visit_missed` 3 days after its visit was marked missed is cancelled by a recurring job (in
// one locked transaction, the patient told), then its card hold is voided through the payments
// service after the commit (a failed void is released by the payments reconciliation sweep).
//
// issue 16: the clock marks the rest (DATA-MODEL.md "Nobody joins in the window: visit_missed").
// Every minute a job looks at the booked visits of `visit_scheduled` orders whose window has closed
// (domain visitWindow: 15 minutes after the booked end) and reads who arrived (the visits module).
// The patient never came: missed by the patient, told as above. The patient came and the doctor did
// not (a phone visit: the doctor neither called and marked it done nor marked it missed): missed by
// the doctor, and the patient is offered another doctor or time first (`visit_missed_by_doctor`).
// Both came: the doctor completes it. Either way the visit ends `missed` (ended by the system), the
// order becomes `visit_missed` (audited, actor system) and the same 3 days to book again apply.
import { VISIT_TYPES } from '@store/domain';
import type { Db, DbOrTx } from '../db/client.ts';
import { AppError, notFound } from '../lib/problem.ts';
import type { AuditContext } from '../modules/audit/audit.service.ts';
import type { JobQueue } from '../modules/jobs/jobs.service.ts';
import type { OrdersService } from '../modules/orders/orders.service.ts';
import type { PaymentsService } from '../modules/payments/payments.service.ts';
import type { BookedVisitRow, SchedulingService } from '../modules/scheduling/scheduling.service.ts';
import type { MissedOutcome, VisitAttendance, VisitOutcomes } from '../modules/visits/visit-outcomes.ts';
import type { VisitsService } from '../modules/visits/visits.service.ts';
import type { OrderNotices } from './order-notices.ts';

export const MISSED_VISIT_SWEEP_JOB = 'orders.missed-visit-sweep';
export const MISSED_VISIT_SWEEP_EVERY_MS = 15 * 60_000;
/** How long a patient has to book a new time after a missed visit. */
export const MISSED_VISIT_REBOOK_MS = 3 * 24 * 60 * 60_000;
/** issue 16: the job that marks visits missed once their window has closed. */
export const CLOSED_VISIT_SWEEP_JOB = 'visits.closed-visit-sweep';
export const CLOSED_VISIT_SWEEP_EVERY_MS = 60_000;

/**
 * Who missed a visit whose window has closed, or null when it is the doctor's to complete (both
 * came). A phone visit has no arrival of the patient to see: the doctor calls, so only the doctor's
 * counts.
 */
export function missedOutcomeOf(visitType: number | null, seen: VisitAttendance | undefined): MissedOutcome | null {
  if (visitType === VISIT_TYPES.phone) return seen?.doctorJoinedAt ? null : 'missed_by_doctor';
  if (!seen?.patientJoinedAt) return 'missed_by_patient';
  return seen.doctorJoinedAt ? null : 'missed_by_doctor';
}

/** Rolls a transaction back when the visit turned out not to be the job's to mark. */
class NotMissable extends Error {}

export function createMissedVisits(deps: {
  db: Db;
  now: () => Date;
  jobs: Pick<JobQueue, 'every'>;
  orders: Pick<OrdersService, 'state' | 'transition'>;
  scheduling: Pick<SchedulingService, 'markMissedIn' | 'missedNotRebookedBefore' | 'missedStateIn' | 'bookedWindowClosedBy' | 'markMissedBySystemIn' | 'completeIn'>;
  outcomes: Pick<VisitOutcomes, 'attendanceOf' | 'recordMissedIn'>;
  payments: Pick<PaymentsService, 'voidForOrder'>;
  notices: Pick<OrderNotices, 'enqueue'>;
  /** Completes a visit both came to that nobody ended; tells whoever is still in its room that it is over (after the commit). */
  visits: Pick<VisitsService, 'announceEnded' | 'completeIn'>;
  log?: { warn(obj: object, msg: string): void } | undefined;
}) {
  const { db, now, orders, scheduling, outcomes, payments, notices } = deps;
  const announce = (appointmentId: string) =>
    deps.visits.announceEnded(appointmentId, 'system').catch((error: unknown) => deps.log?.warn({ appointmentId, error }, 'could not tell the visit room it was marked missed'));

  /**
   * The doctor (`doctorId`) marks their visit missed. Another doctor's visit or an unknown one: 404;
   * before its start, a visit not booked, or an order not `visit_scheduled`: 409.
   */
  async function markMissed(input: { doctorId: string; appointmentId: string; audit: AuditContext }): Promise<{ status: 'visit_missed'; orderId: string }> {
    const result = await markMissedInTransaction(input);
    await announce(input.appointmentId);
    return result;
  }

  async function markMissedInTransaction(input: { doctorId: string; appointmentId: string; audit: AuditContext }): Promise<{ status: 'visit_missed'; orderId: string }> {
    return db.transaction(async (txRaw) => {
      const tx = txRaw as unknown as DbOrTx;
      const missed = await scheduling.markMissedIn(tx, input.appointmentId, input.doctorId, input.audit.actor ?? { type: 'system' }, input.audit);
      if (!missed) throw notFound();
      if (!missed.orderId) throw new AppError(409, 'VISIT_NOT_MISSABLE', 'This visit has no paid order waiting for it.');
      const state = await orders.state(tx, { orderId: missed.orderId }, { forUpdate: true });
      if (!state) throw notFound();
      if (state.order.status !== 'visit_scheduled') throw new AppError(409, 'VISIT_NOT_MISSABLE', 'This visit has no paid order waiting for it.');
      await orders.transition({ orderId: missed.orderId, to: 'visit_missed', reason: 'patient_did_not_attend', audit: input.audit, tx });
      // issue 16: the visit's own record says how it ended (the patient's visit page reads it).
      await outcomes.recordMissedIn(tx, { appointmentId: missed.id, orderId: missed.orderId, doctorId: missed.doctorId, patientUserId: state.order.userId, outcome: 'missed_by_patient', at: now(), endedBy: 'doctor' });
      await notices.enqueue(tx, { orderId: missed.orderId, notice: 'visit_missed', key: missed.id });
      return { status: 'visit_missed' as const, orderId: missed.orderId };
    });
  }

  /**
   * One pass: orders whose visit was marked missed over 3 days ago and not booked again are
   * cancelled. The order moves first, in one locked transaction (still `visit_missed`, nothing booked
   * since); the hold is voided after the commit. If the void fails (or the process dies), the
   * payments reconciliation sweep (pay.ts) releases the live payment behind the cancelled order.
   * Booking a new time refuses an order past its window in the booking's own transaction
   * (order-visits.ts), so the two never overlap. Answers how many orders were cancelled.
   */
  async function sweep(): Promise<number> {
    const cutoff = new Date(now().getTime() - MISSED_VISIT_REBOOK_MS);
    const due = await scheduling.missedNotRebookedBefore(cutoff);
    let cancelled = 0;
    for (const { orderId } of due) {
      const done = await db.transaction(async (txRaw) => {
        const tx = txRaw as unknown as DbOrTx;
        const locked = await orders.state(tx, { orderId }, { forUpdate: true });
        if (locked?.order.status !== 'visit_missed') return false;
        const missed = await scheduling.missedStateIn(tx, orderId);
        if (!missed || missed.bookedSince || missed.missedAt.getTime() >= cutoff.getTime()) return false;
        await orders.transition({ orderId, to: 'cancelled', reason: 'visit_missed_not_rebooked', tx });
        await notices.enqueue(tx, { orderId, notice: 'cancelled' });
        return true;
      });
      if (!done) continue;
      cancelled++;
      const voided = await payments.voidForOrder(orderId, { reason: 'visit_missed_not_rebooked' }).catch((error: unknown) => ({ ok: false as const, error }));
      if (!voided.ok) deps.log?.warn({ orderId }, 'missed-visit order cancelled; its hold is left to the payments reconciliation sweep');
    }
    return cancelled;
  }

  /**
   * issue 16: one visit whose window has closed, missed by `outcome`, in one transaction: the visit
   * locked first (as the doctor's "missed" locks it), then its order; who came is read again under
   * the locks. False when it was not the job's to mark (someone arrived or completed it meanwhile,
   * it was moved or cancelled, or its order moved on).
   */
  async function markClosed(visit: BookedVisitRow, outcome: MissedOutcome): Promise<boolean> {
    try {
      return await db.transaction(async (txRaw) => {
        const tx = txRaw as unknown as DbOrTx;
        const missed = await scheduling.markMissedBySystemIn(tx, visit.appointmentId, { outcome });
        if (!missed) return false;
        const locked = await orders.state(tx, { orderId: visit.orderId }, { forUpdate: true });
        if (locked?.order.status !== 'visit_scheduled') throw new NotMissable();
        // Read again with the visit locked: an arrival or an outcome written meanwhile wins.
        const seen = (await outcomes.attendanceOf([visit.appointmentId], tx)).get(visit.appointmentId);
        if (seen?.outcome || missedOutcomeOf(visit.visitType, seen) !== outcome) throw new NotMissable();
        await outcomes.recordMissedIn(tx, {
          appointmentId: visit.appointmentId,
          orderId: visit.orderId,
          doctorId: visit.doctorId,
          patientUserId: locked.order.userId,
          outcome,
          at: now(),
        });
        await orders.transition({
          orderId: visit.orderId,
          to: 'visit_missed',
          reason: outcome === 'missed_by_patient' ? 'patient_did_not_attend' : 'doctor_did_not_attend',
          audit: { actor: { type: 'system' }, storefrontId: visit.storefrontId },
          tx,
        });
        // The same key as the doctor's "missed": one notice per visit, whoever marked it.
        await notices.enqueue(tx, { orderId: visit.orderId, notice: outcome === 'missed_by_patient' ? 'visit_missed' : 'visit_missed_by_doctor', key: visit.appointmentId });
        return true;
      });
    } catch (error) {
      if (error instanceof NotMissable) return false;
      throw error;
    }
  }

  /**
   * issue 16: a visit both came to whose window closed without the doctor ending it is completed by
   * the system (the doctor then decides the order; it would otherwise wait for ever), in one
   * transaction under the visit's and the order's locks, who came read again under them.
   */
  async function completeClosed(visit: BookedVisitRow): Promise<boolean> {
    const system = { type: 'system' as const };
    try {
      return await db.transaction(async (txRaw) => {
        const tx = txRaw as unknown as DbOrTx;
        const completed = await scheduling.completeIn(tx, visit.appointmentId, visit.doctorId, system, {});
        if (!completed) return false;
        const locked = await orders.state(tx, { orderId: visit.orderId }, { forUpdate: true });
        if (locked?.order.status !== 'visit_scheduled') throw new NotMissable();
        const seen = (await outcomes.attendanceOf([visit.appointmentId], tx)).get(visit.appointmentId);
        if (seen?.outcome || !seen?.patientJoinedAt || !seen.doctorJoinedAt) throw new NotMissable();
        await deps.visits.completeIn(tx, visit.appointmentId, 'system', system, { actor: system, storefrontId: visit.storefrontId });
        return true;
      });
    } catch (error) {
      if (error instanceof NotMissable || (error instanceof AppError && error.status === 409)) return false;
      throw error;
    }
  }

  /**
   * issue 16, one pass: the booked visits of `visit_scheduled` orders whose window has closed become
   * missed (by the patient, or by the doctor) unless both came. Answers how many were marked.
   */
  async function sweepClosed(): Promise<{ missedByPatient: number; missedByDoctor: number; completed: number }> {
    const closed = await scheduling.bookedWindowClosedBy(now());
    const counts = { missedByPatient: 0, missedByDoctor: 0, completed: 0 };
    if (closed.length === 0) return counts;
    const seen = await outcomes.attendanceOf(closed.map((v) => v.appointmentId));
    for (const visit of closed) {
      const attendance = seen.get(visit.appointmentId);
      // The doctor completed it or marked it missed already, or both came (the doctor completes it).
      if (attendance?.outcome) continue;
      const outcome = missedOutcomeOf(visit.visitType, attendance);
      if (!outcome) {
        // Both came and nobody ended it: the visit happened.
        if (attendance?.patientJoinedAt && attendance.doctorJoinedAt && (await completeClosed(visit))) {
          counts.completed++;
          await announce(visit.appointmentId);
        }
        continue;
      }
      if (!(await markClosed(visit, outcome))) continue;
      await announce(visit.appointmentId);
      if (outcome === 'missed_by_patient') counts.missedByPatient++;
      else counts.missedByDoctor++;
    }
    return counts;
  }

  deps.jobs.every(MISSED_VISIT_SWEEP_JOB, MISSED_VISIT_SWEEP_EVERY_MS, async () => {
    await sweep();
  });
  deps.jobs.every(CLOSED_VISIT_SWEEP_JOB, CLOSED_VISIT_SWEEP_EVERY_MS, async () => {
    await sweepClosed();
  });
  return { markMissed, sweep, sweepClosed };
}
export type MissedVisits = ReturnType<typeof createMissedVisits>;
