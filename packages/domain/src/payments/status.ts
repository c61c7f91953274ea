// A payment's life (DATA-MODEL.md payments: authorized | captured | voided | refunded | failed)
// and when checkout captures at once (issue 7 "Authorize at checkout, capture on approval").
import { Stage } from '../checkout/stages.ts';

/**
 * `pending` is ours: the row that claims the order's one live payment (and the idempotency key)
 * before the gateway is called, so that concurrent "pay now" requests cannot authorize twice.
 */
export const PAYMENT_STATUSES = ['pending', 'authorized', 'captured', 'voided', 'refunded', 'failed'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

export const PAYMENT_TRANSITIONS: Record<PaymentStatus, readonly PaymentStatus[]> = {
  // The gateway answered: a hold, an immediate charge, or a refusal.
  pending: ['authorized', 'captured', 'failed'],
  // Capture on approval; void when declined, disqualified or cancelled before a decision.
  authorized: ['captured', 'voided'],
  // A cancellation or operator refund after capture.
  captured: ['refunded'],
  voided: [],
  refunded: [],
  failed: [],
};

/** An order has at most one payment in these states at a time. */
export const LIVE_PAYMENT_STATUSES: readonly PaymentStatus[] = ['pending', 'authorized', 'captured'];

export function canPaymentTransition(from: PaymentStatus, to: PaymentStatus): boolean {
  return PAYMENT_TRANSITIONS[from].includes(to);
}

export function isLivePayment(status: PaymentStatus): boolean {
  return LIVE_PAYMENT_STATUSES.includes(status);
}

/**
 * Whether paying charges the card at once. Orders that wait for a doctor's decision (a consult or
 * a visit) are only authorized and captured on approval; products that need no consult are
 * captured at once (issue 7; DATA-MODEL.md "pay: consult orders authorize, others capture").
 */
export function capturesAtCheckout(requiredStages: number): boolean {
  return (requiredStages & (Stage.Consult | Stage.Scheduling)) === 0;
}
