// Card holds about to lapse before a decision (issue 15; DATA-MODEL.md "A hold about to lapse
// before a decision is renewed or the patient is told"). A sandbox or Stripe hold lasts 7 days from
// its authorization (payments.holdExpiresAt). Every 15 minutes this job finds the orders still
// waiting for a doctor (awaiting_review, visit_scheduled, needs_info) whose held payment lapses
// within a day and tells the patient once (a `hold_expiring` notice, one per order). The queue
// already puts such orders first: an order is due 12 hours before its hold lapses, if sooner than
// a day after payment. After the hold lapsed, the payments service refuses to capture (approve: 409).
import type { Db } from '../db/client.ts';
import type { JobQueue } from '../modules/jobs/jobs.service.ts';
import type { OrdersService } from '../modules/orders/orders.service.ts';
import type { PaymentsService } from '../modules/payments/payments.service.ts';
import type { OrderNotices } from './order-notices.ts';

export const HOLD_EXPIRY_SWEEP_JOB = 'payments.hold-expiry-sweep';
export const HOLD_EXPIRY_SWEEP_EVERY_MS = 15 * 60_000;
/** Tell the patient when their hold lapses within this long. */
export const HOLD_WARNING_MS = 24 * 60 * 60_000;
const WAITING_FOR_DOCTOR = new Set(['awaiting_review', 'visit_scheduled', 'needs_info']);

export function createHoldExpiry(deps: {
  db: Db;
  now: () => Date;
  jobs: JobQueue;
  orders: Pick<OrdersService, 'state'>;
  payments: Pick<PaymentsService, 'holdsLapsingBefore'>;
  notices: Pick<OrderNotices, 'enqueue'>;
}) {
  const { db, now, orders, payments, notices } = deps;

  /** One pass: the patients of waiting orders whose hold lapses within a day are told (once each). Answers how many were looked at. */
  async function sweep(): Promise<number> {
    const lapsing = await payments.holdsLapsingBefore(new Date(now().getTime() + HOLD_WARNING_MS));
    let told = 0;
    for (const hold of lapsing) {
      const state = await orders.state(db, { orderId: hold.orderId });
      if (!state || !WAITING_FOR_DOCTOR.has(state.order.status)) continue;
      // The notice's job key is one per order and kind: a second pass queues nothing.
      await db.transaction((tx) => notices.enqueue(tx, { orderId: hold.orderId, notice: 'hold_expiring', data: { holdExpiresAt: hold.holdExpiresAt.toISOString() } }));
      told++;
    }
    return told;
  }

  deps.jobs.every(HOLD_EXPIRY_SWEEP_JOB, HOLD_EXPIRY_SWEEP_EVERY_MS, async () => {
    await sweep();
  });
  return { sweep };
}
export type HoldExpiry = ReturnType<typeof createHoldExpiry>;
