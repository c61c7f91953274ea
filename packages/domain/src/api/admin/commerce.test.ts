// issue 18: the console's commerce forms and API bodies share their rules (table-driven).
import { describe, expect, it } from 'vitest';
import { fieldErrors } from '../../validation/errors.ts';
import {
  adminCouponFormSchema,
  adminCouponInputSchema,
  adminShippingMethodFormSchema,
  adminTaxRateFormSchema,
  adminTaxRateInputSchema,
  centsToDollarsInput,
  COMMERCE_MESSAGES as M,
} from './commerce.ts';

const couponForm = {
  code: ' spring15 ',
  kind: 'percent' as const,
  percentOff: '15',
  amountOffCents: '',
  minSubtotalCents: '',
  productIds: [],
  startsAt: '',
  endsAt: '',
  maxRedemptions: '',
  maxRedemptionsPerPatient: '',
  active: true,
};

function errors(result: { success: boolean; error?: unknown }) {
  return result.success ? [] : fieldErrors(result.error as never);
}

describe('adminCouponFormSchema', () => {
  it('turns the typed text into the API body', () => {
    const out = adminCouponFormSchema.parse({ ...couponForm, minSubtotalCents: '$1,000.5', maxRedemptions: '100', maxRedemptionsPerPatient: '1' });
    expect(out).toEqual({
      code: 'SPRING15', kind: 'percent', percentOff: 15, amountOffCents: null, minSubtotalCents: 100050, productIds: [],
      startsAt: null, endsAt: null, maxRedemptions: 100, maxRedemptionsPerPatient: 1, active: true,
    });
    // A fixed amount drops a percentage left in its field.
    expect(adminCouponFormSchema.parse({ ...couponForm, kind: 'fixed', percentOff: 'x', amountOffCents: '20' })).toMatchObject({ percentOff: null, amountOffCents: 2000 });
  });

  it.each([
    [{ code: 'a' }, 'code', M.CODE_FORMAT],
    [{ code: 'NO SPACES' }, 'code', M.CODE_FORMAT],
    [{ percentOff: '0' }, 'percentOff', M.PERCENT_RANGE],
    [{ percentOff: '100.5' }, 'percentOff', M.PERCENT_RANGE],
    [{ percentOff: '12.34567' }, 'percentOff', M.PERCENT_RANGE],
    [{ percentOff: '' }, 'percentOff', M.PERCENT_RANGE],
    [{ kind: 'fixed', amountOffCents: '' }, 'amountOffCents', M.AMOUNT_POSITIVE],
    [{ kind: 'fixed', amountOffCents: '1.999' }, 'amountOffCents', M.AMOUNT_FORMAT],
    [{ minSubtotalCents: 'ten' }, 'minSubtotalCents', M.AMOUNT_FORMAT],
    [{ maxRedemptions: '0' }, 'maxRedemptions', M.LIMIT],
    [{ maxRedemptions: '1.5' }, 'maxRedemptions', M.LIMIT],
    [{ maxRedemptions: '5', maxRedemptionsPerPatient: '6' }, 'maxRedemptionsPerPatient', M.PER_PATIENT_OVER_TOTAL],
    [{ startsAt: '2026-12-02T00:00', endsAt: '2026-12-01T00:00' }, 'endsAt', M.ENDS_BEFORE_START],
    [{ startsAt: 'soon' }, 'startsAt', M.DATE_FORMAT],
  ])('%j → %s: %s', (patch, field, message) => {
    expect(errors(adminCouponFormSchema.safeParse({ ...couponForm, ...patch }))).toContainEqual({ field, message });
  });
});

describe('adminCouponInputSchema (the API body)', () => {
  const body = { code: 'X15', kind: 'percent', percentOff: 15, amountOffCents: null, minSubtotalCents: null, productIds: [], startsAt: null, endsAt: null, maxRedemptions: null, maxRedemptionsPerPatient: null, active: true };
  it.each([
    [{ percentOff: null }, 'percentOff', M.PERCENT_RANGE],
    [{ kind: 'fixed', amountOffCents: 0 }, 'amountOffCents', M.AMOUNT_POSITIVE],
    [{ productIds: ['not-a-uuid'] }, 'productIds.0', M.PRODUCT_UNKNOWN],
    [{ startsAt: '2026-12-02T00:00:00Z', endsAt: '2026-12-02T00:00:00Z' }, 'endsAt', M.ENDS_BEFORE_START],
  ])('%j → %s', (patch, field, message) => {
    expect(errors(adminCouponInputSchema.safeParse({ ...body, ...patch }))).toContainEqual({ field, message });
  });
});

describe('tax rate and shipping method forms', () => {
  it.each([
    ['7.25', 7.25],
    ['0', 0],
    ['100', 100],
    ['6.6255', 6.6255],
  ])('rate %s → %s', (text, rate) => {
    expect(adminTaxRateFormSchema.parse({ ratePercent: text, appliesToConsultFee: false }).ratePercent).toBe(rate);
  });
  it.each(['', '-1', '100.01', '6.62551', 'abc'])('rate %j is refused beside the field', (text) => {
    expect(errors(adminTaxRateFormSchema.safeParse({ ratePercent: text, appliesToConsultFee: false }))).toEqual([{ field: 'ratePercent', message: M.TAX_RATE }]);
  });
  it('the API body takes the same rule', () => {
    expect(errors(adminTaxRateInputSchema.safeParse({ ratePercent: 101, appliesToConsultFee: true }))).toEqual([{ field: 'ratePercent', message: M.TAX_RATE }]);
  });

  const method = { carrier: 'UPS', name: 'Ground', costCents: '7.99', minDays: '3', maxDays: '5', freeAboveCents: '', sortOrder: '4', active: true };
  it('a shipping method form becomes the API body', () => {
    expect(adminShippingMethodFormSchema.parse(method)).toEqual({ carrier: 'UPS', name: 'Ground', costCents: 799, minDays: 3, maxDays: 5, freeAboveCents: null, sortOrder: 4, active: true });
  });
  it.each([
    [{ carrier: ' ' }, 'carrier', M.CARRIER_REQUIRED],
    [{ costCents: '' }, 'costCents', M.AMOUNT_FORMAT],
    [{ minDays: '6' }, 'maxDays', M.MAX_DAYS_BELOW_MIN],
    [{ maxDays: '400' }, 'maxDays', M.DAYS],
    [{ sortOrder: '' }, 'sortOrder', M.SORT_ORDER],
  ])('%j → %s', (patch, field, message) => {
    expect(errors(adminShippingMethodFormSchema.safeParse({ ...method, ...patch }))).toContainEqual({ field, message });
  });
  it('cents show as dollars in a field', () => {
    expect(centsToDollarsInput(1499)).toBe('14.99');
    expect(centsToDollarsInput(null)).toBe('');
  });
});
