// One interface for card processors (DESIGN.md payments): the built-in sandbox (default; the
// demo runs with no keys) and Stripe. Every call carries an idempotency key: the gateway answers a
// repeated key with its first answer, so a retry after a timeout never charges twice. Results are
// typed unions; a failure always carries a decline code and its reason in plain words.
import type { BillingAddress, CardBrand, DeclineCode } from '@store/domain';
import type { GatewayName } from '../../db/schema/payments.ts';

export type { GatewayName };

export interface CallOptions {
  /** Unique per intended effect; a repeat returns the first result. */
  idempotencyKey: string;
}

export interface CardSummary {
  brand: CardBrand;
  last4: string;
  expMonth: number;
  expYear: number;
}

export interface GatewayFailure {
  ok: false;
  /** declined: the card was refused (use another); error: the call could not be completed. */
  kind: 'declined' | 'error';
  code: DeclineCode;
  /** The reason in plain words, fit to show the patient. */
  message: string;
  /** The same card may work if tried again (as a new attempt, with a new key). */
  retryable: boolean;
  /** The gateway's payment, when one was created before the refusal (Stripe creates one). */
  intentId?: string | undefined;
}

export type GatewayResult<T> = ({ ok: true } & T) | GatewayFailure;

/** A card to charge: a one-off token from the gateway's card form, or a card saved with a customer. */
export type ChargeSource = { token: string } | { paymentMethodId: string; customerId: string };

export interface AuthorizeRequest {
  amountCents: number;
  currency: 'usd';
  source: ChargeSource;
  /** true: charge at once; false: hold only, capture later. */
  capture: boolean;
  /** Shown on the processor's dashboard; never PHI. */
  description?: string;
  metadata?: Record<string, string>;
}

export interface PaymentGateway {
  readonly name: GatewayName;
  /**
   * How old a payment must be before `findAuthorization`'s `none` is believed (ms since the payment
   * was created). Stripe's search index lags behind its charges, so a young payment's `none` may
   * hide a charge; the sandbox reads its own table, so 0.
   */
  readonly noneTrustedAfterMs: number;

  createCustomer(
    input: { reference: string; email?: string | undefined },
    options: CallOptions,
  ): Promise<GatewayResult<{ customerId: string }>>;

  /**
   * Keep a tokenized card with a customer, for later charges; the card's summary comes back, with
   * the gateway's fingerprint of its number (the same card gives the same one; null if none).
   */
  savePaymentMethod(
    input: { customerId: string; token: string; billingAddress?: BillingAddress | undefined },
    options: CallOptions,
  ): Promise<GatewayResult<{ paymentMethodId: string; card: CardSummary; fingerprint: string | null }>>;

  /** Change a saved card's expiry or billing address (the number cannot change). */
  updatePaymentMethod(
    input: {
      paymentMethodId: string;
      expMonth?: number | undefined;
      expYear?: number | undefined;
      billingAddress?: BillingAddress | undefined;
    },
    options: CallOptions,
  ): Promise<GatewayResult<{ card: CardSummary }>>;

  /** Forget a saved card at the gateway. */
  detachPaymentMethod(
    input: { paymentMethodId: string },
    options: CallOptions,
  ): Promise<GatewayResult<object>>;

  /** Hold (capture false) or charge (capture true) an amount on a card. */
  authorize(
    input: AuthorizeRequest,
    options: CallOptions,
  ): Promise<
    GatewayResult<{ intentId: string; status: 'authorized' | 'captured'; card: CardSummary | null }>
  >;

  /** Charge a hold. A second capture is refused (`already_captured`). */
  capture(
    input: { intentId: string },
    options: CallOptions,
  ): Promise<GatewayResult<{ status: 'captured' }>>;

  /** Release a hold that was never charged. */
  void(
    input: { intentId: string },
    options: CallOptions,
  ): Promise<GatewayResult<{ status: 'voided' }>>;

  /**
   * What became of an authorization whose answer we never recorded (the process died mid-call):
   * looked up by the payment id we put in its metadata (issue 13 #3 reconciliation). `none`: the
   * gateway made no charge for it; `unknown`: it cannot tell yet (ask again later).
   */
  findAuthorization(input: { paymentId: string }): Promise<GatewayResult<{ attempt: FoundAuthorization }>>;

  /**
   * Give back a charged amount: `amountCents` of it (issue 18 partial refunds), or all that is left
   * when none is given. A repeat with the same key answers the first refund (never a second one),
   * which is how a refund cut off by a crash is settled (payments reconciliation).
   */
  refund(
    input: { intentId: string; amountCents?: number | undefined },
    options: CallOptions,
  ): Promise<GatewayResult<{ status: 'refunded'; refundId: string }>>;
}

export type FoundAuthorization =
  | { status: 'authorized' | 'captured'; intentId: string; amountCents: number; card: CardSummary | null }
  | { status: 'voided' | 'failed'; intentId: string }
  | { status: 'none' }
  | { status: 'unknown' };

/** What the browser needs to show the gateway's card form (GET /api/payments/config). */
export interface PaymentClientConfig {
  gateway: GatewayName;
  /** Stripe's publishable key; null for the sandbox. */
  publishableKey: string | null;
}
