// The operator's console, orders (issue 18): the company-wide order search, one order's page (items
// and money as snapshots, the patient's contact, payments and refunds, fulfilment, mails, the full
// timeline), cancel, refund (full or partial), resend a mail; the audit log viewer and the CSV
// exports of both lists. Forms validate with these schemas on both sides.
import { z } from 'zod';
import { ORDER_STATUSES } from '../../orders/status.ts';
import { adminPageQuerySchema, adminPageSchema } from './common.ts';

/** How many rows one CSV export carries at most (the newest first). */
export const ADMIN_EXPORT_ROW_LIMIT = 10_000;

export const ADMIN_ORDER_MESSAGES = {
  REFUND_AMOUNT_INVALID: 'Enter an amount in dollars and cents, greater than $0.00.',
  REFUND_OVER_REMAINING: 'That is more than is left to refund on this order.',
  REFUND_NOTHING_CAPTURED: 'This order has no charged payment to refund.',
  REFUND_NOTHING_LEFT: 'Everything charged on this order has already been refunded.',
  REFUND_KEY_REUSED: 'This request was already used for another refund. Reload the page and try again.',
  REFUND_REASON_REQUIRED: 'Say why the money is given back (at least 3 characters).',
  REFUND_IN_PROGRESS: 'A refund of this order is still being processed. Reload the page in a minute.',
  REFUND_FAILED: 'The card processor refused the refund. Nothing was given back; try again later.',
  CANCEL_REFUSED: 'This order can no longer be cancelled: it is past the doctor’s decision or already closed. Refund it instead.',
  CANCEL_PAYMENT_FAILED: 'The card processor could not release the payment, so the order was not cancelled. Try again later.',
  DATE_RANGE_INVALID: 'The end date must be on or after the start date.',
  MAIL_UNKNOWN: 'That mail is not one of this order’s.',
} as const;

const dateOnly = z.iso.date({ error: 'Enter a date as YYYY-MM-DD.' });
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: `At most ${max} characters.` })
    .optional()
    .transform((v) => (v ? v : undefined));

/** The filters of the order search (also the CSV export's). */
const orderFilterShape = {
    /** The short order number (the id's first 8 hex digits) or the whole id; a prefix matches. */
    number: optionalText(36).refine((v) => v === undefined || /^[0-9a-fA-F-]{1,36}$/.test(v), {
      error: 'An order number is letters A–F and digits (e.g. 3F2A9C01).',
    }),
    /** The patient's email, exact or its beginning, any case. */
    email: optionalText(254),
    status: z.enum(ORDER_STATUSES, { error: 'Choose a status from the list.' }).optional(),
    storefrontId: z.uuid({ error: 'Choose a storefront from the list.' }).optional(),
    /** Placed on or after (inclusive, UTC day). */
    from: dateOnly.optional(),
    /** Placed on or before (inclusive, UTC day). */
    to: dateOnly.optional(),
};
const rangeRule: [(f: { from?: string | undefined; to?: string | undefined }) => boolean, { error: string; path: string[] }] = [
  (f) => !f.from || !f.to || f.from <= f.to,
  { error: ADMIN_ORDER_MESSAGES.DATE_RANGE_INVALID, path: ['to'] },
];
export const adminOrderFiltersSchema = z.object(orderFilterShape).refine(...rangeRule);
export type AdminOrderFilters = z.output<typeof adminOrderFiltersSchema>;
export const adminOrderSearchQuerySchema = adminPageQuerySchema.extend(orderFilterShape).refine(...rangeRule);

export const adminOrderRowSchema = z
  .object({
    id: z.uuid(),
    orderNumber: z.string(),
    status: z.enum(ORDER_STATUSES),
    storefrontId: z.uuid(),
    storefrontName: z.string(),
    patientName: z.string(),
    patientEmail: z.string().nullable(),
    totalCents: z.int(),
    refundedCents: z.int(),
    createdAt: z.string(),
  })
  .meta({ id: 'AdminOrderRow' });
export type AdminOrderRow = z.infer<typeof adminOrderRowSchema>;
export const adminOrderPageSchema = adminPageSchema(adminOrderRowSchema, 'AdminOrderPage');

export const adminOrderParamsSchema = z.object({ orderId: z.uuid() });

export const adminRefundSchema = z
  .object({
    id: z.uuid(),
    amountCents: z.int(),
    status: z.enum(['pending', 'succeeded', 'failed']),
    reason: z.string(),
    requestedBy: z.string(),
    createdAt: z.string(),
    completedAt: z.string().nullable(),
  })
  .meta({ id: 'AdminRefund' });

export const adminPaymentSchema = z
  .object({
    id: z.uuid(),
    status: z.string(),
    amountCents: z.int(),
    refundedCents: z.int(),
    card: z.string().nullable(),
    gateway: z.string(),
    createdAt: z.string(),
    refunds: z.array(adminRefundSchema),
  })
  .meta({ id: 'AdminPayment' });

export const adminOrderMailSchema = z
  .object({
    /** The mail's key (its job's), what a resend names. */
    key: z.string(),
    kind: z.string(),
    label: z.string(),
    status: z.enum(['queued', 'running', 'sent', 'failed']),
    queuedAt: z.string(),
    sentAt: z.string().nullable(),
    /** A resend of an earlier mail (the operator's). */
    resend: z.boolean(),
  })
  .meta({ id: 'AdminOrderMail' });
export type AdminOrderMail = z.infer<typeof adminOrderMailSchema>;

export const adminTimelineEntrySchema = z
  .object({
    at: z.string(),
    kind: z.enum(['status', 'payment', 'refund', 'mail', 'fulfilment', 'admin', 'other']),
    label: z.string(),
    /** "Ola Operator (admin)", "Patient", "system". */
    who: z.string(),
    detail: z.string().nullable(),
  })
  .meta({ id: 'AdminTimelineEntry' });
export type AdminTimelineEntry = z.infer<typeof adminTimelineEntrySchema>;

export const adminOrderDetailSchema = z
  .object({
    id: z.uuid(),
    orderNumber: z.string(),
    status: z.enum(ORDER_STATUSES),
    storefront: z.object({ id: z.uuid(), name: z.string() }),
    createdAt: z.string(),
    updatedAt: z.string(),
    patient: z.object({
      name: z.string(),
      email: z.string().nullable(),
      phone: z.string().nullable(),
      guest: z.boolean(),
    }),
    items: z.array(
      z.object({ title: z.string(), qty: z.int(), unitPriceCents: z.int(), consultFeeCents: z.int(), lineCents: z.int() }),
    ),
    money: z.object({
      subtotalCents: z.int(),
      consultFeeCents: z.int(),
      shippingCents: z.int(),
      discountCents: z.int(),
      taxCents: z.int(),
      donationCents: z.int(),
      totalCents: z.int(),
      couponCode: z.string().nullable(),
    }),
    shipping: z
      .object({ name: z.string().nullable(), line1: z.string().nullable(), line2: z.string().nullable(), city: z.string().nullable(), state: z.string().nullable(), zip: z.string().nullable() })
      .nullable(),
    payments: z.array(adminPaymentSchema),
    fulfilment: z
      .object({ status: z.string(), carrier: z.string().nullable(), trackingNumber: z.string().nullable() })
      .nullable(),
    mails: z.array(adminOrderMailSchema),
    timeline: z.array(adminTimelineEntrySchema),
    actions: z.object({
      cancel: z.boolean(),
      refund: z.boolean(),
      /** What is left to refund on the captured payment. */
      refundableCents: z.int(),
    }),
  })
  .meta({ id: 'AdminOrderDetail' });
export type AdminOrderDetail = z.infer<typeof adminOrderDetailSchema>;

const reasonSchema = z.string().trim().min(3, { error: ADMIN_ORDER_MESSAGES.REFUND_REASON_REQUIRED }).max(500, { error: 'At most 500 characters.' });
const idempotencyKeySchema = z.string().regex(/^[A-Za-z0-9_.:-]{8,200}$/, { error: 'Each request needs a key of 8 to 200 letters, digits or -_.: characters.' });

/** POST /api/admin/orders/:orderId/refunds. No amount: everything that is left. */
export const adminRefundRequestSchema = z.object({
  amountCents: z.int({ error: ADMIN_ORDER_MESSAGES.REFUND_AMOUNT_INVALID }).min(1, { error: ADMIN_ORDER_MESSAGES.REFUND_AMOUNT_INVALID }).max(99_999_999, { error: ADMIN_ORDER_MESSAGES.REFUND_AMOUNT_INVALID }).optional(),
  reason: reasonSchema,
  idempotencyKey: idempotencyKeySchema,
});
export type AdminRefundRequest = z.infer<typeof adminRefundRequestSchema>;

/** The refund form as the operator types it: dollars ("12.50"), empty for the full amount. */
export const adminRefundFormSchema = z.object({
  amount: z
    .string()
    .trim()
    .refine((v) => v === '' || (/^\d{1,6}(\.\d{1,2})?$/.test(v) && Number(v) > 0), { error: ADMIN_ORDER_MESSAGES.REFUND_AMOUNT_INVALID }),
  reason: reasonSchema,
});
export type AdminRefundForm = z.infer<typeof adminRefundFormSchema>;

/** "12.5" → 1250; '' → undefined (the full amount). */
export function refundCentsFrom(amount: string): number | undefined {
  const v = amount.trim();
  if (!v) return undefined;
  const [whole, frac = ''] = v.split('.');
  return Number(whole) * 100 + Number((frac + '00').slice(0, 2));
}

export const adminRefundResultSchema = z
  .object({ refund: adminRefundSchema, orderStatus: z.enum(ORDER_STATUSES), refundedCents: z.int(), replayed: z.boolean() })
  .meta({ id: 'AdminRefundResult' });

/** POST /api/admin/orders/:orderId/cancel */
export const adminCancelRequestSchema = z.object({ reason: reasonSchema });
export const adminCancelResultSchema = z.object({ orderStatus: z.enum(ORDER_STATUSES), payment: z.string().nullable() }).meta({ id: 'AdminCancelResult' });

/** POST /api/admin/orders/:orderId/mails/resend */
export const adminResendMailSchema = z.object({ key: z.string().min(1).max(300), idempotencyKey: idempotencyKeySchema });
export const adminResendResultSchema = z.object({ mail: adminOrderMailSchema }).meta({ id: 'AdminResendResult' });

// ---- the audit log viewer -------------------------------------------------------------------

const auditFilterShape = {
    /** An action, exact, or its beginning followed by '*' ("payment.*"). */
    action: optionalText(100),
    /** The actor's user id, or an email (of the company's people), exact. */
    actor: optionalText(254),
    subjectType: optionalText(50),
    subjectId: optionalText(100),
    storefrontId: z.uuid({ error: 'Choose a storefront from the list.' }).optional(),
    from: dateOnly.optional(),
    to: dateOnly.optional(),
};
export const adminAuditFiltersSchema = z.object(auditFilterShape).refine(...rangeRule);
export type AdminAuditFilters = z.output<typeof adminAuditFiltersSchema>;
export const adminAuditQuerySchema = adminPageQuerySchema.extend(auditFilterShape).refine(...rangeRule);

export const adminAuditEventSchema = z
  .object({
    id: z.uuid(),
    at: z.string(),
    action: z.string(),
    actorType: z.string(),
    actorId: z.string().nullable(),
    /** "Ola Operator (admin)", "Patient", "system". */
    actor: z.string(),
    subjectType: z.string().nullable(),
    subjectId: z.string().nullable(),
    storefrontId: z.string().nullable(),
    storefrontName: z.string().nullable(),
    ip: z.string().nullable(),
    /** details without before/after (ids, reasons, amounts). */
    details: z.record(z.string(), z.unknown()),
    before: z.record(z.string(), z.unknown()).nullable(),
    after: z.record(z.string(), z.unknown()).nullable(),
  })
  .meta({ id: 'AdminAuditEvent' });
export type AdminAuditEvent = z.infer<typeof adminAuditEventSchema>;
export const adminAuditPageSchema = adminPageSchema(adminAuditEventSchema, 'AdminAuditPage');

/** A CSV cell as a spreadsheet must not run it: one starting with = + - @ (or a tab or CR) gets a leading quote. */
export function csvSafeCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  const text = typeof value === 'string' ? value : typeof value === 'object' ? JSON.stringify(value) : String(value as number | boolean);
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}
