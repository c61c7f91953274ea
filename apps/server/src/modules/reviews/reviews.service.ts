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
import type { OrderState, OrdersService } from '../orders/orders.service.ts';
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
/** Most orders the queue works over at once (counts and ordering are computed over them). */
const QUEUE_SCAN_LIMIT = 5000;

export const INFO_ANSWERED = 'This question has already been answered.';

const claimView = (row: ClaimRow, doctorId: string): ClaimView => ({
  doctorId: row.doctorId,
  byMe: row.doctorId === doctorId,
  claimedAt: row.claimedAt.toISOString(),
  leaseExpiresAt: row.leaseExpiresAt.toISOString(),
});

export function createReviewService(deps: {
  db: Db;
  now: () => Date;
  orders: Pick<OrdersService, 'reviewCandidates' | 'state'>;
  storefronts: { list(): Promise<StorefrontConfig[]> };
  payments: Pick<PaymentsService, 'holdsOf'>;
  addresses: Pick<AddressService, 'savedState'>;
  scheduling: Pick<SchedulingService, 'todayForDoctor'>;
  leaseMs?: number;
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
    statuses: readonly string[] = ['awaiting_review'],
  ): Promise<OrderState> {
    const state = await orders.state(executor, { orderId });
    if (!state || !statuses.includes(state.order.status)) throw notFound();
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
      const served = await storefrontsOf(doctor);
      const names = new Map(served.map((s) => [s.id, s.name]));
      const asked = new Set(await repo.openRequestsBy(db, doctor.id));
      const candidates = (await orders.reviewCandidates({ statuses: ['awaiting_review', 'needs_info'], storefrontIds: [...names.keys()] }, QUEUE_SCAN_LIMIT)).filter(
        (o) => o.order.status === 'awaiting_review' || asked.has(o.order.id),
      );
      const states = new Map<string, string | null>();
      for (const c of candidates) states.set(c.order.id, await patientState(c));
      const scope = candidates.filter((c) => {
        const st = states.get(c.order.id);
        return st != null && doctor.states.includes(st);
      });
      const ids = scope.map((c) => c.order.id);
      const [holds, decidedAt, answered] = await Promise.all([deps.payments.holdsOf(ids), repo.lastDecisionAt(db, ids), repo.answeredOf(db, ids)]);
      const rows: (ReviewQueueItem & { due: number })[] = scope.map(({ order, items }) => {
        const hold = holds.get(order.id);
        const since = hold?.authorizedAt ?? order.createdAt;
        const byPayment = since.getTime() + REVIEW_DUE_MS;
        const byHold = hold?.holdExpiresAt ? hold.holdExpiresAt.getTime() - HOLD_MARGIN_MS : Number.POSITIVE_INFINITY;
        const due = Math.min(byPayment, byHold);
        const last = decidedAt.get(order.id)?.getTime() ?? 0;
        const status = order.status === 'needs_info' ? ('needs_info' as const) : ('awaiting_review' as const);
        return {
          orderId: order.id,
          orderNumber: orderNumberOf(order.id),
          storefront: { id: order.storefrontId, name: names.get(order.storefrontId) ?? '' },
          state: states.get(order.id) ?? null,
          status,
          products: items.map((i) => ({ id: i.productId, title: i.title })),
          waitingSince: since.toISOString(),
          dueAt: new Date(due).toISOString(),
          holdExpiresAt: hold?.holdExpiresAt?.toISOString() ?? null,
          waitingForPatient: status === 'needs_info',
          newAnswer: status === 'awaiting_review' && answered.some((a) => a.orderId === order.id && a.answeredAt.getTime() > last),
          claim: null,
          due,
        };
      });
      const counts = {
        total: rows.length,
        byStorefront: tally(rows, (r) => [[r.storefront.id, r.storefront.name]]),
        byProduct: tally(rows, (r) => r.products.map((p) => [p.id, p.title] as [string, string])),
        byState: tally(rows, (r) => (r.state ? [[r.state, r.state]] : [])),
        byStatus: tally(rows, (r) => [[r.status, r.status === 'needs_info' ? 'Waiting for the patient' : 'Awaiting review']]),
      };
      const matching = rows
        .filter(
          (r) =>
            (!filters.storefrontId || r.storefront.id === filters.storefrontId) &&
            (!filters.productId || r.products.some((p) => p.id === filters.productId)) &&
            (!filters.state || r.state === filters.state) &&
            (!filters.status || r.status === filters.status),
        )
        // Orders waiting for the patient go last: nothing to do on them yet.
        .sort((a, b) => Number(a.waitingForPatient) - Number(b.waitingForPatient) || a.due - b.due || a.orderId.localeCompare(b.orderId));
      const page = filters.page ?? 1;
      const slice = matching.slice((page - 1) * REVIEW_QUEUE_PAGE, page * REVIEW_QUEUE_PAGE);
      const claims = new Map((await repo.liveClaims(db, slice.map((o) => o.orderId), now())).map((c) => [c.orderId, c]));
      const visits = await deps.scheduling.todayForDoctor(doctor.id, doctor.timeZone);
      return {
        items: slice.map(({ due: _due, ...item }) => {
          const claim = claims.get(item.orderId);
          return { ...item, claim: claim ? claimView(claim, doctor.id) : null };
        }),
        total: matching.length,
        page,
        pageSize: REVIEW_QUEUE_PAGE,
        counts,
        todayVisits: visits.map((v) => ({ ...v, orderNumber: v.orderId ? orderNumberOf(v.orderId) : null })),
        timeZone: doctor.timeZone,
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
      await reviewable(tx, doctor, orderId, served, ['awaiting_review', 'visit_scheduled']);
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
  };
}
export type ReviewService = ReturnType<typeof createReviewService>;

/** Counts per key over rows (a row may count under several keys, e.g. its products). */
function tally<T>(rows: readonly T[], keys: (row: T) => [string, string][]): { id: string; label: string; count: number }[] {
  const counts = new Map<string, { id: string; label: string; count: number }>();
  for (const row of rows) {
    for (const [id, label] of new Map(keys(row))) {
      const entry = counts.get(id) ?? { id, label, count: 0 };
      entry.count++;
      counts.set(id, entry);
    }
  }
  return [...counts.values()].sort((a, b) => b.count - a.count || a.label.localeCompare(b.label));
}
