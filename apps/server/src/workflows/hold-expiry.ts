// Card holds about to lapse before a decision (issue 15; DATA-MODEL.md "A hold about to lapse
// before a decision is renewed or the patient is told"). A sandbox or Stripe hold lasts 7 days from
// its authorization (payments.holdExpiresAt). Every 15 minutes this job finds the orders still
// waiting for a doctor (awaiting_review, needs_info, visit_scheduled, visit_missed) whose held payment lapses
// within a day and tells the patient once (a `hold_expiring` notice, one per order). The queue
// already puts such orders first: an order is due 12 hours before its hold lapses, if sooner than
// a day after payment. After the hold lapsed, the payments service refuses to capture (approve: 409
// HOLD_LAPSED), so the same job cancels such an order: in one locked transaction the order becomes
// `cancelled` (reason card_hold_lapsed), its payment is recorded as released (no gateway call: the
// processor released it), a booked visit is cancelled and the patient told (`hold_lapsed`).
import type { StorefrontConfig } from '@store/domain';
import type { Db, DbOrTx } from '../db/client.ts';
import type { JobQueue } from '../modules/jobs/jobs.service.ts';
import type { OrdersService } from '../modules/orders/orders.service.ts';
import type { PaymentsService } from '../modules/payments/payments.service.ts';
import type { SchedulingService } from '../modules/scheduling/scheduling.service.ts';
import type { OrderNotices } from './order-notices.ts';

export const HOLD_EXPIRY_SWEEP_JOB = 'payments.hold-expiry-sweep';
export const HOLD_EXPIRY_SWEEP_EVERY_MS = 15 * 60_000;
/** Tell the patient when their hold lapses within this long. */
export const HOLD_WARNING_MS = 24 * 60 * 60_000;
const WAITING = ['awaiting_review', 'needs_info', 'visit_scheduled', 'visit_missed'] as const;
const WAITING_FOR_DOCTOR = new Set<string>(WAITING);

export function createHoldExpiry(deps: {
  db: Db;
  now: () => Date;
  jobs: JobQueue;
  orders: Pick<OrdersService, 'state' | 'transition'>;
  payments: Pick<PaymentsService, 'holdsLapsingBefore' | 'releaseLapsedHoldIn' | 'lapsedBehindOrdersIn' | 'hasLivePayment'>;
  scheduling: Pick<SchedulingService, 'cancelLiveForOrderIn'>;
  storefronts: { getById(id: string): Promise<StorefrontConfig> };
  notices: Pick<OrderNotices, 'enqueue'>;
}) {
  const { db, now, orders, payments, scheduling, storefronts, notices } = deps;

  /** issue 15: an order still waiting for a doctor whose hold lapsed is cancelled, all in one locked transaction. */
  async function cancelLapsed(orderId: string, storefrontId: string): Promise<boolean> {
    const storefront = await storefronts.getById(storefrontId); // read before the transaction
    return db.transaction(async (txRaw) => {
      const tx = txRaw as unknown as DbOrTx;
      const locked = await orders.state(tx, { orderId }, { forUpdate: true });
      if (!locked || !WAITING_FOR_DOCTOR.has(locked.order.status)) return false;
      // The lapsed hold is recorded as released here, unless that was done already (an approval
      // refused after it lapsed). A live payment left (captured meanwhile, or not lapsed): nothing to do.
      const released = await payments.releaseLapsedHoldIn(tx, orderId, { actor: { type: 'system' }, reason: 'card_hold_lapsed' });
      if (!released && (await payments.hasLivePayment(tx, orderId))) return false;
      await scheduling.cancelLiveForOrderIn(tx, storefront, orderId);
      await orders.transition({ orderId, to: 'cancelled', reason: 'card_hold_lapsed', tx });
      await notices.enqueue(tx, { orderId, notice: 'hold_lapsed' });
      return true;
    });
  }

  /**
   * One pass: waiting orders whose hold has lapsed are cancelled (the patient told); the patients of
   * waiting orders whose hold lapses within a day are told (once each). Answers how many were looked at.
   */
  async function sweep(): Promise<number> {
    const lapsing = await payments.holdsLapsingBefore(new Date(now().getTime() + HOLD_WARNING_MS));
    let told = 0;
    for (const hold of lapsing) {
      const state = await orders.state(db, { orderId: hold.orderId });
      if (!state || !WAITING_FOR_DOCTOR.has(state.order.status)) continue;
      if (hold.holdExpiresAt.getTime() <= now().getTime()) {
        if (await cancelLapsed(hold.orderId, state.order.storefrontId)) told++;
        continue;
      }
      // The notice's job key is one per order and kind: a second pass queues nothing.
      await db.transaction((tx) => notices.enqueue(tx, { orderId: hold.orderId, notice: 'hold_expiring', data: { holdExpiresAt: hold.holdExpiresAt.toISOString() } }));
      told++;
    }
    // Holds already recorded as lapsed (an approval refused after the hold lapsed): the order is cancelled too.
    for (const { orderId, storefrontId } of await payments.lapsedBehindOrdersIn(WAITING)) {
      if (await cancelLapsed(orderId, storefrontId)) told++;
    }
    return told;
  }

  deps.jobs.every(HOLD_EXPIRY_SWEEP_JOB, HOLD_EXPIRY_SWEEP_EVERY_MS, async () => {
    await sweep();
  });
  return { sweep };
}
export type HoldExpiry = ReturnType<typeof createHoldExpiry>;
