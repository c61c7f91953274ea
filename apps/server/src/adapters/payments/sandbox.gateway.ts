// The sandbox processor (default; issue 7): behaves like a real one, with its books in our
// database so it survives restarts and works with several machines. Cards are tokenized by its own
// "card form" (POST /api/payments/sandbox/tokens, the stand-in for a processor's JavaScript); the
// store only ever sees tokens. Test numbers (README "Test cards"):
//   4242 4242 4242 4242  succeeds            4000 0000 0000 0002  declined
//   4000 0000 0000 9995  insufficient funds  4000 0000 0000 0119  processing error, then succeeds
//                                            (when tried again within 15 minutes, even newly typed)
//   4000 0000 0000 0069  expired card        4000 0000 0000 0127  incorrect security code
// Any other number that passes the card checks succeeds. Holds lapse after 7 days.
import { createHash, randomBytes } from 'node:crypto';
import {
  cardBrandOf,
  isCardExpired,
  MAX_NUMERIC_VALUE,
  type BillingAddress,
  type CardDetails,
} from '@store/domain';
import { and, desc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import {
  sandboxGatewayCustomers,
  sandboxGatewayIdempotency,
  sandboxGatewayIntents,
  sandboxGatewayPaymentMethods,
  sandboxGatewayRefunds,
  type SandboxBehaviour,
} from '../../db/schema/sandbox-gateway.ts';
import { gatewayFailure, IdempotencyMismatchError } from './gateway-failure.ts';
import type { CardSummary, GatewayResult, PaymentGateway } from './payment-gateway.ts';

export const SANDBOX_TEST_CARDS: Record<string, SandboxBehaviour> = {
  '4000000000000002': 'decline',
  '4000000000009995': 'insufficient_funds',
  '4000000000000119': 'processing_error_once',
  '4000000000000069': 'expired_card',
  '4000000000000127': 'incorrect_cvc',
};

/** How long an authorization holds the funds before it lapses (card networks: about 7 days). */
export const SANDBOX_HOLD_MS = 7 * 86_400_000;

/** How long after the retry card failed a newly typed copy of it counts as trying again. */
export const RETRY_WINDOW_MS = 15 * 60_000;

const newId = (prefix: string) => `${prefix}_sbx_${randomBytes(12).toString('hex')}`;

type PmRow = typeof sandboxGatewayPaymentMethods.$inferSelect;

function summary(pm: PmRow): CardSummary {
  return { brand: pm.brand, last4: pm.last4, expMonth: pm.expMonth, expYear: pm.expYear };
}

function billingDetails(address: BillingAddress | undefined) {
  return address ? { ...address } : null;
}

export interface SandboxGateway extends PaymentGateway {
  readonly name: 'sandbox';
  /** The processor's card form: takes a checked card, keeps its summary, returns a token. */
  tokenize(card: CardDetails): Promise<{ token: string; card: CardSummary }>;
  /** The processor's own record of its payments, newest first (the development dashboard). */
  listIntents(limit: number): Promise<SandboxIntentView[]>;
}

export interface SandboxIntentView {
  id: string;
  amountCents: number;
  /** Stripe's words: requires_capture (held), succeeded (charged), canceled (released). */
  status: 'requires_capture' | 'succeeded' | 'canceled';
  amountRefundedCents: number;
  card: string;
  metadata: Record<string, string>;
  createdAt: string;
  capturedAt: string | null;
  canceledAt: string | null;
  /** issue 18: each refund of it (partial or full), oldest first. */
  refunds: { id: string; amountCents: number; createdAt: string }[];
}

export function createSandboxGateway(deps: { db: Db; now: () => Date }): SandboxGateway {
  const { db, now } = deps;

  /**
   * Runs `operation` once per key, in one transaction with the stored answer. A concurrent
   * request with the same key waits on the key's row and then replays the committed answer.
   */
  async function once<T>(
    key: string,
    operation: string,
    request: unknown,
    run: (tx: DbOrTx) => Promise<T>,
  ): Promise<T> {
    const requestHash = createHash('sha256')
      .update(JSON.stringify([operation, request]))
      .digest('hex');
    return db.transaction(async (tx) => {
      const claimed = await tx
        .insert(sandboxGatewayIdempotency)
        .values({ key, operation, requestHash, response: {}, createdAt: now() })
        .onConflictDoNothing()
        .returning({ key: sandboxGatewayIdempotency.key });
      if (claimed.length === 0) {
        const [stored] = await tx
          .select()
          .from(sandboxGatewayIdempotency)
          .where(eq(sandboxGatewayIdempotency.key, key));
        if (!stored || stored.requestHash !== requestHash) throw new IdempotencyMismatchError(key);
        return stored.response as T;
      }
      const result = await run(tx);
      await tx
        .update(sandboxGatewayIdempotency)
        .set({ response: result as unknown })
        .where(eq(sandboxGatewayIdempotency.key, key));
      return result;
    });
  }

  async function lockPaymentMethod(tx: DbOrTx, id: string): Promise<PmRow | undefined> {
    const [row] = await tx
      .select()
      .from(sandboxGatewayPaymentMethods)
      .where(eq(sandboxGatewayPaymentMethods.id, id))
      .for('update');
    return row;
  }

  async function lockIntent(tx: DbOrTx, id: string) {
    const [row] = await tx
      .select()
      .from(sandboxGatewayIntents)
      .where(eq(sandboxGatewayIntents.id, id))
      .for('update');
    return row;
  }

  /** The card's own refusals, as a processor checks them when a card is charged or saved. */
  function cardRefusal(pm: PmRow, at: Date, charging: boolean) {
    if (isCardExpired({ month: pm.expMonth, year: pm.expYear }, at))
      return gatewayFailure('expired_card');
    switch (pm.behaviour) {
      case 'decline':
        return gatewayFailure('card_declined');
      case 'expired_card':
        return gatewayFailure('expired_card');
      case 'incorrect_cvc':
        return gatewayFailure('incorrect_cvc');
      case 'insufficient_funds':
        return charging ? gatewayFailure('insufficient_funds') : null;
      case 'processing_error_once':
        return charging && pm.attempts === 0 ? gatewayFailure('processing_error') : null;
      case 'succeed':
        return null;
    }
  }

  /**
   * The retry card fails its first authorization and succeeds when tried again. A card form makes a
   * new token each time the patient presses Pay, so "again" means this card number tried in the
   * last RETRY_WINDOW_MS under any token: the new token starts with the attempts already made.
   * (No number is stored: the same test behaviour, last four and expiry stand for the card.)
   */
  async function recentRetryAttempts(card: CardDetails, at: Date): Promise<number> {
    const [recent] = await db
      .select({ attempts: sandboxGatewayPaymentMethods.attempts })
      .from(sandboxGatewayPaymentMethods)
      .where(
        and(
          eq(sandboxGatewayPaymentMethods.behaviour, 'processing_error_once'),
          eq(sandboxGatewayPaymentMethods.last4, card.number.slice(-4)),
          eq(sandboxGatewayPaymentMethods.expMonth, card.expMonth),
          eq(sandboxGatewayPaymentMethods.expYear, card.expYear),
          gt(sandboxGatewayPaymentMethods.attempts, 0),
          gt(sandboxGatewayPaymentMethods.createdAt, new Date(at.getTime() - RETRY_WINDOW_MS)),
        ),
      )
      .limit(1);
    return recent?.attempts ?? 0;
  }

  return {
    name: 'sandbox',
    // Its intents are rows it reads directly: 'none' is final at once.
    noneTrustedAfterMs: 0,

    async listIntents(limit) {
      const rows = await db
        .select({ intent: sandboxGatewayIntents, brand: sandboxGatewayPaymentMethods.brand, last4: sandboxGatewayPaymentMethods.last4 })
        .from(sandboxGatewayIntents)
        .innerJoin(sandboxGatewayPaymentMethods, eq(sandboxGatewayPaymentMethods.id, sandboxGatewayIntents.paymentMethodId))
        .orderBy(desc(sandboxGatewayIntents.createdAt))
        .limit(limit);
      const refunds = rows.length
        ? await db
            .select()
            .from(sandboxGatewayRefunds)
            .where(inArray(sandboxGatewayRefunds.intentId, rows.map((r) => r.intent.id)))
            .orderBy(sandboxGatewayRefunds.createdAt)
        : [];
      return rows.map(({ intent, brand, last4 }) => ({
        id: intent.id,
        amountCents: intent.amountCents,
        status: intent.status,
        amountRefundedCents: intent.amountRefundedCents,
        card: `${brand} •••• ${last4}`,
        metadata: intent.metadata,
        createdAt: intent.createdAt.toISOString(),
        capturedAt: intent.capturedAt?.toISOString() ?? null,
        canceledAt: intent.canceledAt?.toISOString() ?? null,
        refunds: refunds.filter((r) => r.intentId === intent.id).map((r) => ({ id: r.id, amountCents: r.amountCents, createdAt: r.createdAt.toISOString() })),
      }));
    },

    async tokenize(card) {
      const at = now();
      const behaviour = SANDBOX_TEST_CARDS[card.number] ?? ('succeed' as const);
      const row = {
        id: newId('pm'),
        brand: cardBrandOf(card.number),
        last4: card.number.slice(-4),
        expMonth: card.expMonth,
        expYear: card.expYear,
        behaviour,
        // As a processor's fingerprint: the same number, the same value (test cards only reach the sandbox).
        fingerprint: `fp_${createHash('sha256').update(`sandbox-card:${card.number}`).digest('base64url').slice(0, 22)}`,
        billingDetails: card.postalCode ? { zip: card.postalCode } : null,
        createdAt: at,
        attempts: behaviour === 'processing_error_once' ? await recentRetryAttempts(card, at) : 0,
      };
      await db.insert(sandboxGatewayPaymentMethods).values(row);
      return {
        token: row.id,
        card: summary({
          ...row,
          customerId: null,
          consumedAt: null,
          detachedAt: null,
        }),
      };
    },

    createCustomer(input, { idempotencyKey }) {
      return once(idempotencyKey, 'createCustomer', input, async (tx) => {
        const id = newId('cus');
        await tx.insert(sandboxGatewayCustomers).values({
          id,
          reference: input.reference,
          email: input.email ?? null,
          createdAt: now(),
        });
        return { ok: true as const, customerId: id };
      });
    },

    savePaymentMethod(input, { idempotencyKey }) {
      return once(idempotencyKey, 'savePaymentMethod', input, async (tx) => {
        const [customer] = await tx
          .select({ id: sandboxGatewayCustomers.id })
          .from(sandboxGatewayCustomers)
          .where(eq(sandboxGatewayCustomers.id, input.customerId));
        const pm = await lockPaymentMethod(tx, input.token);
        if (!customer || !pm || pm.detachedAt || pm.consumedAt)
          return gatewayFailure('payment_method_unusable');
        if (pm.customerId && pm.customerId !== input.customerId)
          return gatewayFailure('payment_method_unusable');
        // Saving runs the card check a processor makes (a zero-amount authorization).
        const refusal = cardRefusal(pm, now(), false);
        if (refusal) return refusal;
        await tx
          .update(sandboxGatewayPaymentMethods)
          .set({
            customerId: input.customerId,
            billingDetails: billingDetails(input.billingAddress) ?? pm.billingDetails,
          })
          .where(eq(sandboxGatewayPaymentMethods.id, pm.id));
        return { ok: true as const, paymentMethodId: pm.id, card: summary(pm), fingerprint: pm.fingerprint };
      });
    },

    updatePaymentMethod(input, { idempotencyKey }) {
      return once(idempotencyKey, 'updatePaymentMethod', input, async (tx) => {
        const pm = await lockPaymentMethod(tx, input.paymentMethodId);
        if (!pm || !pm.customerId || pm.detachedAt)
          return gatewayFailure('payment_method_unusable');
        const next = {
          expMonth: input.expMonth ?? pm.expMonth,
          expYear: input.expYear ?? pm.expYear,
          billingDetails: billingDetails(input.billingAddress) ?? pm.billingDetails,
        };
        await tx
          .update(sandboxGatewayPaymentMethods)
          .set(next)
          .where(eq(sandboxGatewayPaymentMethods.id, pm.id));
        return { ok: true as const, card: summary({ ...pm, ...next }) };
      });
    },

    detachPaymentMethod(input, { idempotencyKey }) {
      return once(idempotencyKey, 'detachPaymentMethod', input, async (tx) => {
        const pm = await lockPaymentMethod(tx, input.paymentMethodId);
        if (!pm || !pm.customerId || pm.detachedAt)
          return gatewayFailure('payment_method_unusable');
        await tx
          .update(sandboxGatewayPaymentMethods)
          .set({ detachedAt: now() })
          .where(eq(sandboxGatewayPaymentMethods.id, pm.id));
        return { ok: true as const };
      });
    },

    async findAuthorization({ paymentId }) {
      const [intent] = await db
        .select()
        .from(sandboxGatewayIntents)
        .where(sql`${sandboxGatewayIntents.metadata} ->> 'paymentId' = ${paymentId}`)
        .orderBy(sandboxGatewayIntents.createdAt)
        .limit(1);
      if (!intent) return { ok: true as const, attempt: { status: 'none' as const } };
      if (intent.status === 'canceled') return { ok: true as const, attempt: { status: 'voided' as const, intentId: intent.id } };
      const [pm] = await db.select().from(sandboxGatewayPaymentMethods).where(eq(sandboxGatewayPaymentMethods.id, intent.paymentMethodId));
      return {
        ok: true as const,
        attempt: {
          status: intent.status === 'succeeded' ? ('captured' as const) : ('authorized' as const),
          intentId: intent.id,
          amountCents: intent.amountCents,
          card: pm ? summary(pm) : null,
        },
      };
    },

    authorize(input, { idempotencyKey }) {
      return once(idempotencyKey, 'authorize', input, async (tx) => {
        const at = now();
        if (
          !Number.isSafeInteger(input.amountCents) ||
          input.amountCents < 1 ||
          input.amountCents > MAX_NUMERIC_VALUE
        ) {
          return gatewayFailure('amount_invalid');
        }
        const source = input.source;
        const pmId = 'token' in source ? source.token : source.paymentMethodId;
        const pm = await lockPaymentMethod(tx, pmId);
        if (!pm || pm.detachedAt) return gatewayFailure('payment_method_unusable');
        if ('token' in source) {
          // A one-off card: not saved with anyone, and good for one successful payment.
          if (pm.customerId || pm.consumedAt) return gatewayFailure('payment_method_unusable');
        } else if (pm.customerId !== source.customerId) {
          return gatewayFailure('payment_method_unusable');
        }
        const refusal = cardRefusal(pm, at, true);
        await tx
          .update(sandboxGatewayPaymentMethods)
          .set({
            attempts: sql`${sandboxGatewayPaymentMethods.attempts} + 1`,
            ...(refusal || !('token' in source) ? {} : { consumedAt: at }),
          })
          .where(eq(sandboxGatewayPaymentMethods.id, pm.id));
        if (refusal) return refusal;
        const id = newId('pi');
        await tx.insert(sandboxGatewayIntents).values({
          id,
          paymentMethodId: pm.id,
          customerId: pm.customerId,
          amountCents: input.amountCents,
          currency: input.currency,
          status: input.capture ? 'succeeded' : 'requires_capture',
          metadata: input.metadata ?? {},
          createdAt: at,
          holdExpiresAt: input.capture ? null : new Date(at.getTime() + SANDBOX_HOLD_MS),
          capturedAt: input.capture ? at : null,
        });
        return {
          ok: true as const,
          intentId: id,
          status: input.capture ? ('captured' as const) : ('authorized' as const),
          card: summary(pm),
        };
      });
    },

    capture(input, { idempotencyKey }) {
      return once(
        idempotencyKey,
        'capture',
        input,
        async (tx): Promise<GatewayResult<{ status: 'captured' }>> => {
          const intent = await lockIntent(tx, input.intentId);
          if (!intent) return gatewayFailure('not_capturable');
          if (intent.status === 'succeeded') return gatewayFailure('already_captured');
          if (intent.status === 'canceled') return gatewayFailure('not_capturable');
          const at = now();
          if (intent.holdExpiresAt && intent.holdExpiresAt.getTime() <= at.getTime()) {
            // The hold lapsed: the processor releases it and refuses the charge.
            await tx
              .update(sandboxGatewayIntents)
              .set({ status: 'canceled', canceledAt: at })
              .where(eq(sandboxGatewayIntents.id, intent.id));
            return gatewayFailure('authorization_expired');
          }
          await tx
            .update(sandboxGatewayIntents)
            .set({ status: 'succeeded', capturedAt: at })
            .where(
              and(
                eq(sandboxGatewayIntents.id, intent.id),
                eq(sandboxGatewayIntents.status, 'requires_capture'),
              ),
            );
          return { ok: true as const, status: 'captured' as const };
        },
      );
    },

    void(input, { idempotencyKey }) {
      return once(
        idempotencyKey,
        'void',
        input,
        async (tx): Promise<GatewayResult<{ status: 'voided' }>> => {
          const intent = await lockIntent(tx, input.intentId);
          if (!intent || intent.status !== 'requires_capture')
            return gatewayFailure('not_voidable');
          await tx
            .update(sandboxGatewayIntents)
            .set({ status: 'canceled', canceledAt: now() })
            .where(eq(sandboxGatewayIntents.id, intent.id));
          return { ok: true as const, status: 'voided' as const };
        },
      );
    },

    refund(input, { idempotencyKey }) {
      return once(
        idempotencyKey,
        'refund',
        input,
        async (tx): Promise<GatewayResult<{ status: 'refunded'; refundId: string }>> => {
          const intent = await lockIntent(tx, input.intentId);
          if (
            !intent ||
            intent.status !== 'succeeded' ||
            intent.amountRefundedCents >= intent.amountCents
          ) {
            return gatewayFailure('not_refundable');
          }
          const left = intent.amountCents - intent.amountRefundedCents;
          // issue 18: a partial refund gives back `amountCents`; never more than is left.
          const amount = input.amountCents ?? left;
          if (!Number.isSafeInteger(amount) || amount < 1 || amount > left) return gatewayFailure('not_refundable');
          const id = newId('re');
          await tx
            .insert(sandboxGatewayRefunds)
            .values({ id, intentId: intent.id, amountCents: amount, createdAt: now() });
          await tx
            .update(sandboxGatewayIntents)
            .set({ amountRefundedCents: intent.amountRefundedCents + amount })
            .where(eq(sandboxGatewayIntents.id, intent.id));
          return { ok: true as const, status: 'refunded' as const, refundId: id };
        },
      );
    },
  };
}

/** For tests and operators: the processor's view of a payment. */
export async function readSandboxIntent(db: DbOrTx, intentId: string) {
  const [row] = await db
    .select()
    .from(sandboxGatewayIntents)
    .where(eq(sandboxGatewayIntents.id, intentId));
  return row ?? null;
}

/** For tests: the processor's view of a card (never more than brand, last four and expiry). */
export async function readSandboxPaymentMethod(db: DbOrTx, id: string) {
  const [row] = await db
    .select()
    .from(sandboxGatewayPaymentMethods)
    .where(
      and(eq(sandboxGatewayPaymentMethods.id, id), isNull(sandboxGatewayPaymentMethods.detachedAt)),
    );
  return row ?? null;
}
