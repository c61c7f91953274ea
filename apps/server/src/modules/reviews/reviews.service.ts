// The doctors' review queue (issue 15; DATA-MODEL.md "awaiting_review: a doctor claims it (a lease;
// it lapses back to the queue)"). A doctor sees the paid consult orders they may take: of the
// storefronts they serve, from patients in the states they are licensed in, longest waiting first.
// Claiming takes a lease (REVIEW_LEASE_MS, renewed while they work); one doctor at a time holds an
// order, and a lease that runs out puts it back. Decisions are the order-decisions workflow's.
import { orderNumberOf, type ReviewQueue, type ReviewQueueItem, type StorefrontConfig } from '@store/domain';
import type { Db, DbOrTx } from '../../db/client.ts';
import type { DecisionKind } from '../../db/schema/reviews.ts';
import { AppError, notFound } from '../../lib/problem.ts';
import type { StaffDoctor } from '../doctors/doctors.service.ts';
import type { OrderState, OrdersService, ReviewScope } from '../orders/orders.service.ts';
import type { AddressService } from '../addresses/addresses.service.ts';
import type { PaymentsService } from '../payments/payments.service.ts';
import type { SchedulingService } from '../scheduling/scheduling.service.ts';
import { reviewsRepo as repo, type ClaimRow, type DecisionRow, type FlaggedAnswerRow, type InfoRequestRow } from './reviews.repo.ts';

/** How long a claim holds an order without the doctor touching it. */
export const REVIEW_LEASE_MS = 15 * 60_000;
/** How long after payment a review is due (shown in the queue). */
export const REVIEW_DUE_MS = 24 * 60 * 60_000;
export const REVIEW_QUEUE_PAGE = 50;

export const REVIEW_TAKEN = 'Another doctor is reviewing this order.';
export const REVIEW_NOT_HELD = 'Claim this order before deciding on it; your claim may have lapsed.';

export interface ClaimView {
  doctorId: string;
  byMe: boolean;
  claimedAt: string;
  leaseExpiresAt: string;
}

export type QueueItem = ReviewQueueItem;
export type { DecisionRow, FlaggedAnswerRow, InfoRequestRow };

/** The card hold must be decided on at least this long before it lapses (issue 15 hold renewal). */
export const HOLD_MARGIN_MS = 12 * 60 * 60_000;

export const INFO_ANSWERED = 'This question has already been answered.';

/**
 * What a doctor may claim and decide on: an order awaiting review (any doctor who serves its
 * storefront and is licensed in its state), or a visit's order (only the visit's doctor).
 */
const REVIEWABLE = ['awaiting_review', 'visit_scheduled'] as const;

const claimView = (row: ClaimRow, doctorId: string): ClaimView => ({
  doctorId: row.doctorId,
  byMe: row.doctorId === doctorId,
  claimedAt: row.claimedAt.toISOString(),
  leaseExpiresAt: row.leaseExpiresAt.toISOString(),
});

export function createReviewService(deps: {
  db: Db;
  now: () => Date;
  orders: Pick<OrdersService, 'reviewQueue' | 'reviewCounts' | 'state'>;
  storefronts: { list(): Promise<StorefrontConfig[]> };
  payments: Pick<PaymentsService, 'holdsOf'>;
  addresses: Pick<AddressService, 'savedState'>;
  scheduling: Pick<SchedulingService, 'todayForDoctor'>;
  leaseMs?: number;
  /**
   * How long the queue's pages and counts are reused for doctors of one scope (REVIEW_QUEUE_CACHE_MS):
   * twenty doctors asking every few seconds would otherwise count every open order each time. Who
   * holds an order is never cached.
   */
  cacheMs?: number;
}) {
  const { db, now, orders } = deps;
  const leaseMs = deps.leaseMs ?? REVIEW_LEASE_MS;

  /** The storefronts a doctor serves: their one storefront, or every storefront of their company. */
  async function storefrontsOf(doctor: StaffDoctor): Promise<StorefrontConfig[]> {
    const all = await deps.storefronts.list();
    return all.filter((s) => (doctor.storefrontId ? s.id === doctor.storefrontId : s.companyId === doctor.companyId));
  }

  /**
   * The order if this doctor may review it now (awaiting review, a storefront they serve — read
   * before any transaction —, a state they are licensed in), else 404.
   */
  async function reviewable(
    executor: DbOrTx,
    doctor: StaffDoctor,
    orderId: string,
    served: readonly string[],
    statuses: readonly string[] = REVIEWABLE,
  ): Promise<OrderState> {
    const state = await orders.state(executor, { orderId });
    if (!state || !statuses.includes(state.order.status)) throw notFound();
    // After a visit the decision is its own doctor's (issue 15 "the decision after a visit").
    if (state.order.status === 'visit_scheduled' && state.order.doctorId !== doctor.id) throw notFound();
    if (!served.includes(state.order.storefrontId)) throw notFound();
    const where = await patientState(state, executor);
    if (!where || !doctor.states.includes(where)) throw notFound();
    return state;
  }

  /**
   * The state a doctor must be licensed in to review the order (issue 15): where it ships (the
   * shipping state, else the shipping address snapshot's state); for an order with neither (a
   * product that ships nothing), the state of the patient's most recently used saved address. No
   * state at all: no doctor may review it (it stays out of every queue).
   */
  async function patientState(state: Pick<OrderState, 'order'>, executor?: DbOrTx): Promise<string | null> {
    const own = state.order.shippingState ?? state.order.shipState;
    if (own) return own;
    return state.order.userId ? deps.addresses.savedState(state.order.userId, executor) : null;
  }

  /**
   * A short-lived cache of what many doctors with the same scope read alike (`cacheMs`, by this
   * process's own clock): the queue's counts and its pages. Bounded; a failed read is not kept.
   */
  function shortCache<T>() {
    const entries = new Map<string, { at: number; value: Promise<T> }>();
    return (key: string, load: () => Promise<T>): Promise<T> => {
      const at = Date.now();
      const hit = entries.get(key);
      if (hit && at - hit.at < (deps.cacheMs ?? 0)) return hit.value;
      if (entries.size > 1000) entries.clear();
      const value = load();
      entries.set(key, { at, value });
      value.catch(() => entries.delete(key));
      return value;
    };
  }
  const scopeKey = (scope: ReviewScope) => JSON.stringify([[...scope.storefrontIds].sort(), [...scope.states].sort(), [...scope.alsoIds].sort()]);
  // Per doctor: the orders waiting for their questions' answers, and their visits today.
  const askedCache = shortCache<string[]>();
  const visitsCache = shortCache<Awaited<ReturnType<SchedulingService['todayForDoctor']>>>();
  const countsCache = shortCache<Awaited<ReturnType<OrdersService['reviewCounts']>>>();
  const countsOf = (scope: ReviewScope) => countsCache(scopeKey(scope), () => orders.reviewCounts(scope));

  type QueueFilters = { storefrontId?: string | undefined; productId?: string | undefined; state?: string | undefined; status?: string | undefined };
  const pageCache = shortCache<{
    found: OrderState[];
    holds: Awaited<ReturnType<PaymentsService['holdsOf']>>;
    decidedAt: Map<string, Date>;
    answered: { orderId: string; answeredAt: Date }[];
  }>();
  /** One page of the queue with the payment holds, last decisions and answers behind its orders. */
  function pageOf(scope: ReviewScope, filters: QueueFilters, page: number) {
    const key = JSON.stringify([scopeKey(scope), filters.storefrontId, filters.productId, filters.state, filters.status, page]);
    return pageCache(key, async () => {
      const found = await orders.reviewQueue(
        { ...scope, storefrontId: filters.storefrontId, productId: filters.productId, state: filters.state, status: filters.status },
        { limit: REVIEW_QUEUE_PAGE, offset: (page - 1) * REVIEW_QUEUE_PAGE },
      );
      const ids = found.map((o) => o.order.id);
      const [holds, decidedAt, answered] = await Promise.all([deps.payments.holdsOf(ids), repo.lastDecisionAt(db, ids), repo.answeredOf(db, ids)]);
      return { found, holds, decidedAt, answered };
    });
  }

  /** The ids of the storefronts a doctor serves; read it before a transaction that checks a claim. */
  const servedIds = async (doctor: StaffDoctor) => (await storefrontsOf(doctor)).map((s) => s.id);

  return {
    servedIds,

    /** The order if this doctor may review it now (as for claiming), else 404. */
    async reviewable(doctor: StaffDoctor, orderId: string): Promise<OrderState> {
      return reviewable(db, doctor, orderId, await servedIds(doctor));
    },

    /** GET /api/doctor/queue: what this doctor may take, longest waiting first, with who holds each. */
    patientState,

    /**
     * GET /api/doctor/queue (issue 15): what this doctor may review — orders awaiting review of the
     * storefronts they serve in the states they are licensed in, and those waiting for the patient
     * to answer this doctor's question — soonest due first (due: a day after payment, or 12 hours
     * before the card hold lapses if that is sooner), with counts over all of it, who holds each,
     * and the doctor's visits today.
     */
    async queue(
      doctor: StaffDoctor,
      filters: { storefrontId?: string | undefined; productId?: string | undefined; state?: string | undefined; status?: string | undefined; page?: number | undefined },
    ): Promise<ReviewQueue> {
      const [served, asked] = await Promise.all([storefrontsOf(doctor), askedCache(doctor.id, () => repo.openRequestsBy(db, doctor.id))]);
      const names = new Map(served.map((s) => [s.id, s.name]));
      const scope = { storefrontIds: [...names.keys()], states: doctor.states, alsoIds: asked };
      const page = filters.page ?? 1;
      const [{ found, holds, decidedAt, answered }, counted, visits] = await Promise.all([
        pageOf(scope, filters, page),
        countsOf(scope),
        visitsCache(doctor.id, () => deps.scheduling.todayForDoctor(doctor.id, doctor.timeZone)),
      ]);
      // Who holds each order is always read now: a doctor must see at once that another took one.
      const claims = await repo.liveClaims(db, found.map((o) => o.order.id), now());
      const claimOf = new Map(claims.map((c) => [c.orderId, c]));
      const items: ReviewQueueItem[] = found.map(({ order, items: lines }) => {
        const hold = holds.get(order.id);
        const since = hold?.authorizedAt ?? order.createdAt;
        const byPayment = since.getTime() + REVIEW_DUE_MS;
        const byHold = hold?.holdExpiresAt ? hold.holdExpiresAt.getTime() - HOLD_MARGIN_MS : Number.POSITIVE_INFINITY;
        const last = decidedAt.get(order.id)?.getTime() ?? 0;
        const status = order.status === 'needs_info' ? ('needs_info' as const) : ('awaiting_review' as const);
        const claim = claimOf.get(order.id);
        return {
          orderId: order.id,
          orderNumber: orderNumberOf(order.id),
          storefront: { id: order.storefrontId, name: names.get(order.storefrontId) ?? '' },
          state: order.shippingState ?? order.shipState,
          status,
          products: lines.map((i) => ({ id: i.productId, title: i.title })),
          waitingSince: since.toISOString(),
          dueAt: new Date(Math.min(byPayment, byHold)).toISOString(),
          holdExpiresAt: hold?.holdExpiresAt?.toISOString() ?? null,
          waitingForPatient: status === 'needs_info',
          newAnswer: status === 'awaiting_review' && answered.some((a) => a.orderId === order.id && a.answeredAt.getTime() > last),
          claim: claim ? claimView(claim, doctor.id) : null,
        };
      });
      const keep = (r: { storefrontId: string; state: string; status: string }) =>
        (!filters.storefrontId || r.storefrontId === filters.storefrontId) && (!filters.state || r.state === filters.state) && (!filters.status || r.status === filters.status);
      const total = filters.productId
        ? counted.products.filter((r) => r.productId === filters.productId && keep(r)).reduce((n, r) => n + r.n, 0)
        : counted.orders.filter(keep).reduce((n, r) => n + r.n, 0);
      return {
        items,
        total,
        page,
        pageSize: REVIEW_QUEUE_PAGE,
        counts: {
          total: counted.orders.reduce((n, r) => n + r.n, 0),
          byStorefront: tally(counted.orders, (r) => [r.storefrontId, names.get(r.storefrontId) ?? '']),
          byProduct: tally(counted.products, (r) => [r.productId, r.title]),
          byState: tally(counted.orders, (r) => [r.state, r.state]),
          byStatus: tally(counted.orders, (r) => [r.status, r.status === 'needs_info' ? 'Waiting for the patient' : 'Awaiting review']),
        },
        todayVisits: visits.map((v) => ({ ...v, orderNumber: v.orderId ? orderNumberOf(v.orderId) : null })),
        timeZone: doctor.timeZone,
        serverNow: now().toISOString(),
      };
    },

    /**
     * The order this doctor holds a live claim on right now (GET /api/doctor/orders/:id and its
     * uploads); anything else — not claimed, lapsed, another doctor's, not theirs to review — 404.
     */
    async assertHolding(doctor: StaffDoctor, orderId: string): Promise<{ state: OrderState; claim: ClaimView; patientState: string | null }> {
      const state = await reviewable(db, doctor, orderId, await servedIds(doctor));
      const [claim] = await repo.liveClaims(db, [orderId], now());
      if (!claim || claim.doctorId !== doctor.id) throw notFound();
      return { state, claim: claimView(claim, doctor.id), patientState: await patientState(state) };
    },

    /**
     * issue 18, the operator's console: the answers flagged for the doctor on one questionnaire
     * version (the caller checked the version is of the admin's product's questionnaire). Writes
     * run in the caller's transaction; another version's flag: undefined (a 404).
     */
    flagsAdmin: {
      async list(versionId: string, executor: DbOrTx = db) {
        return (await repo.flagsOfVersion(executor, versionId)).map((f) => ({ id: f.id, questionId: f.questionId, answers: f.answers, note: f.note }));
      },
      async add(tx: DbOrTx, versionId: string, input: { questionId: string; answers: string[]; note: string }) {
        const f = await repo.insertFlag(tx, { questionnaireVersionId: versionId, ...input });
        return { id: f.id, questionId: f.questionId, answers: f.answers, note: f.note };
      },
      async remove(tx: DbOrTx, versionId: string, id: string) {
        const f = await repo.deleteFlag(tx, versionId, id);
        return f && { id: f.id, questionId: f.questionId, answers: f.answers, note: f.note };
      },
    },

    /** What the review page shows beside the consult: decisions of these orders, their questions, the versions' flagged answers. */
    async reviewRecords(orderIds: readonly string[], versionIds: readonly string[]) {
      const [decisions, infoRequests, flagged, decidedAt] = await Promise.all([
        repo.decisionsOf(db, orderIds),
        repo.infoRequestsOf(db, orderIds),
        repo.flaggedFor(db, versionIds),
        repo.lastDecisionAt(db, orderIds),
      ]);
      return { decisions, infoRequests, flagged, decidedAt };
    },

    /**
     * Request more information (issue 15), in the workflow's transaction: the doctor holds the
     * claim (409 REVIEW_NOT_HELD otherwise; 404 when the order is not theirs to review), the
     * question is recorded with a needs_info decision, and the claim given back.
     */
    async askPatient(tx: DbOrTx, doctor: StaffDoctor, orderId: string, served: readonly string[], input: { question: string; clinicalNote?: string | undefined }): Promise<InfoRequestRow> {
      await reviewable(tx, doctor, orderId, served);
      const at = now();
      if (!(await repo.heldBy(tx, orderId, doctor.id, at))) throw new AppError(409, 'REVIEW_NOT_HELD', REVIEW_NOT_HELD);
      const row = await repo.insertInfoRequest(tx, { orderId, doctorId: doctor.id, question: input.question, askedAt: at });
      await repo.insertDecision(tx, { orderId, doctorId: doctor.id, kind: 'needs_info', reasonCode: null, noteForPatient: null, clinicalNote: input.clinicalNote ?? null, at });
      await repo.release(tx, orderId, doctor.id, at);
      return row;
    },

    /** The order's questions, oldest first (the caller checked the order is the patient's). */
    infoRequestsOf: (orderId: string, executor: DbOrTx = db) => repo.infoRequestsOf(executor, [orderId]),

    /**
     * The patient's answer, in the workflow's transaction: an unknown question of the order is a
     * 404, one answered already 409.
     */
    async recordAnswer(tx: DbOrTx, orderId: string, requestId: string, answer: { answer: string; uploadIds: string[] }): Promise<InfoRequestRow> {
      const row = await repo.infoRequestForUpdate(tx, orderId, requestId);
      if (!row) throw notFound();
      if (row.answeredAt) throw new AppError(409, 'INFO_ALREADY_ANSWERED', INFO_ANSWERED);
      const saved = await repo.answerInfoRequest(tx, requestId, { answer: answer.answer, answerUploadIds: answer.uploadIds, answeredAt: now() });
      if (!saved) throw new AppError(409, 'INFO_ALREADY_ANSWERED', INFO_ANSWERED);
      return saved;
    },

    /**
     * POST /api/doctor/orders/:id/claim: takes the order (or renews this doctor's lease). Another
     * doctor's live claim: 409 REVIEW_TAKEN. An order this doctor may not review: 404.
     */
    async claim(doctor: StaffDoctor, orderId: string): Promise<ClaimView> {
      await reviewable(db, doctor, orderId, await servedIds(doctor));
      const at = now();
      const row = await repo.take(db, { orderId, doctorId: doctor.id, at, until: new Date(at.getTime() + leaseMs) });
      if (!row) throw new AppError(409, 'REVIEW_TAKEN', REVIEW_TAKEN);
      return claimView(row, doctor.id);
    },

    /** DELETE /api/doctor/orders/:id/claim: puts the order back in the queue. */
    async release(doctor: StaffDoctor, orderId: string): Promise<void> {
      if (!(await repo.release(db, orderId, doctor.id, now()))) throw notFound();
    },

    /**
     * For a decision, in its transaction, before any money moves: the order this doctor holds a
     * live claim on, locked, with its lease renewed so it cannot lapse while the card processor is
     * asked; 409 REVIEW_NOT_HELD when they hold none (never claimed, lapsed, taken over).
     * `served`: `servedIds(doctor)`, read before the transaction.
     */
    async assertHeld(tx: DbOrTx, doctor: StaffDoctor, orderId: string, served: readonly string[]): Promise<OrderState> {
      const state = await reviewable(tx, doctor, orderId, served);
      const at = now();
      if (!(await repo.heldBy(tx, orderId, doctor.id, at))) throw new AppError(409, 'REVIEW_NOT_HELD', REVIEW_NOT_HELD);
      await repo.extendLease(tx, orderId, new Date(at.getTime() + leaseMs));
      return state;
    },

    /**
     * The decision's last step, after its money moved: the doctor still holds the claim (not
     * released; its lease was renewed by `assertHeld`), so the decision is theirs to record.
     */
    async assertStillHeld(tx: DbOrTx, doctor: StaffDoctor, orderId: string, served: readonly string[]): Promise<OrderState> {
      const state = await reviewable(tx, doctor, orderId, served);
      if (!(await repo.heldBy(tx, orderId, doctor.id, null))) throw new AppError(409, 'REVIEW_NOT_HELD', REVIEW_NOT_HELD);
      return state;
    },

    /** Records the decision and gives the claim back, in the decision's transaction. */
    async decided(
      tx: DbOrTx,
      doctor: StaffDoctor,
      orderId: string,
      decision: { kind: DecisionKind; reasonCode?: string | null; noteForPatient?: string | null; clinicalNote?: string | null },
    ): Promise<void> {
      const at = now();
      await repo.insertDecision(tx, {
        orderId,
        doctorId: doctor.id,
        kind: decision.kind,
        reasonCode: decision.reasonCode ?? null,
        noteForPatient: decision.noteForPatient ?? null,
        clinicalNote: decision.clinicalNote ?? null,
        at,
      });
      await repo.release(tx, orderId, doctor.id, at);
    },

    /**
     * issue 16 rating: the decision that closed the order's review (the newest approve or decline)
     * with the doctor who made it, read in `tx` or `db`; null before one.
     */
    async closingDecisionOf(orderId: string, tx?: DbOrTx): Promise<{ doctorId: string; kind: 'approve' | 'decline'; at: Date } | null> {
      const closing = (await repo.decisionsOf(tx ?? db, [orderId])).find((d) => d.kind === 'approve' || d.kind === 'decline');
      return closing ? { doctorId: closing.doctorId, kind: closing.kind as 'approve' | 'decline', at: closing.at } : null;
    },

    /** issue 17 health records: each order's closing decision with what the doctor wrote for the patient (never the clinical note). */
    async closingDecisionsOf(orderIds: readonly string[]): Promise<Map<string, { doctorId: string; kind: 'approve' | 'decline'; at: Date; noteForPatient: string | null }>> {
      const found = new Map<string, { doctorId: string; kind: 'approve' | 'decline'; at: Date; noteForPatient: string | null }>();
      for (const d of await repo.decisionsOf(db, orderIds)) {
        if ((d.kind === 'approve' || d.kind === 'decline') && !found.has(d.orderId)) found.set(d.orderId, { doctorId: d.doctorId, kind: d.kind, at: d.at, noteForPatient: d.noteForPatient });
      }
      return found;
    },
  };
}
export type ReviewService = ReturnType<typeof createReviewService>;

/** Counts per key over rows (a row may count under several keys, e.g. its products). */
/** Sums grouped counts under each key, largest first. */
function tally<T extends { n: number }>(rows: readonly T[], key: (row: T) => [string, string]): { id: string; label: string; count: number }[] {
  const counts = new Map<string, { id: string; label: string; count: number }>();
  for (const row of rows) {
    const [id, label] = key(row);
    const entry = counts.get(id) ?? { id, label, count: 0 };
    entry.count += row.n;
    counts.set(id, entry);
  }
  return [...counts.values()].sort((a, b) => b.count - a.count || a.label.localeCompare(b.label));
}
