// A pharmacist's steps on an order sent to their pharmacy (issue 15 "Fulfilment"; DATA-MODEL.md
// prescribed | paid → fulfilling → shipped → delivered). Each step is one transaction: the
// fulfilment row (fulfilment module), the order's status with its audit event (orders module) and
// the patient's notice (a background mail and text) are written together or not at all. A repeat
// of a step already done changes nothing and tells no one again; a step out of order is a 409.
import { FULFILMENT_MESSAGES, trackingUrl, type CannotFillInput, type ShipInput } from '@store/domain';
import type { Db } from '../db/client.ts';
import { AppError, notFound } from '../lib/problem.ts';
import type { AuditContext } from '../modules/audit/audit.service.ts';
import type { FulfilmentService, Pharmacist } from '../modules/fulfilment/fulfilment.service.ts';
import type { OrdersService } from '../modules/orders/orders.service.ts';
import { paymentProblem, type PaymentsService } from '../modules/payments/payments.service.ts';
import type { PrescriptionService } from '../modules/prescriptions/prescriptions.service.ts';
import type { OrderNotices } from './order-notices.ts';

export function createFulfilWorkflow(deps: {
  db: Db;
  orders: Pick<OrdersService, 'transition' | 'write' | 'state'>;
  fulfilment: Pick<FulfilmentService, 'orderFor' | 'recordFilled' | 'recordShipped' | 'recordDelivered'>;
  notices: Pick<OrderNotices, 'enqueue'>;
  prescriptions: Pick<PrescriptionService, 'ofOrder' | 'assertFillable' | 'revoke'>;
  payments: Pick<PaymentsService, 'refundForOrder'>;
}) {
  const { db, orders, fulfilment, notices, prescriptions, payments } = deps;
  /** Statuses in which the pharmacy may still say it cannot fill the order (nothing has shipped). */
  const UNSHIPPED = new Set(['paid', 'prescribed', 'fulfilling']);

  return {
    /** POST /api/pharmacy/orders/:id/fill: filled at the pharmacy; the order is fulfilling. */
    async fill(pharmacist: Pharmacist, orderId: string, audit: AuditContext) {
      await db.transaction(async (tx) => {
        const state = await fulfilment.orderFor(tx, pharmacist, orderId, { forUpdate: true });
        const prescriptionId = (await prescriptions.ofOrder(tx, orderId))?.id ?? null;
        // A revoked or expired prescription must not be filled (409).
        if (prescriptionId) await prescriptions.assertFillable(tx, prescriptionId);
        const { changed } = await fulfilment.recordFilled(tx, { orderId, pharmacyId: pharmacist.pharmacyId, prescriptionId, by: pharmacist.userId });
        if (!changed) return;
        await orders.transition({ orderId, to: 'fulfilling', reason: 'pharmacy_filled', audit, tx });
        // A paid order of a product needing no prescription is the partner's from now on.
        if (state.order.pharmacyId === null) await orders.write(tx, orderId, { pharmacyId: pharmacist.pharmacyId });
        await notices.enqueue(tx, { orderId, notice: 'fulfilling' });
      });
      return { status: 'filled' as const };
    },

    /** POST /api/pharmacy/orders/:id/ship: shipped with the carrier and tracking number; the patient gets both. */
    async ship(pharmacist: Pharmacist, orderId: string, input: ShipInput, audit: AuditContext) {
      await db.transaction(async (tx) => {
        await fulfilment.orderFor(tx, pharmacist, orderId, { forUpdate: true });
        const { changed } = await fulfilment.recordShipped(tx, { orderId, carrier: input.carrier, trackingNumber: input.trackingNumber, by: pharmacist.userId });
        if (!changed) return;
        await orders.transition({ orderId, to: 'shipped', reason: 'pharmacy_shipped', audit, tx });
        const url = trackingUrl(input.carrier, input.trackingNumber);
        await notices.enqueue(tx, {
          orderId,
          notice: 'shipped',
          data: { carrier: input.carrier, trackingNumber: input.trackingNumber, ...(url ? { trackingUrl: url } : {}) },
        });
      });
      return { status: 'shipped' as const };
    },

    /** POST /api/pharmacy/orders/:id/deliver: the carrier delivered it. */
    async deliver(pharmacist: Pharmacist, orderId: string, audit: AuditContext) {
      await db.transaction(async (tx) => {
        await fulfilment.orderFor(tx, pharmacist, orderId, { forUpdate: true });
        const { changed } = await fulfilment.recordDelivered(tx, { orderId, by: pharmacist.userId });
        if (!changed) return;
        await orders.transition({ orderId, to: 'delivered', reason: 'pharmacy_delivered', audit, tx });
        await notices.enqueue(tx, { orderId, notice: 'delivered' });
      });
      return { status: 'delivered' as const };
    },

    /**
     * POST /api/pharmacy/orders/:id/cannot-fill (issue 15: `refunded` reached by a user action):
     * the pharmacy cannot fill an unshipped order. The captured payment is refunded first (outside
     * any transaction; keyed per payment, so a retry finds it done), then in one transaction the
     * order becomes refunded (audited with the pharmacist), its prescription is revoked and the
     * patient is told. A refund that fails answers the payments problem and changes nothing else;
     * a crash between the two leaves the order unshipped, and the pharmacist's retry finishes it.
     * Shipped or delivered: 409. Already refunded by this pharmacy's cannot-fill: answered as done.
     */
    async cannotFill(pharmacist: Pharmacist, orderId: string, input: CannotFillInput, audit: AuditContext) {
      // input.note is checked (≤ 500) but not kept yet: no table has a column for it (schema frozen
      // for issue 15), and free text must not go into the audit log (it may carry PHI).
      const reason = `pharmacy_cannot_fill:${input.reason}`;
      const current = await orders.state(db, { orderId });
      // A repeat after it was done: the order left the pharmacy's list, but it was theirs.
      if (current?.order.status === 'refunded' && current.order.pharmacyId === pharmacist.pharmacyId) {
        return { status: 'refunded' as const, refundedCents: current.order.totalCents };
      }
      const state = await fulfilment.orderFor(db, pharmacist, orderId);
      if (!UNSHIPPED.has(state.order.status)) throw new AppError(409, 'FULFILMENT_CANNOT_FILL_SHIPPED', FULFILMENT_MESSAGES.CANNOT_FILL_SHIPPED);
      const moved = await payments.refundForOrder(orderId, { ...(audit.actor ? { actor: audit.actor } : {}), ...(audit.ip ? { ip: audit.ip } : {}), ...(audit.requestId ? { requestId: audit.requestId } : {}), reason });
      if (!moved.ok) throw paymentProblem(moved.failure);
      const refundedCents = moved.payment?.amountCents ?? state.order.totalCents;
      await db.transaction(async (tx) => {
        const locked = await orders.state(tx, { orderId }, { forUpdate: true });
        if (!locked) throw notFound();
        if (locked.order.status === 'refunded') return; // a concurrent repeat finished it
        // The money went back: the order follows it, even if it shipped in the meantime (a race).
        await orders.transition({ orderId, to: 'refunded', reason, audit, tx });
        // A paid order of a product needing no prescription: the partner that refused it is kept.
        if (locked.order.pharmacyId === null) await orders.write(tx, orderId, { pharmacyId: pharmacist.pharmacyId });
        const prescription = await prescriptions.ofOrder(tx, orderId);
        if (prescription) await prescriptions.revoke(tx, prescription.id, reason, audit);
        await notices.enqueue(tx, { orderId, notice: 'refunded', data: { reasonCode: input.reason, amountCents: refundedCents } });
      });
      return { status: 'refunded' as const, refundedCents };
    },

  };
}
export type FulfilWorkflow = ReturnType<typeof createFulfilWorkflow>;
