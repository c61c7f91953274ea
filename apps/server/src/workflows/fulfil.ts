// A pharmacist's steps on an order sent to their pharmacy (issue 15 "Fulfilment"; DATA-MODEL.md
// prescribed | paid → fulfilling → shipped → delivered). Each step is one transaction: the
// fulfilment row (fulfilment module), the order's status with its audit event (orders module) and
// the patient's notice (a background mail and text) are written together or not at all. A repeat
// of a step already done changes nothing and tells no one again; a step out of order is a 409.
import { trackingUrl, type ShipInput } from '@store/domain';
import type { Db } from '../db/client.ts';
import type { AuditContext } from '../modules/audit/audit.service.ts';
import type { FulfilmentService, Pharmacist } from '../modules/fulfilment/fulfilment.service.ts';
import type { OrdersService } from '../modules/orders/orders.service.ts';
import type { PrescriptionService } from '../modules/prescriptions/prescriptions.service.ts';
import type { OrderNotices } from './order-notices.ts';

export function createFulfilWorkflow(deps: {
  db: Db;
  orders: Pick<OrdersService, 'transition' | 'write'>;
  fulfilment: Pick<FulfilmentService, 'orderFor' | 'recordFilled' | 'recordShipped' | 'recordDelivered'>;
  notices: Pick<OrderNotices, 'enqueue'>;
  prescriptions: Pick<PrescriptionService, 'ofOrder' | 'assertFillable'>;
}) {
  const { db, orders, fulfilment, notices, prescriptions } = deps;

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

  };
}
export type FulfilWorkflow = ReturnType<typeof createFulfilWorkflow>;
