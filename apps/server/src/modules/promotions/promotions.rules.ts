// Whether a promo code may be applied to an order: pure, so every failure mode is testable
// without a database. Every failure answers the same "Sorry that promo code is invalid." (SPEC §8).
import type { OrderCoupon } from '@store/domain';

export interface Coupon {
  id: string;
  storefrontId: string;
  code: string;
  kind: 'percent' | 'fixed';
  /** Percent (0–100) for 'percent', cents for 'fixed'. */
  value: number;
  minSubtotalCents: number | null;
  productIds: string[] | null;
  startsAt: Date | null;
  endsAt: Date | null;
  maxRedemptions: number | null;
  maxRedemptionsPerPatient: number | null;
  active: boolean;
}

export type PromoFailure =
  | 'unknown'
  | 'inactive'
  | 'not_started'
  | 'expired'
  | 'used_up'
  | 'used_up_by_patient'
  | 'below_minimum'
  | 'no_eligible_product'
  | 'empty_order';

export interface PromoContext {
  now: Date;
  /** The order's items: product and line subtotal in cents. */
  lines: readonly { productId: string; subtotalCents: number }[];
  /** Redemptions recorded so far, overall and by this patient (or guest). */
  redeemed: { total: number; byPatient: number };
}

export function toOrderCoupon(coupon: Coupon): OrderCoupon {
  return { kind: coupon.kind, value: coupon.value, productIds: coupon.productIds };
}

/** The first reason the coupon cannot apply, or null when it applies. */
export function promoFailure(coupon: Coupon | undefined, ctx: PromoContext): PromoFailure | null {
  if (!coupon) return 'unknown';
  if (!coupon.active) return 'inactive';
  if (coupon.startsAt && ctx.now.getTime() < coupon.startsAt.getTime()) return 'not_started';
  if (coupon.endsAt && ctx.now.getTime() >= coupon.endsAt.getTime()) return 'expired';
  if (coupon.maxRedemptions !== null && ctx.redeemed.total >= coupon.maxRedemptions) return 'used_up';
  if (coupon.maxRedemptionsPerPatient !== null && ctx.redeemed.byPatient >= coupon.maxRedemptionsPerPatient) {
    return 'used_up_by_patient';
  }
  if (ctx.lines.length === 0) return 'empty_order';
  const restricted = coupon.productIds !== null && coupon.productIds.length > 0;
  if (restricted && !ctx.lines.some((l) => coupon.productIds!.includes(l.productId))) return 'no_eligible_product';
  const subtotal = ctx.lines.reduce((sum, l) => sum + l.subtotalCents, 0);
  if (coupon.minSubtotalCents !== null && subtotal < coupon.minSubtotalCents) return 'below_minimum';
  return null;
}
