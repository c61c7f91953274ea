// Every way a promo code can fail (SPEC §8 "Invalid promo code: Sorry that promo code is invalid.").
import { describe, expect, it } from 'vitest';
import { promoFailure, type Coupon, type PromoContext, type PromoFailure } from './promotions.rules.ts';

const NOW = new Date('2026-11-21T12:00:00Z');
const coupon = (overrides: Partial<Coupon> = {}): Coupon => ({
  id: 'c1',
  storefrontId: 's1',
  code: 'CODE',
  kind: 'percent',
  value: 10,
  minSubtotalCents: null,
  productIds: null,
  startsAt: null,
  endsAt: null,
  maxRedemptions: null,
  maxRedemptionsPerPatient: null,
  active: true,
  ...overrides,
});
const ctx = (overrides: Partial<PromoContext> = {}): PromoContext => ({
  now: NOW,
  lines: [{ productId: 'p1', subtotalCents: 5000 }],
  redeemed: { total: 0, byPatient: 0 },
  ...overrides,
});

describe('promoFailure', () => {
  const cases: [string, Coupon | undefined, PromoContext, PromoFailure | null][] = [
    ['a valid code', coupon(), ctx(), null],
    ['an unknown code', undefined, ctx(), 'unknown'],
    ['a paused code', coupon({ active: false }), ctx(), 'inactive'],
    ['a code before its start', coupon({ startsAt: new Date('2026-11-22T00:00:00Z') }), ctx(), 'not_started'],
    ['a code at its start', coupon({ startsAt: NOW }), ctx(), null],
    ['a code at its end (end is exclusive)', coupon({ endsAt: NOW }), ctx(), 'expired'],
    ['a code after its end', coupon({ endsAt: new Date('2026-01-01T00:00:00Z') }), ctx(), 'expired'],
    ['a code used up overall', coupon({ maxRedemptions: 3 }), ctx({ redeemed: { total: 3, byPatient: 0 } }), 'used_up'],
    ['a code with uses left', coupon({ maxRedemptions: 3 }), ctx({ redeemed: { total: 2, byPatient: 0 } }), null],
    ['a code this patient used up', coupon({ maxRedemptionsPerPatient: 1 }), ctx({ redeemed: { total: 5, byPatient: 1 } }), 'used_up_by_patient'],
    ['an empty order', coupon(), ctx({ lines: [] }), 'empty_order'],
    ['a subtotal below the minimum', coupon({ minSubtotalCents: 5001 }), ctx(), 'below_minimum'],
    ['a subtotal at the minimum', coupon({ minSubtotalCents: 5000 }), ctx(), null],
    ['a code for other products', coupon({ productIds: ['p2'] }), ctx(), 'no_eligible_product'],
    ['a code for a product in the order', coupon({ productIds: ['p2', 'p1'] }), ctx(), null],
  ];
  it.each(cases)('%s', (_name, c, context, expected) => {
    expect(promoFailure(c, context)).toBe(expected);
  });
});
