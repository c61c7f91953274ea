// Stripe (PAYMENT_GATEWAY=stripe): Payment Intents confirmed on the server with manual capture for
// orders that wait for a doctor, customers, and payment methods created by Stripe Elements in the
// browser (card numbers never reach us) and attached by id. Every call passes our idempotency key
// to the SDK, which sends it as the Idempotency-Key header and reuses it on its network retries.
import { toCardBrand, type BillingAddress, type DeclineCode } from '@store/domain';
import Stripe from 'stripe';
import { gatewayFailure, IdempotencyMismatchError } from './gateway-failure.ts';
import type { CardSummary, GatewayFailure, PaymentGateway } from './payment-gateway.ts';

export interface StripeGatewayOptions {
  secretKey: string;
  /** Tests replace the HTTP layer (Stripe.createFetchHttpClient with recorded responses). */
  httpClient?: InstanceType<typeof Stripe.HttpClient>;
  /** Network retries the SDK makes, with the same idempotency key (default 2). */
  maxNetworkRetries?: number;
  /** Milliseconds before a call to Stripe is abandoned (default 20 s). */
  timeoutMs?: number;
  /** How old a payment must be before search's "no intent" is believed (default 10 minutes). */
  noneTrustedAfterMs?: number;
}

/** Stripe documents search as not for read-after-write and its index lagging, up to an hour in an outage. */
export const STRIPE_NONE_TRUSTED_AFTER_MS = 10 * 60_000;

type StripePaymentMethod = Stripe.PaymentMethod;

function cardOf(pm: StripePaymentMethod | string | null | undefined): CardSummary | null {
  if (!pm || typeof pm === 'string' || !pm.card) return null;
  return {
    brand: toCardBrand(pm.card.brand),
    last4: pm.card.last4,
    expMonth: pm.card.exp_month,
    expYear: pm.card.exp_year,
  };
}

function billingDetails(address: BillingAddress) {
  return {
    ...(address.name ? { name: address.name } : {}),
    address: {
      line1: address.line1,
      line2: address.line2 ?? '',
      city: address.city,
      state: address.state,
      postal_code: address.zip,
      country: 'US',
    },
  };
}

/** Stripe's decline codes (decline_code, else code) in our words. */
const CARD_CODES: Record<string, DeclineCode> = {
  insufficient_funds: 'insufficient_funds',
  expired_card: 'expired_card',
  incorrect_cvc: 'incorrect_cvc',
  invalid_cvc: 'incorrect_cvc',
  incorrect_number: 'incorrect_number',
  invalid_number: 'incorrect_number',
  processing_error: 'processing_error',
  try_again_later: 'processing_error',
  reenter_transaction: 'processing_error',
  authentication_required: 'authentication_required',
};

/**
 * A Stripe error as a typed failure. `fallback` names what a refused request means for this call
 * (a capture refused because of the intent's state is `already_captured` or `not_capturable`...).
 */
function fromStripeError(error: unknown, fallback: DeclineCode): GatewayFailure {
  if (error instanceof Stripe.errors.StripeIdempotencyError) {
    throw new IdempotencyMismatchError(error.requestId ?? 'unknown');
  }
  if (error instanceof Stripe.errors.StripeCardError) {
    const code = CARD_CODES[error.decline_code ?? ''] ?? CARD_CODES[error.code ?? ''] ?? 'card_declined';
    const raw = error.raw as { payment_intent?: { id?: string } } | undefined;
    return gatewayFailure(code, raw?.payment_intent?.id);
  }
  if (
    error instanceof Stripe.errors.StripeConnectionError ||
    error instanceof Stripe.errors.StripeAPIError ||
    error instanceof Stripe.errors.StripeRateLimitError ||
    error instanceof Stripe.errors.StripeAuthenticationError ||
    error instanceof Stripe.errors.StripePermissionError
  ) {
    return gatewayFailure('gateway_unavailable');
  }
  if (error instanceof Stripe.errors.StripeInvalidRequestError) {
    if (error.code === 'resource_missing' && fallback !== 'already_captured') return gatewayFailure(fallback);
    if (error.code === 'payment_intent_unexpected_state') {
      const raw = error.raw as { payment_intent?: { status?: string; cancellation_reason?: string } } | undefined;
      const intent = raw?.payment_intent;
      if (fallback === 'not_capturable' && intent?.status === 'succeeded') return gatewayFailure('already_captured');
      // Stripe cancels a hold it could not keep (after about 7 days) with reason "automatic".
      if (fallback === 'not_capturable' && intent?.status === 'canceled' && intent.cancellation_reason === 'automatic') {
        return gatewayFailure('authorization_expired');
      }
      return gatewayFailure(fallback);
    }
    if (error.code === 'charge_already_refunded') return gatewayFailure('not_refundable');
    if (error.code === 'payment_method_unexpected_state' || error.code === 'payment_method_not_available') {
      return gatewayFailure('payment_method_unusable');
    }
    if (error.code === 'amount_too_small' || error.code === 'amount_too_large') return gatewayFailure('amount_invalid');
    return gatewayFailure(fallback);
  }
  throw error;
}

export function createStripeGateway(options: StripeGatewayOptions): PaymentGateway & { readonly client: Stripe } {
  const stripe = new Stripe(options.secretKey, {
    maxNetworkRetries: options.maxNetworkRetries ?? 2,
    timeout: options.timeoutMs ?? 20_000,
    telemetry: false,
    appInfo: { name: 'telehealth-storefront' },
    ...(options.httpClient ? { httpClient: options.httpClient } : {}),
  });

  return {
    name: 'stripe',
    client: stripe,
    noneTrustedAfterMs: options.noneTrustedAfterMs ?? STRIPE_NONE_TRUSTED_AFTER_MS,

    async createCustomer(input, { idempotencyKey }) {
      try {
        const customer = await stripe.customers.create(
          { ...(input.email ? { email: input.email } : {}), metadata: { reference: input.reference } },
          { idempotencyKey },
        );
        return { ok: true, customerId: customer.id };
      } catch (error) {
        return fromStripeError(error, 'gateway_unavailable');
      }
    },

    async savePaymentMethod(input, { idempotencyKey }) {
      try {
        // Attaching runs Stripe's card check: a card that would be declined fails here.
        let pm = await stripe.paymentMethods.attach(input.token, { customer: input.customerId }, { idempotencyKey });
        if (input.billingAddress) {
          pm = await stripe.paymentMethods.update(
            pm.id,
            { billing_details: billingDetails(input.billingAddress) },
            { idempotencyKey: `${idempotencyKey}:billing` },
          );
        }
        const card = cardOf(pm);
        if (!card) return gatewayFailure('payment_method_unusable');
        return { ok: true, paymentMethodId: pm.id, card, fingerprint: pm.card?.fingerprint ?? null };
      } catch (error) {
        return fromStripeError(error, 'payment_method_unusable');
      }
    },

    async updatePaymentMethod(input, { idempotencyKey }) {
      try {
        const pm = await stripe.paymentMethods.update(
          input.paymentMethodId,
          {
            ...(input.expMonth !== undefined || input.expYear !== undefined
              ? {
                  card: {
                    ...(input.expMonth !== undefined ? { exp_month: input.expMonth } : {}),
                    ...(input.expYear !== undefined ? { exp_year: input.expYear } : {}),
                  },
                }
              : {}),
            ...(input.billingAddress ? { billing_details: billingDetails(input.billingAddress) } : {}),
          },
          { idempotencyKey },
        );
        const card = cardOf(pm);
        if (!card) return gatewayFailure('payment_method_unusable');
        return { ok: true, card };
      } catch (error) {
        return fromStripeError(error, 'payment_method_unusable');
      }
    },

    async detachPaymentMethod(input, { idempotencyKey }) {
      try {
        await stripe.paymentMethods.detach(input.paymentMethodId, {}, { idempotencyKey });
        return { ok: true };
      } catch (error) {
        return fromStripeError(error, 'payment_method_unusable');
      }
    },

    async authorize(input, { idempotencyKey }) {
      const source = input.source;
      try {
        const intent = await stripe.paymentIntents.create(
          {
            amount: input.amountCents,
            currency: input.currency,
            capture_method: input.capture ? 'automatic' : 'manual',
            confirm: true,
            allowed_payment_method_types: ['card'],
            // Confirmed on the server: a card that needs 3-D Secure fails instead of waiting.
            error_on_requires_action: true,
            ...('token' in source
              ? { payment_method: source.token }
              : { payment_method: source.paymentMethodId, customer: source.customerId }),
            ...(input.description ? { description: input.description } : {}),
            ...(input.metadata ? { metadata: input.metadata } : {}),
            expand: ['payment_method'],
          },
          { idempotencyKey },
        );
        const card = cardOf(intent.payment_method as StripePaymentMethod | string | null);
        if (intent.status === 'requires_capture') return { ok: true, intentId: intent.id, status: 'authorized', card };
        if (intent.status === 'succeeded') return { ok: true, intentId: intent.id, status: 'captured', card };
        // requires_action (3-D Secure) cannot be completed by a server-side confirmation.
        if (intent.status === 'requires_action') return gatewayFailure('authentication_required', intent.id);
        if (intent.status === 'processing') return gatewayFailure('processing_error', intent.id);
        return gatewayFailure('card_declined', intent.id);
      } catch (error) {
        return fromStripeError(error, 'payment_method_unusable');
      }
    },

    async findAuthorization({ paymentId }) {
      try {
        // Search is eventually consistent: 'none' may hide a recent intent, so reconciliation
        // believes it only for a payment older than noneTrustedAfterMs.
        const found = await stripe.paymentIntents.search({ query: `metadata['paymentId']:'${paymentId.replace(/'/g, '')}'`, limit: 10, expand: ['data.payment_method'] });
        const intent = found.data.find((i) => i.status === 'requires_capture' || i.status === 'succeeded') ?? found.data[0];
        if (!intent) return { ok: true, attempt: { status: 'none' } };
        const card = cardOf(intent.payment_method as StripePaymentMethod | string | null);
        if (intent.status === 'requires_capture') return { ok: true, attempt: { status: 'authorized', intentId: intent.id, amountCents: intent.amount, card } };
        if (intent.status === 'succeeded') return { ok: true, attempt: { status: 'captured', intentId: intent.id, amountCents: intent.amount, card } };
        if (intent.status === 'canceled') return { ok: true, attempt: { status: 'voided', intentId: intent.id } };
        if (intent.status === 'requires_payment_method') return { ok: true, attempt: { status: 'failed', intentId: intent.id } };
        // processing, requires_action, requires_confirmation: not settled yet.
        return { ok: true, attempt: { status: 'unknown' } };
      } catch (error) {
        return fromStripeError(error, 'gateway_unavailable');
      }
    },

    async capture(input, { idempotencyKey }) {
      try {
        const intent = await stripe.paymentIntents.capture(input.intentId, {}, { idempotencyKey });
        if (intent.status === 'succeeded') return { ok: true, status: 'captured' };
        return gatewayFailure('not_capturable');
      } catch (error) {
        return fromStripeError(error, 'not_capturable');
      }
    },

    async void(input, { idempotencyKey }) {
      try {
        const intent = await stripe.paymentIntents.cancel(input.intentId, {}, { idempotencyKey });
        if (intent.status === 'canceled') return { ok: true, status: 'voided' };
        return gatewayFailure('not_voidable');
      } catch (error) {
        return fromStripeError(error, 'not_voidable');
      }
    },

    async refund(input, { idempotencyKey }) {
      try {
        const refund = await stripe.refunds.create(
          { payment_intent: input.intentId, ...(input.amountCents !== undefined ? { amount: input.amountCents } : {}) },
          { idempotencyKey },
        );
        if (refund.status === 'failed' || refund.status === 'canceled') return gatewayFailure('not_refundable');
        return { ok: true, status: 'refunded', refundId: refund.id };
      } catch (error) {
        return fromStripeError(error, 'not_refundable');
      }
    },
  };
}
