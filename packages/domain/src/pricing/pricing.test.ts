import { describe, expect, it } from 'vitest';
import {
  consultFeeForOrder,
  couponAppliesTo,
  discountFor,
  formatCents,
  lineSubtotal,
  percentOfCents,
  priceOrder,
  pricePerCycle,
  priceWithConsult,
  type CouponValue,
  type OrderPrice,
  type PriceOrderInput,
  type PricedItem,
} from './pricing.ts';

const item = (over: Partial<PricedItem> = {}): PricedItem => ({
  productId: 'p1',
  unitPriceCents: 1000,
  qty: 1,
  consultFeeCents: 0,
  consultAttached: false,
  ...over,
});

describe('lineSubtotal', () => {
  it.each<[number, number, number]>([
    [1999, 1, 1999],
    [1999, 3, 5997],
    [0, 5, 0],
    [1250, 0, 0],
  ])('%i × %i = %i', (unit, qty, expected) => {
    // SPEC §9 "Price subtotal rounded to 2 decimals" (integer cents)
    expect(lineSubtotal(unit, qty)).toBe(expected);
  });

  it.each<[number, number]>([
    [10.5, 1],
    [-1, 1],
    [100, 1.5],
    [100, -2],
  ])('refuses %d × %d', (unit, qty) => {
    // DESIGN.md "Money: integer cents"
    expect(() => lineSubtotal(unit, qty)).toThrow(RangeError);
  });
});

describe('percentOfCents', () => {
  it.each<[number, number, number]>([
    [1000, 7.25, 73], // 72.5 → 73 half-up
    [1000, 8.875, 89], // 88.75 → 89
    [200, 7.25, 15], // 14.5 → 15
    [1999, 10, 200], // 199.9 → 200
    [1001, 5, 50], // 50.05 → 50
    [1010, 5, 51], // 50.5 → 51
    [0, 7.25, 0],
    [12345, 0, 0],
    [12345, 100, 12345],
  ])('%i at %d%% = %i', (amount, rate, expected) => {
    // SPEC §9 amounts rounded to 2 decimals (half-up to the cent)
    expect(percentOfCents(amount, rate)).toBe(expected);
  });
});

describe('consultFeeForOrder', () => {
  it.each<[string, { consultFeeCents: number; consultAttached: boolean }[], number]>([
    // SPEC §9 "the highest consult fee among items with an attached consult is added once"
    ['no items', [], 0],
    ['one attached', [{ consultFeeCents: 3000, consultAttached: true }], 3000],
    ['not attached', [{ consultFeeCents: 3000, consultAttached: false }], 0],
    [
      'highest attached wins',
      [
        { consultFeeCents: 2500, consultAttached: true },
        { consultFeeCents: 4000, consultAttached: true },
        { consultFeeCents: 3000, consultAttached: true },
      ],
      4000,
    ],
    [
      'higher unattached fee ignored',
      [
        { consultFeeCents: 2500, consultAttached: true },
        { consultFeeCents: 9000, consultAttached: false },
      ],
      2500,
    ],
    [
      'same fee twice counted once',
      [
        { consultFeeCents: 3000, consultAttached: true },
        { consultFeeCents: 3000, consultAttached: true },
      ],
      3000,
    ],
  ])('%s', (_name, items, expected) => {
    // SPEC §9 consult fee: highest attached, once
    expect(consultFeeForOrder(items)).toBe(expected);
  });
});

describe('discountFor', () => {
  it.each<[string, CouponValue | null, number, number]>([
    // SPEC §7 "Coupon: applied or removed": no coupon, no discount
    ['no coupon', null, 5000, 0],
    // DESIGN.md money in cents: percent rounds half-up to the cent
    ['10% of 5000', { kind: 'percent', value: 10 }, 5000, 500],
    ['15% of 1999 = 299.85', { kind: 'percent', value: 15 }, 1999, 300],
    ['12.5% of 1004 = 125.5', { kind: 'percent', value: 12.5 }, 1004, 126],
    ['33% of 1001 = 330.33', { kind: 'percent', value: 33 }, 1001, 330],
    ['100%', { kind: 'percent', value: 100 }, 5000, 5000],
    // ours: a percentage over 100 cannot exceed the eligible subtotal
    ['150% capped', { kind: 'percent', value: 150 }, 5000, 5000],
    ['negative percent', { kind: 'percent', value: -10 }, 5000, 0],
    // ours: fixed amount in cents, capped at the eligible subtotal
    ['fixed under', { kind: 'fixed', value: 1500 }, 5000, 1500],
    ['fixed over', { kind: 'fixed', value: 7000 }, 5000, 5000],
    ['fixed negative', { kind: 'fixed', value: -500 }, 5000, 0],
    ['nothing eligible', { kind: 'fixed', value: 500 }, 0, 0],
  ])('%s', (_name, coupon, eligible, expected) => {
    // SPEC §3 totalDiscount: never more than the eligible subtotal, never negative
    expect(discountFor(coupon, eligible)).toBe(expected);
  });
});

describe('priceOrder', () => {
  const base: PriceOrderInput = {
    items: [],
    coupon: null,
    shippingCents: 0,
    taxRatePercent: 0,
    taxAppliesToConsultFee: false,
  };
  it.each<[string, Partial<PriceOrderInput>, OrderPrice]>([
    [
      // SPEC §9 empty order is free
      'empty order',
      {},
      {
        subtotalCents: 0,
        consultFeeCents: 0,
        discountCents: 0,
        shippingCents: 0,
        taxCents: 0,
        totalCents: 0,
      },
    ],
    [
      // SPEC §9 subtotal + consult fee once + shipping
      'items, consult, shipping, no tax',
      {
        items: [
          item({ unitPriceCents: 2999, qty: 2, consultFeeCents: 3500, consultAttached: true }),
          item({
            productId: 'p2',
            unitPriceCents: 1500,
            consultFeeCents: 2000,
            consultAttached: true,
          }),
        ],
        shippingCents: 599,
      },
      {
        subtotalCents: 7498,
        consultFeeCents: 3500,
        discountCents: 0,
        shippingCents: 599,
        taxCents: 0,
        totalCents: 11597,
      },
    ],
    [
      // SPEC §3 isSalesTaxApplied/salesTaxAmount: tax on subtotal − discount, not on shipping
      'tax, consult fee untaxed, shipping untaxed',
      {
        items: [item({ unitPriceCents: 10000, consultFeeCents: 3000, consultAttached: true })],
        coupon: { kind: 'percent', value: 10 },
        shippingCents: 1000,
        taxRatePercent: 7.25,
      },
      // taxable 10000 − 1000 = 9000 → 652.5 → 653
      {
        subtotalCents: 10000,
        consultFeeCents: 3000,
        discountCents: 1000,
        shippingCents: 1000,
        taxCents: 653,
        totalCents: 13653,
      },
    ],
    [
      // SPEC §3 tax settings: the consult fee is taxed when the storefront says so
      'tax applies to consult fee',
      {
        items: [item({ unitPriceCents: 10000, consultFeeCents: 3000, consultAttached: true })],
        coupon: { kind: 'percent', value: 10 },
        shippingCents: 1000,
        taxRatePercent: 7.25,
        taxAppliesToConsultFee: true,
      },
      // taxable 9000 + 3000 = 12000 → 870
      {
        subtotalCents: 10000,
        consultFeeCents: 3000,
        discountCents: 1000,
        shippingCents: 1000,
        taxCents: 870,
        totalCents: 13870,
      },
    ],
    [
      // SPEC §7 apply coupon sends products [productId, subtotal]: restricted coupon covers only its products
      'coupon restricted to one product',
      {
        items: [
          item({ productId: 'a', unitPriceCents: 4000 }),
          item({ productId: 'b', unitPriceCents: 6000 }),
        ],
        coupon: { kind: 'percent', value: 50, productIds: ['b'] },
      },
      {
        subtotalCents: 10000,
        consultFeeCents: 0,
        discountCents: 3000,
        shippingCents: 0,
        taxCents: 0,
        totalCents: 7000,
      },
    ],
    [
      // SPEC §7 restricted fixed coupon is capped at the eligible products' subtotal, not the order's
      'fixed coupon capped at eligible subtotal',
      {
        items: [
          item({ productId: 'a', unitPriceCents: 4000 }),
          item({ productId: 'b', unitPriceCents: 1500 }),
        ],
        coupon: { kind: 'fixed', value: 2500, productIds: ['b'] },
      },
      {
        subtotalCents: 5500,
        consultFeeCents: 0,
        discountCents: 1500,
        shippingCents: 0,
        taxCents: 0,
        totalCents: 4000,
      },
    ],
    [
      // ours: an empty product list means the coupon is not restricted
      'empty productIds means every product',
      {
        items: [
          item({ productId: 'a', unitPriceCents: 4000 }),
          item({ productId: 'b', unitPriceCents: 6000 }),
        ],
        coupon: { kind: 'fixed', value: 2500, productIds: [] },
      },
      {
        subtotalCents: 10000,
        consultFeeCents: 0,
        discountCents: 2500,
        shippingCents: 0,
        taxCents: 0,
        totalCents: 7500,
      },
    ],
    [
      // SPEC §7 coupon for a product not in the order: no discount
      'coupon for another product',
      {
        items: [item({ productId: 'a' })],
        coupon: { kind: 'percent', value: 20, productIds: ['z'] },
      },
      {
        subtotalCents: 1000,
        consultFeeCents: 0,
        discountCents: 0,
        shippingCents: 0,
        taxCents: 0,
        totalCents: 1000,
      },
    ],
    [
      // DESIGN.md money: a full discount leaves consult fee and shipping to pay, tax on 0
      'full discount',
      {
        items: [item({ unitPriceCents: 5000, consultFeeCents: 2500, consultAttached: true })],
        coupon: { kind: 'percent', value: 100 },
        shippingCents: 500,
        taxRatePercent: 8.875,
      },
      {
        subtotalCents: 5000,
        consultFeeCents: 2500,
        discountCents: 5000,
        shippingCents: 500,
        taxCents: 0,
        totalCents: 3000,
      },
    ],
  ])('%s', (_name, over, expected) => {
    // SPEC §9 pricing: subtotal, consult fee once, discount, shipping, tax, total
    expect(priceOrder({ ...base, ...over })).toEqual(expected);
  });

  it.each<[string, Partial<PriceOrderInput>]>([
    ['negative shipping', { shippingCents: -1 }],
    ['fractional shipping', { shippingCents: 1.5 }],
    ['tax over 100%', { taxRatePercent: 101 }],
    ['negative tax', { taxRatePercent: -1 }],
    ['fractional unit price', { items: [item({ unitPriceCents: 10.5 })] }],
  ])('refuses %s', (_name, over) => {
    // DESIGN.md "Money: integer cents in the database and in the domain"
    expect(() => priceOrder({ ...base, ...over })).toThrow(RangeError);
  });

  it.each<[string[] | null | undefined, string, boolean]>([
    [null, 'a', true],
    [undefined, 'a', true],
    [[], 'a', true],
    [['a', 'b'], 'b', true],
    [['a'], 'b', false],
  ])('couponAppliesTo(productIds %j, %s) = %s', (productIds, productId, expected) => {
    // SPEC §7 apply coupon with products: restriction by product id
    expect(couponAppliesTo({ kind: 'fixed', value: 100, productIds }, productId)).toBe(expected);
  });
});

describe('display helpers', () => {
  it.each<[number, string | undefined, string]>([
    [1234, undefined, '$12.34'],
    [0, undefined, '$0.00'],
    [5, undefined, '$0.05'],
    [123456789, undefined, '$1,234,567.89'],
    [-1234, undefined, '-$12.34'],
    [1234, 'EUR', '€12.34'],
  ])('formatCents(%i, %s) = %s', (cents, currency, expected) => {
    // DESIGN.md "format only at the edge"; SPEC §9 two decimals
    expect(formatCents(cents, currency)).toBe(expected);
  });

  it.each<[number, number | null, number | null]>([
    [3000, 30, 3000],
    [3000, 90, 1000],
    [1000, 60, 500],
    [1000, 90, 333], // 333.33
    [1001, 60, 501], // 500.5 → 501 half-up
    [1000, 7, 4286], // 4285.71
    [3000, null, null],
    [3000, 0, null],
  ])('pricePerCycle(%i, %s) = %s', (unit, days, expected) => {
    // SPEC §3 hidePriceAndCycleProductPage / pricePerCycleBottomOnMobile: price per 30-day cycle
    expect(pricePerCycle(unit, days)).toBe(expected);
  });

  it.each<[number, number, number]>([
    [4999, 3000, 7999],
    [4999, 0, 4999],
  ])('priceWithConsult(%i, %i) = %i', (unit, fee, expected) => {
    // SPEC §7 "Product: price with consult"
    expect(priceWithConsult(unit, fee)).toBe(expected);
  });
});
