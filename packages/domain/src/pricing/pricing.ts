// Order pricing in integer cents (DESIGN.md "Money"; SPEC §9 subtotal to 2 decimals, consult fee
// added once). Rounding is half-up to the cent and exact (BigInt) for rates of up to 4 decimals.

function assertCents(name: string, value: number): void {
  if (!Number.isSafeInteger(value) || value < 0) {
    throw new RangeError(`${name} must be a non-negative integer number of cents, got ${value}`);
  }
}

function assertPercent(name: string, value: number): void {
  if (!Number.isFinite(value) || value < 0 || value > 100) {
    throw new RangeError(`${name} must be a percentage from 0 to 100, got ${value}`);
  }
}

/**
 * `percent` % of `amountCents`, rounded half-up to the cent. The percentage is taken to 4 decimal
 * places (7.25, 8.875) and the product is computed exactly.
 */
export function percentOfCents(amountCents: number, percent: number): number {
  assertCents('amountCents', amountCents);
  assertPercent('percent', percent);
  const scaled = BigInt(Math.round(percent * 10_000)); // percent × 10^4
  const product = BigInt(amountCents) * scaled; // cents × percent × 10^4
  return Number((product + 500_000n) / 1_000_000n);
}

/** SPEC §9: unit price × quantity, in cents (whole cents, so already "rounded to 2 decimals"). */
export function lineSubtotal(unitPriceCents: number, qty: number): number {
  assertCents('unitPriceCents', unitPriceCents);
  if (!Number.isSafeInteger(qty) || qty < 0) {
    throw new RangeError(`qty must be a non-negative integer, got ${qty}`);
  }
  return unitPriceCents * qty;
}

/** SPEC §9: the highest consult fee among items with an attached consult, added once (0 if none). */
export function consultFeeForOrder(
  items: readonly { consultFeeCents: number; consultAttached: boolean }[],
): number {
  let highest = 0;
  for (const item of items) {
    assertCents('consultFeeCents', item.consultFeeCents);
    if (item.consultAttached && item.consultFeeCents > highest) highest = item.consultFeeCents;
  }
  return highest;
}

export type CouponKind = 'percent' | 'fixed';
export interface CouponValue {
  kind: CouponKind;
  /** A percentage from 0 to 100 for 'percent'; cents for 'fixed'. */
  value: number;
}

/**
 * The discount on the eligible subtotal: a percentage rounded half-up to the cent, or a fixed
 * amount; never more than the eligible subtotal and never negative.
 */
export function discountFor(coupon: CouponValue | null, eligibleSubtotalCents: number): number {
  assertCents('eligibleSubtotalCents', eligibleSubtotalCents);
  if (coupon === null) return 0;
  const raw =
    coupon.kind === 'percent'
      ? percentOfCents(eligibleSubtotalCents, Math.min(100, Math.max(0, coupon.value)))
      : Math.round(coupon.value);
  return Math.min(eligibleSubtotalCents, Math.max(0, Number.isFinite(raw) ? raw : 0));
}

export interface PricedItem {
  productId: string;
  unitPriceCents: number;
  qty: number;
  consultFeeCents: number;
  consultAttached: boolean;
}

export interface OrderCoupon extends CouponValue {
  /** Products the coupon is restricted to; null, undefined or empty means every product. */
  productIds?: readonly string[] | null;
}

export interface PriceOrderInput {
  items: readonly PricedItem[];
  coupon: OrderCoupon | null;
  shippingCents: number;
  /** The sales-tax rate in percent, e.g. 7.25. */
  taxRatePercent: number;
  taxAppliesToConsultFee: boolean;
}

export interface OrderPrice {
  subtotalCents: number;
  consultFeeCents: number;
  discountCents: number;
  shippingCents: number;
  taxCents: number;
  totalCents: number;
}

/** Whether a coupon applies to a product (see OrderCoupon.productIds). */
export function couponAppliesTo(coupon: OrderCoupon, productId: string): boolean {
  const ids = coupon.productIds;
  return ids === null || ids === undefined || ids.length === 0 || ids.includes(productId);
}

/**
 * The order's price. The discount applies to the subtotal of the items the coupon covers (never to
 * the consult fee, shipping or tax). Tax = half-up(rate × (subtotal − discount + consult fee when
 * taxed)); shipping is not taxed. Total = subtotal + consult fee − discount + shipping + tax.
 */
export function priceOrder(input: PriceOrderInput): OrderPrice {
  assertCents('shippingCents', input.shippingCents);
  assertPercent('taxRatePercent', input.taxRatePercent);

  let subtotalCents = 0;
  let eligibleCents = 0;
  for (const item of input.items) {
    const line = lineSubtotal(item.unitPriceCents, item.qty);
    subtotalCents += line;
    if (input.coupon !== null && couponAppliesTo(input.coupon, item.productId)) {
      eligibleCents += line;
    }
  }
  const consultFeeCents = consultFeeForOrder(input.items);
  const discountCents = discountFor(input.coupon, eligibleCents);
  const taxableCents =
    subtotalCents - discountCents + (input.taxAppliesToConsultFee ? consultFeeCents : 0);
  const taxCents = percentOfCents(taxableCents, input.taxRatePercent);
  const totalCents = Math.max(
    0,
    subtotalCents + consultFeeCents - discountCents + input.shippingCents + taxCents,
  );
  return {
    subtotalCents,
    consultFeeCents,
    discountCents,
    shippingCents: input.shippingCents,
    taxCents,
    totalCents,
  };
}

/** Cents formatted for display at the edge, e.g. 1234 → '$12.34' (en-US). */
export function formatCents(cents: number, currency = 'USD'): string {
  return new Intl.NumberFormat('en-US', { style: 'currency', currency }).format(cents / 100);
}

/** Days in the cycle the "price per cycle" read-out is given for. */
export const PRICE_CYCLE_DAYS = 30;

/**
 * The price per 30 days for a product refilled every `refillCycleDays` days, rounded half-up to the
 * cent; null when the product has no refill cycle.
 */
export function pricePerCycle(
  unitPriceCents: number,
  refillCycleDays: number | null,
): number | null {
  assertCents('unitPriceCents', unitPriceCents);
  if (refillCycleDays === null || !Number.isFinite(refillCycleDays) || refillCycleDays <= 0) {
    return null;
  }
  // half-up(unit × 30 / days) with integers: floor((2 × unit × 30 + days) / (2 × days))
  const days = Math.round(refillCycleDays);
  if (days <= 0) return null;
  return Math.floor((2 * unitPriceCents * PRICE_CYCLE_DAYS + days) / (2 * days));
}

/** SPEC §7 "price with consult": the unit price plus the consult fee. */
export function priceWithConsult(unitPriceCents: number, consultFeeCents: number): number {
  assertCents('unitPriceCents', unitPriceCents);
  assertCents('consultFeeCents', consultFeeCents);
  return unitPriceCents + consultFeeCents;
}
