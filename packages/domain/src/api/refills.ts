// Auto-refills that follow the prescription (SPEC §7 auto-refill: eligible orders, activate,
// storefront details, active auto-refills, deactivate; issue 17), and the reorder answer (SPEC §7
// reorder). What the server serves and the web reads, with the storefront's refill terms.
import { z } from 'zod';

/** The patient is told this many days before a refill is charged (once per cycle). */
export const REFILL_NOTICE_DAYS = 3;
/** After a declined refill charge, tried again after these many days each (three retries over a week), then the plan pauses. */
export const REFILL_RETRY_DAYS = [2, 2, 3] as const;

export const REFILL_PLAN_STATES = ['active', 'paused', 'ended'] as const;
export type RefillPlanState = (typeof REFILL_PLAN_STATES)[number];

/** Why a plan is paused or ended, in the patient's words. */
export const REFILL_STATUS_REASONS = {
  declined: 'Your card was declined three times, so we paused your auto-refill. Update your card, then choose a new date.',
  patient: 'You turned off this auto-refill.',
  renewal: 'Your prescription has no refills left or has expired. We opened a renewal for your doctor to review.',
  refills_exhausted: 'Your prescription has no refills left.',
  prescription_expired: 'Your prescription has expired.',
  renewal_declined: 'Your doctor did not renew this prescription.',
} as const;
export type RefillStatusReason = keyof typeof REFILL_STATUS_REASONS;

export const REFILL_MESSAGES = {
  NOT_ELIGIBLE: 'This order cannot have an auto-refill: its prescription has no refills left, has expired, or already has an auto-refill.',
  PLAN_NOT_ACTIVE: 'This auto-refill is not active.',
  DATE_INVALID: 'Enter a date as YYYY-MM-DD.',
  DATE_IN_PAST: 'The next refill date cannot be in the past. Choose tomorrow or later.',
  DATE_AFTER_EXPIRY: 'The next refill date must be on or before the day your prescription expires.',
  NO_CARD: 'Add a card to your account before turning on auto-refill.',
} as const;

/** The storefront's refill terms (GET /api/refills/settings; SPEC §7 storefront details). */
export const refillTermsSchema = z.object({
  noticeDays: z.int(),
  retryDays: z.array(z.int()),
  /** Plain words: how the refill is priced, charged and retried. */
  terms: z.array(z.string()),
});
export type RefillTerms = z.infer<typeof refillTermsSchema>;

export function refillTerms(): RefillTerms {
  return {
    noticeDays: REFILL_NOTICE_DAYS,
    retryDays: [...REFILL_RETRY_DAYS],
    terms: [
      `We email you ${REFILL_NOTICE_DAYS} days before each refill.`,
      'Each refill is charged at the current price of the product, with tax and shipping, to the card you chose (or your current card).',
      'Your prescription already approves each refill: the pharmacy fills it and ships it to your last shipping address once the charge goes through.',
      `If your card is declined we try again ${REFILL_RETRY_DAYS.length} times over a week and email you each time; then the auto-refill pauses. Nothing ships unpaid.`,
      'When your prescription runs out of refills or expires, we open a renewal for your doctor instead of charging you.',
    ],
  };
}

/** An order whose prescription can be refilled automatically (GET /api/refills/eligible). */
export const eligibleRefillSchema = z.object({
  orderId: z.string(),
  orderNumber: z.string(),
  productId: z.string(),
  productTitle: z.string(),
  qty: z.int(),
  prescriptionId: z.string(),
  medication: z.string(),
  refillsLeft: z.int(),
  expiresAt: z.string(),
  cycleDays: z.int(),
  /** When the first refill would be charged if activated now (last fill + cycle days). */
  nextDate: z.string(),
});
export type EligibleRefill = z.infer<typeof eligibleRefillSchema>;
export const eligibleRefillsSchema = z.object({ orders: z.array(eligibleRefillSchema) });

export const refillPlanSchema = z.object({
  id: z.string(),
  sourceOrderId: z.string(),
  orderNumber: z.string(),
  productId: z.string(),
  productTitle: z.string(),
  qty: z.int(),
  medication: z.string(),
  status: z.enum(REFILL_PLAN_STATES),
  statusReason: z.string().nullable(),
  /** The reason in the patient's words (null when active). */
  statusMessage: z.string().nullable(),
  nextDate: z.string(),
  nextCycle: z.int(),
  cycleDays: z.int(),
  refillsLeft: z.int(),
  expiresAt: z.string(),
  /** The chosen card; null charges the current card. */
  card: z.object({ id: z.string(), label: z.string() }).nullable(),
  /** What the patient reads: "Visa ending in 4242" or "Your current card (Visa ending in 4242)". */
  cardLabel: z.string(),
  renewalOrderId: z.string().nullable(),
  /**
   * Paused for renewal with its renewal order still to check out (it is the patient's cart): where
   * the checkout resumes. Null otherwise (the page links the renew page of the source order).
   */
  renewalResumePath: z.string().nullable(),
  /** The bounds a new next date must fall within (YYYY-MM-DD). */
  moveBounds: z.object({ min: z.string(), max: z.string() }),
  /** The latest cycle's outcome (a declined charge's next try). */
  lastCycle: z
    .object({ cycle: z.int(), status: z.string(), orderId: z.string().nullable(), attempts: z.int(), nextAttemptAt: z.string().nullable() })
    .nullable(),
});
export type RefillPlanView = z.infer<typeof refillPlanSchema>;
export const refillPlansSchema = z.object({ plans: z.array(refillPlanSchema) });

const uuid = z.string().uuid({ message: 'Choose an order.' });

export const activateRefillSchema = z.object({
  orderId: uuid,
  /** A saved card; omitted or null charges the current card at each refill. */
  cardId: z.string().uuid({ message: 'Choose a card.' }).nullable().optional(),
});
export type ActivateRefillInput = z.infer<typeof activateRefillSchema>;

export const moveRefillSchema = z.object({
  nextDate: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { message: REFILL_MESSAGES.DATE_INVALID }),
});
export type MoveRefillInput = z.infer<typeof moveRefillSchema>;

export const refillCardSchema = z.object({ cardId: z.string().uuid({ message: 'Choose a card.' }).nullable() });
export type RefillCardInput = z.infer<typeof refillCardSchema>;

/** POST /api/orders/:id/reorder (SPEC §7 reorder): a refill instead of a new consult, else the products in a cart. */
export const reorderResultSchema = z.object({
  kind: z.enum(['cart', 'refill']),
  orderId: z.string().nullable(),
  planId: z.string().nullable(),
  path: z.string(),
  message: z.string(),
});
export type ReorderResult = z.infer<typeof reorderResultSchema>;

const DAY_MS = 24 * 60 * 60_000;

/** YYYY-MM-DD of an instant (UTC). */
export const isoDay = (d: Date): string => d.toISOString().slice(0, 10);

/**
 * The bounds of a plan's next date: from tomorrow (UTC) to the prescription's expiry day. A chosen
 * day is charged at noon UTC of that day.
 */
export function refillMoveBounds(now: Date, expiresAt: Date): { min: string; max: string } {
  return { min: isoDay(new Date(now.getTime() + DAY_MS)), max: isoDay(expiresAt) };
}

/** The instant a chosen day is due (noon UTC), or the message why it cannot be. */
export function refillDateFor(day: string, now: Date, expiresAt: Date): { ok: true; at: Date } | { ok: false; message: string } {
  const at = new Date(`${day}T12:00:00.000Z`);
  if (Number.isNaN(at.getTime()) || isoDay(at) !== day) return { ok: false, message: REFILL_MESSAGES.DATE_INVALID };
  const bounds = refillMoveBounds(now, expiresAt);
  if (day < bounds.min) return { ok: false, message: REFILL_MESSAGES.DATE_IN_PAST };
  if (day > bounds.max) return { ok: false, message: REFILL_MESSAGES.DATE_AFTER_EXPIRY };
  return { ok: true, at };
}

/** When a declined refill is tried again after its `declines`-th decline, or null: pause the plan. */
export function refillRetryAt(declines: number, at: Date): Date | null {
  const days = REFILL_RETRY_DAYS[declines - 1];
  return days === undefined ? null : new Date(at.getTime() + days * DAY_MS);
}
