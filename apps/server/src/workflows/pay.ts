// Pay now and what follows it (issue 7 wiring; SPEC §7 "pay now"): the checkout engine says whether
// the order may be paid and for how much (the server's total; the browser sends no amount), the
// payments service holds or charges it exactly once, the checkout engine records the Payment stage
// (paid | authorized), the promo code's use is claimed with the payment (before the charge), and the patient gets a confirmation
// email with a receipt. Reconciliation (issue 13 #3) completes or releases a Pay cut off by a crash.
//
// No transaction is held open across a gateway call (PGlite would deadlock): assertPayable,
// payOrder and completePayment each run on their own. The confirmation mail (rendering the PDF
// receipt, handing it to SMTP) is a background job: the patient's Pay answer does not wait for a
// mail server, and a mail server that is down is retried instead of losing the mail.
import {
  capturesAtCheckout,
  CARD_BRAND_NAMES,
  CHECKOUT_MESSAGES,
  formatCents,
  orderNumberOf,
  usAddressSchema,
  VISIT_TYPES,
  type StorefrontConfig,
} from '@store/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, DbOrTx } from '../db/client.ts';
import { AppError, notFound } from '../lib/problem.ts';
import { ownerOfIdentity } from '../plugins/identity.ts';
import { linkOriginFor } from '../plugins/storefront-context.ts';
import type { AddressService } from '../modules/addresses/addresses.service.ts';
import type { AuditContext } from '../modules/audit/audit.service.ts';
import type { AuthService } from '../modules/auth/auth.service.ts';
import type { Identity } from '../modules/auth/sessions.service.ts';
import type { CartService } from '../modules/cart/cart.service.ts';
import type { CheckoutService } from '../modules/checkout/checkout.service.ts';
import type { ConsentsService } from '../modules/consents/consents.service.ts';
import type { JobQueue } from '../modules/jobs/jobs.service.ts';
import type { NotificationService } from '../modules/notifications/notifications.service.ts';
import { renderReceiptPdf } from '../modules/orders/receipt.ts';
import type { OrderOwner, OrdersService, OrderView } from '../modules/orders/orders.service.ts';
import type { PaymentSource, PaymentsService, PaymentView } from '../modules/payments/payments.service.ts';
import { paymentProblem } from '../modules/payments/payments.service.ts';
import { VISIT_SCHEDULED_MAIL_JOB, type VisitScheduledMailJob } from '../modules/scheduling/scheduling.service.ts';
import { orderFollowsRefund } from './admin-order-actions.ts';
import { LAB_ORDERS_JOB } from './lab-orders.ts';

export interface PurchaseResult {
  orderId: string;
  /** Short, readable order number (the first 8 characters of the id, upper case). */
  orderNumber: string;
  status: string;
  payment: {
    status: PaymentView['status'];
    amountCents: number;
    captured: boolean;
    card: PaymentView['card'];
  };
  receiptUrl: string;
}

interface Deps {
  db: Db;
  checkout: Pick<CheckoutService, 'assertPayable' | 'completePayment'>;
  orders: Pick<OrdersService, 'state' | 'getOrder' | 'transition' | 'write'>;
  cart: Pick<CartService, 'claimRedemption'>;
  payments: Pick<PaymentsService, 'payOrder' | 'paymentForOrder' | 'cancelForOrder' | 'reconcile' | 'stalePendingIds' | 'liveBehindOrdersIn' | 'createdAt' | 'stalePendingRefundIds' | 'reconcileRefund'>;
  auth: Pick<AuthService, 'contactOf'>;
  consents: Pick<ConsentsService, 'current'>;
  notifications: Pick<NotificationService, 'email'>;
  storefronts: { getById(id: string): Promise<StorefrontConfig>; hostsOf(storefrontId: string): Promise<string[]> };
  /** The port the store listens on (PORT): a local storefront's links carry it, as a request's do. */
  port: number;
  jobs: Pick<JobQueue, 'register' | 'enqueue' | 'nudge' | 'every' | 'byKey'>;
  addresses: Pick<AddressService, 'remember' | 'savedState'>;
  log?: FastifyBaseLogger | undefined;
}

/** The background job that mails the confirmation and receipt of a paid order (once per order). */
export const ORDER_CONFIRMATION_JOB = 'order-confirmation';
interface OrderConfirmationJob {
  orderId: string;
  storefrontId: string;
  userId: string;
  baseUrl: string;
}

/** issue 13 #3: settles one payment a minute after it was claimed, if its Pay never finished. */
export const PAYMENT_RECONCILE_JOB = 'payment-reconcile';
/** issue 13 #3: at start and every few minutes, every payment left pending or unrecorded on its order. */
export const PAYMENTS_RECONCILE_SWEEP_JOB = 'payments-reconcile-sweep';
const RECONCILE_SWEEP_EVERY_MS = 5 * 60_000;
/** A little past the payments service's stale time (a minute), so the first look finds it due. */
const RECONCILE_AFTER_MS = 65_000;

/**
 * The background job that keeps a paid order's shipping address in the patient's address book, so
 * the next order offers it (a guest who registered in checkout could not save it when typing it).
 */
export const ORDER_ADDRESS_JOB = 'order-address-to-account';


const PAID_STATUSES = new Set(['paid', 'authorized', 'awaiting_review', 'visit_scheduled', 'fulfilling', 'approved', 'prescribed', 'shipped', 'delivered', 'needs_info']);
/**
 * Orders that must hold no live payment: not (or no longer) being paid for. A hold or charge found
 * behind one (a Pay that raced the order's reopening or cancellation) is released by reconciliation.
 */
const UNPAID_ORDER_STATUSES = ['draft', 'disqualified', 'declined', 'cancelled', 'refunded'] as const;

export function createPayWorkflow(deps: Deps) {
  const { db, checkout, orders, cart, payments, auth, consents, notifications, storefronts, jobs, addresses, log, port } = deps;

  function resultOf(orderId: string, status: string, payment: PaymentView): PurchaseResult {
    return {
      orderId,
      orderNumber: orderNumberOf(orderId),
      status,
      payment: {
        status: payment.status,
        amountCents: payment.amountCents,
        captured: payment.status === 'captured',
        card: payment.card,
      },
      receiptUrl: `/api/orders/${orderId}/receipt.pdf`,
    };
  }

  /** The answer for an order that is already paid (a repeat, a second tab): its payment. */
  async function alreadyPaid(orderId: string): Promise<PurchaseResult | null> {
    const state = await orders.state(db, { orderId });
    if (!state || !PAID_STATUSES.has(state.order.status)) return null;
    const payment = await payments.paymentForOrder(orderId);
    if (!payment || (payment.status !== 'authorized' && payment.status !== 'captured')) return null;
    return resultOf(orderId, state.order.status, payment);
  }

  /** The receipt of a paid order: only what a receipt shows (no health answers). */
  async function renderReceipt(storefront: StorefrontConfig, order: OrderView): Promise<Buffer | null> {
    const payment = await payments.paymentForOrder(order.id);
    if (!payment || (payment.status !== 'authorized' && payment.status !== 'captured' && payment.status !== 'refunded')) return null;
    return renderReceiptPdf({
      storeName: storefront.name,
      supportEmail: storefront.settings.supportEmail,
      supportPhone: storefront.settings.supportPhone,
      orderNumber: orderNumberOf(order.id),
      date: payment.authorizedAt ?? payment.createdAt,
      items: order.items.map((i) => ({ title: i.title, qty: i.qty, unitPriceCents: i.unitPriceCents })),
      consultFeeCents: order.totals.consultFeeCents,
      shippingCents: order.totals.shippingCents,
      taxCents: order.totals.taxCents,
      discountCents: order.totals.discountCents,
      donationCents: order.totals.donationCents,
      totalCents: payment.amountCents,
      card: payment.card ? `${CARD_BRAND_NAMES[payment.card.brand]} ending in ${payment.card.last4}` : null,
      held: payment.status === 'authorized',
    });
  }

  /**
   * Records a payment the gateway made on the order as a successful Pay does: the Payment stage,
   * the status and the confirmation mail's job in one transaction (the mail is queued exactly
   * when the order is recorded as paid). Idempotent: pay now, and reconciliation (issue 13 #3),
   * which completes an order whose Pay was cut off, may both call it.
   */
  async function recordPaid(
    order: { orderId: string; storefrontId: string; userId: string | null; visitType: number | null },
    payment: PaymentView,
    baseUrl: string,
    audit?: AuditContext,
  ): Promise<string> {
    const captured = payment.status === 'captured';
    // DATA-MODEL.md: authorized → awaiting_review (asynchronous, type 3) or visit_scheduled (1, 2).
    const status = captured ? 'paid' : order.visitType === VISIT_TYPES.video || order.visitType === VISIT_TYPES.phone ? 'visit_scheduled' : 'awaiting_review';
    // The Payment stage, the status and the confirmation mail's job in one transaction: the mail
    // is queued exactly when the order is recorded as paid.
    await db.transaction(async (tx) => {
      await checkout.completePayment({ orderId: order.orderId, to: captured ? 'paid' : 'authorized', audit, tx });
      if (!captured) {
        await orders.transition({ orderId: order.orderId, to: status, reason: 'payment_authorized', audit, tx });
        // A doctor must be licensed where the patient is: an order that ships nothing takes the
        // state of the patient's saved address, so the review queue can place it (issue 15).
        const placed = await orders.state(tx, { orderId: order.orderId });
        if (placed && !placed.order.shippingState && !placed.order.shipState && order.userId) {
          const state = await addresses.savedState(order.userId, tx);
          if (state) await orders.write(tx, order.orderId, { shippingState: state });
        }
      }
      if (order.userId) {
        const job = { orderId: order.orderId, storefrontId: order.storefrontId, userId: order.userId, baseUrl };
        await queueConfirmation(job, tx);
        await jobs.enqueue(ORDER_ADDRESS_JOB, { ...job }, { singletonKey: `${ORDER_ADDRESS_JOB}:${order.orderId}`, tx });
        // issue 17: a captured lab product becomes a lab order with its requisition (workflows/lab-orders.ts).
        if (captured) await jobs.enqueue(LAB_ORDERS_JOB, { orderId: order.orderId }, { singletonKey: `${LAB_ORDERS_JOB}:${order.orderId}`, tx });
      }
      // issue 13 #12: "visit scheduled" is mailed once the visit's order is paid, not at booking.
      if (status === 'visit_scheduled') {
        const visitMail: VisitScheduledMailJob = { orderId: order.orderId, storefrontId: order.storefrontId, baseUrl };
        await jobs.enqueue(VISIT_SCHEDULED_MAIL_JOB, { ...visitMail }, { singletonKey: `${VISIT_SCHEDULED_MAIL_JOB}:${order.orderId}`, tx });
      }
    });
    jobs.nudge();
    return status;
  }

  // ---- reconciliation (issue 13 #3) ----------------------------------------------------------

  async function queueReconcile(tx: DbOrTx, paymentId: string, baseUrl: string): Promise<void> {
    const createdAt = await payments.createdAt(tx, paymentId);
    const runAt = new Date((createdAt ?? new Date()).getTime() + RECONCILE_AFTER_MS);
    await jobs.enqueue(PAYMENT_RECONCILE_JOB, { paymentId, baseUrl }, { singletonKey: `${PAYMENT_RECONCILE_JOB}:${paymentId}`, runAt, tx });
  }

  /**
   * Where a mail's links point when the Pay request's own address is not known (payments from
   * before this job): the one rule for mail links (linkOriginFor) with no request host, so the
   * storefront's public address, else its local one with the store's port.
   */
  async function storefrontBaseUrl(storefrontId: string): Promise<string> {
    return linkOriginFor({ hostHeader: undefined, protocol: 'https', hosts: await storefronts.hostsOf(storefrontId), port });
  }

  /**
   * A live payment behind an order still waiting for payment: the order moves on as a Pay would.
   * Behind an order that is not being paid for (reopened, cancelled): the hold is voided or the
   * charge refunded, so no card stays held for nothing.
   */
  async function completeOrderOf(payment: PaymentView, baseUrl: string | null): Promise<void> {
    const state = await orders.state(db, { orderId: payment.orderId });
    if (state && (UNPAID_ORDER_STATUSES as readonly string[]).includes(state.order.status)) {
      await releaseOrphan(payment.orderId, state.order.status);
      return;
    }
    if (!state || state.order.status !== 'awaiting_payment') return; // recorded already (or moved on)
    const order = { orderId: payment.orderId, storefrontId: state.order.storefrontId, userId: state.order.userId, visitType: state.visitType };
    await recordPaid(order, payment, baseUrl ?? (await storefrontBaseUrl(order.storefrontId)), { actor: { type: 'system' } });
    log?.warn({ orderId: payment.orderId, paymentId: payment.id }, 'reconciliation completed an order whose Pay was cut off');
  }

  /**
   * Asks the gateway about a payment left pending and completes or releases it (payments.reconcile),
   * then moves its order on when it was charged. Not settled yet: throws, so the job is retried.
   */
  async function reconcilePayment(paymentId: string, baseUrl: string | null): Promise<void> {
    const result = await payments.reconcile(paymentId);
    if (result.outcome === 'waiting' || result.outcome === 'unknown') throw new Error(`payment ${paymentId} is not settled yet (${result.outcome})`);
    // The gateway's "no charge" cannot be trusted yet: the payment stays pending and the sweep
    // (every few minutes, for payments pending past a minute) asks again until it can be.
    if (result.outcome === 'deferred') {
      log?.info({ paymentId, retryAt: result.retryAt }, 'payment not found at the gateway yet; asking again later');
      return;
    }
    if (result.outcome === 'live' && result.payment) await completeOrderOf(result.payment, baseUrl);
  }

  jobs.register(PAYMENT_RECONCILE_JOB, async (payload) => {
    const { paymentId, baseUrl } = payload as { paymentId: string; baseUrl?: string };
    await reconcilePayment(paymentId, baseUrl ?? null);
  });

  /** Every payment pending past its stale time, and every charge behind an order still waiting for payment. */
  async function sweep(): Promise<void> {
    const baseUrlOf = async (paymentId: string) => {
      const job = await jobs.byKey(`${PAYMENT_RECONCILE_JOB}:${paymentId}`);
      const baseUrl = (job?.payload as { baseUrl?: unknown } | undefined)?.baseUrl;
      return typeof baseUrl === 'string' ? baseUrl : null;
    };
    for (const paymentId of await payments.stalePendingIds()) {
      await reconcilePayment(paymentId, await baseUrlOf(paymentId)).catch((err: unknown) => log?.warn({ err, paymentId }, 'payment not reconciled yet'));
    }
    // Charges behind orders still waiting for payment (recorded here), and behind orders that are
    // not being paid for (released), whatever their age.
    for (const { id: paymentId, orderId } of await payments.liveBehindOrdersIn(['awaiting_payment'])) {
      const payment = await payments.paymentForOrder(orderId);
      if (payment && (payment.status === 'authorized' || payment.status === 'captured')) await completeOrderOf(payment, await baseUrlOf(paymentId));
    }
    for (const { orderId, orderStatus } of await payments.liveBehindOrdersIn(UNPAID_ORDER_STATUSES)) await releaseOrphan(orderId, orderStatus);
    // issue 18: a refund left pending (its process died between the row and the gateway's answer)
    // is asked again with its own key: the gateway answers the refund it made, or makes it once.
    for (const refundId of await payments.stalePendingRefundIds()) {
      await payments.reconcileRefund(refundId, orderFollowsRefund(orders)).catch((err: unknown) => log?.warn({ err, refundId }, 'refund not reconciled yet'));
    }
  }

  /** Voids the hold (or refunds the charge) behind an order that is not being paid for. */
  async function releaseOrphan(orderId: string, orderStatus: string): Promise<void> {
    const released = await payments.cancelForOrder(orderId, { actor: { type: 'system' }, reason: 'reconciled_order_not_payable' });
    if (released.ok) log?.warn({ orderId, orderStatus }, 'reconciliation released a payment behind an order not being paid for');
    else log?.warn({ orderId, orderStatus, failure: released.failure }, 'payment behind an order not being paid for not released yet');
  }

  jobs.every(PAYMENTS_RECONCILE_SWEEP_JOB, RECONCILE_SWEEP_EVERY_MS, () => sweep());

  /** Queues the confirmation mail; a repeat for the same order is a no-op (one mail per order). */
  async function queueConfirmation(input: OrderConfirmationJob, tx?: DbOrTx): Promise<void> {
    await jobs.enqueue(ORDER_CONFIRMATION_JOB, { ...input }, { singletonKey: `${ORDER_CONFIRMATION_JOB}:${input.orderId}`, ...(tx ? { tx } : {}) });
  }

  jobs.register(ORDER_CONFIRMATION_JOB, async (payload) => {
    const { orderId, storefrontId, userId, baseUrl, resend } = payload as unknown as OrderConfirmationJob & { resend?: boolean };
    const storefront = await storefronts.getById(storefrontId);
    const order = await orders.getOrder(storefront, { kind: 'user', userId }, orderId);
    const payment = await payments.paymentForOrder(orderId);
    // issue 18: an operator's resend of a paid order's confirmation goes out after a refund too.
    const resentAfterRefund = resend === true && payment?.status === 'refunded';
    if (!payment || (payment.status !== 'authorized' && payment.status !== 'captured' && !resentAfterRefund)) {
      log?.warn({ orderId, status: payment?.status }, 'order confirmation skipped: the order has no live payment');
      return;
    }
    await sendConfirmation(storefront, order, resultOf(orderId, order.status, payment), userId, baseUrl);
  });

  jobs.register(ORDER_ADDRESS_JOB, async (payload) => {
    const { orderId, storefrontId, userId } = payload as unknown as OrderConfirmationJob;
    const storefront = await storefronts.getById(storefrontId);
    const order = await orders.getOrder(storefront, { kind: 'user', userId }, orderId);
    const shipped = order.shippingAddress;
    if (!shipped) return; // nothing ships (e.g. a lab panel)
    // Checked when it was given; parsed again only to type it as an address the book takes.
    const address = usAddressSchema.safeParse(shipped);
    if (address.success) await addresses.remember(userId, address.data);
  });

  async function sendConfirmation(storefront: StorefrontConfig, order: OrderView, result: PurchaseResult, userId: string, baseUrl: string) {
    const user = await auth.contactOf(userId);
    if (!user) return;
    const receipt = await renderReceipt(storefront, order);
    const next = result.payment.captured
      ? 'We are preparing your order and will email you when it ships.'
      : order.visitType === VISIT_TYPES.asynchronous
        ? 'A doctor will review your answers, usually within one business day. Your card is only charged if the doctor approves your treatment.'
        : 'Your visit is booked. Your card is only charged if the doctor approves your treatment.';
    await notifications.email(storefront, user.email, {
      subject: `Your ${storefront.name} order ${result.orderNumber}`,
      heading: `Thank you${user.firstName ? `, ${user.firstName}` : ''}! We received your order.`,
      paragraphs: [
        `Order number: ${result.orderNumber}`,
        `Total: ${formatCents(result.payment.amountCents)}${result.payment.card ? ` (${result.payment.card.label})` : ''}`,
        next,
        'Your receipt is attached; you can also open it below or from your account.',
      ],
      action: { label: 'View your receipt', url: `${baseUrl}${result.receiptUrl}` },
      ...(receipt
        ? {
            attachments: [
              {
                filename: `receipt-${result.orderNumber}.pdf`,
                content: receipt.toString('base64'),
                encoding: 'base64' as const,
                contentType: 'application/pdf',
              },
            ],
          }
        : {}),
    });
  }

  return {
    /**
     * POST /api/orders/:id/pay. The caller's order (another's is a 404), ready for payment, paid
     * with a new card token or one of the caller's saved cards. A decline: 402 with the reason in
     * plain words, the order still awaiting payment. An order already paid answers its payment.
     */
    async pay(input: {
      storefront: StorefrontConfig;
      identity: Identity;
      orderId: string;
      idempotencyKey: string;
      paymentMethod: PaymentSource;
      acceptedConsentIds: readonly string[];
      audit?: AuditContext;
      baseUrl: string;
    }): Promise<PurchaseResult & { replayed: boolean }> {
      const { storefront, identity, orderId } = input;
      const owner = ownerOfIdentity(identity);
      // A repeat of a finished payment (a retry after a timeout, a second tab, a request that
      // finished meanwhile) gets that payment's answer.
      const replay = async (): Promise<(PurchaseResult & { replayed: boolean }) | null> => {
        const done = await alreadyPaid(orderId);
        if (!done) return null;
        // A process that died between payment and queueing the mail: the retry queues it (once).
        if (identity.kind === 'user') {
          await queueConfirmation({ orderId, storefrontId: storefront.id, userId: identity.userId, baseUrl: input.baseUrl }).catch((err: unknown) =>
            log?.error({ err, orderId }, 'order confirmation email not queued'),
          );
        }
        return { ...done, replayed: true };
      };

      const required = await consents.current(storefront.id);
      const accepted = new Set(input.acceptedConsentIds);
      if (required.some((c) => !accepted.has(c.id))) {
        // Another's order is still a 404 and a paid one still answers its payment (consents may
        // have been republished since); only then are the consents what is wrong.
        const own = await orders.state(db, { orderId, storefrontId: storefront.id, owner });
        if (!own) throw notFound();
        const repeated = PAID_STATUSES.has(own.order.status) ? await replay() : null;
        if (repeated) return repeated;
        throw new AppError(422, 'CONSENTS_REQUIRED', 'Please read and accept each consent before paying.', {
          errors: [{ field: 'acceptedConsentIds', message: 'Please read and accept each consent before paying.' }],
        });
      }

      // The owner's order (another's is a 404), ready to pay; one already paid is a repeat.
      let payable;
      try {
        payable = await checkout.assertPayable({ orderId, storefrontId: storefront.id, owner, audit: input.audit });
      } catch (error) {
        const repeated = error instanceof AppError && error.code === 'ORDER_CLOSED' ? await replay() : null;
        if (!repeated) throw error;
        return repeated;
      }
      const capture = capturesAtCheckout(payable.requiredStages);
      let paid;
      try {
        paid = await payments.payOrder({
          orderId,
          amountCents: payable.totalCents,
          capture,
          paymentMethod: input.paymentMethod,
          identity,
          idempotencyKey: input.idempotencyKey,
          audit: { ...(input.audit?.actor ? { actor: input.audit.actor } : {}), ip: input.audit?.ip ?? null, requestId: input.audit?.requestId ?? null },
          // The order locked and still waiting for payment when its payment is claimed: a visit
          // cancelled from its link since assertPayable reopened it (draft), and that cancel, which
          // locks the order too, sees this payment and refuses (issue 13 #12 review).
          before: async (tx: DbOrTx) => {
            const status = (await orders.state(tx, { orderId }, { forUpdate: true }))?.order.status;
            if (status === 'awaiting_payment') return;
            if (status === 'draft') throw new AppError(409, 'ORDER_NOT_READY_FOR_PAYMENT', CHECKOUT_MESSAGES.ORDER_NOT_READY_FOR_PAYMENT);
            throw new AppError(409, 'ORDER_CLOSED', CHECKOUT_MESSAGES.ORDER_CLOSED);
          },
          // issue 13 #2: the promo code's use is claimed with the payment, before the card is charged;
          // a code over its limit now is refused (PROMO_INVALID) and nothing is charged.
          // issue 13 #3: a reconciliation job is queued with the payment, so a Pay cut off by a crash is
          // settled a minute later (and the mail's links keep this request's address).
          claim: async (tx: DbOrTx, paymentId: string) => {
            if (payable.hasPromoCode) await cart.claimRedemption(tx, orderId);
            await queueReconcile(tx, paymentId, input.baseUrl);
          },
        });
      } catch (error) {
        // Paid meanwhile by another request: that payment's answer, as for a repeat.
        const repeated = error instanceof AppError && error.code === 'ORDER_CLOSED' ? await replay() : null;
        if (!repeated) throw error;
        return repeated;
      }
      if (!paid.ok) throw paymentProblem(paid.failure);
      const status = await recordPaid({ orderId, storefrontId: storefront.id, userId: payable.userId, visitType: payable.visitType }, paid.payment, input.baseUrl, input.audit);
      const result = resultOf(orderId, status, paid.payment);
      return { ...result, replayed: paid.replayed };
    },

    /** GET /api/orders/:id/payment: the caller's paid order and its payment (confirmation page). */
    async confirmation(storefront: StorefrontConfig, owner: OrderOwner, orderId: string): Promise<PurchaseResult> {
      await orders.getOrder(storefront, owner, orderId);
      const done = await alreadyPaid(orderId);
      if (!done) throw notFound();
      return done;
    },

    /** GET /api/orders/:id/receipt.pdf: owner only, paid orders only. */
    async receiptPdf(storefront: StorefrontConfig, owner: OrderOwner, orderId: string): Promise<Buffer> {
      const order = await orders.getOrder(storefront, owner, orderId);
      const receipt = await renderReceipt(storefront, order);
      if (!receipt) throw notFound();
      return receipt;
    },
  };
}
export type PayWorkflow = ReturnType<typeof createPayWorkflow>;
