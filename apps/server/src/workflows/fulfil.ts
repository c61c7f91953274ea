// A pharmacist's steps on an order sent to their pharmacy (issue 15 "Fulfilment"; DATA-MODEL.md
// prescribed | paid → fulfilling → shipped → delivered). Each step is one transaction: the
// fulfilment row (fulfilment module), the order's status with its audit event (orders module) and
// the patient's notice (a background mail and text) are written together or not at all. A repeat
// of a step already done changes nothing and tells no one again; a step out of order is a 409.
import { FULFILMENT_MESSAGES, trackingUrl, type CannotFillInput, type ShipInput } from '@store/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.ts';
import { AppError } from '../lib/problem.ts';
import type { AuditContext } from '../modules/audit/audit.service.ts';
import type { FulfilmentService, Pharmacist } from '../modules/fulfilment/fulfilment.service.ts';
import type { OrdersService } from '../modules/orders/orders.service.ts';
import type { PaymentsService } from '../modules/payments/payments.service.ts';
import type { PrescriptionService } from '../modules/prescriptions/prescriptions.service.ts';
import type { OrderNotices } from './order-notices.ts';

export function createFulfilWorkflow(deps: {
  db: Db;
  orders: Pick<OrdersService, 'transition' | 'write' | 'state'>;
  fulfilment: Pick<FulfilmentService, 'orderFor' | 'ofOrder' | 'prescriptionOf' | 'recordFilled' | 'recordShipped' | 'recordDelivered'>;
  notices: Pick<OrderNotices, 'enqueue'>;
  prescriptions: Pick<PrescriptionService, 'ofOrder' | 'assertFillable' | 'revoke'>;
  payments: Pick<PaymentsService, 'refundForOrder' | 'paymentForOrder'>;
  log?: Pick<FastifyBaseLogger, 'warn'> | undefined;
}) {
  const { db, orders, fulfilment, notices, prescriptions, payments, log } = deps;
  /** Statuses in which the pharmacy may still say it cannot fill the order (nothing has shipped). */
  const UNSHIPPED = new Set(['paid', 'prescribed', 'fulfilling']);

  return {
    /** POST /api/pharmacy/orders/:id/fill: filled at the pharmacy; the order is fulfilling. */
    async fill(pharmacist: Pharmacist, orderId: string, audit: AuditContext) {
      await db.transaction(async (tx) => {
        const state = await fulfilment.orderFor(tx, pharmacist, orderId, { forUpdate: true });
        // Its own prescription, or for a refill order (issue 17) the one its refill was sent on.
        const prescriptionId = (await fulfilment.prescriptionOf(tx, orderId))?.id ?? null;
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

    /**
     * POST /api/pharmacy/orders/:id/ship: shipped with the carrier and tracking number; the patient
     * gets both. Holds the order's lock, then its fulfilment row's, as cannot-fill does: an order
     * refunded meanwhile is no longer at the pharmacy (404), so it never ships after its refund.
     */
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
     * the pharmacy cannot fill an unshipped order. State first, money after: in one transaction,
     * holding the order's lock and its fulfilment row's (as ship, fill and deliver take them, in
     * that order), it re-checks nothing has shipped (409 otherwise), the order becomes refunded
     * (audited with the pharmacist), its prescription is revoked and the patient's notice queued.
     * A ship racing it either ran first (this answers 409) or waits for the lock and finds the
     * order no longer at the pharmacy (404): never shipped goods and a refund.
     * Then, after the commit, the captured payment is refunded (keyed per payment, so a repeat
     * refunds nothing twice). If that refund fails, or the process dies before it, the order is
     * still refunded and the payments reconciliation sweep (workflows/pay.ts, every 5 minutes: a
     * live payment behind a `refunded` order is released) gives the money back; the pharmacist is
     * answered 200 refunded either way, as nothing is left for them to do.
     * Already refunded by this pharmacy's cannot-fill: answered as done (and the refund retried).
     */
    async cannotFill(pharmacist: Pharmacist, orderId: string, input: CannotFillInput, audit: AuditContext) {
      // input.note is checked (≤ 500) but not kept yet: no table has a column for it (schema frozen
      // for issue 15), and free text must not go into the audit log (it may carry PHI).
      const reason = `pharmacy_cannot_fill:${input.reason}`;
      // The amount the patient is told: the captured charge (read before the transaction: no
      // reading through `db` inside it), else the order's total.
      const payment = await payments.paymentForOrder(orderId);
      const done = await db.transaction(async (tx) => {
        const current = await orders.state(tx, { orderId }, { forUpdate: true });
        // A repeat after it was done: the order left the pharmacy's list, but it was theirs.
        if (current?.order.status === 'refunded' && current.order.pharmacyId === pharmacist.pharmacyId) {
          return { repeat: true, refundedCents: payment?.amountCents ?? current.order.totalCents };
        }
        const state = await fulfilment.orderFor(tx, pharmacist, orderId, { forUpdate: true });
        const row = await fulfilment.ofOrder(tx, orderId);
        if (!UNSHIPPED.has(state.order.status) || row?.status === 'shipped' || row?.status === 'delivered') {
          throw new AppError(409, 'FULFILMENT_CANNOT_FILL_SHIPPED', FULFILMENT_MESSAGES.CANNOT_FILL_SHIPPED);
        }
        const refundedCents = payment?.status === 'captured' ? payment.amountCents : state.order.totalCents;
        await orders.transition({ orderId, to: 'refunded', reason, audit, tx });
        // A paid order of a product needing no prescription: the partner that refused it is kept.
        if (state.order.pharmacyId === null) await orders.write(tx, orderId, { pharmacyId: pharmacist.pharmacyId });
        const prescription = await prescriptions.ofOrder(tx, orderId);
        if (prescription) await prescriptions.revoke(tx, prescription.id, reason, audit);
        await notices.enqueue(tx, { orderId, notice: 'refunded', data: { reasonCode: input.reason, amountCents: refundedCents } });
        return { repeat: false, refundedCents };
      });
      // The money follows the committed state (best effort here; the sweep finishes what fails).
      const ctx = { ...(audit.actor ? { actor: audit.actor } : {}), ...(audit.ip ? { ip: audit.ip } : {}), ...(audit.requestId ? { requestId: audit.requestId } : {}), reason };
      const moved = await payments.refundForOrder(orderId, ctx).catch((err: unknown) => ({ ok: false as const, err }));
      if (!moved.ok) log?.warn({ orderId, repeat: done.repeat, failure: 'failure' in moved ? moved.failure.code : String(moved.err) }, 'cannot-fill refund not made yet; the payments reconciliation sweep will make it');
      return { status: 'refunded' as const, refundedCents: done.refundedCents };
    },

  };
}
export type FulfilWorkflow = ReturnType<typeof createFulfilWorkflow>;
