import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { MESSAGES } from '../messages.ts';
import {
  billingAddressSchema,
  cardBrandOf,
  cardDetailsSchema,
  cardFormSchema,
  cardLabel,
  expiryProblem,
  isCardExpired,
  isValidCardNumber,
  isValidCvc,
  luhnValid,
  parseCardExpiry,
  toCardBrand,
  type CardBrand,
} from './card.ts';
import { PAYMENT_MESSAGES } from './messages.ts';

// "Today" for every expiry rule below: 15 March 2027.
const NOW = new Date('2027-03-15T12:00:00Z');

function run(schema: z.ZodType, input: unknown) {
  const result = schema.safeParse(input);
  return result.success
    ? { ok: true as const, data: result.data }
    : {
        ok: false as const,
        issues: result.error.issues.map((i) => [i.path.join('.'), i.message] as const),
      };
}

describe('luhnValid', () => {
  it.each<[string, boolean]>([
    // issue 7 "Luhn, expiry and CVC checked": the four test cards of the README pass
    ['4242424242424242', true],
    ['4000000000000002', true],
    ['4000000000009995', true],
    ['4000000000000119', true],
    ['378282246310005', true],
    ['5555555555554444', true],
    // one digit off fails
    ['4242424242424241', false],
    ['4000000000000001', false],
    ['', false],
    ['4242 4242', false],
  ])('%s → %s', (digits, expected) => {
    expect(luhnValid(digits)).toBe(expected);
  });
});

describe('cardBrandOf and isValidCardNumber', () => {
  it.each<[string, CardBrand, boolean]>([
    // issue 7 test cards (Visa), typed with spaces as printed on the card
    ['4242 4242 4242 4242', 'visa', true],
    ['4000-0000-0000-0002', 'visa', true],
    ['5555555555554444', 'mastercard', true],
    ['2223003122003222', 'mastercard', true],
    ['378282246310005', 'amex', true],
    ['6011111111111117', 'discover', true],
    ['3056930009020004', 'diners', true],
    ['3566002020360505', 'jcb', true],
    // a Luhn-valid number of the wrong length for its brand
    ['37828224631000', 'amex', false],
    // letters, too short, too long
    ['4242abcd42424242', 'visa', false],
    ['42424242', 'visa', false],
    ['42424242424242424242', 'visa', false],
    ['9999999999999995', 'unknown', true],
  ])('%s is %s (valid %s)', (number, brand, valid) => {
    expect(cardBrandOf(number)).toBe(brand);
    expect(isValidCardNumber(number)).toBe(valid);
  });
});

describe('toCardBrand and cardLabel', () => {
  it.each<[string | null, CardBrand]>([
    ['visa', 'visa'],
    ['MasterCard', 'mastercard'],
    ['American Express', 'amex'],
    ['amex', 'amex'],
    ['Diners Club', 'diners'],
    ['eftpos_au', 'unknown'],
    [null, 'unknown'],
  ])('%s → %s', (input, brand) => {
    expect(toCardBrand(input)).toBe(brand);
  });

  it('names a saved card by brand and last four only', () => {
    // issue 7 "only brand, last four digits and expiry are stored by us"
    expect(cardLabel('visa', '4242')).toBe('Visa ending in 4242');
    expect(cardLabel('amex', '0005')).toBe('American Express ending in 0005');
  });
});

describe('parseCardExpiry, isCardExpired and expiryProblem', () => {
  it.each<[string, { month: number; year: number } | null]>([
    ['04/28', { month: 4, year: 2028 }],
    ['4/28', { month: 4, year: 2028 }],
    ['04 / 28', { month: 4, year: 2028 }],
    ['0428', { month: 4, year: 2028 }],
    ['04/2028', { month: 4, year: 2028 }],
    ['13/28', null],
    ['00/28', null],
    ['04/2', null],
    ['April 2028', null],
    ['', null],
  ])('%j → %j', (input, expected) => {
    expect(parseCardExpiry(input)).toEqual(expected);
  });

  it.each<[string, string | null]>([
    // a card is good through the last day of its month
    ['03/27', null],
    ['02/27', PAYMENT_MESSAGES.CARD_EXPIRED],
    ['12/26', PAYMENT_MESSAGES.CARD_EXPIRED],
    ['04/27', null],
    ['12/47', null],
    // more than 20 years ahead is a typing mistake
    ['01/2048', PAYMENT_MESSAGES.CARD_EXPIRY_INVALID],
    ['1/2', PAYMENT_MESSAGES.CARD_EXPIRY_INVALID],
  ])('expiry %s on 2027-03-15 → %j', (input, expected) => {
    expect(expiryProblem(parseCardExpiry(input), NOW)).toBe(expected);
  });

  it('treats the first moment of the next month as expired', () => {
    expect(isCardExpired({ month: 3, year: 2027 }, new Date('2027-03-31T23:59:59Z'))).toBe(false);
    expect(isCardExpired({ month: 3, year: 2027 }, new Date('2027-04-01T00:00:00Z'))).toBe(true);
  });
});

describe('isValidCvc', () => {
  it.each<[string, CardBrand, boolean]>([
    ['123', 'visa', true],
    ['1234', 'visa', false],
    ['12', 'visa', false],
    ['1234', 'amex', true],
    ['123', 'amex', false],
    ['12a', 'mastercard', false],
  ])('%s for %s → %s', (cvc, brand, valid) => {
    expect(isValidCvc(cvc, brand)).toBe(valid);
  });
});

describe('cardDetailsSchema (the sandbox tokenization endpoint)', () => {
  const schema = cardDetailsSchema(NOW);
  const good = { number: '4242 4242 4242 4242', expMonth: 12, expYear: 2030, cvc: '123' };

  it.each<[string, Record<string, unknown>, unknown]>([
    ['a good card, number normalized', good, { ok: true, data: { ...good, number: '4242424242424242' } }],
    [
      'a Luhn failure',
      { ...good, number: '4242 4242 4242 4241' },
      { ok: false, issues: [['number', PAYMENT_MESSAGES.CARD_NUMBER_INVALID]] },
    ],
    [
      'an expired card',
      { ...good, expMonth: 2, expYear: 2027 },
      { ok: false, issues: [['expiry', PAYMENT_MESSAGES.CARD_EXPIRED]] },
    ],
    [
      'month 13',
      { ...good, expMonth: 13 },
      { ok: false, issues: [['expiry', PAYMENT_MESSAGES.CARD_EXPIRY_INVALID]] },
    ],
    [
      'a 4-digit code on a Visa',
      { ...good, cvc: '1234' },
      { ok: false, issues: [['cvc', PAYMENT_MESSAGES.CARD_CVC_INVALID]] },
    ],
    [
      'a 3-digit code on an American Express',
      { ...good, number: '378282246310005', cvc: '123' },
      { ok: false, issues: [['cvc', PAYMENT_MESSAGES.CARD_CVC_INVALID]] },
    ],
    [
      'a bad billing ZIP',
      { ...good, postalCode: '123' },
      { ok: false, issues: [['postalCode', MESSAGES.ZIP_INVALID]] },
    ],
  ])('%s', (_name, input, expected) => {
    expect(run(schema, input)).toEqual(expected);
  });
});

describe('cardFormSchema (the web card form)', () => {
  const schema = cardFormSchema(NOW);

  it.each<[string, Record<string, string>, unknown]>([
    [
      'a good card',
      { number: '4242 4242 4242 4242', expiry: '12/30', cvc: '123' },
      { ok: true, data: { number: '4242424242424242', expiry: '12/30', cvc: '123' } },
    ],
    [
      'every field wrong, each message on its field',
      { number: '1234', expiry: '99/99', cvc: '' },
      {
        ok: false,
        issues: [
          ['number', PAYMENT_MESSAGES.CARD_NUMBER_INVALID],
          ['expiry', PAYMENT_MESSAGES.CARD_EXPIRY_INVALID],
          ['cvc', PAYMENT_MESSAGES.CARD_CVC_INVALID],
        ],
      },
    ],
    [
      'last month',
      { number: '4242424242424242', expiry: '02/27', cvc: '123' },
      { ok: false, issues: [['expiry', PAYMENT_MESSAGES.CARD_EXPIRED]] },
    ],
  ])('%s', (_name, input, expected) => {
    expect(run(schema, input)).toEqual(expected);
  });
});

describe('billingAddressSchema', () => {
  const good = { line1: '1 Main St', city: 'Austin', state: 'tx', zip: '78701' };
  it.each<[string, Record<string, unknown>, unknown]>([
    ['a good address, state upper-cased', good, { ok: true, data: { ...good, state: 'TX' } }],
    [
      'no street',
      { ...good, line1: '  ' },
      { ok: false, issues: [['line1', PAYMENT_MESSAGES.BILLING_LINE1_REQUIRED]] },
    ],
    [
      'no city and a bad ZIP',
      { ...good, city: '', zip: 'abc' },
      {
        ok: false,
        issues: [
          ['city', PAYMENT_MESSAGES.BILLING_CITY_REQUIRED],
          ['zip', MESSAGES.ZIP_INVALID],
        ],
      },
    ],
    ['an unknown state', { ...good, state: 'XX' }, { ok: false, issues: [['state', MESSAGES.STATE_INVALID]] }],
  ])('%s', (_name, input, expected) => {
    expect(run(billingAddressSchema, input)).toEqual(expected);
  });
});
