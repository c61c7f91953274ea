// The order (cart) as the API serves it: items, stage masks, pending stages with the route of the
// first, shipping, promo code, tax and priced totals. Built from stored rows; pure.
import {
  combineMasks,
  firstPendingRoute,
  hasStage,
  lineSubtotal,
  missingStages,
  Stage,
  stagesInMask,
  type DisplayPages,
  type VisitType,
} from '@store/domain';
import { z } from 'zod';
import type { OrderItemRow, OrderRow } from './orders.repo.ts';

const visitTypeSchema = z.union([z.literal(1), z.literal(2), z.literal(3)]).nullable();

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
    }),
    stateRequired: z
      .boolean()
      .describe(
        'Nothing ships, and sales tax or an item’s availability depends on the state: the patient gives the state they are in (shipping.state) before paying (issue 13 #13)',
      ),
    shippingAddress: z
      .object({
        fullName: z.string(),
        line1: z.string(),
        line2: z.string().nullable(),
        city: z.string(),
        state: z.string(),
        zip: z.string(),
        phone: z.string(),
      })
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

/** Catalogue facts shown beside an item (the item's prices are its own snapshots). */
export interface ItemProductInfo {
  slug: string;
  description: string;
  thumbnail: string;
  type: string;
  qtyMin: number;
  qtyMax: number;
  defaultQty: number;
  flexibleQty: boolean;
}

type ItemStages = Pick<OrderItemRow, 'productId' | 'requiredStages' | 'completedStages' | 'consultRequired'>;

/**
 * The order's stage masks. Required: the union of the items' masks. Completed: the order-level
 * mask, plus each stage that every item needing it has completed (Consult is done per item).
 */
export function orderStages(orderCompleted: number, items: readonly ItemStages[]) {
  const required = combineMasks(items.map((i) => i.requiredStages));
  let itemwise = 0;
  for (const stage of stagesInMask(required)) {
    const needing = items.filter((i) => hasStage(i.requiredStages, stage));
    if (needing.length > 0 && needing.every((i) => hasStage(i.completedStages, stage))) itemwise |= stage;
  }
  const completed = (orderCompleted | itemwise) & required;
  const pendingConsultProductIds = items
    .filter((i) => hasStage(i.requiredStages, Stage.Consult) && !hasStage(i.completedStages, Stage.Consult) && !hasStage(orderCompleted, Stage.Consult))
    .map((i) => i.productId);
  return { required, completed, pendingConsultProductIds };
}

/** The visit type that decides the Scheduling route: the first item that needs scheduling. */
export function orderVisitType(items: readonly Pick<OrderItemRow, 'requiredStages' | 'visitType'>[]): VisitType | null {
  const scheduled = items.find((i) => hasStage(i.requiredStages, Stage.Scheduling) && i.visitType !== null);
  return (scheduled ?? items.find((i) => i.visitType !== null))?.visitType ?? null;
}

export interface ViewContext {
  /** The patient must give their state before paying (`needsPatientState`). */
  stateRequired: boolean;
  loggedIn: boolean;
  display: DisplayPages;
  products: Map<string, ItemProductInfo | undefined>;
  placeholderThumbnail: string;
  shippingMethod: { carrier: string; name: string } | null;
}

export function toOrderView(order: OrderRow, items: readonly OrderItemRow[], ctx: ViewContext): OrderView {
  const { required, completed, pendingConsultProductIds } = orderStages(order.completedStages, items);
  const pending = items.length > 0 ? missingStages(required, completed, { loggedIn: ctx.loggedIn }) : [];
  const nextRoute =
    items.length > 0
      ? firstPendingRoute(required, completed, {
          loggedIn: ctx.loggedIn,
          display: ctx.display,
          visitType: order.visitType ?? orderVisitType(items),
        })
      : null;
  return {
    id: order.id,
    status: order.status,
    isGuestOrder: order.userId === null,
    sessionGuid: order.landingGuid,
    items: items.map((item) => {
      const info = ctx.products.get(item.productId);
      return {
        id: item.id,
        productId: item.productId,
        slug: info?.slug ?? null,
        title: item.title,
        description: info?.description ?? '',
        thumbnail: info?.thumbnail ?? ctx.placeholderThumbnail,
        type: info?.type ?? 'prescription',
        qty: item.qty,
        qtyRange: { min: info?.qtyMin ?? item.qty, max: info?.qtyMax ?? item.qty },
        defaultQuantity: info?.defaultQty ?? 1,
        flexibleQuantity: info?.flexibleQty ?? false,
        unitPriceCents: item.unitPriceCents,
        lineSubtotalCents: lineSubtotal(item.unitPriceCents, item.qty),
        consultFeeCents: item.consultFeeCents,
        consultRequired: item.consultRequired,
        consultAttached: item.consultAttached,
        visitType: item.visitType,
        checkoutStages: item.requiredStages,
        completedCheckoutStages: item.completedStages,
      };
    }),
    checkoutStages: required,
    completedCheckoutStages: completed,
    orderLevelCheckoutStages: order.completedStages,
    pendingStages: pending,
    nextRoute,
    pendingConsultProductIds,
    shipping: {
      state: order.shippingState,
      methodId: order.shippingMethodId,
      carrier: ctx.shippingMethod?.carrier ?? null,
      methodName: ctx.shippingMethod?.name ?? null,
      costCents: order.shippingCents,
    },
    stateRequired: ctx.stateRequired,
    shippingAddress:
      order.shipLine1 && order.shipFullName && order.shipCity && order.shipState && order.shipZip && order.shipPhone
        ? {
            fullName: order.shipFullName,
            line1: order.shipLine1,
            line2: order.shipLine2,
            city: order.shipCity,
            state: order.shipState,
            zip: order.shipZip,
            phone: order.shipPhone,
          }
        : null,
    promoCode: order.couponCode ? { code: order.couponCode, discountCents: order.discountCents } : null,
    isPromoCodeApplied: order.couponCode !== null,
    isSalesTaxApplied: order.salesTaxApplied,
    salesTaxCents: order.taxCents,
    taxRatePercent: Number(order.taxRatePercent),
    totals: {
      subtotalCents: order.subtotalCents,
      consultFeeCents: order.consultFeeCents,
      discountCents: order.discountCents,
      shippingCents: order.shippingCents,
      taxCents: order.taxCents,
      donationCents: order.donationCents,
      totalCents: order.totalCents,
    },
    pharmacyId: order.pharmacyId,
    doctorId: order.doctorId,
    visitType: order.visitType ?? orderVisitType(items),
    phone: order.phone,
    createdAt: order.createdAt.toISOString(),
    updatedAt: order.updatedAt.toISOString(),
  };
}
