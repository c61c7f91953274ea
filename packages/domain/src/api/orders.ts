// The order (a cart is an order in draft) as the API serves it: the one schema the server answers
// with (and OpenAPI describes) and the web reads its types from.
import { z } from 'zod';
import { VISIT_TYPES } from '../checkout/routing.ts';

/** A visit with a time: video (1) or phone (2). */
export const scheduledVisitTypeSchema = z.union([z.literal(VISIT_TYPES.video), z.literal(VISIT_TYPES.phone)]).describe('1 video, 2 phone');

/** A product's or order's visit type (VISIT_TYPES: 1 video, 2 phone, 3 asynchronous), or none. */
export const visitTypeSchema = z
  .union([z.literal(VISIT_TYPES.video), z.literal(VISIT_TYPES.phone), z.literal(VISIT_TYPES.asynchronous)])
  .nullable()
  .describe('1 video, 2 phone, 3 asynchronous');

/** A US shipping address as the API answers it (an order's snapshot, a saved address). */
export const shippingAddressSchema = z.object({
  fullName: z.string(),
  line1: z.string(),
  line2: z.string().nullable(),
  city: z.string(),
  state: z.string(),
  zip: z.string(),
  phone: z.string().describe('10 digits'),
});

export const orderItemViewSchema = z
  .object({
    id: z.string(),
    productId: z.string(),
    slug: z.string().nullable(),
    title: z.string(),
    description: z.string(),
    thumbnail: z.string(),
    type: z.string(),
    qty: z.int(),
    qtyRange: z.object({ min: z.int(), max: z.int() }),
    defaultQuantity: z.int(),
    flexibleQuantity: z.boolean(),
    unitPriceCents: z.int(),
    lineSubtotalCents: z.int(),
    consultFeeCents: z.int(),
    consultRequired: z.boolean(),
    consultAttached: z.boolean(),
    visitType: visitTypeSchema,
    checkoutStages: z.int(),
    completedCheckoutStages: z.int(),
  })
  .meta({ id: 'OrderItem' });

export const orderViewSchema = z
  .object({
    id: z.string(),
    status: z.string(),
    isGuestOrder: z.boolean(),
    sessionGuid: z.string().nullable().describe('The landing capture this order came from'),
    items: z.array(orderItemViewSchema),
    checkoutStages: z.int().describe('Required stages: the union of the items’ masks'),
    completedCheckoutStages: z.int().describe('Completed stages (order-level, plus stages every item needing them has done)'),
    orderLevelCheckoutStages: z.int().describe('Stages completed at order level'),
    pendingStages: z.array(z.int()).describe('Missing stages in stage order; Register is pending without a login'),
    nextRoute: z.string().nullable().describe('Route of the first pending stage (SPEC §2)'),
    pendingConsultProductIds: z.array(z.string()),
    shipping: z.object({
      state: z.string().nullable(),
      methodId: z.string().nullable(),
      carrier: z.string().nullable(),
      methodName: z.string().nullable(),
      costCents: z.int(),
      allowedMethodIds: z
        .array(z.string())
        .nullable()
        .describe("SPEC §7 product-wise shipping methods: the methods the order's items may ship by; null: any of the storefront's"),
    }),
    stateRequired: z
      .boolean()
      .describe(
        'Nothing ships, and sales tax or an item’s availability depends on the state: the patient gives the state they are in (shipping.state) before paying (issue 13 #13)',
      ),
    shippingAddress: shippingAddressSchema
      .nullable()
      .describe('The address snapshot the order ships to (issue 5); null until given'),
    promoCode: z.object({ code: z.string(), discountCents: z.int() }).nullable(),
    isPromoCodeApplied: z.boolean(),
    isSalesTaxApplied: z.boolean(),
    salesTaxCents: z.int(),
    taxRatePercent: z.number(),
    totals: z.object({
      subtotalCents: z.int(),
      consultFeeCents: z.int(),
      discountCents: z.int(),
      shippingCents: z.int(),
      taxCents: z.int(),
      /** A donation added on the summary (issue 7, flags.enableDonationsSummaryPage); part of the total. */
      donationCents: z.int(),
      totalCents: z.int(),
    }),
    pharmacyId: z.string().nullable(),
    doctorId: z.string().nullable(),
    visitType: visitTypeSchema,
    phone: z.string().nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'Order', description: 'An order; a cart is an order in draft' });

export type OrderView = z.infer<typeof orderViewSchema>;
export type OrderItemView = z.infer<typeof orderItemViewSchema>;
