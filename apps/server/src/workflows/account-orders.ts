// The patient's orders in My account (issue 17; SPEC §7 previous orders, recent orders v1 and v2,
// order details, details for customer receipt, checkout progress). A read-only workflow: the order
// rows come from `orders` (through their owner: the signed-in patient on this storefront), and
// each order's latest step from what the other modules know of it — the payment, the visit, the
// doctor's decision and prescription, the pharmacy's fulfilment, the rating. Nothing is written.
import {
  ACCOUNT_ORDERS_PAGE_SIZE,
  addressChangeRule,
  CHECKOUT_ROUTES,
  hasStage,
  lineSubtotal,
  orderNumberOf,
  patientStatusLabel,
  prescriptionRenewalBlock,
  Stage,
  trackingUrl,
  VISIT_TYPES,
  type AccountOrderDetails,
  type AccountOrderList,
  type AccountOrderScope,
  type AccountOrderSummary,
  type Carrier,
  type OrderStep,
  type OrderStepKind,
  type StorefrontConfig,
} from '@store/domain';
import type { Db } from '../db/client.ts';
import { notFound } from '../lib/problem.ts';
import type { AuditService } from '../modules/audit/audit.service.ts';
import type { DoctorService } from '../modules/doctors/doctors.service.ts';
import type { FulfilmentRow, FulfilmentService } from '../modules/fulfilment/fulfilment.service.ts';
import type { OrderState, OrdersService } from '../modules/orders/orders.service.ts';
import type { PaymentsService, PaymentView } from '../modules/payments/payments.service.ts';
import type { PharmacyService } from '../modules/pharmacies/pharmacies.service.ts';
import type { PrescriptionService, PrescriptionSummary } from '../modules/prescriptions/prescriptions.service.ts';
import type { RatingsService } from '../modules/ratings/ratings.service.ts';
import type { ReviewService } from '../modules/reviews/reviews.service.ts';
import type { AppointmentRow, SchedulingService } from '../modules/scheduling/scheduling.service.ts';

/** The words of each step (issue 17 "the latest step"). */
export const ORDER_STEP_LABELS: Record<OrderStepKind, string> = {
  in_checkout: 'In checkout',
  awaiting_payment: 'Waiting for payment',
  payment_received: 'Order received',
  refill_pending: 'Refill being charged',
  awaiting_review: 'Awaiting review',
  more_information: 'More information needed',
  visit_scheduled: 'Visit scheduled',
  visit_missed: 'Visit missed',
  approved: 'Approved',
  prescribed: 'Prescribed',
  preparing: 'Being prepared',
  shipped: 'Shipped',
  ready_for_pickup: 'Ready for pickup',
  delivered: 'Delivered',
  declined: 'Declined',
  cancelled: 'Cancelled',
  refunded: 'Refunded',
  disqualified: 'Not eligible',
};

/** What the order's status became, in the timeline's words. */
const TIMELINE_OF_STATUS: Partial<Record<OrderState['order']['status'], OrderStepKind>> = {
  paid: 'payment_received',
  authorized: 'payment_received',
  awaiting_review: 'awaiting_review',
  needs_info: 'more_information',
  visit_scheduled: 'visit_scheduled',
  visit_missed: 'visit_missed',
  approved: 'approved',
  prescribed: 'prescribed',
  fulfilling: 'preparing',
  shipped: 'shipped',
  delivered: 'delivered',
  declined: 'declined',
  cancelled: 'cancelled',
  refunded: 'refunded',
  disqualified: 'disqualified',
};

const STEP_RANK = (kind: OrderStepKind | undefined) => (kind ? Object.keys(ORDER_STEP_LABELS).indexOf(kind) : -1);
const DECIDED = new Set(['approved', 'prescribed', 'fulfilling', 'shipped', 'delivered', 'declined', 'refunded']);
const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

/** Facts one order's row needs beyond its own columns. */
interface OrderFacts {
  payment: PaymentView | null;
  fulfilment: FulfilmentRow | undefined;
  appointment: AppointmentRow | null;
  rated: boolean;
  rateable: boolean;
}

export const shipsOf = (state: Pick<OrderState, 'items'>) => state.items.some((i) => hasStage(i.requiredStages, Stage.Shipping));

/** The order's latest step in words, with where the patient acts on it (pure). */
export function latestStepOf(state: OrderState, facts: Pick<OrderFacts, 'fulfilment' | 'appointment'>): OrderStep {
  const { order } = state;
  const f = facts.fulfilment;
  const step = (kind: OrderStepKind, at: Date | null, link: string | null = null): OrderStep => {
    const carrier = (f?.carrier ?? null) as Carrier | null;
    const tracked = kind === 'shipped' || kind === 'delivered';
    return {
      kind,
      label: ORDER_STEP_LABELS[kind],
      at: iso(at),
      link,
      carrier: tracked ? carrier : null,
      trackingNumber: tracked ? (f?.trackingNumber ?? null) : null,
      trackingUrl: tracked && carrier && f?.trackingNumber ? trackingUrl(carrier, f.trackingNumber) : null,
    };
  };
  if (f?.status === 'ready_for_pickup' && order.status === 'fulfilling') return step('ready_for_pickup', f.readyAt);
  switch (order.status) {
    case 'draft':
      return step('in_checkout', order.updatedAt);
    case 'awaiting_payment':
      return step('awaiting_payment', order.updatedAt);
    case 'paid':
    case 'authorized':
      return step('payment_received', order.updatedAt);
    case 'refill_pending':
      return step('refill_pending', order.updatedAt);
    case 'awaiting_review':
      return step('awaiting_review', order.updatedAt);
    case 'needs_info':
      return step('more_information', order.updatedAt, `/orders/${order.id}/more-information`);
    case 'visit_scheduled':
      return step('visit_scheduled', facts.appointment?.startsAt ?? null, `${CHECKOUT_ROUTES.patientVisit}?id=${order.id}`);
    case 'visit_missed':
      return step('visit_missed', order.updatedAt, `${CHECKOUT_ROUTES.patientVisit}?id=${order.id}`);
    case 'approved':
      return step('approved', order.updatedAt);
    case 'prescribed':
      return step('prescribed', order.updatedAt);
    case 'fulfilling':
      return step('preparing', f?.filledAt ?? order.updatedAt);
    case 'shipped':
      return step('shipped', f?.shippedAt ?? order.updatedAt);
    case 'delivered':
      return step('delivered', f?.deliveredAt ?? order.updatedAt);
    default:
      return step(order.status, order.updatedAt);
  }
}

export function createAccountOrders(deps: {
  db: Db;
  /** The clock a prescription's expiry is read against (renewable). */
  now: () => Date;
  orders: Pick<OrdersService, 'patientOrders' | 'state' | 'storeData' | 'view'>;
  payments: Pick<PaymentsService, 'paymentForOrder'>;
  fulfilment: Pick<FulfilmentService, 'ofOrders'>;
  scheduling: Pick<SchedulingService, 'currentForOrder' | 'completedForOrder'>;
  reviews: Pick<ReviewService, 'closingDecisionOf'>;
  prescriptions: Pick<PrescriptionService, 'ofOrder'>;
  pharmacies: Pick<PharmacyService, 'byId'>;
  doctors: Pick<DoctorService, 'byIds'>;
  ratings: Pick<RatingsService, 'forOrder'>;
  audit: Pick<AuditService, 'list'>;
}) {
  const { db, now, orders, payments, fulfilment, scheduling, reviews, prescriptions, pharmacies, doctors, ratings, audit } = deps;

  /** The doctor to rate (the completed visit's, else the deciding one's), as the rating step reads it; null before either. */
  async function doctorToRate(orderId: string): Promise<string | null> {
    const visit = await scheduling.completedForOrder(orderId);
    if (visit) return visit.doctorId;
    return (await reviews.closingDecisionOf(orderId))?.doctorId ?? null;
  }

  async function factsOf(state: OrderState, fulfilments: Map<string, FulfilmentRow>): Promise<OrderFacts> {
    const { order } = state;
    const [payment, appointment, rating] = await Promise.all([
      order.status === 'draft' ? null : payments.paymentForOrder(order.id),
      order.visitType === VISIT_TYPES.video || order.visitType === VISIT_TYPES.phone ? scheduling.currentForOrder(order.storefrontId, order.id) : null,
      DECIDED.has(order.status) || order.status === 'visit_scheduled' ? ratings.forOrder(order.id) : null,
    ]);
    const rateable = !rating && (DECIDED.has(order.status) || order.status === 'visit_scheduled') ? (await doctorToRate(order.id)) !== null : false;
    return { payment, fulfilment: fulfilments.get(order.id), appointment, rated: rating !== null, rateable };
  }

  async function summaryOf(storefront: StorefrontConfig, state: OrderState, facts: OrderFacts, data?: Awaited<ReturnType<OrdersService['storeData']>>): Promise<AccountOrderSummary> {
    const { order, items } = state;
    const unfinished = order.status === 'draft' || order.status === 'awaiting_payment';
    let resumePath: string | null = null;
    if (unfinished && items.length > 0) {
      const view = orders.view(storefront, data ?? (await orders.storeData(storefront.id)), order, items, true);
      resumePath = view.nextRoute ?? CHECKOUT_ROUTES.summary;
    }
    const paidAt = facts.payment && facts.payment.status !== 'failed' && facts.payment.status !== 'pending' ? (facts.payment.authorizedAt ?? facts.payment.capturedAt) : null;
    return {
      id: order.id,
      orderNumber: orderNumberOf(order.id),
      status: order.status,
      statusLabel: patientStatusLabel(order.status, { ships: shipsOf(state) }),
      createdAt: order.createdAt.toISOString(),
      placedAt: iso(paidAt),
      items: items.map((i) => ({ title: i.title, qty: i.qty })),
      totalCents: order.totalCents,
      latestStep: latestStepOf(state, facts),
      resumePath,
      ratePath: facts.rateable ? `${CHECKOUT_ROUTES.endedVisit}?id=${order.id}` : null,
    };
  }

  /** The signed-in patient's order on this storefront with its rows; another's or an unknown one: 404. */
  async function ownState(storefront: StorefrontConfig, userId: string, orderId: string): Promise<OrderState> {
    const state = await orders.state(db, { orderId, storefrontId: storefront.id, owner: { kind: 'user', userId } });
    if (!state || (state.order.status === 'draft' && state.items.length === 0)) throw notFound();
    return state;
  }

  return {
    /** GET /api/account/orders: a page of the patient's recent or previous orders, newest first. */
    async list(storefront: StorefrontConfig, userId: string, query: { scope: AccountOrderScope; page: number }): Promise<AccountOrderList> {
      const pageSize = ACCOUNT_ORDERS_PAGE_SIZE;
      const found = await orders.patientOrders({ storefrontId: storefront.id, userId, scope: query.scope }, { limit: pageSize, offset: (query.page - 1) * pageSize });
      const fulfilments = await fulfilment.ofOrders(found.orders.map((s) => s.order.id));
      const data = found.orders.some((s) => s.order.status === 'draft' || s.order.status === 'awaiting_payment') ? await orders.storeData(storefront.id) : undefined;
      const items: AccountOrderSummary[] = [];
      for (const state of found.orders) items.push(await summaryOf(storefront, state, await factsOf(state, fulfilments), data));
      return { scope: query.scope, items, total: found.total, page: query.page, pageSize };
    },

    /** GET /api/account/orders/:id: everything about one of the patient's orders (SPEC §2 /order-details). */
    async details(storefront: StorefrontConfig, userId: string, orderId: string): Promise<AccountOrderDetails> {
      const state = await ownState(storefront, userId, orderId);
      const { order, items } = state;
      const data = await orders.storeData(storefront.id);
      const fulfilments = await fulfilment.ofOrders([order.id]);
      const facts = await factsOf(state, fulfilments);
      const summary = await summaryOf(storefront, state, facts, data);
      const view = orders.view(storefront, data, order, items, true);
      const [prescription, pharmacy, events] = await Promise.all([
        prescriptions.ofOrder(db, order.id) as Promise<PrescriptionSummary | null>,
        order.pharmacyId ? pharmacies.byId(order.pharmacyId) : null,
        audit.list({ action: 'order.status_changed', subjectId: order.id, limit: 50 }),
      ]);
      const doctorId = facts.appointment?.doctorId ?? prescription?.doctorId ?? order.doctorId ?? (await reviews.closingDecisionOf(order.id))?.doctorId ?? null;
      const doctor = doctorId ? (await doctors.byIds([doctorId])).get(doctorId) : undefined;
      const asynchronous = order.visitType === VISIT_TYPES.asynchronous;
      const visit = facts.appointment
        ? { type: facts.appointment.visitType === VISIT_TYPES.phone ? ('phone' as const) : ('video' as const), startsAt: iso(facts.appointment.startsAt), endsAt: iso(facts.appointment.endsAt), status: facts.appointment.status }
        : asynchronous && order.status !== 'draft' && order.status !== 'awaiting_payment'
          ? { type: 'review' as const, startsAt: null, endsAt: null, status: DECIDED.has(order.status) ? 'reviewed' : order.status === 'cancelled' ? 'cancelled' : 'in_review' }
          : null;
      const f = facts.fulfilment;
      const carrier = (f?.carrier ?? null) as Carrier | null;
      const timeline = [{ label: 'Order started', at: order.createdAt.toISOString() }];
      const seen = new Set<string>();
      // Oldest first; changes made in one transaction share a time, so the order's life breaks ties.
      const steps = events
        .map((e) => ({ at: e.at, kind: TIMELINE_OF_STATUS[(e.details as { to?: string } | null)?.to as OrderState['order']['status']] }))
        .sort((a, b) => a.at.getTime() - b.at.getTime() || STEP_RANK(a.kind) - STEP_RANK(b.kind));
      for (const e of steps) {
        const kind = e.kind;
        if (!kind || seen.has(`${kind}`)) continue;
        seen.add(kind);
        timeline.push({ label: ORDER_STEP_LABELS[kind], at: e.at.toISOString() });
      }
      if (f?.status === 'ready_for_pickup' && f.readyAt) timeline.push({ label: ORDER_STEP_LABELS.ready_for_pickup, at: f.readyAt.toISOString() });
      const payment = facts.payment;
      const rule = addressChangeRule({ status: order.status, ships: shipsOf(state), prescribed: prescription !== null, fulfilmentStatus: f?.status ?? null });
      return {
        ...summary,
        lines: items.map((i) => ({ title: i.title, qty: i.qty, unitPriceCents: i.unitPriceCents, lineSubtotalCents: lineSubtotal(i.unitPriceCents, i.qty) })),
        totals: {
          subtotalCents: order.subtotalCents,
          consultFeeCents: order.consultFeeCents,
          shippingCents: order.shippingCents,
          discountCents: order.discountCents,
          taxCents: order.taxCents,
          donationCents: order.donationCents,
          totalCents: order.totalCents,
        },
        promoCode: order.couponCode,
        shippingAddress: view.shippingAddress,
        shippingMethod: view.shipping.carrier && view.shipping.methodName ? { carrier: view.shipping.carrier, name: view.shipping.methodName } : null,
        pharmacy: pharmacy
          ? { name: pharmacy.name, phone: pharmacy.phone, address: { line: pharmacy.pharmacyAddress.address, city: pharmacy.pharmacyAddress.city, state: pharmacy.pharmacyAddress.state, zip: pharmacy.pharmacyAddress.zip } }
          : null,
        doctor: doctor ? { name: doctor.name, credentials: doctor.credentials || null } : null,
        visit,
        prescription: prescription
          ? {
              medication: prescription.medication,
              strength: prescription.strength,
              form: prescription.form,
              quantity: prescription.quantity,
              directions: prescription.directions,
              refillsLeft: prescription.refillsLeft,
              expiresAt: prescription.expiresAt,
              status: prescription.status,
              renewable: prescriptionRenewalBlock(prescription, now()) === null,
            }
          : null,
        payment:
          payment && payment.status !== 'pending'
            ? {
                status: payment.status,
                amountCents: payment.amountCents,
                card: payment.card ? { brand: payment.card.brand, last4: payment.card.last4 } : null,
                authorizedAt: iso(payment.authorizedAt),
                capturedAt: iso(payment.capturedAt),
                voidedAt: iso(payment.voidedAt),
                refundedAt: iso(payment.refundedAt),
                refundedCents: payment.refundedCents,
              }
            : null,
        fulfilment: f
          ? {
              status: f.status,
              carrier,
              trackingNumber: f.trackingNumber,
              trackingUrl: carrier && f.trackingNumber ? trackingUrl(carrier, f.trackingNumber) : null,
              shippedAt: iso(f.shippedAt),
              deliveredAt: iso(f.deliveredAt),
            }
          : null,
        timeline,
        receiptUrl: payment && ['authorized', 'captured', 'refunded'].includes(payment.status) ? `/api/orders/${order.id}/receipt.pdf` : null,
        addressChange: { allowed: rule.allowed, sameStateOnly: rule.sameStateOnly, reason: rule.reason },
        ships: shipsOf(state),
      };
    },
  };
}
export type AccountOrders = ReturnType<typeof createAccountOrders>;
