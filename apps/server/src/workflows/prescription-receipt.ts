// A pharmacy confirms it received a prescription, from the public verification page (issue 15).
// In one transaction: the prescriptions service records when; then, at the patient's own pharmacy
// (not a partner), the order is ready for pickup there — a ready_for_pickup fulfilment, the order
// prescribed → fulfilling (audited), the patient told which pharmacy. At a partner pharmacy the
// receipt is only recorded (a `received` fulfilment); its staff then fill the order. A repeat
// changes nothing and tells no one again.
import type { Db } from '../db/client.ts';
import type { AuditContext } from '../modules/audit/audit.service.ts';
import type { FulfilmentService } from '../modules/fulfilment/fulfilment.service.ts';
import type { OrdersService } from '../modules/orders/orders.service.ts';
import type { PharmacyService } from '../modules/pharmacies/pharmacies.service.ts';
import type { PrescriptionService } from '../modules/prescriptions/prescriptions.service.ts';
import type { OrderNotices } from './order-notices.ts';

/** The confirmation comes from an unsigned pharmacy: the audit names no user. */
const PHARMACY_AUDIT: AuditContext = { actor: { type: 'system' } };

export function createPrescriptionReceipt(deps: {
  db: Db;
  prescriptions: Pick<PrescriptionService, 'confirmReceipt'>;
  fulfilment: Pick<FulfilmentService, 'recordReceipt'>;
  orders: Pick<OrdersService, 'state' | 'transition'>;
  pharmacies: Pick<PharmacyService, 'pharmacyById'>;
  notices: Pick<OrderNotices, 'enqueue'>;
}) {
  const { db, prescriptions, fulfilment, orders, pharmacies, notices } = deps;
  return {
    /** null: no prescription with this code; 409 when revoked or expired. */
    async confirm(code: string, audit: AuditContext = PHARMACY_AUDIT) {
      return db.transaction(async (tx) => {
        const confirmed = await prescriptions.confirmReceipt(tx, code);
        if (!confirmed || confirmed.alreadyConfirmed) return confirmed;
        const pharmacy = await pharmacies.pharmacyById(confirmed.pharmacyId, tx);
        const state = await orders.state(tx, { orderId: confirmed.orderId }, { forUpdate: true });
        // Only an order waiting at the pharmacy moves (not one refunded meanwhile).
        if (!pharmacy || state?.order.status !== 'prescribed') return confirmed;
        const pickup = !pharmacy.isPartner;
        const { changed } = await fulfilment.recordReceipt(tx, { orderId: confirmed.orderId, pharmacyId: confirmed.pharmacyId, prescriptionId: confirmed.prescriptionId, pickup });
        if (pickup && changed) {
          await orders.transition({ orderId: confirmed.orderId, to: 'fulfilling', reason: 'pharmacy_received', audit, tx });
          await notices.enqueue(tx, { orderId: confirmed.orderId, notice: 'ready_for_pickup', data: { pharmacyName: pharmacy.name } });
        }
        return confirmed;
      });
    },
  };
}
export type PrescriptionReceipt = ReturnType<typeof createPrescriptionReceipt>;
