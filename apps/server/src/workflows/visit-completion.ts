// The doctor completes a visit (issue 16): the end of a video call (`end` on the signalling socket)
// or a phone visit the doctor made and marks done (POST /api/doctor/visits/:id/complete). In one
// transaction: the appointment becomes `completed` (scheduling, audited), its order is checked to be
// waiting for the visit (orders, locked), and the visit is ended with outcome `completed` (visits,
// audited). After the commit the visit's connections are told it ended. The order itself stays
// `visit_scheduled`: the doctor decides next (order-decisions.ts refuses a decision before this).
import type { VisitRole } from '@store/domain';
import type { Db, DbOrTx } from '../db/client.ts';
import { AppError, notFound } from '../lib/problem.ts';
import type { AuditContext } from '../modules/audit/audit.service.ts';
import type { OrdersService } from '../modules/orders/orders.service.ts';
import type { SchedulingService } from '../modules/scheduling/scheduling.service.ts';
import type { VisitsService } from '../modules/visits/visits.service.ts';

export const VISIT_NOT_COMPLETABLE = 'This visit has no paid order waiting for it.';
/** A decision (approve, decline, a question) on a visit order before its visit was completed (order-decisions, order-review). */
export const VISIT_NOT_COMPLETED =
  'This order is decided after its visit: complete the visit first (End visit, or Mark done for a phone visit), or mark it missed.';

/** 409 VISIT_NOT_COMPLETED unless an order waiting for its visit (`visit_scheduled`) has its visit completed. */
export async function assertVisitCompleted(
  visits: Pick<VisitsService, 'completedVisitOf'>,
  order: { id: string; status: string },
  tx?: DbOrTx,
): Promise<void> {
  if (order.status !== 'visit_scheduled') return;
  if (!(await visits.completedVisitOf(order.id, tx))) throw new AppError(409, 'VISIT_NOT_COMPLETED', VISIT_NOT_COMPLETED);
}

export function createVisitCompletion(deps: {
  db: Db;
  scheduling: Pick<SchedulingService, 'completeIn'>;
  orders: Pick<OrdersService, 'state'>;
  visits: Pick<VisitsService, 'completeIn' | 'announceEnded'>;
}) {
  const { db, scheduling, orders, visits } = deps;

  /**
   * The visit's doctor (`doctorId`) completes it. Another doctor's visit or an unknown one: 404; a
   * visit not booked (completed, missed, cancelled) or before its window opens: 409; an order not
   * waiting for its visit: 409 VISIT_NOT_COMPLETABLE.
   */
  async function complete(input: { doctorId: string; appointmentId: string; by?: VisitRole; audit: AuditContext }): Promise<{ orderId: string }> {
    const actor = input.audit.actor ?? { type: 'system' as const };
    const orderId = await db.transaction(async (txRaw) => {
      const tx = txRaw as unknown as DbOrTx;
      const appointment = await scheduling.completeIn(tx, input.appointmentId, input.doctorId, actor, input.audit);
      if (!appointment) throw notFound();
      if (!appointment.orderId) throw notFound();
      const state = await orders.state(tx, { orderId: appointment.orderId }, { forUpdate: true });
      if (!state) throw notFound();
      if (state.order.status !== 'visit_scheduled') throw new AppError(409, 'VISIT_NOT_COMPLETABLE', VISIT_NOT_COMPLETABLE);
      const visit = await visits.completeIn(tx, input.appointmentId, input.by ?? 'doctor', actor, input.audit);
      if (!visit) throw notFound();
      return appointment.orderId;
    });
    await visits.announceEnded(input.appointmentId, input.by ?? 'doctor');
    return { orderId };
  }

  return { complete };
}
export type VisitCompletion = ReturnType<typeof createVisitCompletion>;
