// issue 18 catalog contracts: the product editor's rules and SPEC §7 product-wise shipping methods.
import { describe, expect, it } from 'vitest';
import { Stage } from '../../checkout/stages.ts';
import { adminProductInputSchema, allowedShippingMethodIds, dollarsToCents, type AdminProductInput } from './catalog.ts';

const OTC: AdminProductInput = {
  title: 'Zinc', slug: 'zinc', description: '', category: 'otc', type: 'otc', priceCents: 999, consultFeeCents: 0,
  consultRequired: false, consultAttached: false, qtyMin: 1, qtyMax: 3, defaultQty: 1, flexibleQty: false, refillCycleDays: '',
  visitType: null, checkoutStages: Stage.Shipping | Stage.Payment, questionnaireRef: null, shipsTo: ['CA'], shippingMethodIds: [], images: [], active: true,
};

function fieldsOf(input: AdminProductInput): Record<string, string> {
  const r = adminProductInputSchema.safeParse(input);
  return r.success ? {} : Object.fromEntries(r.error.issues.map((i) => [i.path.join('.'), i.message]));
}

describe('adminProductInputSchema', () => {
  it('takes a valid product, an empty refill cycle as none and numbers typed as text', () => {
    const r = adminProductInputSchema.parse({ ...OTC, qtyMax: '3' as unknown as number });
    expect(r.refillCycleDays).toBeNull();
    expect(r.qtyMax).toBe(3);
  });
  it.each<[string, Partial<AdminProductInput>, string, string]>([
    ['the quantity range', { qtyMin: 3, qtyMax: 2, defaultQty: 3 }, 'qtyMax', 'The largest quantity cannot be below the smallest.'],
    ['the default quantity', { defaultQty: 5 }, 'defaultQty', 'The default quantity must be within the quantity range.'],
    ['the Payment stage', { checkoutStages: Stage.Shipping }, 'checkoutStages', 'Every product needs the Payment stage.'],
    ['a consult without a questionnaire', { consultRequired: true, checkoutStages: Stage.Consult | Stage.Payment }, 'questionnaireRef', 'Choose the questionnaire the consult uses.'],
    ['a visit without a consult', { visitType: 1, checkoutStages: Stage.Scheduling | Stage.Payment }, 'visitType', 'A visit goes with a consult: choose none, or tick "Needs a consult".'],
    ['an image without alt text', { images: [{ url: '/a.svg', alt: ' ' }] }, 'images.0.alt', 'Describe the image for people who cannot see it (alt text).'],
    ['methods on a product that does not ship', { checkoutStages: Stage.Payment, shippingMethodIds: ['00000000-0000-4000-8000-000000000301'] }, 'shippingMethodIds', 'Only a product with the Shipping stage has shipping methods.'],
    ['money that is not an amount', { priceCents: Number.NaN }, 'priceCents', 'Enter an amount in dollars and cents, like 24.99.'],
  ])('refuses %s beside the field', (_what, change, field, message) => {
    expect(fieldsOf({ ...OTC, ...change })[field]).toBe(message);
  });
});

describe('dollarsToCents', () => {
  it.each([['24.99', 2499], ['$1,200', 120000], ['5', 500], ['0.5', 50], ['ninety', Number.NaN], ['1.999', Number.NaN]])('%s → %s', (text, cents) => {
    expect(dollarsToCents(text)).toBe(cents);
  });
});

describe('allowedShippingMethodIds (SPEC §7 product-wise shipping methods)', () => {
  it.each<[string[][], string[] | null]>([
    [[], null],
    [[[], []], null],
    [[['overnight']], ['overnight']],
    [[[], ['overnight', 'two-day']], ['overnight', 'two-day']],
    [[['overnight', 'two-day'], ['two-day', 'standard']], ['two-day']],
    [[['overnight'], ['standard']], []],
  ])('%j → %j', (lists, allowed) => {
    expect(allowedShippingMethodIds(lists.map((shippingMethodIds) => ({ shippingMethodIds })))).toEqual(allowed);
  });
});
