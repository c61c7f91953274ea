// A scheduled visit that did not happen (issue 15: "every status in the domain's state machine is
// reached by a user action or a job"; DATA-MODEL.md visit_scheduled → visit_missed →
// visit_scheduled | cancelled). Once the start has passed, the visit's doctor marks it missed: the
// visit becomes `missed`, the order `visit_missed` (audited with the doctor) and the patient is told
// to book a new time within 3 days (order-visits.ts books it and moves the order back). An order
// still `visit_missed` 3 days after its visit was marked missed is cancelled by a recurring job (in
// one locked transaction, the patient told), then its card hold is voided through the payments
// service after the commit (a failed void is released by the payments reconciliation sweep).
import type { Db, DbOrTx } from '../db/client.ts';
import { AppError, notFound } from '../lib/problem.ts';
import type { AuditContext } from '../modules/audit/audit.service.ts';
import type { JobQueue } from '../modules/jobs/jobs.service.ts';
import type { OrdersService } from '../modules/orders/orders.service.ts';
import type { PaymentsService } from '../modules/payments/payments.service.ts';
import type { SchedulingService } from '../modules/scheduling/scheduling.service.ts';
import type { OrderNotices } from './order-notices.ts';

export const MISSED_VISIT_SWEEP_JOB = 'orders.missed-visit-sweep';
export const MISSED_VISIT_SWEEP_EVERY_MS = 15 * 60_000;
/** How long a patient has to book a new time after a missed visit. */
export const MISSED_VISIT_REBOOK_MS = 3 * 24 * 60 * 60_000;

export function createMissedVisits(deps: {
  db: Db;
  now: () => Date;
  jobs: Pick<JobQueue, 'every'>;
  orders: Pick<OrdersService, 'state' | 'transition'>;
  scheduling: Pick<SchedulingService, 'markMissedIn' | 'missedNotRebookedBefore' | 'missedStateIn'>;
  payments: Pick<PaymentsService, 'voidForOrder'>;
  notices: Pick<OrderNotices, 'enqueue'>;
  log?: { warn(obj: object, msg: string): void } | undefined;
}) {
  const { db, now, orders, scheduling, payments, notices } = deps;

  /**
   * The doctor (`doctorId`) marks their visit missed. Another doctor's visit or an unknown one: 404;
   * before its start, a visit not booked, or an order not `visit_scheduled`: 409.
   */
  async function markMissed(input: { doctorId: string; appointmentId: string; audit: AuditContext }): Promise<{ status: 'visit_missed'; orderId: string }> {
    return db.transaction(async (txRaw) => {
      const tx = txRaw as unknown as DbOrTx;
      const missed = await scheduling.markMissedIn(tx, input.appointmentId, input.doctorId, input.audit.actor ?? { type: 'system' }, input.audit);
      if (!missed) throw notFound();
      if (!missed.orderId) throw new AppError(409, 'VISIT_NOT_MISSABLE', 'This visit has no paid order waiting for it.');
      const state = await orders.state(tx, { orderId: missed.orderId }, { forUpdate: true });
      if (!state) throw notFound();
      if (state.order.status !== 'visit_scheduled') throw new AppError(409, 'VISIT_NOT_MISSABLE', 'This visit has no paid order waiting for it.');
      await orders.transition({ orderId: missed.orderId, to: 'visit_missed', reason: 'patient_did_not_attend', audit: input.audit, tx });
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

  deps.jobs.every(MISSED_VISIT_SWEEP_JOB, MISSED_VISIT_SWEEP_EVERY_MS, async () => {
    await sweep();
  });
  return { markMissed, sweep };
}
export type MissedVisits = ReturnType<typeof createMissedVisits>;
