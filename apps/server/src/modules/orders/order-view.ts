// The order (cart) as the API serves it (its schema, orderViewSchema, is in packages/domain): items, stage masks, pending stages with the route of the
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
  type OrderView,
  type VisitType,
} from '@store/domain';
import type { OrderItemRow, OrderRow } from './orders.repo.ts';

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
  /** SPEC §7 product-wise shipping methods: the methods the items allow; null: any. */
  allowedMethodIds: string[] | null;
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
      allowedMethodIds: ctx.allowedMethodIds,
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
