// The doctors' review queue (issue 15; DATA-MODEL.md "awaiting_review: a doctor claims it (a lease;
// it lapses back to the queue)"). A doctor sees the paid consult orders they may take: of the
// storefronts they serve, from patients in the states they are licensed in, longest waiting first.
// Claiming takes a lease (REVIEW_LEASE_MS, renewed while they work); one doctor at a time holds an
// order, and a lease that runs out puts it back. Decisions are the order-decisions workflow's.
import { orderNumberOf, type StorefrontConfig } from '@store/domain';
import type { Db, DbOrTx } from '../../db/client.ts';
import type { DecisionKind } from '../../db/schema/reviews.ts';
import { AppError, notFound } from '../../lib/problem.ts';
import type { StaffDoctor } from '../doctors/doctors.service.ts';
import type { OrderState, OrdersService } from '../orders/orders.service.ts';
import { reviewsRepo as repo, type ClaimRow } from './reviews.repo.ts';

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

export interface QueueItem {
  orderId: string;
  orderNumber: string;
  storefront: { id: string; name: string };
  state: string | null;
  products: { id: string; title: string }[];
  waitingSince: string;
  dueAt: string;
  claim: ClaimView | null;
}

const claimView = (row: ClaimRow, doctorId: string): ClaimView => ({
  doctorId: row.doctorId,
  byMe: row.doctorId === doctorId,
  claimedAt: row.claimedAt.toISOString(),
  leaseExpiresAt: row.leaseExpiresAt.toISOString(),
});

export function createReviewService(deps: {
  db: Db;
  now: () => Date;
  orders: Pick<OrdersService, 'reviewQueue' | 'state'>;
  storefronts: { list(): Promise<StorefrontConfig[]> };
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
  async function reviewable(executor: DbOrTx, doctor: StaffDoctor, orderId: string, served: readonly string[]): Promise<OrderState> {
    const state = await orders.state(executor, { orderId });
    if (!state || state.order.status !== 'awaiting_review') throw notFound();
    if (!served.includes(state.order.storefrontId)) throw notFound();
    if (!state.order.shippingState || !doctor.states.includes(state.order.shippingState)) throw notFound();
    return state;
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
    async queue(
      doctor: StaffDoctor,
      filters: { storefrontId?: string | undefined; productId?: string | undefined; state?: string | undefined; page?: number | undefined },
    ): Promise<{ items: QueueItem[]; total: number; page: number; pageSize: number }> {
      const served = await storefrontsOf(doctor);
      const names = new Map(served.map((s) => [s.id, s.name]));
      const storefrontIds = filters.storefrontId ? served.filter((s) => s.id === filters.storefrontId).map((s) => s.id) : [...names.keys()];
      const states = filters.state ? doctor.states.filter((s) => s === filters.state) : doctor.states;
      const page = filters.page ?? 1;
      const found = await orders.reviewQueue(
        { statuses: ['awaiting_review'], storefrontIds, states, productId: filters.productId },
        { limit: REVIEW_QUEUE_PAGE, offset: (page - 1) * REVIEW_QUEUE_PAGE },
      );
      const claims = new Map((await repo.liveClaims(db, found.orders.map((o) => o.order.id), now())).map((c) => [c.orderId, c]));
      return {
        items: found.orders.map(({ order, items }) => {
          const claim = claims.get(order.id);
          return {
            orderId: order.id,
            orderNumber: orderNumberOf(order.id),
            storefront: { id: order.storefrontId, name: names.get(order.storefrontId) ?? '' },
            state: order.shippingState,
            products: items.map((i) => ({ id: i.productId, title: i.title })),
            waitingSince: order.updatedAt.toISOString(),
            dueAt: new Date(order.updatedAt.getTime() + REVIEW_DUE_MS).toISOString(),
            claim: claim ? claimView(claim, doctor.id) : null,
          };
        }),
        total: found.total,
        page,
        pageSize: REVIEW_QUEUE_PAGE,
      };
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
