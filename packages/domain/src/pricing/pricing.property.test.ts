import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  consultFeeForOrder,
  priceOrder,
  type PriceOrderInput,
  type PricedItem,
} from './pricing.ts';

const itemArb: fc.Arbitrary<PricedItem> = fc.record({
  productId: fc.constantFrom('a', 'b', 'c', 'd'),
  unitPriceCents: fc.integer({ min: 0, max: 1_000_000 }),
  qty: fc.integer({ min: 0, max: 20 }),
  consultFeeCents: fc.integer({ min: 0, max: 50_000 }),
  consultAttached: fc.boolean(),
});

const couponArb = fc.option(
  fc.record({
    kind: fc.constantFrom('percent' as const, 'fixed' as const),
    value: fc.oneof(
      fc.integer({ min: -100, max: 2_000_000 }),
      fc.double({ min: 0, max: 100, noNaN: true }),
    ),
    productIds: fc.option(fc.subarray(['a', 'b', 'c', 'd']), { nil: null }),
  }),
  { nil: null },
);

const inputArb: fc.Arbitrary<PriceOrderInput> = fc.record({
  items: fc.array(itemArb, { maxLength: 8 }),
  coupon: couponArb,
  shippingCents: fc.integer({ min: 0, max: 10_000 }),
  taxRatePercent: fc.double({ min: 0, max: 15, noNaN: true }),
  taxAppliesToConsultFee: fc.boolean(),
});

describe('priceOrder properties', () => {
  it('never gives a negative amount', () => {
    // SPEC §9 order total; DESIGN.md money: totals are never negative
    fc.assert(
      fc.property(inputArb, (input) => {
        const p = priceOrder(input);
        for (const value of Object.values(p)) {
          expect(Number.isSafeInteger(value)).toBe(true);
          expect(value).toBeGreaterThanOrEqual(0);
        }
      }),
    );
  });

  it('total is the sum of its parts', () => {
    // SPEC §9 total = subtotal + consult fee (once) − discount + shipping + tax
    fc.assert(
      fc.property(inputArb, (input) => {
        const p = priceOrder(input);
        expect(p.totalCents).toBe(
          p.subtotalCents + p.consultFeeCents - p.discountCents + p.shippingCents + p.taxCents,
        );
      }),
    );
  });

  it('discount never exceeds the eligible subtotal', () => {
    // SPEC §7 apply coupon with products [productId, subtotal]: discount limited to eligible items
    fc.assert(
      fc.property(inputArb, (input) => {
        const ids = input.coupon?.productIds;
        const eligible = input.items
          .filter((i) => !ids || ids.length === 0 || ids.includes(i.productId))
          .reduce((sum, i) => sum + i.unitPriceCents * i.qty, 0);
        const p = priceOrder(input);
        expect(p.discountCents).toBeLessThanOrEqual(input.coupon ? eligible : 0);
        expect(p.discountCents).toBeLessThanOrEqual(p.subtotalCents);
      }),
    );
  });

  it('counts the consult fee once whatever the order or number of items', () => {
    // SPEC §9 "the highest consult fee among items with an attached consult is added once"
    fc.assert(
      fc.property(inputArb, fc.integer({ min: 1, max: 4 }), fc.integer(), (input, copies, seed) => {
        const base = priceOrder(input);
        const highest = Math.max(
          0,
          ...input.items.filter((i) => i.consultAttached).map((i) => i.consultFeeCents),
        );
        expect(base.consultFeeCents).toBe(highest);
        // repeat and shuffle the items: the consult fee stays the same
        const repeated = Array.from({ length: copies }, () => input.items).flat();
        const shuffled = [...repeated].sort(
          (x, y) => ((x.unitPriceCents ^ seed) % 7) - ((y.unitPriceCents ^ seed) % 7),
        );
        expect(priceOrder({ ...input, items: shuffled }).consultFeeCents).toBe(highest);
        expect(consultFeeForOrder([...input.items].reverse())).toBe(highest);
      }),
    );
  });
});
