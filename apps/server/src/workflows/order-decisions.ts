// A doctor's decision on a paid consult order (DATA-MODEL.md): approving captures the held amount
// and moves the order to approved; declining voids the hold and moves it to declined. The payments
// service moves the money; the orders service moves the status with its audit event.
import { AppError, notFound } from '../lib/problem.ts';
import type { Db } from '../db/client.ts';
import type { AuditContext } from '../modules/audit/audit.service.ts';
import type { OrdersService } from '../modules/orders/orders.service.ts';
import { paymentProblem, type PaymentsService } from '../modules/payments/payments.service.ts';

export function createOrderDecisions(deps: {
  db: Db;
  orders: Pick<OrdersService, 'state' | 'transition'>;
  payments: Pick<PaymentsService, 'captureForOrder' | 'voidForOrder'>;
}) {
  const { db, orders, payments } = deps;
  const DECIDABLE = new Set(['awaiting_review', 'visit_scheduled']);

  async function decidable(orderId: string) {
    const state = await orders.state(db, { orderId });
    if (!state) throw notFound();
    if (!DECIDABLE.has(state.order.status) && state.order.status !== 'authorized') {
      throw new AppError(409, 'ORDER_CLOSED', 'This order is not waiting for a decision.');
    }
    return state;
  }

  return {
    async approveOrder(input: { orderId: string; audit?: AuditContext }) {
      const state = await decidable(input.orderId);
      if (state.order.status === 'authorized') await orders.transition({ orderId: input.orderId, to: 'awaiting_review', audit: input.audit });
      const moved = await payments.captureForOrder(input.orderId, { ...(input.audit?.actor ? { actor: input.audit.actor } : {}), reason: 'doctor_approved' });
      if (!moved.ok) throw paymentProblem(moved.failure);
      await orders.transition({ orderId: input.orderId, to: 'approved', reason: 'doctor_approved', audit: input.audit });
      return moved.payment;
    },
    async declineOrder(input: { orderId: string; reason?: string; audit?: AuditContext }) {
      const state = await decidable(input.orderId);
      if (state.order.status === 'authorized') await orders.transition({ orderId: input.orderId, to: 'awaiting_review', audit: input.audit });
      const moved = await payments.voidForOrder(input.orderId, { ...(input.audit?.actor ? { actor: input.audit.actor } : {}), reason: input.reason ?? 'declined' });
      if (!moved.ok) throw paymentProblem(moved.failure);
      await orders.transition({ orderId: input.orderId, to: 'declined', reason: input.reason ?? 'declined', audit: input.audit });
      return moved.payment;
    },
  };
}
export type OrderDecisions = ReturnType<typeof createOrderDecisions>;
