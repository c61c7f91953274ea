// Changing a paid order's shipping address until it ships (issue 17; SPEC §7 edit shipping address;
// decision 010). One transaction locks the patient's own order, checks the rule (`addressChangeRule`:
// not shipped, not closed, another state only before a doctor's decision and where the doctor of a
// booked visit is licensed, and where every product ships), re-taxes it with the shipping module's
// rate for the new state, refuses when that would change the total the card was charged or held for
// (the gateway captures and refunds whole amounts only), writes the new snapshot and its audit event
// (states and amounts only: no street address), and — when the order is already at a pharmacy —
// queues the pharmacy's notice: a one-page fax through the fax outbox, sent by a job keyed by the
// change (safe to run twice: the fax adapter is idempotent by that key).
import {
  ADDRESS_CHANGE_MESSAGES,
  addressChangeRule,
  addressChangeTotalMessage,
  formatCents,
  MESSAGES,
  orderNumberOf,
  percentOfCents,
  type AccountOrderDetails,
  type StorefrontConfig,
  type UsAddress,
  zipMatchesState,
} from '@store/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { FaxAdapter } from '../adapters/prescriptions/fax.adapter.ts';
import { newStorageKey, type FileStorage } from '../adapters/storage/file-storage.ts';
import type { Db, DbOrTx } from '../db/client.ts';
import { AppError, notFound } from '../lib/problem.ts';
import type { AddressService } from '../modules/addresses/addresses.service.ts';
import type { AuditContext, AuditService } from '../modules/audit/audit.service.ts';
import { isUuid } from '../modules/catalog/catalog.service.ts';
import type { DoctorService } from '../modules/doctors/doctors.service.ts';
import type { FulfilmentService } from '../modules/fulfilment/fulfilment.service.ts';
import type { JobQueue } from '../modules/jobs/jobs.service.ts';
import { renderAddressNoticePdf } from '../modules/orders/address-notice-pdf.ts';
import { assertOrderState, type OrdersService } from '../modules/orders/orders.service.ts';
import type { PaymentsService } from '../modules/payments/payments.service.ts';
import type { PharmacyService } from '../modules/pharmacies/pharmacies.service.ts';
import type { PrescriptionService } from '../modules/prescriptions/prescriptions.service.ts';
import type { AccountOrders } from './account-orders.ts';
import { shipsOf } from './account-orders.ts';

export const PHARMACY_ADDRESS_NOTICE_JOB = 'pharmacy.address-notice';

interface AddressNoticeJob {
  orderId: string;
  pharmacyId: string;
  storefrontId: string;
  changedAt: string;
  key: string;
}

export interface ChangeShippingAddressInput {
  savedAddressId?: string | undefined;
  address?: UsAddress | undefined;
}

export function createChangeShippingAddress(deps: {
  db: Db;
  now: () => Date;
  orders: Pick<OrdersService, 'state' | 'lock' | 'storeData' | 'write'>;
  addresses: Pick<AddressService, 'getAddressForUser'>;
  payments: Pick<PaymentsService, 'paymentForOrder'>;
  fulfilment: Pick<FulfilmentService, 'ofOrders'>;
  prescriptions: Pick<PrescriptionService, 'ofOrder'>;
  doctors: Pick<DoctorService, 'byIds'>;
  pharmacies: Pick<PharmacyService, 'byId' | 'partnerPharmacy'>;
  audit: Pick<AuditService, 'record'>;
  jobs: Pick<JobQueue, 'register' | 'enqueue' | 'nudge'>;
  faxes: FaxAdapter;
  files: Pick<FileStorage, 'put'>;
  storefronts: { getById(id: string): Promise<StorefrontConfig> };
  accountOrders: Pick<AccountOrders, 'details'>;
  log?: FastifyBaseLogger | undefined;
}) {
  const { db, now, orders, addresses, payments, fulfilment, prescriptions, doctors, pharmacies, audit, jobs, faxes, files, storefronts, log } = deps;

  // The pharmacy's notice: the order's address as it stands when the job runs (a later change sends its own).
  jobs.register(PHARMACY_ADDRESS_NOTICE_JOB, async (payload) => {
    const job = payload as unknown as AddressNoticeJob;
    const [state, pharmacy, storefront] = await Promise.all([
      orders.state(db, { orderId: job.orderId }),
      pharmacies.byId(job.pharmacyId),
      storefronts.getById(job.storefrontId),
    ]);
    const o = state?.order;
    if (!o || !pharmacy || !o.shipFullName || !o.shipLine1 || !o.shipCity || !o.shipState || !o.shipZip) return;
    if (!pharmacy.fax) {
      log?.warn({ orderId: job.orderId, pharmacyId: pharmacy.id }, 'address change notice not faxed: the pharmacy has no fax number');
      return;
    }
    const pdf = await renderAddressNoticePdf({
      storeName: storefront.name,
      pharmacyName: pharmacy.name,
      orderNumber: orderNumberOf(o.id),
      changedAt: new Date(job.changedAt),
      shipTo: { fullName: o.shipFullName, line1: o.shipLine1, line2: o.shipLine2, city: o.shipCity, state: o.shipState, zip: o.shipZip, phone: o.shipPhone ?? '' },
    });
    const key = newStorageKey();
    await files.put(key, pdf, 'application/pdf');
    await faxes.send({ idempotencyKey: job.key, toNumber: pharmacy.fax, toName: pharmacy.name, documentKey: key, pages: 1 });
  });

  return {
    /** PUT /api/account/orders/:id/shipping-address: the patient's own paid order; another's (or another's saved address): 404. */
    async change(storefront: StorefrontConfig, userId: string, orderId: string, input: ChangeShippingAddressInput, ctx: AuditContext): Promise<AccountOrderDetails> {
      if (!isUuid(orderId)) throw notFound();
      const owner = { kind: 'user' as const, userId };
      const before = await orders.state(db, { orderId, storefrontId: storefront.id, owner });
      if (!before) throw notFound();
      let address: UsAddress;
      if (input.savedAddressId !== undefined) {
        const saved = await addresses.getAddressForUser(input.savedAddressId, userId);
        address = { fullName: saved.fullName, line1: saved.line1, line2: saved.line2, city: saved.city, state: saved.state as UsAddress['state'], zip: saved.zip, phone: saved.phone };
      } else if (input.address) {
        address = input.address;
      } else {
        throw notFound();
      }
      // The ZIP must be in the address's state (issue 17 walk; a saved address from before the rule too).
      if (!zipMatchesState(address.zip, address.state)) {
        throw new AppError(400, 'ZIP_STATE', MESSAGES.ZIP_STATE, { errors: [{ field: 'address.zip', message: MESSAGES.ZIP_STATE }] });
      }
      // Read before the transaction (PGlite runs one statement at a time): the store's rates, the
      // held or charged amount, the visit's doctor. The transaction re-checks what can move.
      const [data, payment, doctor] = await Promise.all([
        orders.storeData(storefront.id),
        payments.paymentForOrder(orderId),
        before.order.doctorId ? doctors.byIds([before.order.doctorId]).then((m) => m.get(before.order.doctorId!) ?? null) : null,
      ]);
      const changedAt = now();
      const notice = await db.transaction(async (tx: DbOrTx) => {
        const state = await orders.lock(tx, { orderId, storefrontId: storefront.id, owner });
        const { order, items } = state;
        const [fulfilments, prescription] = await Promise.all([fulfilment.ofOrders([orderId], tx), prescriptions.ofOrder(tx, orderId)]);
        const f = fulfilments.get(orderId);
        const rule = addressChangeRule({ status: order.status, ships: shipsOf(state), prescribed: prescription !== null, fulfilmentStatus: f?.status ?? null });
        if (!rule.allowed) throw new AppError(409, rule.code!, rule.reason!);
        const fromState = order.shipState ?? order.shippingState;
        const newState = address.state;
        if (newState !== fromState) {
          if (rule.sameStateOnly) throw new AppError(409, 'ADDRESS_STATE_AFTER_DECISION', ADDRESS_CHANGE_MESSAGES.STATE_AFTER_DECISION);
          if (doctor && (order.status === 'visit_scheduled' || order.status === 'visit_missed') && !doctor.states.includes(newState)) {
            throw new AppError(409, 'ADDRESS_STATE_DOCTOR', ADDRESS_CHANGE_MESSAGES.STATE_DOCTOR);
          }
          // Every product must ship to the new state (422, beside the state field).
          assertOrderState(data, items, newState, 'address.state');
        }
        // Re-taxed with the new state's rate, on what was taxed before (the items less the discount,
        // plus the consult fee where the state taxes it); shipping is never taxed.
        const tax = data.shipping.taxRateFor(newState);
        const taxable = order.subtotalCents - order.discountCents + (tax?.appliesToConsultFee ? order.consultFeeCents : 0);
        const taxCents = percentOfCents(taxable, tax?.ratePercent ?? 0);
        const totalCents = order.subtotalCents + order.consultFeeCents - order.discountCents + order.shippingCents + taxCents + order.donationCents;
        const paidCents = payment && ['authorized', 'captured'].includes(payment.status) ? payment.amountCents : order.totalCents;
        if (totalCents !== paidCents) {
          throw new AppError(409, 'ADDRESS_CHANGES_TOTAL', addressChangeTotalMessage(formatCents(paidCents), formatCents(totalCents)));
        }
        await orders.write(tx, orderId, {
          shipFullName: address.fullName,
          shipLine1: address.line1,
          shipLine2: address.line2 ?? null,
          shipCity: address.city,
          shipState: address.state,
          shipZip: address.zip,
          shipPhone: address.phone,
          shippingState: newState,
          salesTaxApplied: tax !== null && tax.ratePercent > 0,
          taxRatePercent: tax?.ratePercent ?? 0,
          taxCents,
          totalCents,
        });
        // The pharmacy that has the order: its own, or the partner for a paid order needing no prescription.
        const atPharmacy = prescription !== null || order.status === 'paid' || order.status === 'fulfilling';
        const pharmacyId = atPharmacy ? (order.pharmacyId ?? (await pharmacies.partnerPharmacy(storefront.id, tx))?.id ?? null) : null;
        await audit.record(
          {
            ...ctx,
            action: 'order.shipping_address_changed',
            subject: { type: 'order', id: orderId },
            details: { fromState: fromState ?? null, toState: newState, taxCentsBefore: order.taxCents, taxCentsAfter: taxCents, pharmacyNotified: pharmacyId !== null },
          },
          tx,
        );
        if (!pharmacyId) return false;
        const key = `address-notice:${orderId}:${changedAt.getTime()}`;
        const job: AddressNoticeJob = { orderId, pharmacyId, storefrontId: storefront.id, changedAt: changedAt.toISOString(), key };
        await jobs.enqueue(PHARMACY_ADDRESS_NOTICE_JOB, { ...job }, { tx, singletonKey: key });
        return true;
      });
      if (notice) jobs.nudge();
      return deps.accountOrders.details(storefront, userId, orderId);
    },
  };
}
export type ChangeShippingAddress = ReturnType<typeof createChangeShippingAddress>;
