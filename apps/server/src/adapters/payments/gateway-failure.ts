// Builds a gateway failure from a decline code, with the reason in the domain's plain words.
import { declineMessage, isRetryableDecline, type DeclineCode } from '@store/domain';
import type { GatewayFailure } from './payment-gateway.ts';

/** Codes that are the card's refusal; the others mean the call itself could not be done. */
const CARD_REFUSALS: readonly DeclineCode[] = [
  'card_declined',
  'insufficient_funds',
  'expired_card',
  'incorrect_cvc',
  'incorrect_number',
  'authentication_required',
  'processing_error',
];

export function gatewayFailure(code: DeclineCode, intentId?: string): GatewayFailure {
  return {
    ok: false,
    kind: CARD_REFUSALS.includes(code) ? 'declined' : 'error',
    code,
    message: declineMessage(code),
    retryable: isRetryableDecline(code),
    ...(intentId ? { intentId } : {}),
  };
}

/** Thrown when one idempotency key is sent again with different parameters: a bug, not a decline. */
export class IdempotencyMismatchError extends Error {
  constructor(key: string) {
    super(`Idempotency key ${key} was reused with different parameters.`);
    this.name = 'IdempotencyMismatchError';
  }
}
