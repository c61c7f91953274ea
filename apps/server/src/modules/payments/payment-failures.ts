// A refused payment in plain words, and the HTTP problem it becomes (shared by paying and saved cards).
import { declineMessage, declineMessageCode, isRetryableDecline, type DeclineCode } from '@store/domain';
import type { GatewayFailure } from '../../adapters/payments/payment-gateway.ts';
import { AppError } from '../../lib/problem.ts';

export interface PaymentFailure {
  code: DeclineCode;
  /** Plain words for the patient. */
  message: string;
  /** The same card may work on another attempt. */
  retryable: boolean;
}

export function toFailure(f: GatewayFailure): PaymentFailure {
  return { code: f.code, message: f.message, retryable: f.retryable };
}

/** A gateway-style failure for a refusal decided here (e.g. another patient's card). */
export function toFailureResult(code: DeclineCode): GatewayFailure {
  return { ok: false, kind: 'error', code, message: declineMessage(code), retryable: isRetryableDecline(code) };
}

/**
 * The HTTP problem for a refused payment: 402 with a stable code (PAYMENT_INSUFFICIENT_FUNDS...)
 * and the reason in plain words; 503 when the processor could not be reached.
 */
/** issue 15: what the doctor reads when approving an order whose card hold lapsed. */
export const HOLD_LAPSED = 'The card hold has lapsed, so this order cannot be approved; it will be cancelled and the patient told.';

export function paymentProblem(failure: PaymentFailure): AppError {
  // A lapsed hold is not the card's refusal: nothing can be captured any more (409, never 402).
  if (failure.code === 'authorization_expired') return new AppError(409, 'HOLD_LAPSED', HOLD_LAPSED);
  const status = failure.code === 'gateway_unavailable' ? 503 : 402;
  return new AppError(status, declineMessageCode(failure.code), failure.message);
}
