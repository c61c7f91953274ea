// The order's life: one state machine for commerce and clinical status (DATA-MODEL.md).

export const ORDER_STATUSES = [
  'draft',
  'disqualified',
  'awaiting_payment',
  'paid',
  'authorized',
  'awaiting_review',
  'visit_scheduled',
  'needs_info',
  'approved',
  'prescribed',
  'fulfilling',
  'shipped',
  'delivered',
  'declined',
  'visit_missed',
  'cancelled',
  'refunded',
  // issue 17: a refill order the renewal job made from an auto-refill plan, waiting for its charge
  // (docs/decisions/009-refill-orders.md). Captured → approved (the prescription approves it).
  'refill_pending',
] as const;

export type OrderStatus = (typeof ORDER_STATUSES)[number];

export function isOrderStatus(value: string): value is OrderStatus {
  return (ORDER_STATUSES as readonly string[]).includes(value);
}

/**
 * Allowed transitions. From the DATA-MODEL.md diagram, plus these readings of its notes:
 * - awaiting_payment → draft: editing the cart after all stages were done reopens the stages.
 * - cancelled "by the patient before a decision": from draft, awaiting_payment, paid (before
 *   fulfilment), authorized, awaiting_review, visit_scheduled, needs_info and visit_missed.
 * - refunded: an operator's refund of a captured order (paid, approved, prescribed, fulfilling,
 *   shipped, delivered). A cancellation after capture refunds the payment but stays 'cancelled'.
 * - disqualified, declined, cancelled and refunded are terminal.
 * - refill_pending (issue 17, decision 009): a refill order made by the renewal job; its capture
 *   moves it to approved (the prescription already approves it; then prescribed as the pharmacy is
 *   sent the refill), a plan paused after three declines cancels it. Nothing ships from it unpaid.
 */
export const ORDER_TRANSITIONS: Record<OrderStatus, readonly OrderStatus[]> = {
  draft: ['disqualified', 'awaiting_payment', 'cancelled'],
  disqualified: [],
  awaiting_payment: ['paid', 'authorized', 'draft', 'cancelled'],
  paid: ['fulfilling', 'cancelled', 'refunded'],
  authorized: ['awaiting_review', 'visit_scheduled', 'cancelled'],
  awaiting_review: ['needs_info', 'approved', 'declined', 'cancelled'],
  visit_scheduled: ['needs_info', 'approved', 'declined', 'visit_missed', 'cancelled'],
  needs_info: ['awaiting_review', 'cancelled'],
  approved: ['prescribed', 'refunded'],
  prescribed: ['fulfilling', 'refunded'],
  fulfilling: ['shipped', 'refunded'],
  shipped: ['delivered', 'refunded'],
  delivered: ['refunded'],
  declined: [],
  visit_missed: ['visit_scheduled', 'cancelled'],
  cancelled: [],
  refunded: [],
  refill_pending: ['approved', 'cancelled'],
};

export const TERMINAL_ORDER_STATUSES: readonly OrderStatus[] = ORDER_STATUSES.filter(
  (s) => ORDER_TRANSITIONS[s].length === 0,
);

export function canTransition(from: OrderStatus, to: OrderStatus): boolean {
  return ORDER_TRANSITIONS[from].includes(to);
}

export class OrderTransitionError extends Error {
  readonly from: OrderStatus;
  readonly to: OrderStatus;
  constructor(from: OrderStatus, to: OrderStatus) {
    super(`An order cannot go from ${from} to ${to}.`);
    this.name = 'OrderTransitionError';
    this.from = from;
    this.to = to;
  }
}

/** Throws OrderTransitionError unless the transition is allowed. */
export function assertTransition(from: OrderStatus, to: OrderStatus): void {
  if (!canTransition(from, to)) throw new OrderTransitionError(from, to);
}

export type PatientStatusLabel =
  'Incomplete' | 'Pending' | 'completed' | 'Disqualified' | 'Declined' | 'Cancelled' | 'Refunded';

/**
 * The label the patient sees (SPEC §4, DATA-MODEL.md): Incomplete for draft and awaiting_payment;
 * Pending from payment (paid or authorized) through prescribed, fulfilling and shipped; completed
 * when delivered, or once approved for products with no shipping (approved and prescribed, so the
 * label never goes back to Pending). Terminal refusals carry their own label.
 */
export function patientStatusLabel(
  status: OrderStatus,
  opts: { ships: boolean },
): PatientStatusLabel {
  switch (status) {
    case 'draft':
    case 'awaiting_payment':
      return 'Incomplete';
    case 'approved':
    case 'prescribed':
      return opts.ships ? 'Pending' : 'completed';
    case 'refill_pending':
    case 'paid':
    case 'authorized':
    case 'awaiting_review':
    case 'visit_scheduled':
    case 'needs_info':
    case 'visit_missed':
    case 'fulfilling':
    case 'shipped':
      return 'Pending';
    case 'delivered':
      return 'completed';
    case 'disqualified':
      return 'Disqualified';
    case 'declined':
      return 'Declined';
    case 'cancelled':
      return 'Cancelled';
    case 'refunded':
      return 'Refunded';
  }
}

/** The short, readable order number a patient, a doctor and a receipt show: the id's first 8 hex digits, upper case. */
export const orderNumberOf = (orderId: string): string => orderId.replace(/-/g, '').slice(0, 8).toUpperCase();
