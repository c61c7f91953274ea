// The fulfilment module (issue 15 "Fulfilment"; DATA-MODEL.md fulfilments): a pharmacist belongs
// to one pharmacy (pharmacy_staff) and sees the orders sent there — prescribed orders whose
// pharmacy it is, and, for a storefront's partner pharmacy, that storefront's paid orders of
// products needing no prescription. Each order has at most one fulfilment row: received → filled
// → shipped → delivered at a partner, or ready_for_pickup at the patient's own pharmacy. The
// order's status moves with it through the orders service, in the fulfil workflow's transaction.
import {
  DELIVERY_OVERDUE_DAYS,
  FULFILMENT_MESSAGES,
  orderNumberOf,
  trackingUrl,
  type Carrier,
  type OrderStatus,
  type PharmacyOrder,
  type PharmacyOrderList,
  type PharmacyOrderStatus,
  type PharmacyTab,
} from '@store/domain';
import type { Db, DbOrTx } from '../../db/client.ts';
import { AppError, notFound } from '../../lib/problem.ts';
import type { AccessLogService } from '../access-log/access-log.service.ts';
import type { Identity } from '../auth/sessions.service.ts';
import type { OrderState, OrdersService } from '../orders/orders.service.ts';
import type { PharmacyService } from '../pharmacies/pharmacies.service.ts';
import type { PrescriptionService, PrescriptionSummary as WrittenPrescription } from '../prescriptions/prescriptions.service.ts';
import { fulfilmentRepo as repo, type FulfilmentRow } from './fulfilment.repo.ts';

export type { FulfilmentRow };

export const PHARMACY_PAGE_SIZE = 25;
const DAY_MS = 24 * 60 * 60_000;

/** A signed-in pharmacist and their one pharmacy. */
export interface Pharmacist {
  userId: string;
  pharmacyId: string;
  pharmacyName: string;
  /** The storefront whose partner this pharmacy is, or null. */
  partnerOf: string | null;
  /** The pharmacy as the pharmacy area's header shows it (GET /api/pharmacy/me). */
  pharmacy: { id: string; name: string; phone: string; address: string; city: string; state: string; zip: string };
}

/** What the pharmacist reads of the order's prescription (null for a product that needs none). */
export type PrescriptionSummary = NonNullable<PharmacyOrder['prescription']>;

/**
 * The prescription a refill order was sent on (issue 17, decision 009: a refill order has none of
 * its own); null for any other order. Implemented by workflows/refill-prescription.ts.
 */
export interface RefillPrescriptions {
  ofRefillOrder(executor: DbOrTx, orderId: string): Promise<WrittenPrescription | null>;
}

/** Order statuses in which an order is at the pharmacy, per list tab. */
const TAB_STATUSES: Record<Exclude<PharmacyTab, 'all'>, OrderStatus[]> = {
  to_fill: ['paid', 'prescribed'],
  filled: ['fulfilling'],
  ready_for_pickup: ['fulfilling'],
  shipped: ['shipped'],
  delivered: ['delivered'],
};
const AT_PHARMACY: OrderStatus[] = ['paid', 'prescribed', 'fulfilling', 'shipped', 'delivered'];

const conflict = (code: keyof typeof FULFILMENT_MESSAGES) => new AppError(409, `FULFILMENT_${code}`, FULFILMENT_MESSAGES[code]);

/** The pharmacist's status of an order from its status and fulfilment row. */
function statusOf(order: OrderState['order'], row: FulfilmentRow | undefined): PharmacyOrderStatus {
  if (row?.status === 'ready_for_pickup') return 'ready_for_pickup';
  switch (order.status) {
    case 'shipped':
      return 'shipped';
    case 'delivered':
      return 'delivered';
    case 'fulfilling':
      return 'filled';
    default:
      return 'to_fill';
  }
}

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

export function createFulfilmentService(deps: {
  db: Db;
  now: () => Date;
  orders: Pick<OrdersService, 'pharmacyOrders' | 'state' | 'storeData'>;
  pharmacies: Pick<PharmacyService, 'pharmacyById'>;
  prescriptions: Pick<PrescriptionService, 'ofOrder' | 'documentOf'>;
  accessLog: Pick<AccessLogService, 'record'>;
  /** issue 17: a refill order's prescription (the original one, sent again as the refill). */
  refillPrescriptions?: RefillPrescriptions | undefined;
}) {
  const { db, now, orders, pharmacies } = deps;

  /** The prescription the pharmacy fills for this order: its own, else (a refill order) the one its refill was sent on. */
  async function prescriptionOf(executor: DbOrTx, orderId: string): Promise<WrittenPrescription | null> {
    return (await deps.prescriptions.ofOrder(executor, orderId)) ?? (await deps.refillPrescriptions?.ofRefillOrder(executor, orderId)) ?? null;
  }

  /** Whether the order was sent to this pharmacist's pharmacy (see the module's header). */
  function sentTo(pharmacist: Pharmacist, state: OrderState): boolean {
    const { order } = state;
    if (!AT_PHARMACY.includes(order.status)) return false;
    if (order.pharmacyId === pharmacist.pharmacyId) return true;
    return (
      order.pharmacyId === null &&
      order.status === 'paid' &&
      pharmacist.partnerOf !== null &&
      order.storefrontId === pharmacist.partnerOf &&
      state.items.some((i) => (i.requiredStages & 2) !== 0)
    );
  }

  async function toView(state: OrderState, row: FulfilmentRow | undefined, prescription: PrescriptionSummary | null, methods: Map<string, { carrier: string; name: string } | null>): Promise<PharmacyOrder> {
    const { order, items } = state;
    let method: { carrier: string; name: string } | null = null;
    if (order.shippingMethodId) {
      const key = `${order.storefrontId}:${order.shippingMethodId}`;
      if (!methods.has(key)) {
        const found = (await orders.storeData(order.storefrontId)).shipping.method(order.shippingMethodId);
        methods.set(key, found ? { carrier: found.carrier, name: found.name } : null);
      }
      method = methods.get(key) ?? null;
    }
    const status = statusOf(order, row);
    const carrier = (row?.carrier ?? null) as Carrier | null;
    const shippedAt = row?.shippedAt ?? null;
    return {
      orderId: order.id,
      orderNumber: orderNumberOf(order.id),
      patientName: order.shipFullName ?? '',
      shipTo: order.shipLine1
        ? { fullName: order.shipFullName, line1: order.shipLine1, line2: order.shipLine2, city: order.shipCity, state: order.shipState, zip: order.shipZip, phone: order.shipPhone }
        : null,
      shippingMethod: method,
      items: items.map((i) => ({ title: i.title, qty: i.qty })),
      prescription,
      status,
      carrier,
      trackingNumber: row?.trackingNumber ?? null,
      trackingUrl: carrier && row?.trackingNumber ? trackingUrl(carrier, row.trackingNumber) : null,
      deliveryOverdue: status === 'shipped' && shippedAt !== null && now().getTime() - shippedAt.getTime() > DELIVERY_OVERDUE_DAYS * DAY_MS,
      dates: {
        sentAt: (prescription ? new Date(prescription.writtenAt) : order.createdAt).toISOString(),
        filledAt: iso(row?.filledAt),
        shippedAt: iso(shippedAt),
        deliveredAt: iso(row?.deliveredAt),
        readyAt: iso(row?.readyAt),
      },
    };
  }

  /** The order's prescription as the pharmacist reads it, or null (a product that needs none). */
  async function summaryOf(orderId: string): Promise<PrescriptionSummary | null> {
    const p = await prescriptionOf(db, orderId);
    if (!p) return null;
    return {
      id: p.id,
      medication: p.medication,
      strength: p.strength,
      form: p.form,
      quantity: p.quantity,
      daysSupply: p.daysSupply,
      directions: p.directions,
      refills: p.refillsAuthorized,
      substitutionAllowed: p.substitutionAllowed,
      writtenAt: p.writtenAt,
    };
  }

  return {
    /** issue 17 My account: the orders' fulfilment rows (status, carrier, tracking, dates) by order id; `executor` a transaction when given. */
    async ofOrders(orderIds: readonly string[], executor: DbOrTx = db): Promise<Map<string, FulfilmentRow>> {
      return new Map((await repo.ofOrders(executor, orderIds)).map((r) => [r.orderId, r]));
    },

    /** The signed-in pharmacist (role pharmacist with a pharmacy_staff row), or null. */
    async pharmacistOf(identity: Identity | null): Promise<Pharmacist | null> {
      if (identity?.kind !== 'user' || identity.role !== 'pharmacist') return null;
      const pharmacyId = await repo.staffPharmacyOf(db, identity.userId);
      if (!pharmacyId) return null;
      const pharmacy = await pharmacies.pharmacyById(pharmacyId);
      if (!pharmacy) return null;
      const { address, city, state, zip } = pharmacy.pharmacyAddress;
      return {
        userId: identity.userId,
        pharmacyId,
        pharmacyName: pharmacy.name,
        partnerOf: pharmacy.partnerOf,
        pharmacy: { id: pharmacy.id, name: pharmacy.name, phone: pharmacy.phone, address, city, state, zip },
      };
    },

    /** GET /api/pharmacy/orders: the orders sent to this pharmacy in one tab, oldest first, with counts per tab. */
    async list(pharmacist: Pharmacist, query: { status?: PharmacyTab | undefined; page?: number | undefined }): Promise<PharmacyOrderList> {
      const tab = query.status ?? 'to_fill';
      const page = query.page ?? 1;
      const pickupIds = await repo.pickupOrderIds(db, pharmacist.pharmacyId);
      const where = { pharmacyId: pharmacist.pharmacyId, partnerOf: pharmacist.partnerOf, statuses: AT_PHARMACY };
      const paging = { limit: PHARMACY_PAGE_SIZE, offset: (page - 1) * PHARMACY_PAGE_SIZE };
      const byIds = tab === 'filled' || tab === 'ready_for_pickup';
      // The counts over every tab; the page from the same query unless the tab splits 'fulfilling'.
      const all = await orders.pharmacyOrders(where, { ...paging, statuses: byIds ? [] : tab === 'all' ? AT_PHARMACY : TAB_STATUSES[tab] });
      const ready = pickupIds.length > 0 ? await orders.pharmacyOrders({ ...where, ids: pickupIds }, { limit: 0, offset: 0, statuses: ['fulfilling'] }) : null;
      const readyCount = ready?.total ?? 0;
      const listed = byIds
        ? await orders.pharmacyOrders(tab === 'filled' ? { ...where, notIds: pickupIds } : { ...where, ids: pickupIds }, { ...paging, statuses: ['fulfilling'] })
        : all;
      const c = all.counts;
      const counts = {
        to_fill: (c.paid ?? 0) + (c.prescribed ?? 0),
        filled: (c.fulfilling ?? 0) - readyCount,
        ready_for_pickup: readyCount,
        shipped: c.shipped ?? 0,
        delivered: c.delivered ?? 0,
        all: AT_PHARMACY.reduce((n, s) => n + (c[s] ?? 0), 0),
      };
      const rows = new Map((await repo.ofOrders(db, listed.orders.map((o) => o.order.id))).map((r) => [r.orderId, r]));
      const methods = new Map<string, { carrier: string; name: string } | null>();
      const items: PharmacyOrder[] = [];
      const read: { state: OrderState; prescription: PrescriptionSummary }[] = [];
      for (const state of listed.orders) {
        const prescription = await summaryOf(state.order.id);
        if (prescription) read.push({ state, prescription });
        items.push(await toView(state, rows.get(state.order.id), prescription, methods));
      }
      // issue 17: the list shows each prescription (medication, directions), a read of the patient's
      // health data like the PDF's: one access-log entry per prescription listed, before the page is answered.
      if (read.length > 0) {
        await db.transaction(async (tx) => {
          for (const { state, prescription } of read) {
            await deps.accessLog.record(tx, {
              actor: pharmacist.userId,
              role: 'pharmacist',
              patientId: state.order.userId,
              storefrontId: state.order.storefrontId,
              what: 'prescription',
              recordId: prescription.id,
              reason: `pharmacy_fill:${state.order.id}`,
            });
          }
        });
      }
      return { items, counts, total: byIds ? listed.total : tab === 'all' ? counts.all : counts[tab], page, pageSize: PHARMACY_PAGE_SIZE };
    },

    /** The order if it was sent to this pharmacist's pharmacy (locked in `tx` when asked), else 404. */
    async orderFor(executor: DbOrTx, pharmacist: Pharmacist, orderId: string, opts: { forUpdate?: boolean } = {}): Promise<OrderState> {
      const state = await orders.state(executor, { orderId }, opts);
      if (!state || !sentTo(pharmacist, state)) throw notFound();
      return state;
    },

    /**
     * GET /api/pharmacy/orders/:id/prescription.pdf: the fax-ready PDF of the prescription of an
     * order sent to this pharmacy; 404 for any other order, or one with no document. The read is
     * written to the access log (DESIGN.md: a staff member's read of a prescription, with a reason)
     * before the bytes are answered; if that write fails, nothing is answered.
     */
    async prescriptionDocument(pharmacist: Pharmacist, orderId: string): Promise<{ bytes: Buffer; orderNumber: string }> {
      const state = await orders.state(db, { orderId });
      if (!state || !sentTo(pharmacist, state)) throw notFound();
      const own = await deps.prescriptions.ofOrder(db, orderId);
      // A refill order (issue 17): the prescription its refill was sent on, to the order's pharmacy.
      const p = own ?? (await deps.refillPrescriptions?.ofRefillOrder(db, orderId)) ?? null;
      if (!p || (own ? p.pharmacyId : state.order.pharmacyId) !== pharmacist.pharmacyId) throw notFound();
      const bytes = await deps.prescriptions.documentOf(p.id);
      if (!bytes) throw notFound();
      await db.transaction((tx) =>
        deps.accessLog.record(tx, {
          actor: pharmacist.userId,
          role: 'pharmacist',
          patientId: p.patientId,
          storefrontId: state.order.storefrontId,
          what: 'prescription',
          recordId: p.id,
          reason: `pharmacy_fill:${orderId}`,
        }),
      );
      return { bytes, orderNumber: orderNumberOf(orderId) };
    },

    /** The prescription the pharmacy fills for an order: its own, else a refill order's (issue 17); null for a product that needs none. */
    prescriptionOf,

    /** The order's fulfilment row, locked. */
    ofOrder: (tx: DbOrTx, orderId: string) => repo.ofOrder(tx, orderId, { forUpdate: true }),

    /**
     * Fill: the fulfilment becomes filled (from none or received). Already filled: no change
     * (`changed` false). Shipped, delivered or ready for pickup: 409.
     */
    async recordFilled(tx: DbOrTx, input: { orderId: string; pharmacyId: string; prescriptionId: string | null; by: string }): Promise<{ changed: boolean }> {
      const row = await repo.ofOrder(tx, input.orderId, { forUpdate: true });
      const at = now();
      if (!row) {
        await repo.insert(tx, { orderId: input.orderId, pharmacyId: input.pharmacyId, prescriptionId: input.prescriptionId, status: 'filled', receivedAt: at, filledAt: at, updatedBy: input.by, createdAt: at, updatedAt: at });
        return { changed: true };
      }
      if (row.status === 'filled') return { changed: false };
      if (row.status === 'ready_for_pickup') throw conflict('PICKUP');
      if (row.status !== 'received') throw conflict('ALREADY_SHIPPED');
      await repo.update(tx, row.id, { status: 'filled', filledAt: at, updatedBy: input.by, updatedAt: at });
      return { changed: true };
    },

    /**
     * Ship: a filled fulfilment becomes shipped with its carrier and tracking number. The same
     * shipment again: no change; another tracking number after shipping: 409; not filled yet: 409.
     */
    async recordShipped(tx: DbOrTx, input: { orderId: string; carrier: Carrier; trackingNumber: string; by: string }): Promise<{ changed: boolean }> {
      const row = await repo.ofOrder(tx, input.orderId, { forUpdate: true });
      if (!row || row.status === 'received') throw conflict('NOT_FILLED');
      if (row.status === 'ready_for_pickup') throw conflict('PICKUP');
      if (row.status === 'shipped' || row.status === 'delivered') {
        if (row.carrier === input.carrier && row.trackingNumber === input.trackingNumber) return { changed: false };
        throw conflict(row.status === 'shipped' ? 'ALREADY_SHIPPED_OTHER' : 'ALREADY_SHIPPED');
      }
      const at = now();
      await repo.update(tx, row.id, { status: 'shipped', carrier: input.carrier, trackingNumber: input.trackingNumber, shippedAt: at, updatedBy: input.by, updatedAt: at });
      return { changed: true };
    },

    /** Deliver: a shipped fulfilment becomes delivered; delivered again: no change; not shipped: 409. */
    async recordDelivered(tx: DbOrTx, input: { orderId: string; by: string }): Promise<{ changed: boolean }> {
      const row = await repo.ofOrder(tx, input.orderId, { forUpdate: true });
      if (row?.status === 'delivered') return { changed: false };
      if (row?.status !== 'shipped') throw conflict(row?.status === 'ready_for_pickup' ? 'PICKUP' : 'NOT_SHIPPED');
      const at = now();
      await repo.update(tx, row.id, { status: 'delivered', deliveredAt: at, updatedBy: input.by, updatedAt: at });
      return { changed: true };
    },

    /**
     * A pharmacy confirmed receipt of the prescription (the public verification page): a partner
     * records it (its staff then fill); the patient's own pharmacy makes it ready for pickup.
     * A repeat changes nothing.
     */
    async recordReceipt(tx: DbOrTx, input: { orderId: string; pharmacyId: string; prescriptionId: string | null; pickup: boolean }): Promise<{ changed: boolean }> {
      const row = await repo.ofOrder(tx, input.orderId, { forUpdate: true });
      const at = now();
      if (row) {
        if (input.pickup && row.status === 'received') {
          await repo.update(tx, row.id, { status: 'ready_for_pickup', readyAt: at, updatedAt: at });
          return { changed: true };
        }
        return { changed: false };
      }
      await repo.insert(tx, {
        orderId: input.orderId,
        pharmacyId: input.pharmacyId,
        prescriptionId: input.prescriptionId,
        status: input.pickup ? 'ready_for_pickup' : 'received',
        receivedAt: at,
        ...(input.pickup ? { readyAt: at } : {}),
        createdAt: at,
        updatedAt: at,
      });
      return { changed: true };
    },
  };
}
export type FulfilmentService = ReturnType<typeof createFulfilmentService>;

