import { describe, expect, it } from 'vitest';
import { shippingCostCents } from './shipping-cost.ts';

describe('shippingCostCents', () => {
  it.each<[string, { costCents: number; freeAboveCents: number | null }, number, number]>([
    ['no threshold: always the cost', { costCents: 500, freeAboveCents: null }, 100_000, 500],
    ['below the threshold: the cost', { costCents: 500, freeAboveCents: 5000 }, 4999, 500],
    ['at the threshold: free', { costCents: 500, freeAboveCents: 5000 }, 5000, 0],
    ['above the threshold: free', { costCents: 500, freeAboveCents: 5000 }, 12_000, 0],
    ['a free method stays free', { costCents: 0, freeAboveCents: null }, 0, 0],
    ['a threshold of zero: free for any order', { costCents: 900, freeAboveCents: 0 }, 0, 0],
    ['nothing to ship yet, with a threshold: the cost', { costCents: 900, freeAboveCents: 5000 }, 0, 900],
  ])('%s', (_, method, merchandiseCents, expected) => {
    expect(shippingCostCents(method, merchandiseCents)).toBe(expected);
  });
});
