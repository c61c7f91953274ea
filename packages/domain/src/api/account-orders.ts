// The patient's orders in My account (issue 17; SPEC §7 previous orders, recent orders v1 and v2,
// order details, details for customer receipt, edit shipping address): the list, one order's
// details, and the change of a paid order's shipping address until it ships. Pure zod.
import { z } from 'zod';
import { CARRIERS } from '../fulfilment/fulfilment.ts';
import { ORDER_STATUSES } from '../orders/status.ts';
import { usAddressZipInStateSchema } from '../shipping/us-address.ts';
import { shippingAddressSchema } from './orders.ts';

export const ACCOUNT_ORDER_SCOPES = ['recent', 'previous'] as const;
export type AccountOrderScope = (typeof ACCOUNT_ORDER_SCOPES)[number];
export const ACCOUNT_ORDERS_PAGE_SIZE = 10;

export const accountOrdersQuerySchema = z.object({
  scope: z.enum(ACCOUNT_ORDER_SCOPES).default('recent').describe('recent: Incomplete and Pending; previous: completed and the terminal ones'),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});

/** The order's latest step, in words (issue 17 "the latest step"). */
export const ORDER_STEP_KINDS = [
  'in_checkout',
  'awaiting_payment',
  'payment_received',
  'refill_pending',
  'awaiting_review',
  'more_information',
  'visit_scheduled',
  'visit_missed',
  'approved',
  'prescribed',
  'preparing',
  'shipped',
  'ready_for_pickup',
  'delivered',
  'declined',
  'cancelled',
  'refunded',
  'disqualified',
] as const;
export type OrderStepKind = (typeof ORDER_STEP_KINDS)[number];

export const orderStepSchema = z
  .object({
    kind: z.enum(ORDER_STEP_KINDS),
    /** "Awaiting review", "More information needed", "Shipped"… */
    label: z.string(),
    at: z.string().nullable().describe('When the step happened (or the visit starts)'),
    /** Where the patient acts on it (answer the doctor's question, join the visit), or null. */
    link: z.string().nullable(),
    carrier: z.enum(CARRIERS).nullable(),
    trackingNumber: z.string().nullable(),
    trackingUrl: z.string().nullable(),
  })
  .meta({ id: 'OrderStep' });
export type OrderStep = z.infer<typeof orderStepSchema>;

export const statusLabelSchema = z.enum(['Incomplete', 'Pending', 'completed', 'Disqualified', 'Declined', 'Cancelled', 'Refunded']);

export const accountOrderSummarySchema = z
  .object({
    id: z.string(),
    orderNumber: z.string(),
    status: z.enum(ORDER_STATUSES),
    /** SPEC §4 label (patientStatusLabel). */
    statusLabel: statusLabelSchema,
    createdAt: z.string(),
    /** When it was paid (null while unpaid). */
    placedAt: z.string().nullable(),
    items: z.array(z.object({ title: z.string(), qty: z.int() })),
    totalCents: z.int(),
    latestStep: orderStepSchema,
    /** An unfinished order: its first pending stage (the checkout's route); else null. */
    resumePath: z.string().nullable(),
    /** A decided order whose doctor the patient has not rated yet; else null. */
    ratePath: z.string().nullable(),
  })
  .meta({ id: 'AccountOrderSummary' });
export type AccountOrderSummary = z.infer<typeof accountOrderSummarySchema>;

export const accountOrderListSchema = z
  .object({
    scope: z.enum(ACCOUNT_ORDER_SCOPES),
    items: z.array(accountOrderSummarySchema),
    total: z.int(),
    page: z.int(),
    pageSize: z.int(),
  })
  .meta({ id: 'AccountOrderList' });
export type AccountOrderList = z.infer<typeof accountOrderListSchema>;

export const PAYMENT_VIEW_STATUSES = ['pending', 'authorized', 'captured', 'voided', 'refunded', 'failed'] as const;

export const accountOrderDetailsSchema = accountOrderSummarySchema
  .extend({
    lines: z.array(z.object({ title: z.string(), qty: z.int(), unitPriceCents: z.int(), lineSubtotalCents: z.int() })),
    totals: z.object({
      subtotalCents: z.int(),
      consultFeeCents: z.int(),
      shippingCents: z.int(),
      discountCents: z.int(),
      taxCents: z.int(),
      donationCents: z.int(),
      totalCents: z.int(),
    }),
    promoCode: z.string().nullable(),
    /** Something on the order ships (false: a lab panel, a consult only): no address to show. */
    ships: z.boolean(),
    shippingAddress: shippingAddressSchema.nullable(),
    shippingMethod: z.object({ carrier: z.string(), name: z.string() }).nullable(),
    pharmacy: z
      .object({ name: z.string(), phone: z.string().nullable(), address: z.object({ line: z.string().nullable(), city: z.string().nullable(), state: z.string().nullable(), zip: z.string().nullable() }) })
      .nullable(),
    doctor: z.object({ name: z.string(), credentials: z.string().nullable() }).nullable(),
    visit: z
      .object({
        type: z.enum(['video', 'phone', 'review']),
        startsAt: z.string().nullable(),
        endsAt: z.string().nullable(),
        status: z.string().describe('booked, completed, missed, cancelled… or in_review for an asynchronous review'),
      })
      .nullable(),
    prescription: z
      .object({
        medication: z.string(),
        strength: z.string(),
        form: z.string(),
        quantity: z.int(),
        directions: z.string(),
        refillsLeft: z.int(),
        expiresAt: z.string(),
        status: z.string(),
        /** No refills left or expired, and not revoked (prescriptionRenewalBlock): the patient may ask to renew it. */
        renewable: z.boolean(),
      })
      .nullable(),
    payment: z
      .object({
        status: z.enum(PAYMENT_VIEW_STATUSES),
        amountCents: z.int(),
        card: z.object({ brand: z.string(), last4: z.string() }).nullable(),
        authorizedAt: z.string().nullable(),
        capturedAt: z.string().nullable(),
        voidedAt: z.string().nullable(),
        refundedAt: z.string().nullable(),
        /** issue 18: given back so far (an operator's partial refunds; the whole amount once refunded). */
        refundedCents: z.int().optional(),
      })
      .nullable(),
    fulfilment: z
      .object({
        status: z.enum(['received', 'filled', 'shipped', 'delivered', 'ready_for_pickup']),
        carrier: z.enum(CARRIERS).nullable(),
        trackingNumber: z.string().nullable(),
        trackingUrl: z.string().nullable(),
        shippedAt: z.string().nullable(),
        deliveredAt: z.string().nullable(),
      })
      .nullable(),
    /** The order's steps so far, oldest first. */
    timeline: z.array(z.object({ label: z.string(), at: z.string() })),
    /** The PDF receipt (owner only), once paid. */
    receiptUrl: z.string().nullable(),
    /** Whether the shipping address may still be changed (SPEC §7 edit shipping address), and why not. */
    addressChange: z.object({ allowed: z.boolean(), sameStateOnly: z.boolean(), reason: z.string().nullable() }),
  })
  .meta({ id: 'AccountOrderDetails' });
export type AccountOrderDetails = z.infer<typeof accountOrderDetailsSchema>;

export const ADDRESS_CHANGE_MESSAGES = {
  CHOOSE: 'Choose a saved address or enter a new one.',
  SHIPPED: 'This order has already shipped, so its address can no longer be changed.',
  NOT_SHIPPING: 'This order has nothing to ship.',
  CLOSED: 'This order is closed; its address can no longer be changed.',
  UNPAID: 'This order is not placed yet: change the address in checkout.',
  PICKUP: 'This order is picked up at the pharmacy.',
  STATE_AFTER_DECISION:
    'Your prescription was written for the state on your order, so this order can only be shipped within that state. To ship to another state, please contact support.',
  STATE_DOCTOR: 'Your doctor is not licensed in that state. To ship to another state, please contact support.',
} as const;

/** The new total differs from what was charged or held (decision 010): named in dollars. */
export const addressChangeTotalMessage = (from: string, to: string) =>
  `Shipping to this address would change your order total from ${from} to ${to}. Your card was charged or held for ${from}, so we can't make this change here; please contact support.`;

export const changeShippingAddressBodySchema = z
  .object({
    savedAddressId: z.string().max(100).optional().describe('One of the patient’s saved addresses'),
    address: usAddressZipInStateSchema.optional().describe('A new address (its ZIP in its state)'),
  })
  .refine((b) => (b.savedAddressId === undefined) !== (b.address === undefined), {
    error: ADDRESS_CHANGE_MESSAGES.CHOOSE,
    path: ['address'],
  });
export type ChangeShippingAddressBody = z.input<typeof changeShippingAddressBodySchema>;

/** What the address-change rule needs to know about an order (decision 010). */
export interface AddressChangeFacts {
  status: (typeof ORDER_STATUSES)[number];
  /** Something on the order ships. */
  ships: boolean;
  /** A prescription was written (for the state on the order). */
  prescribed: boolean;
  fulfilmentStatus: 'received' | 'filled' | 'shipped' | 'delivered' | 'ready_for_pickup' | null;
}

const CLOSED_STATUSES: readonly string[] = ['disqualified', 'declined', 'cancelled', 'refunded'];
const DECIDED_STATUSES: readonly string[] = ['approved', 'prescribed'];

/**
 * Whether a paid order's shipping address may still change (SPEC §7 edit shipping address; decision
 * 010): until it ships and while it is not closed; to another state only before a doctor's decision
 * (a prescription is written under the licence of the order's state). Answers the refusal's code
 * and message, or null.
 */
export function addressChangeRule(facts: AddressChangeFacts): { allowed: boolean; sameStateOnly: boolean; code: string | null; reason: string | null } {
  const refuse = (code: keyof typeof ADDRESS_CHANGE_MESSAGES) => ({ allowed: false, sameStateOnly: true, code: `ADDRESS_${code}`, reason: ADDRESS_CHANGE_MESSAGES[code] });
  if (facts.status === 'draft' || facts.status === 'awaiting_payment') return refuse('UNPAID');
  if (CLOSED_STATUSES.includes(facts.status)) return refuse('CLOSED');
  if (!facts.ships) return refuse('NOT_SHIPPING');
  if (facts.status === 'shipped' || facts.status === 'delivered' || facts.fulfilmentStatus === 'shipped' || facts.fulfilmentStatus === 'delivered') return refuse('SHIPPED');
  if (facts.fulfilmentStatus === 'ready_for_pickup') return refuse('PICKUP');
  return { allowed: true, sameStateOnly: facts.prescribed || DECIDED_STATUSES.includes(facts.status), code: null, reason: null };
}
