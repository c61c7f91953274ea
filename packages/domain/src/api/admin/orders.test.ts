// issue 18 (orders slice): the refund form's dollars, the CSV formula guard and the filters' rules.
import { describe, expect, it } from 'vitest';
import { ADMIN_ORDER_MESSAGES, adminOrderFiltersSchema, adminRefundFormSchema, csvSafeCell, refundCentsFrom } from './orders.ts';

describe('refundCentsFrom (the refund form: empty is the full amount)', () => {
  it.each([
    ['', undefined],
    ['  ', undefined],
    ['1', 100],
    ['1.5', 150],
    ['12.05', 1205],
    ['0.01', 1],
    ['24.50', 2450],
  ])('%j → %j', (input, cents) => expect(refundCentsFrom(input)).toBe(cents));
});

describe('the refund form', () => {
  it.each(['-1', '0', '1.234', 'abc', '1,00', '10000000'])('refuses %j beside the amount', (amount) => {
    const result = adminRefundFormSchema.safeParse({ amount, reason: 'damaged' });
    expect(result.success).toBe(false);
    expect(result.error!.issues[0]).toMatchObject({ path: ['amount'], message: ADMIN_ORDER_MESSAGES.REFUND_AMOUNT_INVALID });
  });
  it('asks for a reason', () => {
    expect(adminRefundFormSchema.safeParse({ amount: '', reason: ' x ' }).error!.issues[0]).toMatchObject({ path: ['reason'], message: ADMIN_ORDER_MESSAGES.REFUND_REASON_REQUIRED });
  });
});

describe('csvSafeCell (a spreadsheet must not run a cell)', () => {
  it.each([
    ['=SUM(A1)', "'=SUM(A1)"],
    ['+1', "'+1"],
    ['-2', "'-2"],
    ['@cmd', "'@cmd"],
    ['\tx', "'\tx"],
    ['plain, "quoted"', 'plain, "quoted"'],
    [null, ''],
    [12, '12'],
    [{ a: 1 }, '{"a":1}'],
  ])('%j → %j', (input, cell) => expect(csvSafeCell(input)).toBe(cell));
});

describe('order filters', () => {
  it('drop empty fields and refuse an end before the start', () => {
    expect(adminOrderFiltersSchema.parse({ email: '  ', number: '3f2a' })).toEqual({ email: undefined, number: '3f2a' });
    const bad = adminOrderFiltersSchema.safeParse({ from: '2026-05-02', to: '2026-05-01' });
    expect(bad.error!.issues[0]).toMatchObject({ path: ['to'], message: ADMIN_ORDER_MESSAGES.DATE_RANGE_INVALID });
    expect(adminOrderFiltersSchema.safeParse({ number: 'XYZ' }).success).toBe(false);
  });
});
