import { describe, expect, it } from 'vitest';
import { Stage } from '../checkout/stages.ts';
import {
  DECLINE_CODES,
  PAYMENT_MESSAGES,
  declineMessage,
  declineMessageCode,
  isRetryableDecline,
  type DeclineCode,
} from './messages.ts';
import {
  LIVE_PAYMENT_STATUSES,
  PAYMENT_STATUSES,
  canPaymentTransition,
  capturesAtCheckout,
  isLivePayment,
  type PaymentStatus,
} from './status.ts';

// Every allowed move, each with where it comes from; everything else is refused.
const ALLOWED: [PaymentStatus, PaymentStatus, string][] = [
  ['pending', 'authorized', 'issue 7: consult orders authorize at checkout'],
  ['pending', 'captured', 'issue 7: products that need no consult are captured at once'],
  ['pending', 'failed', 'issue 7: a declined card leaves the order unpaid'],
  ['authorized', 'captured', 'issue 7 / DATA-MODEL.md approved: capture'],
  ['authorized', 'voided', 'DATA-MODEL.md declined: void; cancelled before a decision: void'],
  ['captured', 'refunded', 'DATA-MODEL.md cancelled after capture: refund'],
];

describe('payment transitions', () => {
  const pairs = PAYMENT_STATUSES.flatMap((from) => PAYMENT_STATUSES.map((to) => [from, to] as const));
  it.each(pairs)('%s → %s', (from, to) => {
    const allowed = ALLOWED.some(([f, t]) => f === from && t === to);
    expect(canPaymentTransition(from, to)).toBe(allowed);
  });

  it('keeps one live payment per order: pending, authorized and captured', () => {
    // DATA-MODEL.md payments: idempotency key unique; issue 7 exactly one authorization per order
    expect(LIVE_PAYMENT_STATUSES).toEqual(['pending', 'authorized', 'captured']);
    expect(PAYMENT_STATUSES.filter(isLivePayment)).toEqual(['pending', 'authorized', 'captured']);
  });
});

describe('capturesAtCheckout', () => {
  it.each<[string, number, boolean]>([
    // DATA-MODEL.md "pay: consult orders authorize, others capture"
    ['a product with shipping only', Stage.Shipping | Stage.Payment, true],
    ['a product with pharmacy and register', Stage.Shipping | Stage.Pharmacy | Stage.Register | Stage.Payment, true],
    ['a consult product (asynchronous review)', Stage.Consult | Stage.Shipping | Stage.Payment, false],
    ['a scheduled visit', Stage.Consult | Stage.Scheduling | Stage.Payment, false],
    ['a visit without a questionnaire', Stage.Scheduling | Stage.Payment, false],
  ])('%s → %s', (_name, mask, expected) => {
    expect(capturesAtCheckout(mask)).toBe(expected);
  });
});

describe('decline messages', () => {
  it.each<[DeclineCode, string, boolean]>([
    // issue 7 "the gateway's reason shown in plain words"; "one that needs a retry"
    ['card_declined', 'Your card was declined. Please use a different card.', false],
    ['insufficient_funds', 'Your card has insufficient funds. Please use a different card.', false],
    ['processing_error', 'We could not process your card just now. Please try again.', true],
    ['gateway_unavailable', PAYMENT_MESSAGES.PAYMENT_GATEWAY_UNAVAILABLE, true],
    ['expired_card', 'Your card has expired. Please use a different card.', false],
  ])('%s → %s (retry with the same card: %s)', (code, message, retryable) => {
    expect(declineMessage(code)).toBe(message);
    expect(isRetryableDecline(code)).toBe(retryable);
  });

  it('has plain words for every code and never shows the code itself', () => {
    for (const code of DECLINE_CODES) {
      const message = declineMessage(code);
      expect(message).toMatch(/^[A-Z][^_]*\.$/);
      expect(message).not.toContain(code);
      expect(declineMessageCode(code)).toMatch(/^PAYMENT_/);
    }
  });
});
