import { describe, expect, it } from 'vitest';
import {
  ORDER_STATUSES,
  ORDER_TRANSITIONS,
  OrderTransitionError,
  TERMINAL_ORDER_STATUSES,
  assertTransition,
  canTransition,
  isOrderStatus,
  patientStatusLabel,
  type OrderStatus,
  type PatientStatusLabel,
} from './status.ts';

// Every allowed transition, each with where it comes from.
const ALLOWED: [OrderStatus, OrderStatus, string][] = [
  ['draft', 'disqualified', 'DATA-MODEL.md draft ──(stages in progress)──> disqualified'],
  ['draft', 'awaiting_payment', 'DATA-MODEL.md (all stages but Payment done)──> awaiting_payment'],
  ['draft', 'cancelled', 'DATA-MODEL.md cancelled by the patient before a decision'],
  ['awaiting_payment', 'paid', 'DATA-MODEL.md pay: others capture'],
  ['awaiting_payment', 'authorized', 'DATA-MODEL.md pay: consult orders authorize'],
  [
    'awaiting_payment',
    'draft',
    'ours: editing the cart reopens the stages (SPEC §4 pending stages)',
  ],
  ['awaiting_payment', 'cancelled', 'DATA-MODEL.md cancelled before a decision'],
  ['paid', 'fulfilling', 'DATA-MODEL.md paid ──> fulfilling'],
  ['paid', 'cancelled', 'DATA-MODEL.md cancelled after capture: refund'],
  ['paid', 'refunded', 'DATA-MODEL.md refunded (operator refund of a captured order)'],
  ['authorized', 'awaiting_review', 'DATA-MODEL.md authorized ──> awaiting_review (type 3)'],
  ['authorized', 'visit_scheduled', 'DATA-MODEL.md authorized ──> visit_scheduled (1, 2)'],
  ['authorized', 'cancelled', 'DATA-MODEL.md cancelled before a decision: void'],
  ['awaiting_review', 'needs_info', 'DATA-MODEL.md ──> needs_info'],
  ['awaiting_review', 'approved', 'DATA-MODEL.md ──> approved: capture'],
  ['awaiting_review', 'declined', 'DATA-MODEL.md ──> declined: void'],
  ['awaiting_review', 'cancelled', 'DATA-MODEL.md cancelled before a decision: void'],
  ['visit_scheduled', 'needs_info', 'DATA-MODEL.md ──> needs_info'],
  ['visit_scheduled', 'approved', 'DATA-MODEL.md ──> approved: capture'],
  ['visit_scheduled', 'declined', 'DATA-MODEL.md ──> declined: void'],
  ['visit_scheduled', 'visit_missed', 'DATA-MODEL.md ──> visit_missed'],
  ['visit_scheduled', 'cancelled', 'DATA-MODEL.md cancelled before a decision: void'],
  [
    'needs_info',
    'awaiting_review',
    'DATA-MODEL.md needs_info ──(patient answers)──> awaiting_review',
  ],
  ['needs_info', 'cancelled', 'DATA-MODEL.md cancelled before a decision: void'],
  ['approved', 'prescribed', 'DATA-MODEL.md approved: capture ──> prescribed'],
  ['approved', 'refunded', 'DATA-MODEL.md refunded after capture'],
  ['prescribed', 'fulfilling', 'DATA-MODEL.md prescribed ──> fulfilling'],
  ['prescribed', 'refunded', 'DATA-MODEL.md refunded after capture'],
  ['fulfilling', 'shipped', 'DATA-MODEL.md fulfilling ──> shipped'],
  ['fulfilling', 'refunded', 'DATA-MODEL.md refunded after capture'],
  ['shipped', 'delivered', 'DATA-MODEL.md shipped ──> delivered'],
  ['shipped', 'refunded', 'DATA-MODEL.md refunded after capture'],
  ['delivered', 'refunded', 'DATA-MODEL.md refunded after capture'],
  ['visit_missed', 'visit_scheduled', 'DATA-MODEL.md visit_missed ──> visit_scheduled'],
  ['visit_missed', 'cancelled', 'DATA-MODEL.md visit_missed ──> cancelled: void'],
  ['refill_pending', 'approved', 'issue 17 refills: a refill order charged is approved by its prescription (decision 009)'],
  ['refill_pending', 'cancelled', 'issue 17 refills: a plan paused after three declines cancels its unpaid refill order'],
];

const REFUSED: [OrderStatus, OrderStatus, string][] = [
  ['draft', 'paid', 'DATA-MODEL.md payment only from awaiting_payment'],
  ['draft', 'approved', 'DATA-MODEL.md no decision before payment'],
  ['awaiting_payment', 'shipped', 'DATA-MODEL.md shipping follows fulfilment'],
  ['awaiting_payment', 'disqualified', 'DATA-MODEL.md disqualification happens during the stages'],
  ['paid', 'awaiting_review', 'DATA-MODEL.md captured (non-consult) orders are not reviewed'],
  ['authorized', 'approved', 'DATA-MODEL.md review or visit comes before the decision'],
  ['authorized', 'fulfilling', 'DATA-MODEL.md authorized orders wait for the doctor'],
  ['awaiting_review', 'visit_missed', 'DATA-MODEL.md only a scheduled visit can be missed'],
  ['needs_info', 'approved', 'DATA-MODEL.md the patient answers first (back to awaiting_review)'],
  ['approved', 'declined', 'DATA-MODEL.md a decision is final'],
  ['approved', 'cancelled', 'DATA-MODEL.md cancelling is before a decision only'],
  ['approved', 'fulfilling', 'DATA-MODEL.md approved ──> prescribed ──> fulfilling'],
  ['prescribed', 'cancelled', 'DATA-MODEL.md cancelling is before a decision only'],
  ['shipped', 'fulfilling', 'DATA-MODEL.md no going back'],
  ['delivered', 'shipped', 'DATA-MODEL.md no going back'],
  ['visit_missed', 'approved', 'DATA-MODEL.md a missed visit is rescheduled or cancelled'],
  ['disqualified', 'draft', 'DATA-MODEL.md disqualified (terminal; nothing charged)'],
  ['declined', 'approved', 'DATA-MODEL.md declined (terminal)'],
  ['cancelled', 'draft', 'DATA-MODEL.md cancelled is final'],
  [
    'cancelled',
    'refunded',
    'ours: a cancelled order keeps its status; the payment records the refund',
  ],
  ['refunded', 'delivered', 'DATA-MODEL.md refunded (terminal)'],
  ['draft', 'draft', 'DATA-MODEL.md a transition changes the status'],
];

describe('order state machine', () => {
  it('lists the statuses of DATA-MODEL.md', () => {
    // DATA-MODEL.md "The order's life": 17 statuses, and issue 17's refill order waiting for its charge
    expect([...ORDER_STATUSES]).toEqual([
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
      'refill_pending',
    ]);
    expect(isOrderStatus('shipped')).toBe(true);
    expect(isOrderStatus('lost')).toBe(false);
  });

  it.each(ALLOWED)('allows %s → %s (%s)', (from, to) => {
    // DATA-MODEL.md "the server refuses any other transition": these are the allowed ones
    expect(canTransition(from, to)).toBe(true);
    expect(() => assertTransition(from, to)).not.toThrow();
  });

  it('allows nothing beyond the table above', () => {
    // DATA-MODEL.md "the server refuses any other transition"
    const table = ORDER_STATUSES.flatMap((from) =>
      ORDER_TRANSITIONS[from].map((to) => `${from}>${to}`),
    );
    expect(table.sort()).toEqual(ALLOWED.map(([f, t]) => `${f}>${t}`).sort());
  });

  it.each(REFUSED)('refuses %s → %s (%s)', (from, to) => {
    // DATA-MODEL.md "the server refuses any other transition"
    expect(canTransition(from, to)).toBe(false);
    expect(() => assertTransition(from, to)).toThrow(OrderTransitionError);
  });

  it('reports the refused transition', () => {
    // DATA-MODEL.md every transition is checked; the error names both ends
    let caught: unknown;
    try {
      assertTransition('declined', 'approved');
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(OrderTransitionError);
    expect(caught).toMatchObject({
      name: 'OrderTransitionError',
      from: 'declined',
      to: 'approved',
      message: 'An order cannot go from declined to approved.',
    });
  });

  it('has the terminal statuses of the diagram', () => {
    // DATA-MODEL.md disqualified, declined, refunded terminal; cancelled is final
    expect(TERMINAL_ORDER_STATUSES).toEqual(['disqualified', 'declined', 'cancelled', 'refunded']);
  });
});

describe('patientStatusLabel', () => {
  it.each<[OrderStatus, boolean, PatientStatusLabel]>([
    // SPEC §4 / DATA-MODEL.md "Incomplete (draft, awaiting_payment)"
    ['draft', true, 'Incomplete'],
    // issue 17 refills: a refill waiting for its charge is under way, not something the patient must finish
    ['refill_pending', true, 'Pending'],
    ['awaiting_payment', false, 'Incomplete'],
    // DATA-MODEL.md "Pending (authorized through prescribed, fulfilling, shipped)"
    ['paid', true, 'Pending'],
    ['authorized', true, 'Pending'],
    ['awaiting_review', true, 'Pending'],
    ['visit_scheduled', false, 'Pending'],
    ['needs_info', true, 'Pending'],
    ['visit_missed', true, 'Pending'],
    ['approved', true, 'Pending'],
    ['prescribed', true, 'Pending'],
    ['fulfilling', true, 'Pending'],
    ['shipped', true, 'Pending'],
    // DATA-MODEL.md "completed (delivered, or approved for products with no shipping)"
    ['delivered', true, 'completed'],
    ['approved', false, 'completed'],
    ['prescribed', false, 'completed'],
    // DATA-MODEL.md terminal states carry their own label
    ['disqualified', true, 'Disqualified'],
    ['declined', false, 'Declined'],
    ['cancelled', true, 'Cancelled'],
    ['refunded', true, 'Refunded'],
  ])('%s (ships %s) → %s', (status, ships, expected) => {
    // SPEC §4 "Visit or order status labels: Incomplete, Pending, completed"
    expect(patientStatusLabel(status, { ships })).toBe(expected);
  });
});
