// Auto-refills that follow the prescription (issue 17; SPEC §7 auto-refill: eligible orders,
// activate, storefront details, active auto-refills, deactivate). A plan renews one prescription
// every cycle (the product's refill cycle, else the prescription's days of supply); the renewal job
// (workflows/refill-renewal.ts) claims each due cycle here, charges it, and records it back here.
//
// Every plan is read through its patient: another patient's plan, order or card — in the path or
// in a body — is a 404. The card is the patient's saved card, or null for "my current card at each
// refill".
import {
  REFILL_MESSAGES,
  REFILL_STATUS_REASONS,
  isoDay,
  orderNumberOf,
  refillDateFor,
  refillMoveBounds,
  refillTerms,
  type ActivateRefillInput,
  type EligibleRefill,
  type RefillPlanView,
  type RefillTerms,
  type StorefrontConfig,
} from '@store/domain';
import type { Db, DbOrTx } from '../../db/client.ts';
import type { RefillCycleStatus } from '../../db/schema/refills.ts';
import { AppError, notFound } from '../../lib/problem.ts';
import type { AuditContext, AuditService } from '../audit/audit.service.ts';
import type { CatalogService } from '../catalog/catalog.service.ts';
import type { OrdersService, OrderRow } from '../orders/orders.service.ts';
import type { CardView, PaymentsService } from '../payments/payments.service.ts';
import type { PrescriptionService, PrescriptionSummary } from '../prescriptions/prescriptions.service.ts';
import { refillsRepo as repo, type CycleRow, type PlanRow } from './refills.repo.ts';

export type { CycleRow, PlanRow };

const DAY_MS = 24 * 60 * 60_000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const isUuid = (s: string) => UUID.test(s);
/** An order still being checked out (a renewal order in the patient's cart). */
const UNFINISHED = new Set(['draft', 'awaiting_payment']);

/** The charge's idempotency key of a cycle: the first attempt `refill:<plan>:<cycle>`, each retry after a decline its own. */
export const refillChargeKey = (planId: string, cycle: number, declines = 0) =>
  declines === 0 ? `refill:${planId}:${cycle}` : `refill:${planId}:${cycle}:retry${declines}`;

/** The refill's transmission to the pharmacy: one per plan and cycle. */
export const refillTransmissionKey = (prescriptionId: string, planId: string, cycle: number) => `rx:${prescriptionId}:refill:${planId}:${cycle}`;

/** A prescription that can be refilled now: active, with a refill left, not expired. */
export const refillable = (rx: Pick<PrescriptionSummary, 'status' | 'refillsLeft' | 'expiresAt'>, at: Date) =>
  rx.status === 'active' && rx.refillsLeft > 0 && new Date(rx.expiresAt).getTime() > at.getTime();

export interface RefillPatient {
  userId: string;
  storefrontId: string;
}

export function createRefillsService(deps: {
  db: Db;
  now: () => Date;
  prescriptions: Pick<PrescriptionService, 'ofPatient' | 'byId' | 'ofOrder'>;
  orders: Pick<OrdersService, 'findOwned' | 'findById' | 'itemsOf'>;
  catalog: Pick<CatalogService, 'findAny'>;
  payments: Pick<PaymentsService, 'listCards'>;
  audit?: Pick<AuditService, 'record'>;
}) {
  const { db, now, prescriptions, orders, catalog, payments } = deps;

  async function audit(tx: DbOrTx, ctx: AuditContext | undefined, action: string, planId: string, details: Record<string, string | number | boolean | null> = {}) {
    if (deps.audit) await deps.audit.record({ ...ctx, action, subject: { type: 'refill_plan', id: planId }, details }, tx);
  }

  /** Days between refills: the product's refill cycle, else the prescription's days of supply (1–365). */
  function cycleDaysOf(refillCycleDays: number | null | undefined, rx: Pick<PrescriptionSummary, 'daysSupply'>): number {
    return Math.min(Math.max(refillCycleDays ?? rx.daysSupply, 1), 365);
  }

  /**
   * The first refill's date: the last fill (the prescription written, or its latest refill) plus a
   * cycle; never before tomorrow, so turning a plan on never charges at once.
   */
  function firstDate(lastFill: Date, cycleDays: number): Date {
    const due = lastFill.getTime() + cycleDays * DAY_MS;
    return new Date(Math.max(due, now().getTime() + DAY_MS));
  }

  /** The patient's own order on this storefront (another's, or none: 404). */
  async function ownedOrder(patient: RefillPatient, orderId: string, executor: DbOrTx = db): Promise<OrderRow> {
    if (!isUuid(orderId)) throw notFound();
    const order = await orders.findOwned(executor, { id: orderId, storefrontId: patient.storefrontId, owner: { kind: 'user', userId: patient.userId } });
    if (!order) throw notFound();
    return order;
  }

  /** The patient's card (another's: 404). */
  async function ownedCard(patient: RefillPatient, cardId: string): Promise<CardView> {
    if (!isUuid(cardId)) throw notFound();
    const card = (await payments.listCards(patient.userId)).find((c) => c.id === cardId);
    if (!card) throw notFound();
    return card;
  }

  async function ownedPlan(patient: RefillPatient, planId: string, executor: DbOrTx = db, forUpdate = false): Promise<PlanRow> {
    if (!isUuid(planId)) throw notFound();
    const plan = await repo.planById(executor, planId, { patientId: patient.userId, forUpdate });
    if (!plan || plan.storefrontId !== patient.storefrontId || plan.status === 'once') throw notFound();
    return plan;
  }

  /** The refill a prescription of this order would give: the product it was written for, in the order. */
  async function candidate(order: OrderRow, rx: PrescriptionSummary & { productId: string | null }) {
    const items = await orders.itemsOf(db, order.id);
    const item = items.find((i) => i.productId === rx.productId) ?? (items.length === 1 ? items[0] : undefined);
    if (!item) return null;
    const product = await catalog.findAny(order.storefrontId, item.productId);
    return { item, product, cycleDays: cycleDaysOf(product?.refillCycleDays, rx) };
  }

  async function eligible(patient: RefillPatient): Promise<EligibleRefill[]> {
    const at = now();
    const rxs = (await prescriptions.ofPatient(db, patient.userId)).filter((rx) => refillable(rx, at));
    const live = new Set((await repo.livePlansOf(db, rxs.map((r) => r.id))).map((p) => p.prescriptionId));
    const out: EligibleRefill[] = [];
    for (const rx of rxs) {
      if (live.has(rx.id)) continue;
      const order = await orders.findOwned(db, { id: rx.orderId, storefrontId: patient.storefrontId, owner: { kind: 'user', userId: patient.userId } });
      if (!order) continue;
      const found = await candidate(order, rx);
      if (!found) continue;
      out.push({
        orderId: order.id,
        orderNumber: orderNumberOf(order.id),
        productId: found.item.productId,
        productTitle: found.product?.title ?? found.item.title,
        qty: found.item.qty,
        prescriptionId: rx.id,
        medication: `${rx.medication} ${rx.strength}`,
        refillsLeft: rx.refillsLeft,
        expiresAt: rx.expiresAt,
        cycleDays: found.cycleDays,
        nextDate: firstDate(new Date(rx.writtenAt), found.cycleDays).toISOString(),
      });
    }
    return out;
  }

  async function cardLabelOf(plan: PlanRow, cards: CardView[]): Promise<{ card: RefillPlanView['card']; cardLabel: string }> {
    if (plan.cardId) {
      const card = cards.find((c) => c.id === plan.cardId);
      if (card) return { card: { id: card.id, label: card.label }, cardLabel: card.label };
      // The chosen card was removed: the current card is charged instead.
    }
    const current = cards.find((c) => c.isCurrent);
    return { card: null, cardLabel: current ? `Your current card (${current.label})` : 'No card on file: add one before your next refill' };
  }

  /** A plan paused for renewal whose renewal order (the patient's cart) is not yet checked out: the checkout, which resumes at its first pending stage. */
  async function renewalResumePathOf(plan: PlanRow): Promise<string | null> {
    if (plan.status !== 'paused' || plan.statusReason !== 'renewal' || !plan.renewalOrderId) return null;
    const order = await orders.findById(db, plan.renewalOrderId);
    return order && order.userId === plan.patientId && UNFINISHED.has(order.status) ? '/checkout' : null;
  }

  async function viewOf(plan: PlanRow, cards: CardView[], latest: CycleRow | undefined): Promise<RefillPlanView> {
    const rx = await prescriptions.byId(db, plan.prescriptionId);
    const product = await catalog.findAny(plan.storefrontId, plan.productId);
    const expiresAt = rx ? new Date(rx.expiresAt) : plan.nextDate;
    const reason = plan.statusReason as keyof typeof REFILL_STATUS_REASONS | null;
    return {
      id: plan.id,
      sourceOrderId: plan.sourceOrderId,
      orderNumber: orderNumberOf(plan.sourceOrderId),
      productId: plan.productId,
      productTitle: product?.title ?? 'Your product',
      qty: plan.qty,
      medication: rx ? `${rx.medication} ${rx.strength}` : '',
      status: plan.status === 'once' ? 'active' : plan.status,
      statusReason: plan.statusReason,
      statusMessage: plan.status === 'active' || !reason ? null : (REFILL_STATUS_REASONS[reason] ?? null),
      nextDate: plan.nextDate.toISOString(),
      nextCycle: plan.nextCycle,
      cycleDays: plan.cycleDays,
      refillsLeft: rx?.refillsLeft ?? 0,
      expiresAt: expiresAt.toISOString(),
      ...(await cardLabelOf(plan, cards)),
      renewalOrderId: plan.renewalOrderId,
      renewalResumePath: await renewalResumePathOf(plan),
      moveBounds: refillMoveBounds(now(), expiresAt),
      lastCycle: latest
        ? { cycle: latest.cycle, status: latest.status, orderId: latest.orderId, attempts: latest.attempts, nextAttemptAt: latest.nextAttemptAt?.toISOString() ?? null }
        : null,
    };
  }

  async function viewOne(patient: RefillPatient, plan: PlanRow): Promise<RefillPlanView> {
    const cards = await payments.listCards(patient.userId);
    return viewOf(plan, cards, (await repo.latestCycles(db, [plan.id])).get(plan.id));
  }

  const notActive = () => new AppError(409, 'REFILL_NOT_ACTIVE', REFILL_MESSAGES.PLAN_NOT_ACTIVE);

  return {
    /** GET /api/refills/settings: the storefront's refill terms. */
    terms(_storefront: StorefrontConfig): RefillTerms {
      return refillTerms();
    },

    /** GET /api/refills/eligible: the patient's orders whose prescription is active, has refills left, is not expired and has no live plan. */
    eligible,

    /** GET /api/refills: the patient's auto-refills (active and paused), next due first. */
    async list(patient: RefillPatient): Promise<RefillPlanView[]> {
      const plans = await repo.plansOf(db, patient.userId, patient.storefrontId, ['active', 'paused']);
      const cards = await payments.listCards(patient.userId);
      const latest = await repo.latestCycles(db, plans.map((p) => p.id));
      const out: RefillPlanView[] = [];
      for (const plan of plans) out.push(await viewOf(plan, cards, latest.get(plan.id)));
      return out;
    },

    /** GET /api/refills/:id. */
    async get(patient: RefillPatient, planId: string): Promise<RefillPlanView> {
      return viewOne(patient, await ownedPlan(patient, planId));
    },

    /**
     * POST /api/refills: an auto-refill for the order's prescription (the patient's own order and
     * card, else 404; a prescription that cannot be refilled, or has a plan already: 409).
     */
    async activate(patient: RefillPatient, input: ActivateRefillInput, ctx?: AuditContext): Promise<RefillPlanView> {
      const order = await ownedOrder(patient, input.orderId);
      if (input.cardId) await ownedCard(patient, input.cardId);
      const at = now();
      const rx = (await prescriptions.ofPatient(db, patient.userId)).find((p) => p.orderId === order.id && refillable(p, at));
      if (!rx) throw new AppError(409, 'REFILL_NOT_ELIGIBLE', REFILL_MESSAGES.NOT_ELIGIBLE);
      const found = await candidate(order, rx);
      if (!found) throw new AppError(409, 'REFILL_NOT_ELIGIBLE', REFILL_MESSAGES.NOT_ELIGIBLE);
      const plan = await db.transaction(async (tx) => {
        const [existing] = await repo.livePlansOf(tx, [rx.id]);
        // A one-time refill under way for it ("refill now") becomes the auto-refill.
        if (existing?.status === 'once') {
          const updated = await repo.updatePlan(tx, existing.id, { status: 'active', statusReason: null, cardId: input.cardId ?? null, nextDate: firstDate(at, found.cycleDays), updatedAt: at });
          await audit(tx, ctx, 'refill.activated', updated.id, { orderId: order.id });
          return updated;
        }
        if (existing) throw new AppError(409, 'REFILL_NOT_ELIGIBLE', REFILL_MESSAGES.NOT_ELIGIBLE);
        const inserted = await repo.insertPlan(tx, {
          prescriptionId: rx.id,
          sourceOrderId: order.id,
          patientId: patient.userId,
          storefrontId: patient.storefrontId,
          productId: found.item.productId,
          qty: found.item.qty,
          status: 'active',
          cycleDays: found.cycleDays,
          nextDate: firstDate(new Date(rx.writtenAt), found.cycleDays),
          nextCycle: 1,
          cardId: input.cardId ?? null,
          createdAt: at,
          updatedAt: at,
        });
        if (!inserted) throw new AppError(409, 'REFILL_NOT_ELIGIBLE', REFILL_MESSAGES.NOT_ELIGIBLE);
        await audit(tx, ctx, 'refill.activated', inserted.id, { orderId: order.id });
        return inserted;
      });
      return viewOne(patient, plan);
    },

    /** DELETE /api/refills/:id: the plan ends (reason "patient"); its history stays. */
    async deactivate(patient: RefillPatient, planId: string, ctx?: AuditContext): Promise<RefillPlanView> {
      const plan = await db.transaction(async (tx) => {
        const found = await ownedPlan(patient, planId, tx, true);
        if (found.status === 'ended') return found;
        const ended = await repo.updatePlan(tx, found.id, { status: 'ended', statusReason: 'patient', updatedAt: now() });
        await audit(tx, ctx, 'refill.deactivated', found.id);
        return ended;
      });
      return viewOne(patient, plan);
    },

    /** PATCH /api/refills/:id: the next date moves (from tomorrow to the prescription's expiry; 400 with the reason otherwise). */
    async move(patient: RefillPatient, planId: string, day: string, ctx?: AuditContext): Promise<RefillPlanView> {
      const plan = await db.transaction(async (tx) => {
        const found = await ownedPlan(patient, planId, tx, true);
        if (found.status === 'ended') throw notActive();
        const rx = await prescriptions.byId(tx, found.prescriptionId);
        const chosen = refillDateFor(day, now(), rx ? new Date(rx.expiresAt) : now());
        if (!chosen.ok) throw new AppError(400, 'REFILL_DATE_INVALID', chosen.message, { errors: [{ field: 'nextDate', message: chosen.message }] });
        // A paused plan (declined card) starts again from the chosen date with a fresh cycle.
        const cycle = await repo.cycleOf(tx, found.id, found.nextCycle);
        const restart = found.status === 'paused' && found.statusReason === 'declined';
        const moved = await repo.updatePlan(tx, found.id, {
          nextDate: chosen.at,
          ...(restart ? { status: 'active' as const, statusReason: null, nextCycle: cycle ? found.nextCycle + 1 : found.nextCycle } : {}),
          updatedAt: now(),
        });
        await audit(tx, ctx, 'refill.moved', found.id, { nextDate: isoDay(chosen.at) });
        return moved;
      });
      return viewOne(patient, plan);
    },

    /** POST /api/refills/:id/skip: the next cycle is recorded as skipped; the next date moves one cycle on. */
    async skip(patient: RefillPatient, planId: string, ctx?: AuditContext): Promise<RefillPlanView> {
      const plan = await db.transaction(async (tx) => {
        const found = await ownedPlan(patient, planId, tx, true);
        if (found.status !== 'active') throw notActive();
        const at = now();
        const { claimed } = await repo.claimCycle(tx, {
          planId: found.id,
          cycle: found.nextCycle,
          status: 'skipped',
          idempotencyKey: refillChargeKey(found.id, found.nextCycle),
          dueAt: found.nextDate,
          createdAt: at,
          updatedAt: at,
        });
        // The cycle is already being renewed (or was): it cannot be skipped any more.
        if (!claimed) throw new AppError(409, 'REFILL_IN_PROGRESS', 'This refill is already being processed; skip the one after it instead.');
        const moved = await repo.updatePlan(tx, found.id, {
          nextCycle: found.nextCycle + 1,
          nextDate: new Date(found.nextDate.getTime() + found.cycleDays * DAY_MS),
          updatedAt: at,
        });
        await audit(tx, ctx, 'refill.skipped', found.id, { cycle: found.nextCycle });
        return moved;
      });
      return viewOne(patient, plan);
    },

    /** PUT /api/refills/:id/card: the card to charge (the patient's own; null: the current card). */
    async changeCard(patient: RefillPatient, planId: string, cardId: string | null, ctx?: AuditContext): Promise<RefillPlanView> {
      if (cardId) await ownedCard(patient, cardId);
      const plan = await db.transaction(async (tx) => {
        const found = await ownedPlan(patient, planId, tx, true);
        if (found.status === 'ended') throw notActive();
        const changed = await repo.updatePlan(tx, found.id, { cardId, updatedAt: now() });
        await audit(tx, ctx, 'refill.card_changed', found.id);
        return changed;
      });
      return viewOne(patient, plan);
    },

    // ---- for the renewal job, reorder and the renewal consult (workflows) --------------------------

    /** A plan by id (workflows). */
    planById: (executor: DbOrTx, planId: string, forUpdate = false) => repo.planById(executor, planId, { forUpdate }),

    /** The live plan of a prescription (workflows: reorder). */
    async livePlanOf(executor: DbOrTx, prescriptionId: string): Promise<PlanRow | null> {
      return (await repo.livePlansOf(executor, [prescriptionId]))[0] ?? null;
    },

    /** Reorder's "refill now" without a plan: a one-time plan due now for the order's prescription (null when one is live already). */
    async startOnce(input: { patient: RefillPatient; order: OrderRow; prescription: PrescriptionSummary & { productId: string | null } }): Promise<PlanRow | null> {
      const found = await candidate(input.order, input.prescription);
      if (!found) return null;
      const at = now();
      const plan = await repo.insertPlan(db, {
        prescriptionId: input.prescription.id,
        sourceOrderId: input.order.id,
        patientId: input.patient.userId,
        storefrontId: input.patient.storefrontId,
        productId: found.item.productId,
        qty: found.item.qty,
        status: 'once',
        cycleDays: found.cycleDays,
        nextDate: at,
        nextCycle: 1,
        cardId: null,
        noticeSentForCycle: 1,
        createdAt: at,
        updatedAt: at,
      });
      return plan ?? null;
    },

    /** Claims one due plan (SKIP LOCKED) in `tx`; its due cycle in flight for less than `leaseMs` is passed over. */
    claimDuePlan: (tx: DbOrTx, leaseMs: number) => repo.claimDuePlan(tx, now(), new Date(now().getTime() - leaseMs)),

    /** Plans due within `withinMs` whose patient was not told of the cycle: marked told, answered. */
    markNoticesDue: (tx: DbOrTx, withinMs: number, limit = 500) => repo.markNoticesDue(tx, new Date(now().getTime() + withinMs), limit),

    /** Claims the plan's cycle row (insert … on conflict do nothing); answers it and whether this call made it. */
    claimCycle(tx: DbOrTx, plan: PlanRow, cycle: number) {
      const at = now();
      return repo.claimCycle(tx, { planId: plan.id, cycle, status: 'claimed', idempotencyKey: refillChargeKey(plan.id, cycle), dueAt: plan.nextDate, createdAt: at, updatedAt: at });
    },

    cycleOf: (executor: DbOrTx, planId: string, cycle: number, forUpdate = false) => repo.cycleOf(executor, planId, cycle, forUpdate),
    cycleById: (executor: DbOrTx, id: string) => repo.cycleById(executor, id),
    /** The cycle that created a refill order (issue 17), else undefined (any other order). */
    cycleOfOrder: (executor: DbOrTx, orderId: string) => repo.cycleOfOrder(executor, orderId),
    cyclesOf: (executor: DbOrTx, planId: string) => repo.cyclesOf(executor, planId),
    countCycles: (executor: DbOrTx, status: RefillCycleStatus) => repo.countCycles(executor, status),

    updateCycle(tx: DbOrTx, id: string, set: Partial<Pick<CycleRow, 'status' | 'orderId' | 'attempts' | 'nextAttemptAt' | 'failureReason'>>) {
      return repo.updateCycle(tx, id, { ...set, updatedAt: now() });
    },

    updatePlan(tx: DbOrTx, id: string, set: Partial<Pick<PlanRow, 'status' | 'statusReason' | 'nextDate' | 'nextCycle' | 'renewalOrderId' | 'prescriptionId'>>) {
      return repo.updatePlan(tx, id, { ...set, updatedAt: now() });
    },

    /**
     * The renewal consult was approved (helper "renewal"'s workflow): the plan follows the new
     * prescription, active again, next refill a cycle from `at`.
     */
    async followPrescription(tx: DbOrTx, input: { planId: string; prescriptionId: string; at: Date }): Promise<void> {
      const plan = await repo.planById(tx, input.planId, { forUpdate: true });
      if (!plan || plan.status === 'ended') return;
      await repo.updatePlan(tx, plan.id, {
        prescriptionId: input.prescriptionId,
        status: 'active',
        statusReason: null,
        renewalOrderId: null,
        nextCycle: plan.nextCycle + 1,
        nextDate: new Date(input.at.getTime() + plan.cycleDays * DAY_MS),
        updatedAt: now(),
      });
    },

    /** The plan a renewal consult order was opened for, or null. */
    async planOfRenewalOrder(executor: DbOrTx, orderId: string): Promise<{ planId: string } | null> {
      if (!isUuid(orderId)) return null;
      const plan = await repo.planOfRenewalOrder(executor, orderId);
      return plan ? { planId: plan.id } : null;
    },
  };
}
export type RefillsService = ReturnType<typeof createRefillsService>;
