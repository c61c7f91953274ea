// The renewal job of auto-refills (issue 17: "A job renews each due plan: tells the patient a few
// days before, charges the current card with an idempotency key derived from the plan and cycle,
// creates the refill order, transmits the refill to the pharmacy, counts refills down … Across
// restarts and two worker processes, no cycle is charged twice").
//
// Every REFILL_RENEWAL_EVERY_MS (a periodic job: once a period across processes), and on demand:
// 1. Plans due within REFILL_NOTICE_DAYS whose patient was not told of the cycle are marked told
//    and a notice queued, in one transaction (once per plan and cycle).
// 2. One due plan at a time is claimed with FOR UPDATE SKIP LOCKED (another worker's plan is passed
//    over) and its cycle row claimed (insert … on conflict do nothing on (plan, cycle)):
//    - its prescription has no refill left or expired: no charge; the renewal consult is opened
//      (RenewalConsultPort), the plan paused with reason "renewal", the patient told;
//    - otherwise the refill order is written (cart.prepareRefillOrder: current catalogue price,
//      tax and shipping of the source order's address, its pharmacy; status refill_pending) and
//      linked to the cycle, then — outside any transaction — the card is charged (captured: the
//      prescription approves it) with the key `refill:<plan>:<cycle>` (each retry after a decline
//      `…:retry<n>`), then in one transaction: the order approved, one refill used, the refill's
//      transmission queued (its job moves the order to prescribed once sent), the cycle `charged`,
//      the plan's next cycle and date set.
//    - declined: the cycle is `declined` and tried again after 2, 2 and 3 days, the patient told
//      each time; after the third retry the cycle `failed`, the refill order cancelled, the plan
//      paused (reason "declined"). Nothing is transmitted before its charge is captured.
// A crash at any point is reconciled by the next run: a cycle left `claimed` past the lease
// (REFILL_CLAIM_LEASE_MS) is taken over and charged again with the same key, which the payments
// service answers with the first attempt's result (one payment row per key; the gateway keyed by
// it too), so a cycle is charged once; recording is idempotent under the plan and cycle locks.
import { formatCents, orderNumberOf, REFILL_NOTICE_DAYS, refillRetryAt, type StorefrontConfig } from '@store/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, DbOrTx } from '../db/client.ts';
import { linkOriginFor } from '../plugins/storefront-context.ts';
import type { AuthService } from '../modules/auth/auth.service.ts';
import type { CartService } from '../modules/cart/cart.service.ts';
import type { JobQueue } from '../modules/jobs/jobs.service.ts';
import type { NotificationService } from '../modules/notifications/notifications.service.ts';
import type { OrdersService } from '../modules/orders/orders.service.ts';
import type { PaymentsService } from '../modules/payments/payments.service.ts';
import type { PharmacyService } from '../modules/pharmacies/pharmacies.service.ts';
import type { PrescriptionService } from '../modules/prescriptions/prescriptions.service.ts';
import { refillable, refillChargeKey, refillTransmissionKey, type CycleRow, type PlanRow, type RefillsService } from '../modules/refills/refills.service.ts';
import type { OrderNotices } from './order-notices.ts';
import { transportPharmacyOf, type PrescribeWorkflow } from './prescribe.ts';
import type { RenewalConsultPort } from './refill-renewal-consult-port.ts';

export const REFILL_RENEWAL_JOB = 'refills.renewal-sweep';
export const REFILL_RENEWAL_EVERY_MS = 15 * 60_000;
export const REFILL_NOTICE_JOB = 'refills.notice';
export const REFILL_TRANSMIT_JOB = 'refills.transmit';
/** Gives back a refill's charge whose prescription lapsed before the refill was recorded. */
export const REFILL_REFUND_JOB = 'refills.refund-lapsed';
/** A cycle claimed this long ago without an outcome is taken to be abandoned (its worker died) and taken over. */
export const REFILL_CLAIM_LEASE_MS = 5 * 60_000;
const DAY_MS = 24 * 60 * 60_000;

export type RefillNoticeKind = 'upcoming' | 'charged' | 'declined' | 'paused' | 'renewal';
interface NoticeJob {
  planId: string;
  kind: RefillNoticeKind;
  cycle: number;
  orderId?: string | null;
  amountCents?: number;
  nextAttemptAt?: string | null;
  nextDate?: string;
}

export type CycleOutcome = 'charged' | 'declined' | 'paused' | 'renewal' | 'skipped' | 'pending' | 'failed';

export interface RefillRenewalDeps {
  db: Db;
  now: () => Date;
  jobs: Pick<JobQueue, 'register' | 'enqueue' | 'every' | 'nudge'>;
  refills: RefillsService;
  prescriptions: Pick<PrescriptionService, 'byId' | 'useRefill' | 'queueRefill' | 'transmitRefill'>;
  orders: Pick<OrdersService, 'findById' | 'state' | 'transition'>;
  cart: Pick<CartService, 'prepareRefillOrder'>;
  payments: Pick<PaymentsService, 'payOrder' | 'listCards' | 'cancelForOrder'>;
  pharmacies: Pick<PharmacyService, 'byId'>;
  prescribe: Pick<PrescribeWorkflow, 'factsOf'>;
  notices: Pick<OrderNotices, 'enqueue'>;
  auth: Pick<AuthService, 'contactOf'>;
  notifications: Pick<NotificationService, 'email'>;
  storefronts: { getById(id: string): Promise<StorefrontConfig>; hostsOf(id: string): Promise<string[]> };
  /** Helper "renewal"'s renewal consult; null: the plan pauses for renewal and the patient is told. */
  renewal: RenewalConsultPort | null;
  port: number;
  log?: FastifyBaseLogger | undefined;
  claimLeaseMs?: number;
  /** Test only: runs after the gateway answered and before the outcome is recorded (a crash there). */
  afterCharge?: (input: { planId: string; cycle: number }) => Promise<void>;
}

export function createRefillRenewal(deps: RefillRenewalDeps) {
  const { db, now, jobs, refills, prescriptions, orders, cart, payments, pharmacies, notices, log } = deps;
  const leaseMs = deps.claimLeaseMs ?? REFILL_CLAIM_LEASE_MS;

  const queueNotice = (tx: DbOrTx, job: NoticeJob, key: string) =>
    jobs.enqueue(REFILL_NOTICE_JOB, { ...job }, { tx, singletonKey: `${REFILL_NOTICE_JOB}:${job.planId}:${job.cycle}:${job.kind}:${key}` });

  /** 1. The "your refill is coming" notices, once per plan and cycle. */
  async function sendNotices(): Promise<number> {
    let told = 0;
    for (;;) {
      const batch = await db.transaction(async (tx) => {
        const plans = await refills.markNoticesDue(tx, REFILL_NOTICE_DAYS * DAY_MS);
        for (const p of plans) await queueNotice(tx, { planId: p.id, kind: 'upcoming', cycle: p.nextCycle, nextDate: p.nextDate.toISOString() }, 'notice');
        return plans.length;
      });
      told += batch;
      if (batch === 0) return told;
    }
  }

  /** Step A: one due plan claimed with its cycle (or null: none due). The renewal case is finished here. */
  async function claimNext(): Promise<{ plan: PlanRow; cycle: CycleRow } | { done: CycleOutcome } | { busy: true } | null> {
    return db.transaction(async (tx) => {
      const plan = await refills.claimDuePlan(tx, leaseMs);
      if (!plan) return null;
      const { cycle, claimed } = await refills.claimCycle(tx, plan, plan.nextCycle);
      if (!claimed) {
        if (cycle.status === 'charged' || cycle.status === 'transmitted') return { plan, cycle }; // recorded, not yet moved on
        if (cycle.status === 'skipped') {
          await refills.updatePlan(tx, plan.id, { nextCycle: plan.nextCycle + 1 });
          return { done: 'skipped' as const };
        }
        // The claim query's `not exists` ran on its statement's snapshot: a plan whose cycle another
        // worker claimed (or declined) and committed between that snapshot and this lock passes it,
        // as the plan row itself was not changed. The cycle row, read locked just now, decides: one
        // in flight within its lease, or declined and not yet due for its retry, is left alone.
        const at = now().getTime();
        const inFlight = cycle.status === 'claimed' && cycle.updatedAt.getTime() > at - leaseMs;
        const waiting = cycle.status === 'declined' && cycle.nextAttemptAt !== null && cycle.nextAttemptAt.getTime() > at;
        if (inFlight || waiting || (cycle.status !== 'claimed' && cycle.status !== 'declined')) return { busy: true as const };
        // A declined cycle due for its retry, or one a dead worker left claimed: taken over.
        return { plan, cycle: await refills.updateCycle(tx, cycle.id, { status: 'claimed' }) };
      }
      const rx = await prescriptions.byId(tx, plan.prescriptionId);
      if (!rx || !refillable(rx, now())) {
        // No charge: the renewal consult goes to the doctor instead (issue 17).
        await refills.updateCycle(tx, cycle.id, { status: 'renewal' });
        if (plan.status === 'once') {
          await refills.updatePlan(tx, plan.id, { status: 'ended', statusReason: rx && rx.refillsLeft <= 0 ? 'refills_exhausted' : 'prescription_expired' });
          return { done: 'renewal' as const };
        }
        const opened = deps.renewal
          ? await deps.renewal.open(tx, { planId: plan.id, patientId: plan.patientId, storefrontId: plan.storefrontId, productId: plan.productId, prescriptionId: plan.prescriptionId, sourceOrderId: plan.sourceOrderId })
          : null;
        await refills.updatePlan(tx, plan.id, { status: 'paused', statusReason: 'renewal', renewalOrderId: opened?.orderId ?? null });
        // The renewal consult mails the patient itself ("Time to renew your prescription"); only
        // without one is the patient told here, so nobody gets the same news twice.
        if (!opened) await queueNotice(tx, { planId: plan.id, kind: 'renewal', cycle: cycle.cycle, orderId: null }, 'renewal');
        return { done: 'renewal' as const };
      }
      return { plan, cycle };
    });
  }

  /** Step B: the refill order, written once per cycle. */
  async function ensureOrder(plan: PlanRow, cycle: CycleRow, makers: Map<string, Awaited<ReturnType<CartService['prepareRefillOrder']>>>): Promise<string | null> {
    if (cycle.orderId) return cycle.orderId;
    let make = makers.get(plan.storefrontId);
    if (!make) {
      make = await cart.prepareRefillOrder(plan.storefrontId);
      makers.set(plan.storefrontId, make);
    }
    const maker = make;
    return db.transaction(async (tx) => {
      const locked = await refills.cycleOf(tx, plan.id, cycle.cycle, true);
      if (locked?.orderId) return locked.orderId;
      const source = await orders.findById(tx, plan.sourceOrderId);
      const made = source ? await maker(tx, { source, productId: plan.productId, qty: plan.qty }) : null;
      if (!made) {
        await refills.updateCycle(tx, cycle.id, { status: 'failed', failureReason: 'product_unavailable' });
        await refills.updatePlan(tx, plan.id, { status: plan.status === 'once' ? 'ended' : 'paused', statusReason: 'product_unavailable' });
        return null;
      }
      await refills.updateCycle(tx, cycle.id, { orderId: made.order.id });
      return made.order.id;
    });
  }

  /** The card the plan charges: its chosen card while saved, else the patient's current card. */
  async function cardOf(plan: PlanRow): Promise<string | null> {
    const cards = await payments.listCards(plan.patientId);
    const chosen = plan.cardId ? cards.find((c) => c.id === plan.cardId) : undefined;
    return (chosen ?? cards.find((c) => c.isCurrent))?.id ?? null;
  }

  /** Steps C and D: charge the cycle (same key on a takeover) and record the outcome. */
  async function chargeAndRecord(plan: PlanRow, cycle: CycleRow, orderId: string): Promise<CycleOutcome> {
    let outcome: { ok: true; amountCents: number } | { ok: false; code: string };
    const order = await orders.findById(db, orderId);
    if (!order) throw new Error('refill order missing');
    if (cycle.status === 'charged' || cycle.status === 'transmitted') {
      outcome = { ok: true, amountCents: order.totalCents };
    } else {
      const cardId = await cardOf(plan);
      const key = refillChargeKey(plan.id, cycle.cycle, cycle.attempts);
      if (!cardId) {
        outcome = { ok: false, code: 'no_card' };
      } else {
        const result = await payments.payOrder({
          orderId,
          amountCents: order.totalCents,
          capture: true,
          paymentMethod: { savedCardId: cardId },
          identity: { kind: 'user', userId: plan.patientId, storefrontId: plan.storefrontId, sessionId: `refill:${plan.id}`, role: 'patient' },
          idempotencyKey: key,
          audit: { actor: { type: 'system' }, reason: 'refill' },
        });
        if (result.ok && result.payment.status === 'captured') outcome = { ok: true, amountCents: result.payment.amountCents };
        else if (!result.ok && result.payment?.status !== 'pending') outcome = { ok: false, code: result.failure.code };
        else return 'pending'; // the gateway's answer is not known yet: the next run asks again with the same key
      }
      if (deps.afterCharge) await deps.afterCharge({ planId: plan.id, cycle: cycle.cycle });
    }
    return db.transaction(async (tx) => {
      const locked = await refills.planById(tx, plan.id, true);
      const current = await refills.cycleOf(tx, plan.id, cycle.cycle, true);
      if (!locked || !current) return 'failed' as const;
      if (outcome.ok) {
        if (current.status !== 'charged' && current.status !== 'transmitted') {
          const left = await prescriptions.useRefill(tx, plan.prescriptionId);
          if (left === null) {
            // The prescription lapsed (revoked, expired or used up) between the claim and now: the
            // charge is given back and nothing goes to the pharmacy; the plan waits for a renewal.
            log?.warn({ planId: plan.id, cycle: cycle.cycle }, 'refill charged but the prescription no longer allows it: refunding');
            await refills.updateCycle(tx, current.id, { status: 'failed', failureReason: 'prescription_lapsed', nextAttemptAt: null });
            await orders.transition({ orderId, to: 'cancelled', reason: 'refill_prescription_lapsed', tx });
            await jobs.enqueue(REFILL_REFUND_JOB, { orderId }, { tx, singletonKey: `${REFILL_REFUND_JOB}:${orderId}`, maxAttempts: 20 });
            await refills.updatePlan(tx, plan.id, locked.status === 'once' ? { status: 'ended', statusReason: 'renewal' } : { status: 'paused', statusReason: 'renewal' });
            if (locked.status !== 'once') await queueNotice(tx, { planId: plan.id, kind: 'renewal', cycle: cycle.cycle, orderId: null }, 'renewal');
            return 'failed' as const;
          }
          await orders.transition({ orderId, to: 'approved', reason: 'refill_charged', tx });
          await prescriptions.queueRefill(tx, plan.prescriptionId, refillTransmissionKey(plan.prescriptionId, plan.id, cycle.cycle));
          await jobs.enqueue(REFILL_TRANSMIT_JOB, { cycleId: current.id }, { tx, singletonKey: `${REFILL_TRANSMIT_JOB}:${current.id}`, maxAttempts: 10 });
          await refills.updateCycle(tx, current.id, { status: 'charged', failureReason: null, nextAttemptAt: null });
          await queueNotice(tx, { planId: plan.id, kind: 'charged', cycle: cycle.cycle, orderId, amountCents: outcome.amountCents }, 'charged');
        }
        if (locked.nextCycle === cycle.cycle) {
          const next = new Date(Math.max(locked.nextDate.getTime() + locked.cycleDays * DAY_MS, now().getTime() + DAY_MS));
          await refills.updatePlan(tx, plan.id, locked.status === 'once' ? { status: 'ended', statusReason: 'once_done', nextCycle: cycle.cycle + 1 } : { nextCycle: cycle.cycle + 1, nextDate: next });
        }
        return 'charged' as const;
      }
      if (current.status !== 'claimed') return current.status === 'declined' ? ('declined' as const) : ('failed' as const);
      const declines = current.attempts + 1;
      const retryAt = refillRetryAt(declines, now());
      if (retryAt) {
        await refills.updateCycle(tx, current.id, { status: 'declined', attempts: declines, nextAttemptAt: retryAt, failureReason: outcome.code });
        await queueNotice(tx, { planId: plan.id, kind: 'declined', cycle: cycle.cycle, orderId, nextAttemptAt: retryAt.toISOString() }, `declined${declines}`);
        return 'declined' as const;
      }
      // Three retries over a week declined: nothing ships, the plan pauses.
      await refills.updateCycle(tx, current.id, { status: 'failed', attempts: declines, nextAttemptAt: null, failureReason: outcome.code });
      await orders.transition({ orderId, to: 'cancelled', reason: 'refill_declined', tx });
      await refills.updatePlan(tx, plan.id, { status: locked.status === 'once' ? 'ended' : 'paused', statusReason: 'declined' });
      await queueNotice(tx, { planId: plan.id, kind: 'paused', cycle: cycle.cycle, orderId }, 'paused');
      return 'paused' as const;
    });
  }

  /** Renews one claimed plan's cycle to its outcome. */
  async function renew(plan: PlanRow, cycle: CycleRow, makers: Map<string, Awaited<ReturnType<CartService['prepareRefillOrder']>>>): Promise<CycleOutcome> {
    const orderId = await ensureOrder(plan, cycle, makers);
    if (!orderId) return 'failed';
    return chargeAndRecord(plan, (await refills.cycleOf(db, plan.id, cycle.cycle)) ?? cycle, orderId);
  }

  /**
   * One run: notices, then every due plan renewed (at most `limit`). Safe in several processes at
   * once. Answers the outcomes counted.
   */
  async function run(limit = Number.POSITIVE_INFINITY): Promise<Record<CycleOutcome, number> & { notices: number; errors: number }> {
    const counts = { charged: 0, declined: 0, paused: 0, renewal: 0, skipped: 0, pending: 0, failed: 0, notices: 0, errors: 0 };
    counts.notices = await sendNotices();
    const makers = new Map<string, Awaited<ReturnType<CartService['prepareRefillOrder']>>>();
    for (let n = 0; n < limit; n++) {
      let claimed;
      try {
        claimed = await claimNext();
      } catch (err) {
        counts.errors++;
        log?.error({ err }, 'refill claim failed');
        break;
      }
      if (!claimed) break;
      if ('busy' in claimed) continue; // another worker's: the next claim reads a fresh snapshot
      if ('done' in claimed) {
        counts[claimed.done]++;
        continue;
      }
      try {
        counts[await renew(claimed.plan, claimed.cycle, makers)]++;
      } catch (err) {
        // Left claimed: the next run (after the lease) takes it over with the same key.
        counts.errors++;
        log?.error({ err, planId: claimed.plan.id }, 'refill cycle not finished');
      }
    }
    return counts;
  }

  /**
   * "Refill now" (reorder): renews this plan's next cycle at once, whatever its date (the plan must
   * be renewing: active or once). Answers the outcome and the refill order.
   */
  async function renewNow(planId: string): Promise<{ outcome: CycleOutcome; orderId: string | null }> {
    const claimed = await db.transaction(async (tx) => {
      const locked = await refills.planById(tx, planId, true);
      if (!locked || (locked.status !== 'active' && locked.status !== 'once')) return null;
      const inFlight = await refills.cycleOf(tx, planId, locked.nextCycle);
      if (!inFlight) {
        // A new cycle uses a refill: checked here, under the plan's lock, where the previous
        // cycle's refill is already counted (a reorder that read the prescription before another
        // used its last refill must not charge one the doctor never allowed).
        const rx = await prescriptions.byId(tx, locked.prescriptionId);
        if (!rx || !refillable(rx, now())) {
          if (locked.status === 'once') await refills.updatePlan(tx, planId, { status: 'ended', statusReason: rx && rx.refillsLeft <= 0 ? 'refills_exhausted' : 'prescription_expired' });
          return null;
        }
      }
      const plan = locked.nextDate.getTime() > now().getTime() ? await refills.updatePlan(tx, planId, { nextDate: now() }) : locked;
      const { cycle, claimed: fresh } = await refills.claimCycle(tx, plan, plan.nextCycle);
      if (!fresh && cycle.status !== 'claimed') return { plan, cycle, busy: true };
      return { plan, cycle, busy: false };
    });
    if (!claimed) return { outcome: 'failed', orderId: null };
    if (claimed.busy) return { outcome: 'pending', orderId: claimed.cycle.orderId };
    const outcome = await renew(claimed.plan, claimed.cycle, new Map());
    const cycle = await refills.cycleOf(db, planId, claimed.cycle.cycle);
    return { outcome, orderId: cycle?.orderId ?? null };
  }

  /** The transmission job: the refill goes to the pharmacy, then its order is prescribed. */
  async function transmit(cycleId: string): Promise<void> {
    const cycle = await refills.cycleById(db, cycleId);
    if (!cycle?.orderId || cycle.status === 'transmitted') return;
    if (cycle.status !== 'charged') return; // never sent unpaid
    const plan = await refills.planById(db, cycle.planId);
    if (!plan) return;
    const rx = await prescriptions.byId(db, plan.prescriptionId);
    if (!rx) return;
    const order = await orders.findById(db, cycle.orderId);
    const pharmacy = await pharmacies.byId(order?.pharmacyId ?? rx.pharmacyId);
    if (!pharmacy || !order) throw new Error("the refill's pharmacy is missing");
    const result = await prescriptions.transmitRefill(refillTransmissionKey(rx.id, plan.id, cycle.cycle), {
      pharmacy: transportPharmacyOf(pharmacy),
      facts: async () => {
        const facts = await deps.prescribe.factsOf(order, rx.doctorId, pharmacy);
        if (!facts) throw new Error('the refill cannot be rendered: its patient or prescriber is missing');
        return facts;
      },
    });
    if (result.status === 'rejected') {
      log?.warn({ cycleId }, 'refill transmission rejected by the transport');
      return;
    }
    if (result.status === 'queued') throw new Error('refill transmission still queued at the transport');
    const orderId = cycle.orderId;
    await db.transaction(async (tx) => {
      const state = await orders.state(tx, { orderId });
      if (state?.order.status === 'approved') {
        await orders.transition({ orderId, to: 'prescribed', reason: 'refill_transmitted', tx });
        await notices.enqueue(tx, { orderId, notice: 'prescribed', data: { pharmacyName: pharmacy.name } });
      }
      await refills.updateCycle(tx, cycle.id, { status: 'transmitted' });
    });
  }

  function noticeMail(job: NoticeJob, plan: PlanRow, firstName: string | null, productTitle: string): { subject: string; heading: string; paragraphs: string[] } {
    const hi = firstName ? `Hi ${firstName},` : 'Hello,';
    const day = (iso: string | null | undefined) => (iso ? new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(iso)) : 'soon');
    const order = job.orderId ? ` (order ${orderNumberOf(job.orderId)})` : '';
    switch (job.kind) {
      case 'upcoming':
        return {
          subject: 'Your refill is coming up',
          heading: 'Your refill is coming up',
          paragraphs: [hi, `Your next refill of ${productTitle} is due on ${day(job.nextDate)}. We will charge your card then and send it to your pharmacy.`, 'To move the date, skip this refill, change the card or turn auto-refill off, visit your account.'],
        };
      case 'charged':
        return {
          subject: `Your refill is on its way${order}`,
          heading: 'Your refill is on its way',
          paragraphs: [hi, `We charged ${job.amountCents !== undefined ? formatCents(job.amountCents) : 'your card'} for your refill of ${productTitle}${order} and are sending it to your pharmacy.`],
        };
      case 'declined':
        return {
          subject: 'We could not charge your card for your refill',
          heading: 'Please update your card',
          paragraphs: [hi, `Your card was declined for your refill of ${productTitle}. We will try again on ${day(job.nextAttemptAt)}.`, 'Update your card in your account so your refill is not delayed. Nothing ships until it is paid.'],
        };
      case 'paused':
        return {
          subject: 'Your auto-refill is paused',
          heading: 'Your auto-refill is paused',
          paragraphs: [hi, `We could not charge your card for your refill of ${productTitle} after several tries, so your auto-refill is paused and nothing was shipped.`, 'Update your card, then choose a new date for your next refill in your account.'],
        };
      case 'renewal':
        return {
          subject: 'Your prescription needs renewing',
          heading: 'Your prescription needs renewing',
          paragraphs: [hi, `Your prescription for ${productTitle} has no refills left or has expired, so we did not charge you.`, 'We opened a renewal with your last answers: confirm or update them and your doctor will review it.'],
        };
    }
  }

  jobs.register(REFILL_NOTICE_JOB, async (payload) => {
    const job = payload as unknown as NoticeJob;
    const plan = await refills.planById(db, job.planId);
    if (!plan) return;
    const contact = await deps.auth.contactOf(plan.patientId);
    if (!contact) return;
    const storefront = await deps.storefronts.getById(plan.storefrontId);
    const origin = linkOriginFor({ hostHeader: undefined, protocol: 'https', hosts: await deps.storefronts.hostsOf(storefront.id), port: deps.port });
    const product = (await refills.get({ userId: plan.patientId, storefrontId: plan.storefrontId }, plan.id).catch(() => null))?.productTitle ?? 'your medication';
    const text = noticeMail(job, plan, contact.firstName, product);
    const url = job.kind === 'renewal' && job.orderId ? `${origin}/cart` : `${origin}/my-account/refills`;
    await deps.notifications.email(storefront, contact.email, { ...text, action: { label: job.kind === 'renewal' ? 'Review your renewal' : 'Manage your refills', url } });
  });
  jobs.register(REFILL_TRANSMIT_JOB, async (payload) => transmit(String(payload.cycleId)));
  jobs.register(REFILL_REFUND_JOB, async (payload) => {
    const result = await payments.cancelForOrder(String(payload.orderId), { actor: { type: 'system' }, reason: 'refill_prescription_lapsed' });
    // A failure is retried by the queue; an order with nothing live to give back is done.
    if (!result.ok) throw new Error(`refund of a lapsed refill failed: ${result.failure.code}`);
  });
  jobs.every(REFILL_RENEWAL_JOB, REFILL_RENEWAL_EVERY_MS, async () => {
    await run();
  });

  return { run, renewNow, transmit, sendNotices };
}
export type RefillRenewal = ReturnType<typeof createRefillRenewal>;
