import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../messages.ts';
import { isValidNpi, npiCheckDigit, npiFromFirstNine, npiSchema } from './npi.ts';

/** The CMS worked method, written independently: double alternate digits from the right, add 24. */
function cmsCheckDigit(firstNine: string): number {
  let sum = 24; // the constant for the 80840 prefix
  [...firstNine].reverse().forEach((ch, i) => {
    const d = Number(ch) * (i % 2 === 0 ? 2 : 1);
    sum += Math.floor(d / 10) + (d % 10);
  });
  return (10 - (sum % 10)) % 10;
}

describe('NPI check digit (Luhn over the prefix 80840)', () => {
  it.each<[string, number]>([
    // issue 5 "NPI checked with the NPI check digit"; CMS's own worked example is 123456789 → 3
    ['123456789', 3],
    ['100000000', 4],
    ['199999999', 2],
    ['150821413', 1],
    ['188102966', 8],
    ['193271487', 0],
    ['200000000', 2],
  ])('check digit of %s is %i', (firstNine, digit) => {
    expect(npiCheckDigit(firstNine)).toBe(digit);
    expect(cmsCheckDigit(firstNine)).toBe(digit);
  });

  it('agrees with the CMS "add 24" method on many numbers', () => {
    // issue 5 NPI check digit: the Luhn over 80840 + 9 digits equals CMS's shortcut
    for (let n = 100_000_000; n < 300_000_000; n += 7_919_777) {
      const firstNine = String(n);
      expect(npiCheckDigit(firstNine)).toBe(cmsCheckDigit(firstNine));
    }
  });

  it.each<[string]>([['12345678'], ['1234567890'], ['12345678a'], ['']])(
    'has no check digit for %j (not 9 digits)',
    (input) => {
      expect(npiCheckDigit(input)).toBeNull();
    },
  );
});

describe('isValidNpi', () => {
  it.each<[string, boolean, string]>([
    // issue 5: real-format NPIs with correct check digits
    ['1234567893', true, 'CMS example'],
    ['1000000004', true, 'lowest type-1 style'],
    ['1508214131', true, 'individual'],
    ['1881029668', true, 'individual'],
    ['1932714870', true, 'check digit 0'],
    ['2000000002', true, 'starting with 2'],
    // wrong check digit
    ['1234567890', false, 'check digit off by 3'],
    ['1234567894', false, 'check digit off by 1'],
    ['1932714871', false, 'check digit 1 instead of 0'],
    // transposed digits are caught by Luhn
    ['1243567893', false, 'two digits swapped'],
    // format
    ['123456789', false, '9 digits'],
    ['12345678930', false, '11 digits'],
    ['3000000000', false, 'starts with 3 (not issued)'],
    ['0234567893', false, 'starts with 0'],
    ['12345 6789', false, 'space inside'],
    ['', false, 'empty'],
  ])('%s → %s (%s)', (npi, ok) => {
    expect(isValidNpi(npi)).toBe(ok);
  });

  it('completes nine digits into a valid NPI', () => {
    expect(npiFromFirstNine('123456789')).toBe('1234567893');
    expect(isValidNpi(npiFromFirstNine('176543210'))).toBe(true);
    expect(() => npiFromFirstNine('12')).toThrow();
  });
});

describe('npiSchema', () => {
  it.each<[unknown, string]>([
    ['1234567893', '1234567893'],
    [' 1234567893 ', '1234567893'],
    ['123-456-7893', '1234567893'],
  ])('accepts %j as %j', (input, output) => {
    expect(npiSchema.safeParse(input)).toEqual({ success: true, data: output });
  });

  it.each<[unknown]>([['1234567890'], ['12345'], ['abcdefghij'], [''], [undefined], [1234567893]])(
    'refuses %j with the NPI message',
    (input) => {
      // issue 5 AddPharmacyForm "Please enter a valid 10-digit NPI."
      const result = npiSchema.safeParse(input);
      expect(result.success).toBe(false);
      expect(result.error?.issues.map((i) => i.message)).toEqual([MESSAGES.NPI_INVALID]);
      expect(MESSAGES.NPI_INVALID).toBe('Please enter a valid 10-digit NPI.');
    },
  );
});
