// Payments (issue 7): pay an order exactly once, capture on approval, void or refund; with the
// patient's saved cards (saved-cards.service.ts), the only part of the store that talks to the
// card processor.
//
// Exactly one authorization per order: a "pay now" first claims a `pending` payment row, which
// takes the caller's idempotency key (unique) and the order's one live-payment slot (a unique
// index over pending, authorized and captured payments), and only then calls the gateway, with a
// gateway key derived from the row. Repeats with the same key wait for that row and get its
// result; a second attempt with another key finds the live payment and gets it too. When the
// gateway's answer is unknown (it could not be reached, or this process died mid-call), the row
// stays pending and the next attempt re-asks the gateway with the same key, which answers with
// what it did the first time; so an uncertain first attempt is never followed by a second charge.
import {
  ADMIN_ORDER_MESSAGES,
  PAYMENT_MESSAGES,
  cardLabel,
  declineMessage,
  isDeclineCode,
  isRetryableDecline,
  MAX_NUMERIC_VALUE,
  type BillingAddress,
  type CardBrand,
  type DeclineCode,
  type OrderStatus,
  type PaymentStatus,
} from '@store/domain';
import type { CardSummary, ChargeSource, PaymentGateway } from '../../adapters/payments/payment-gateway.ts';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, DbOrTx } from '../../db/client.ts';
import type { GatewayName } from '../../db/schema/payments.ts';
import { AppError, notFound } from '../../lib/problem.ts';
import { actorOf as actorOfIdentity, type AuditActor, type AuditContext, type AuditService } from '../audit/audit.service.ts';
import type { Identity } from '../auth/sessions.service.ts';
import { HOLD_LAPSED, toFailure, toFailureResult, type PaymentFailure } from './payment-failures.ts';
import { createPaymentsRepo, isUuid, type CardRow, type PaymentRow, type RefundRow } from './payments.repo.ts';
import { createSavedCards } from './saved-cards.service.ts';
import type { PaymentOutcome } from '../../lib/metrics.ts';

export { paymentProblem, type PaymentFailure } from './payment-failures.ts';
export type { CardView } from './saved-cards.service.ts';


/** How long a card hold (sandbox, Stripe) lasts from its authorization (issue 15). */
export const HOLD_VALID_MS = 7 * 24 * 60 * 60_000;
export { HOLD_LAPSED };

export interface PaymentView {
  id: string;
  orderId: string;
  status: PaymentStatus;
  amountCents: number;
  currency: string;
  gateway: GatewayName;
  /** Whether checkout asked for an immediate charge (true) or a hold (false). */
  captureRequested: boolean;
  /** Brand and last four only, for the confirmation and the receipt. */
  card: { brand: CardBrand; last4: string; label: string } | null;
  failure: PaymentFailure | null;
  createdAt: Date;
  authorizedAt: Date | null;
  capturedAt: Date | null;
  voidedAt: Date | null;
  refundedAt: Date | null;
  /** Given back so far (issue 18: partial refunds); the whole amount once `refunded`. */
  refundedCents: number;
}

/** A refund as the operator's console shows it (issue 18). */
export interface RefundView {
  id: string;
  paymentId: string;
  orderId: string;
  amountCents: number;
  status: 'pending' | 'succeeded' | 'failed';
  reason: string;
  requestedBy: string | null;
  failureReason: string | null;
  createdAt: Date;
  completedAt: Date | null;
}

export const toRefundView = (r: RefundRow): RefundView => ({
  id: r.id,
  paymentId: r.paymentId,
  orderId: r.orderId,
  amountCents: r.amountCents,
  status: r.status,
  reason: r.reason,
  requestedBy: r.requestedBy,
  failureReason: r.failureReason,
  createdAt: r.createdAt,
  completedAt: r.completedAt,
});

/** A refund the gateway answered, as the transaction recording it sees it (the order's status follows it there). */
export interface SettledRefund {
  refund: RefundView;
  payment: PaymentView;
  /** The payment is now refunded in full. */
  fullyRefunded: boolean;
}

export interface RefundInput {
  orderId: string;
  /** Cents to give back; none: all that is left. */
  amountCents?: number | undefined;
  /** One per operator's request: a double click or a retry sends the same key and refunds once. */
  idempotencyKey: string;
  reason: string;
  /** The operator (user id); null for the system. */
  requestedBy: string | null;
  ctx?: PaymentAudit | undefined;
  /** Runs in the transaction that records a successful refund (the order's status follows it). */
  afterSettled?: ((tx: DbOrTx, settled: SettledRefund) => Promise<void>) | undefined;
}

export interface RefundOutcome {
  refund: RefundView;
  payment: PaymentView;
  replayed: boolean;
}


export type PaymentSource =
  /** A card straight from the gateway's card form; `saveCard` keeps it for a signed-in patient. */
  | { token: string; saveCard?: boolean; billingAddress?: BillingAddress }
  /** One of the caller's saved cards (payment_methods.id). */
  | { savedCardId: string };

export interface PayOrderInput {
  orderId: string;
  /** The total the server computed for the order; never a figure from the browser. */
  amountCents: number;
  /** true: charge now (no doctor's decision needed); false: hold, capture on approval. */
  capture: boolean;
  paymentMethod: PaymentSource;
  identity: Identity;
  /** One per "pay now" attempt: a double click or a retry after a timeout sends the same key. */
  idempotencyKey: string;
  /** Who to record in the audit log (defaults to the identity). */
  audit?: PaymentAudit;
  /**
   * Runs in the transaction that claims the order's payment, before the gateway is called (e.g. the
   * promo code's use, issue 13 #2); throwing refuses the payment with nothing claimed or charged.
   * It runs again for each new attempt on the order (a declined one gave its claim back).
   */
  claim?: (tx: DbOrTx, paymentId: string) => Promise<void>;
  /**
   * Runs first in that transaction, before the payment row is written (the caller locks and checks
   * its order there, ahead of the row's own reference to it); throwing refuses the payment.
   */
  before?: (tx: DbOrTx) => Promise<void>;
}

export type PayOrderResult =
  | { ok: true; payment: PaymentView; replayed: boolean }
  | { ok: false; payment: PaymentView | null; failure: PaymentFailure; replayed: boolean };

export type MoneyMoveResult =
  | { ok: true; payment: PaymentView | null; alreadyDone: boolean }
  | { ok: false; payment: PaymentView | null; failure: PaymentFailure };

/** Who moved the money and from where (the request's audit context), and why. */
export type PaymentAudit = Pick<AuditContext, 'actor' | 'ip' | 'requestId'> & {
  /** Why the money moved (e.g. 'doctor_approved', 'declined', 'disqualified', 'cancelled'). */
  reason?: string;
};

export interface PaymentsServiceDeps {
  db: Db;
  gateway: PaymentGateway;
  now: () => Date;
  audit?: AuditService;
  /** How long a repeat waits for the first attempt's answer before saying "still processing". */
  pendingWaitMs?: number;
  /** A pending payment untouched this long is taken to be abandoned (its process died) and re-asked. */
  stalePendingMs?: number;
  log?: FastifyBaseLogger | undefined;
  /** Told of each payment outcome once it is recorded (issue 20: the payments_total metric). */
  onOutcome?: ((outcome: PaymentOutcome) => void) | undefined;
}

/** Failure codes that mean the card or its bank said no (the rest: the processor or our side failed). */
const CARD_REFUSALS = new Set(['card_declined', 'insufficient_funds', 'expired_card', 'incorrect_cvc', 'incorrect_number', 'authentication_required']);

/** The outcome a payment's new status counts as, or null for one that is not an outcome (pending). */
function outcomeOfStatus(row: PaymentRow): PaymentOutcome | null {
  switch (row.status) {
    case 'authorized':
    case 'captured':
    case 'voided':
    case 'refunded':
      return row.status;
    case 'failed':
      return row.failureCode && CARD_REFUSALS.has(row.failureCode) ? 'declined' : 'failed';
    default:
      return null;
  }
}

const IDEMPOTENCY_KEY = /^[A-Za-z0-9_.:-]{8,200}$/;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function failureOf(code: string | null, reason: string | null): PaymentFailure | null {
  if (!code) return null;
  const known = isDeclineCode(code) ? code : 'card_declined';
  return { code: known, message: reason ?? declineMessage(known), retryable: isRetryableDecline(known) };
}

export function toPaymentView(row: PaymentRow): PaymentView {
  return {
    id: row.id,
    orderId: row.orderId,
    status: row.status,
    amountCents: row.amountCents,
    currency: row.currency,
    gateway: row.gateway,
    captureRequested: row.captureRequested,
    card:
      row.cardBrand && row.cardLast4
        ? { brand: row.cardBrand, last4: row.cardLast4, label: cardLabel(row.cardBrand, row.cardLast4) }
        : null,
    failure: failureOf(row.failureCode, row.failureReason),
    createdAt: row.createdAt,
    authorizedAt: row.authorizedAt,
    capturedAt: row.capturedAt,
    voidedAt: row.voidedAt,
    refundedAt: row.refundedAt,
    refundedCents: row.refundedCents,
  };
}



export function createPaymentsService(deps: PaymentsServiceDeps) {
  const { db, gateway, now } = deps;
  const repo = createPaymentsRepo(db);
  const pendingWaitMs = deps.pendingWaitMs ?? 15_000;
  const stalePendingMs = deps.stalePendingMs ?? 60_000;
  // Saved cards: the patient's wallet, and a card saved with a payment (saved-cards.service.ts).
  const cards = createSavedCards(deps);
  const { saveCard, forgetAtGateway, setCurrentCard } = cards;

  function actorOf(identity: Identity | undefined, ctx: PaymentAudit | undefined): AuditActor {
    if (ctx?.actor) return ctx.actor;
    return identity ? actorOfIdentity(identity) : { type: 'system' };
  }

  /** A status change and its audit event, in one transaction. */
  async function move(
    row: PaymentRow,
    from: readonly PaymentStatus[],
    patch: Parameters<typeof repo.transition>[2],
    event: { action: string; actor: AuditActor; ctx?: PaymentAudit | undefined; details?: Record<string, string | number | boolean | null> },
  ): Promise<PaymentRow | null> {
    const moved = await db.transaction(async (tx) => {
      const moved = await createPaymentsRepo(tx).transition(row.id, from, { ...patch, updatedAt: now() });
      if (moved) await recordAudit(tx, moved, event);
      return moved;
    });
    // Counted once committed, by the process that made the change.
    const outcome = moved && outcomeOfStatus(moved);
    if (outcome) deps.onOutcome?.(outcome);
    return moved;
  }

  async function recordAudit(
    tx: DbOrTx,
    row: PaymentRow,
    event: { action: string; actor: AuditActor; ctx?: PaymentAudit | undefined; details?: Record<string, string | number | boolean | null> },
  ) {
    if (!deps.audit) return;
    await deps.audit.record(
      {
        action: event.action,
        actor: event.actor,
        subject: { type: 'order', id: row.orderId },
        storefrontId: row.storefrontId,
        ip: event.ctx?.ip ?? null,
        requestId: event.ctx?.requestId ?? null,
        details: {
          paymentId: row.id,
          amountCents: row.amountCents,
          status: row.status,
          ...(event.ctx?.reason ? { reason: event.ctx.reason } : {}),
          ...event.details,
        },
      },
      tx,
    );
  }

  // ---- paying ------------------------------------------------------------------------------

  function sameRequest(row: PaymentRow, input: PayOrderInput): boolean {
    return row.orderId === input.orderId && row.amountCents === input.amountCents && row.captureRequested === input.capture;
  }

  function resultOf(row: PaymentRow, replayed: boolean): PayOrderResult {
    const view = toPaymentView(row);
    if (row.status === 'failed' || row.status === 'pending') {
      const failure = view.failure ?? { code: 'processing_error' as const, message: declineMessage('processing_error'), retryable: true };
      return { ok: false, payment: view, failure, replayed };
    }
    return { ok: true, payment: view, replayed };
  }

  /** Where the card comes from, for the gateway. */
  async function chargeSource(row: PaymentRow): Promise<ChargeSource | null> {
    if (row.paymentMethodId && row.userId) {
      const card = await repo.findCard(row.userId, row.paymentMethodId, gateway.name);
      if (!card) return null;
      return { paymentMethodId: card.gatewayPaymentMethodId, customerId: card.gatewayCustomerId };
    }
    return row.gatewaySourceId ? { token: row.gatewaySourceId } : null;
  }

  /**
   * A pending payment's hold (or charge) made at the gateway, recorded with its audit event: by the
   * answer to our own authorize call, or as reconciliation found it. Null when the row is no longer pending.
   */
  async function recordHold(
    row: PaymentRow,
    hold: { status: 'authorized' | 'captured'; intentId: string; card: CardSummary | null },
    at: Date,
    actor: AuditActor,
    ctx: PaymentAudit | undefined,
  ): Promise<PaymentRow | null> {
    return move(
      row,
      ['pending'],
      {
        status: hold.status,
        gatewayIntentId: hold.intentId,
        cardBrand: hold.card?.brand ?? row.cardBrand,
        cardLast4: hold.card?.last4 ?? row.cardLast4,
        failureCode: null,
        failureReason: null,
        authorizedAt: at,
        // issue 15: a card hold lapses at the processor after about a week; nothing is captured after it.
        holdExpiresAt: hold.status === 'authorized' ? new Date(at.getTime() + HOLD_VALID_MS) : null,
        capturedAt: hold.status === 'captured' ? at : null,
      },
      { action: hold.status === 'captured' ? 'payment.captured' : 'payment.authorized', actor, ctx },
    );
  }

  /** Asks the gateway for the row's authorization (again, with the same key) and records the answer. */
  async function authorizeRow(row: PaymentRow, identity: Identity | undefined, ctx?: PaymentAudit): Promise<PaymentRow> {
    const actor = actorOf(identity, ctx);
    const source = await chargeSource(row);
    const result = source
      ? await gateway.authorize(
          {
            amountCents: row.amountCents,
            currency: 'usd',
            source,
            capture: row.captureRequested,
            description: `Order ${row.orderId}`,
            metadata: { orderId: row.orderId, paymentId: row.id },
          },
          { idempotencyKey: `payment:${row.id}:authorize` },
        )
      : toFailureResult('payment_method_unusable');
    const at = now();
    if (result.ok) {
      const moved = await recordHold(row, result, at, actor, ctx);
      if (moved) return moved;
      const after = (await repo.findById(row.id))!;
      if (after.status === 'failed' || after.status === 'voided') {
        // Reconciliation released this payment while the gateway was still answering (issue 13
        // #3): the charge it made stands behind nothing, so it is given back.
        const undo = result.status === 'captured'
          ? await gateway.refund({ intentId: result.intentId }, { idempotencyKey: `payment:${row.id}:late-refund` })
          : await gateway.void({ intentId: result.intentId }, { idempotencyKey: `payment:${row.id}:late-void` });
        if (!undo.ok) deps.log?.error({ paymentId: row.id, intentId: result.intentId, code: undo.code }, 'a late charge for a released payment could not be given back');
      }
      return after;
    }
    if (result.code === 'gateway_unavailable') {
      // Unknown whether the processor acted: keep the claim and re-ask with the same key next time.
      await repo.update(row.id, { failureCode: result.code, failureReason: result.message, updatedAt: at });
      return (await repo.findById(row.id))!;
    }
    const moved = await move(
      row,
      ['pending'],
      {
        status: 'failed',
        gatewayIntentId: result.intentId ?? null,
        failureCode: result.code,
        failureReason: result.message,
        failedAt: at,
      },
      { action: 'payment.failed', actor, ctx, details: { code: result.code } },
    );
    return moved ?? (await repo.findById(row.id))!;
  }

  /**
   * Waits until a pending payment has its answer. One whose answer is unknown (gateway
   * unreachable, or abandoned by a process that died) is re-asked at once by this caller.
   */
  async function settled(row: PaymentRow, identity: Identity | undefined, ctx?: PaymentAudit): Promise<PaymentRow> {
    const deadline = Date.now() + pendingWaitMs;
    let current = row;
    let delay = 10;
    while (current.status === 'pending') {
      const stale = now().getTime() - current.updatedAt.getTime() >= stalePendingMs;
      if (current.failureCode === 'gateway_unavailable' || stale) {
        // Only one caller re-asks: the one whose claim finds the version it read.
        const claimed = await repo.claimPending(current.id, current.version, now());
        if (claimed) return authorizeRow(claimed, identity, ctx);
      }
      if (Date.now() > deadline) {
        throw new AppError(409, 'PAYMENT_IN_PROGRESS', PAYMENT_MESSAGES.PAYMENT_IN_PROGRESS);
      }
      await sleep(delay);
      delay = Math.min(delay * 2, 100);
      current = (await repo.findById(current.id)) ?? current;
    }
    return current;
  }

  async function payOrder(input: PayOrderInput): Promise<PayOrderResult> {
    if (!Number.isSafeInteger(input.amountCents) || input.amountCents < 1 || input.amountCents > MAX_NUMERIC_VALUE) {
      throw new AppError(400, 'PAYMENT_AMOUNT_INVALID', PAYMENT_MESSAGES.PAYMENT_AMOUNT_INVALID);
    }
    if (!isUuid(input.orderId)) throw notFound();
    if (!IDEMPOTENCY_KEY.test(input.idempotencyKey)) {
      throw new AppError(400, 'IDEMPOTENCY_KEY_INVALID', 'Each payment needs an idempotency key of 8 to 200 letters, digits or -_.: characters.');
    }
    const { identity } = input;

    // The card: a saved card must be the caller's own (another patient's is a 404).
    const source = input.paymentMethod;
    let savedCard: CardRow | null = null;
    if ('savedCardId' in source) {
      // A repeat of an earlier attempt gets its result even if the card was removed since.
      const earlier = await repo.findByKey(input.idempotencyKey);
      if (earlier) return replay(earlier, input);
      if (identity.kind !== 'user') throw notFound();
      savedCard = await repo.findCard(identity.userId, source.savedCardId, gateway.name);
      if (!savedCard) throw notFound();
    } else if (source.saveCard && identity.kind !== 'user') {
      throw new AppError(401, 'SAVED_CARDS_NEED_ACCOUNT', PAYMENT_MESSAGES.SAVED_CARDS_NEED_ACCOUNT);
    }

    for (let attempt = 0; attempt < 5; attempt += 1) {
      const at = now();
      const claimed = await db.transaction(async (tx) => {
        if (input.before) await input.before(tx);
        const row = await createPaymentsRepo(tx).insertPending({
          orderId: input.orderId,
          storefrontId: identity.storefrontId,
          userId: identity.kind === 'user' ? identity.userId : null,
          guestSessionId: identity.kind === 'guest' ? identity.sessionId : null,
          paymentMethodId: savedCard?.id ?? null,
          gateway: gateway.name,
          gatewaySourceId: savedCard ? savedCard.gatewayPaymentMethodId : 'token' in source ? source.token : null,
          amountCents: input.amountCents,
          captureRequested: input.capture,
          status: 'pending',
          idempotencyKey: input.idempotencyKey,
          cardBrand: savedCard?.brand ?? null,
          cardLast4: savedCard?.last4 ?? null,
          createdAt: at,
          updatedAt: at,
        });
        if (row && input.claim) await input.claim(tx, row.id);
        return row;
      });
      if (claimed) return runClaimed(claimed, input);

      // Someone holds the key (a repeat of an earlier attempt: its result, once it has one) or
      // the order's live slot (another attempt for the order).
      const sameKey = await repo.findByKey(input.idempotencyKey);
      if (sameKey) return replay(sameKey, input);
      const live = await repo.findLive(input.orderId);
      if (!live) continue; // it failed or was released meanwhile: claim again
      if (live.amountCents !== input.amountCents || live.captureRequested !== input.capture) {
        throw new AppError(409, 'PAYMENT_ALREADY_PAID', PAYMENT_MESSAGES.PAYMENT_ALREADY_PAID);
      }
      const done = await settled(live, identity, input.audit);
      if (done.status === 'authorized' || done.status === 'captured') return resultOf(done, true);
      if (done.status === 'pending') return resultOf(done, true);
      // That attempt failed: this one may go ahead.
    }
    throw new AppError(409, 'PAYMENT_IN_PROGRESS', PAYMENT_MESSAGES.PAYMENT_IN_PROGRESS);
  }

  async function replay(row: PaymentRow, input: PayOrderInput): Promise<PayOrderResult> {
    if (!sameRequest(row, input)) {
      throw new AppError(409, 'PAYMENT_REQUEST_MISMATCH', PAYMENT_MESSAGES.PAYMENT_REQUEST_MISMATCH);
    }
    return resultOf(await settled(row, input.identity, input.audit), true);
  }

  async function runClaimed(row: PaymentRow, input: PayOrderInput): Promise<PayOrderResult> {
    let current = row;
    const source = input.paymentMethod;
    let newCard: CardRow | null = null;
    if ('token' in source && source.saveCard && input.identity.kind === 'user') {
      // Saved with the gateway first (it checks the card), then the saved card is charged; kept
      // here, and made current, only if it pays (issue 13 #10).
      const saved = await saveCard(
        input.identity.userId,
        { token: source.token, billingAddress: source.billingAddress, withPayment: true },
        `payment:${row.id}:save-card`,
        input.audit,
      );
      if (!saved.ok) {
        const failed = await move(
          row,
          ['pending'],
          { status: 'failed', failureCode: saved.code, failureReason: saved.message, failedAt: now() },
          { action: 'payment.failed', actor: actorOf(input.identity, input.audit), ctx: input.audit, details: { code: saved.code } },
        );
        return resultOf(failed ?? row, false);
      }
      if (saved.inserted) newCard = saved.card;
      await repo.update(row.id, {
        paymentMethodId: saved.card.id,
        gatewaySourceId: saved.card.gatewayPaymentMethodId,
        cardBrand: saved.card.brand,
        cardLast4: saved.card.last4,
      });
      current = (await repo.findById(row.id))!;
    }
    const done = await authorizeRow(current, input.identity, input.audit);
    if (current.paymentMethodId && input.identity.kind === 'user' && 'token' in source && source.saveCard) {
      if (done.status === 'authorized' || done.status === 'captured') {
        await setCurrentCard(input.identity.userId, current.paymentMethodId);
      } else if (done.status === 'failed' && newCard) {
        // A card that did not pay is not kept.
        await repo.deleteCard(input.identity.userId, newCard.id);
        await forgetAtGateway(newCard.gatewayPaymentMethodId);
      }
    }
    return resultOf(done, false);
  }

  // ---- reconciliation (issue 13 #3) ------------------------------------------------------------

  /**
   * Settles a payment whose answer was never recorded (its process died mid-call, or the patient
   * closed the tab and nobody retried): once it has been pending for `stalePendingMs`, the gateway
   * is asked what it did for it. A charge or hold it made is recorded (`live`); none, or one it
   * refused or cancelled, releases the payment (`released`: failed, so the order's live slot and its
   * promo claim are free). `waiting`: not due yet, or another process is on it; `unknown`: the
   * gateway could not tell (ask again later); `deferred`: the gateway found no charge, but the
   * payment is younger than its lookup can be trusted for (Stripe's search lags: a charge made
   * minutes ago may not show yet), so it stays pending until `retryAt`, when the sweep asks again;
   * releasing it now would let the patient's next Pay charge a second time. Safe to run in several
   * processes at once.
   */
  async function reconcile(paymentId: string): Promise<{ outcome: 'live' | 'released' | 'waiting' | 'unknown' | 'deferred' | 'gone'; payment: PaymentView | null; retryAt?: Date }> {
    const row = isUuid(paymentId) ? await repo.findById(paymentId) : null;
    if (!row) return { outcome: 'gone', payment: null };
    if (row.status === 'authorized' || row.status === 'captured') return { outcome: 'live', payment: toPaymentView(row) };
    if (row.status !== 'pending') return { outcome: 'released', payment: toPaymentView(row) };
    if (now().getTime() - row.updatedAt.getTime() < stalePendingMs) return { outcome: 'waiting', payment: toPaymentView(row) };
    // Only one process asks: the one whose claim finds the version it read.
    const claimed = await repo.claimPending(row.id, row.version, now());
    if (!claimed) return { outcome: 'waiting', payment: toPaymentView(row) };
    const found = await gateway.findAuthorization({ paymentId: row.id });
    const actor = { type: 'system' as const };
    const ctx = { reason: 'reconciled' };
    if (!found.ok || found.attempt.status === 'unknown') {
      await repo.update(row.id, { failureCode: 'gateway_unavailable', failureReason: declineMessage('gateway_unavailable') });
      return { outcome: 'unknown', payment: toPaymentView(claimed) };
    }
    const attempt = found.attempt;
    const at = now();
    const trustedFrom = row.createdAt.getTime() + gateway.noneTrustedAfterMs;
    if (attempt.status === 'none' && at.getTime() < trustedFrom) {
      // Left pending (the claim marked it touched, so the sweep's next run asks again).
      return { outcome: 'deferred', payment: toPaymentView(claimed), retryAt: new Date(trustedFrom) };
    }
    if (attempt.status === 'authorized' || attempt.status === 'captured') {
      const moved = await recordHold(claimed, attempt, at, actor, ctx);
      const current = moved ?? (await repo.findById(row.id))!;
      return { outcome: current.status === 'authorized' || current.status === 'captured' ? 'live' : 'released', payment: toPaymentView(current) };
    }
    const moved = await move(
      claimed,
      ['pending'],
      attempt.status === 'voided'
        ? { status: 'voided', gatewayIntentId: attempt.intentId, voidedAt: at }
        : {
            status: 'failed',
            gatewayIntentId: attempt.status === 'failed' ? attempt.intentId : null,
            failureCode: 'processing_error',
            failureReason: declineMessage('processing_error'),
            failedAt: at,
          },
      { action: attempt.status === 'voided' ? 'payment.voided' : 'payment.failed', actor, ctx, details: { gateway: attempt.status } },
    );
    if (moved) await forgetCardSavedWith(moved);
    const current = moved ?? (await repo.findById(row.id))!;
    return { outcome: current.status === 'authorized' || current.status === 'captured' ? 'live' : 'released', payment: toPaymentView(current) };
  }

  /**
   * A card saved with a payment that did not pay is not kept (issue 13 #10): the card the released
   * payment charged, when it was saved for it (no earlier than the payment) and no other payment used it.
   */
  async function forgetCardSavedWith(row: PaymentRow): Promise<void> {
    if (!row.paymentMethodId || !row.userId) return;
    const card = await repo.findCard(row.userId, row.paymentMethodId, gateway.name);
    if (!card || card.createdAt.getTime() < row.createdAt.getTime()) return;
    if (await repo.cardUsedElsewhere(card.id, row.id)) return;
    await repo.deleteCard(row.userId, card.id);
    await forgetAtGateway(card.gatewayPaymentMethodId);
  }

  // ---- after checkout ----------------------------------------------------------------------

  async function liveSettled(orderId: string): Promise<PaymentRow | null> {
    if (!isUuid(orderId)) return null;
    const live = await repo.findLive(orderId);
    return live ? settled(live, undefined) : null;
  }

  const LAPSED_FAILURE: PaymentFailure = { code: 'authorization_expired', message: HOLD_LAPSED, retryable: false };
  const holdLapsed = (row: PaymentRow) => row.status === 'authorized' && row.holdExpiresAt !== null && now().getTime() >= row.holdExpiresAt.getTime();

  /** A hold past its expiry is released by the processor: recorded as released (voided, authorization_expired) in `tx`, without asking. */
  async function recordLapsedIn(tx: DbOrTx, row: PaymentRow, actor: AuditActor, ctx?: PaymentAudit): Promise<PaymentRow | null> {
    const moved = await createPaymentsRepo(tx).transition(row.id, ['authorized'], {
      status: 'voided',
      voidedAt: now(),
      failureCode: LAPSED_FAILURE.code,
      failureReason: LAPSED_FAILURE.message,
      updatedAt: now(),
    });
    if (moved) await recordAudit(tx, moved, { action: 'payment.expired', actor, ctx });
    return moved;
  }

  async function captureForOrder(orderId: string, ctx?: PaymentAudit): Promise<MoneyMoveResult> {
    const live = await liveSettled(orderId);
    if (!live || live.status === 'pending') {
      return { ok: false, payment: live ? toPaymentView(live) : null, failure: failureFrom('not_capturable') };
    }
    if (live.status === 'captured') return { ok: true, payment: toPaymentView(live), alreadyDone: true };
    const actor = ctx?.actor ?? { type: 'system' as const };
    // issue 15: never capture after the hold lapsed; the processor releases it then, so it is
    // recorded as released without asking (the decision answers 409 HOLD_LAPSED, see paymentProblem).
    if (holdLapsed(live)) {
      const moved = await db.transaction((tx) => recordLapsedIn(tx, live, actor, ctx));
      return { ok: false, payment: toPaymentView(moved ?? live), failure: LAPSED_FAILURE };
    }
    const result = await gateway.capture({ intentId: live.gatewayIntentId! }, { idempotencyKey: `payment:${live.id}:capture` });
    // A capture the gateway already made (a lost answer) counts as done.
    if (result.ok || result.code === 'already_captured') {
      const moved = await move(live, ['authorized'], { status: 'captured', capturedAt: now() }, { action: 'payment.captured', actor, ctx });
      return { ok: true, payment: toPaymentView(moved ?? (await repo.findById(live.id))!), alreadyDone: !moved };
    }
    if (result.code === 'authorization_expired') {
      // The hold lapsed and the processor released it: nothing is held any more.
      const moved = await move(
        live,
        ['authorized'],
        { status: 'voided', voidedAt: now(), failureCode: result.code, failureReason: result.message },
        { action: 'payment.expired', actor, ctx },
      );
      return { ok: false, payment: toPaymentView(moved ?? live), failure: toFailure(result) };
    }
    return { ok: false, payment: toPaymentView(live), failure: toFailure(result) };
  }

  async function voidForOrder(orderId: string, ctx?: PaymentAudit): Promise<MoneyMoveResult> {
    const live = await liveSettled(orderId);
    // Nothing held: nothing to release (e.g. disqualified before paying).
    if (!live) return { ok: true, payment: null, alreadyDone: true };
    if (live.status === 'pending') return { ok: false, payment: toPaymentView(live), failure: failureFrom('not_voidable') };
    if (live.status === 'captured') return { ok: false, payment: toPaymentView(live), failure: failureFrom('not_voidable') };
    const result = await gateway.void({ intentId: live.gatewayIntentId! }, { idempotencyKey: `payment:${live.id}:void` });
    if (!result.ok) return { ok: false, payment: toPaymentView(live), failure: toFailure(result) };
    const moved = await move(live, ['authorized'], { status: 'voided', voidedAt: now() }, {
      action: 'payment.voided',
      actor: ctx?.actor ?? { type: 'system' },
      ctx,
    });
    return { ok: true, payment: toPaymentView(moved ?? (await repo.findById(live.id))!), alreadyDone: !moved };
  }

  // ---- refunds (issue 18; docs/decisions/011) --------------------------------------------------
  //
  // One `payment_refunds` row per request, written `pending` (with the amount checked against what
  // is left, under a lock on the payment row, counting other pending refunds) before the gateway is
  // asked, and answered after. The gateway's key is the row's, so a repeat, a retry or the
  // reconciliation of a row left pending by a crash gets the gateway's first answer: never a second
  // refund. The payment turns `refunded` when the refunds reach its amount.

  const refundProblem = (status: number, code: keyof typeof ADMIN_ORDER_MESSAGES, field?: string) =>
    new AppError(status, code, ADMIN_ORDER_MESSAGES[code], field ? { errors: [{ field, message: ADMIN_ORDER_MESSAGES[code] }] } : undefined);

  /** The gateway's answer to a pending refund, recorded once (null: the gateway could not say). */
  async function askGatewayForRefund(
    refund: RefundRow,
    actor: AuditActor,
    ctx: PaymentAudit | undefined,
    afterSettled: RefundInput['afterSettled'],
  ): Promise<RefundRow | null> {
    const payment = (await repo.findById(refund.paymentId))!;
    let result;
    try {
      result = await gateway.refund({ intentId: payment.gatewayIntentId!, amountCents: refund.amountCents }, { idempotencyKey: `payment-refund:${refund.id}` });
    } catch (error) {
      deps.log?.warn({ err: error, refundId: refund.id }, 'refund: no answer from the gateway; reconciliation will ask again');
      result = null;
    }
    if (!result || (!result.ok && result.code === 'gateway_unavailable')) {
      // Unknown whether the gateway acted: the row stays pending, marked so a repeat re-asks at once.
      await repo.markRefundUnknown(refund.id);
      return null;
    }
    const answer = result;
    let outcome = null as PaymentOutcome | null;
    const settledRefund = await db.transaction(async (tx) => {
      const r = createPaymentsRepo(tx);
      const locked = (await r.lockPayment(payment.id))!;
      const current = (await r.findRefund(refund.id, { forUpdate: true }))!;
      if (current.status !== 'pending') return current;
      const at = now();
      if (!answer.ok) {
        const failed = (await r.settleRefund(refund.id, { status: 'failed', failureReason: answer.message, completedAt: at }))!;
        await recordAudit(tx, locked, { action: 'payment.refund_failed', actor, ctx, details: { refundId: refund.id, refundCents: refund.amountCents, code: answer.code } });
        outcome = 'refund_failed';
        return failed;
      }
      const refundedCents = locked.refundedCents + refund.amountCents;
      const full = refundedCents >= locked.amountCents;
      const done = (await r.settleRefund(refund.id, { status: 'succeeded', gatewayRefundId: answer.refundId, completedAt: at }))!;
      const moved = await r.updateReturning(locked.id, {
        refundedCents,
        ...(full ? { status: 'refunded' as const, refundedAt: at, gatewayRefundId: answer.refundId } : {}),
        updatedAt: at,
      });
      await deps.audit?.record(
        {
          action: full ? 'payment.refunded' : 'payment.refunded_partially',
          actor,
          subject: { type: 'order', id: locked.orderId },
          storefrontId: locked.storefrontId,
          ip: ctx?.ip ?? null,
          requestId: ctx?.requestId ?? null,
          details: { paymentId: locked.id, refundId: refund.id, refundCents: refund.amountCents, amountCents: locked.amountCents, ...(refund.reason ? { reason: refund.reason } : {}) },
          change: {
            before: { refundedCents: locked.refundedCents, paymentStatus: locked.status },
            after: { refundedCents, paymentStatus: moved!.status },
          },
        },
        tx,
      );
      await afterSettled?.(tx, { refund: toRefundView(done), payment: toPaymentView(moved!), fullyRefunded: full });
      outcome = 'refunded';
      return done;
    });
    // Counted once committed, by the process that settled it: a refund made (whole or part) or refused.
    if (outcome) deps.onOutcome?.(outcome);
    return settledRefund;
  }

  /** Waits for a pending refund another request is asking about; re-asks one whose answer is unknown or stale. */
  async function refundSettled(row: RefundRow, input: Pick<RefundInput, 'ctx' | 'afterSettled'>, actor: AuditActor): Promise<RefundRow> {
    const deadline = Date.now() + pendingWaitMs;
    let current = row;
    let delay = 10;
    while (current.status === 'pending') {
      const stale = now().getTime() - current.createdAt.getTime() >= stalePendingMs;
      if (current.failureReason === 'gateway_unavailable' || stale) {
        const answered = await askGatewayForRefund(current, actor, input.ctx, input.afterSettled);
        if (answered) return answered;
        throw refundProblem(409, 'REFUND_IN_PROGRESS');
      }
      if (Date.now() > deadline) throw refundProblem(409, 'REFUND_IN_PROGRESS');
      await sleep(delay);
      delay = Math.min(delay * 2, 100);
      current = (await repo.findRefund(current.id)) ?? current;
    }
    return current;
  }

  async function outcomeOf(row: RefundRow, replayed: boolean): Promise<RefundOutcome> {
    if (row.status === 'failed') throw refundProblem(409, 'REFUND_FAILED');
    return { refund: toRefundView(row), payment: toPaymentView((await repo.findById(row.paymentId))!), replayed };
  }

  /**
   * Give back `amountCents` (or all that is left) of the order's charged payment, once per key.
   * 422 REFUND_OVER_REMAINING beside amountCents when it is more than is left (pending refunds
   * count), 409 REFUND_NOTHING_CAPTURED / REFUND_NOTHING_LEFT, 409 REFUND_FAILED when the gateway
   * refused (nothing given back), 409 REFUND_IN_PROGRESS when the gateway's answer is not known yet
   * (the row stays pending and reconciliation settles it).
   */
  async function refund(input: RefundInput): Promise<RefundOutcome> {
    if (!isUuid(input.orderId)) throw notFound();
    if (!IDEMPOTENCY_KEY.test(input.idempotencyKey)) {
      throw new AppError(400, 'IDEMPOTENCY_KEY_INVALID', 'Each refund needs an idempotency key of 8 to 200 letters, digits or -_.: characters.');
    }
    if (input.amountCents !== undefined && (!Number.isSafeInteger(input.amountCents) || input.amountCents < 1 || input.amountCents > MAX_NUMERIC_VALUE)) {
      throw refundProblem(400, 'REFUND_AMOUNT_INVALID', 'amountCents');
    }
    const actor = input.ctx?.actor ?? (input.requestedBy ? { type: 'user' as const, id: input.requestedBy } : { type: 'system' as const });
    const repeat = async (row: RefundRow) => {
      if (row.orderId !== input.orderId || (input.amountCents !== undefined && row.amountCents !== input.amountCents)) throw refundProblem(409, 'REFUND_KEY_REUSED');
      return outcomeOf(await refundSettled(row, input, actor), true);
    };
    const existing = await repo.findRefundByKey(input.idempotencyKey);
    if (existing) return repeat(existing);
    const claimed = await db.transaction(async (tx) => {
      const r = createPaymentsRepo(tx);
      const payment = await r.lockRefundable(input.orderId);
      if (!payment) throw refundProblem(409, 'REFUND_NOTHING_CAPTURED');
      // Checked under the payment's lock, counting refunds still waiting for the gateway: two
      // refunds at once can never give back more than was charged.
      const left = payment.amountCents - payment.refundedCents - (await r.pendingRefundCents(payment.id));
      if (left <= 0) throw refundProblem(409, 'REFUND_NOTHING_LEFT');
      const amount = input.amountCents ?? left;
      if (amount > left) throw refundProblem(422, 'REFUND_OVER_REMAINING', 'amountCents');
      const row = await r.insertRefund({
        paymentId: payment.id,
        orderId: payment.orderId,
        amountCents: amount,
        reason: input.reason,
        idempotencyKey: input.idempotencyKey,
        status: 'pending',
        requestedBy: input.requestedBy,
        createdAt: now(),
      });
      if (row) {
        await recordAudit(tx, payment, { action: 'payment.refund_requested', actor, ctx: input.ctx, details: { refundId: row.id, refundCents: amount } });
      }
      return row;
    });
    // The key was taken meanwhile (a double click): that request's refund.
    if (!claimed) return repeat((await repo.findRefundByKey(input.idempotencyKey))!);
    const answered = await askGatewayForRefund(claimed, actor, input.ctx, input.afterSettled);
    if (!answered) throw refundProblem(409, 'REFUND_IN_PROGRESS');
    return outcomeOf(answered, false);
  }

  /**
   * Settles a refund left pending past the stale time (its process died, or the gateway could not
   * say): the gateway is asked again with the refund's own key, so it answers the refund it made,
   * or makes the one it never received, once.
   */
  async function reconcileRefund(refundId: string, afterSettled?: RefundInput['afterSettled']): Promise<'settled' | 'waiting' | 'unknown' | 'gone'> {
    const row = isUuid(refundId) ? await repo.findRefund(refundId) : null;
    if (!row || row.status !== 'pending') return 'gone';
    if (now().getTime() - row.createdAt.getTime() < stalePendingMs) return 'waiting';
    const answered = await askGatewayForRefund(row, { type: 'system' }, { reason: 'reconciled' }, afterSettled);
    return answered ? 'settled' : 'unknown';
  }

  /** Give back all that is left of a charged order (a cancellation after capture, a refill that cannot go on). */
  async function refundForOrder(orderId: string, ctx?: PaymentAudit, afterSettled?: RefundInput['afterSettled']): Promise<MoneyMoveResult> {
    const live = await liveSettled(orderId);
    if (!live) {
      const latest = await repo.findLatest(orderId);
      if (latest?.status === 'refunded') return { ok: true, payment: toPaymentView(latest), alreadyDone: true };
      return { ok: false, payment: latest ? toPaymentView(latest) : null, failure: failureFrom('not_refundable') };
    }
    if (live.status !== 'captured') return { ok: false, payment: toPaymentView(live), failure: failureFrom('not_refundable') };
    try {
      const done = await refund({ orderId, idempotencyKey: `payment:${live.id}:refund`, reason: ctx?.reason ?? '', requestedBy: null, ctx: { ...ctx, actor: ctx?.actor ?? { type: 'system' } }, afterSettled });
      return { ok: true, payment: done.payment, alreadyDone: done.replayed };
    } catch (error) {
      const after = (await repo.findById(live.id)) ?? live;
      if (error instanceof AppError && error.code === 'REFUND_NOTHING_LEFT') return { ok: true, payment: toPaymentView(after), alreadyDone: true };
      if (error instanceof AppError && error.code === 'REFUND_IN_PROGRESS') return { ok: false, payment: toPaymentView(after), failure: failureFrom('gateway_unavailable') };
      if (error instanceof AppError) return { ok: false, payment: toPaymentView(after), failure: failureFrom('not_refundable') };
      throw error;
    }
  }

  function failureFrom(code: DeclineCode): PaymentFailure {
    return { code, message: declineMessage(code), retryable: isRetryableDecline(code) };
  }

  return {
    gatewayName: gateway.name,

    /**
     * Pay for an order: hold (capture false) or charge (capture true) its total on a card, exactly
     * once per order. A decline leaves no live payment, so another card can be tried at once.
     */
    payOrder,

    /** Charge the held amount (the doctor approved). Idempotent: a second call reports alreadyDone. */
    captureForOrder,

    /** Release the hold (declined, disqualified, cancelled before a decision). No payment: ok. */
    voidForOrder,

    /** Give back all that is left of a charged order (cancelled after capture). */
    refundForOrder,

    /** issue 18: an operator's refund, full or partial, once per key (see `refund`). */
    refund,

    /** issue 18: settles one refund left pending (reconciliation). */
    reconcileRefund,

    /** Refunds pending longer than the stale time (reconciliation's work list), oldest first. */
    async stalePendingRefundIds(limit = 100): Promise<string[]> {
      return repo.pendingRefundsBefore(new Date(now().getTime() - stalePendingMs), limit);
    },

    /** An order's refunds, oldest first (the operator's order page). */
    async refundsOfOrder(orderId: string): Promise<RefundView[]> {
      return (await repo.refundsOfOrder(orderId)).map(toRefundView);
    },

    /** Cents given back so far, by order (the operator's order list). */
    async refundedCentsOf(orderIds: readonly string[]): Promise<Map<string, number>> {
      return new Map((await repo.refundedCentsOf(orderIds)).map((r) => [r.orderId, r.cents]));
    },

    reconcile,

    /** Payments pending longer than the stale time (reconciliation's work list), oldest first. */
    async stalePendingIds(limit = 100): Promise<string[]> {
      return repo.pendingBefore(new Date(now().getTime() - stalePendingMs), limit);
    },

    /**
     * Payments holding or having taken money whose order is in one of these statuses (at most
     * `limit` per status list), for reconciliation: a charge behind an order still waiting for
     * payment is recorded, one behind an order not being paid for is released.
     */
    liveBehindOrdersIn(orderStatuses: readonly OrderStatus[], limit = 100): Promise<{ id: string; orderId: string; orderStatus: string }[]> {
      return repo.liveBehindOrdersIn(orderStatuses, limit);
    },

    /**
     * Whether the order has a payment pending, authorized or captured, read in `tx` (which holds the
     * order locked): what is being paid for must not change under the payment.
     */
    hasLivePayment(tx: DbOrTx, orderId: string): Promise<boolean> {
      return createPaymentsRepo(tx).hasLive(orderId);
    },

    /** When the payment was claimed (reconciliation looks a minute later), in `tx`. */
    createdAt(tx: DbOrTx, paymentId: string): Promise<Date | undefined> {
      return createPaymentsRepo(tx).createdAt(paymentId);
    },

    /**
     * issue 15: the order's held payment whose hold has lapsed is recorded as released (as capture
     * does), in `tx` (the caller's transaction, which holds the order locked). No gateway call: the
     * processor released it. Answers false when the order holds no lapsed authorization.
     */
    async releaseLapsedHoldIn(tx: DbOrTx, orderId: string, ctx?: PaymentAudit): Promise<boolean> {
      const live = await createPaymentsRepo(tx).findLive(orderId);
      if (!live || !holdLapsed(live)) return false;
      return (await recordLapsedIn(tx, live, ctx?.actor ?? { type: 'system' }, ctx)) !== null;
    },

    /** Void a hold or refund a charge, whichever the order's payment needs (patient cancels). */
    async cancelForOrder(orderId: string, ctx?: PaymentAudit): Promise<MoneyMoveResult> {
      const live = await liveSettled(orderId);
      if (live?.status === 'captured') return refundForOrder(orderId, ctx);
      return voidForOrder(orderId, ctx);
    },

    /** The order's current payment (the live one, else the latest attempt), for confirmation and receipts. */
    async paymentForOrder(orderId: string): Promise<PaymentView | null> {
      const row = await repo.findLatest(orderId);
      return row ? toPaymentView(row) : null;
    },

    /** The orders' live payments: when each was held (the order entered review) and when its hold lapses. */
    async holdsOf(orderIds: readonly string[]): Promise<Map<string, { authorizedAt: Date | null; holdExpiresAt: Date | null }>> {
      const rows = await repo.liveHolds(orderIds);
      return new Map(rows.map((r) => [r.orderId, { authorizedAt: r.authorizedAt, holdExpiresAt: r.status === 'authorized' ? r.holdExpiresAt : null }]));
    },

    /** issue 15: orders in these statuses whose hold was recorded as lapsed and which hold no live payment (the hold-expiry job's second list). */
    lapsedBehindOrdersIn(orderStatuses: readonly OrderStatus[], limit = 200): Promise<{ orderId: string; storefrontId: string }[]> {
      return repo.lapsedBehindOrdersIn(orderStatuses, limit);
    },

    /** Held (uncaptured) payments whose hold lapses before `before` (the hold-expiry job's work list). */
    holdsLapsingBefore(before: Date, limit = 200): Promise<{ id: string; orderId: string; holdExpiresAt: Date }[]> {
      return repo.holdsLapsingBefore(before, limit);
    },

    async paymentsForOrder(orderId: string): Promise<PaymentView[]> {
      return (await repo.listForOrder(orderId)).map(toPaymentView);
    },

    // Saved cards (signed-in patients only; another patient's card is a 404)
    ...cards.forPatients,
  };
}
export type PaymentsService = ReturnType<typeof createPaymentsService>;

