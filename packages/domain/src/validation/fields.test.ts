import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { MESSAGES } from '../messages.ts';
import { usAddressZipInStateSchema } from '../shipping/us-address.ts';
import { US_STATES, US_STATE_CODES, usStateName, usStateSchema, zipMatchesState, zipSchema } from './address.ts';
import { fieldErrors } from './errors.ts';
import {
  MAX_NUMERIC_VALUE,
  boundedNumberSchema,
  medicationSearchSchema,
  promoCodeSchema,
} from './fields.ts';
import {
  ALLOWED_UPLOAD_TYPES,
  UPLOAD_MAX_BYTES,
  uploadProblem,
  uploadProblemMessage,
} from './upload.ts';

function run(schema: z.ZodType, input: unknown) {
  const result = schema.safeParse(input);
  return result.success
    ? { ok: true as const, data: result.data }
    : { ok: false as const, messages: result.error.issues.map((i) => i.message) };
}

describe('medicationSearchSchema', () => {
  it.each<[unknown, unknown]>([
    // SPEC §5 "Medication search: at least 2 characters"
    ['ab', { ok: true, data: 'ab' }],
    ['  met  ', { ok: true, data: 'met' }],
    ['a', { ok: false, messages: [MESSAGES.MEDICATION_SEARCH_MIN] }],
    [' a ', { ok: false, messages: [MESSAGES.MEDICATION_SEARCH_MIN] }],
    ['', { ok: false, messages: [MESSAGES.MEDICATION_SEARCH_MIN] }],
  ])('%j → %j', (input, expected) => {
    // SPEC §9 "Medication search minimum 2"
    expect(run(medicationSearchSchema, input)).toEqual(expected);
  });
});

describe('boundedNumberSchema', () => {
  it('has the spec maximum', () => {
    // SPEC §9 "Maximum numeric value 99999999"
    expect(MAX_NUMERIC_VALUE).toBe(99999999);
  });

  it.each<[unknown, unknown]>([
    // SPEC §9 maximum numeric value 99999999 is allowed, one more is not
    [0, { ok: true, data: 0 }],
    [12.5, { ok: true, data: 12.5 }],
    [99999999, { ok: true, data: 99999999 }],
    [100000000, { ok: false, messages: [MESSAGES.NUMBER_TOO_LARGE] }],
    [99999999.01, { ok: false, messages: [MESSAGES.NUMBER_TOO_LARGE] }],
    // SPEC §9 range starts at 0 (ours: negative numbers have their own message)
    [-1, { ok: false, messages: [MESSAGES.NUMBER_NEGATIVE] }],
    ['12', { ok: false, messages: [MESSAGES.NUMBER_TOO_LARGE] }],
  ])('%j → %j', (input, expected) => {
    // SPEC §9 "Maximum numeric value 99999999"
    expect(run(boundedNumberSchema, input)).toEqual(expected);
  });
});

describe('promoCodeSchema', () => {
  it.each<[unknown, unknown]>([
    // SPEC §7 apply coupon promoCode: trimmed and upper-cased
    ['save10', { ok: true, data: 'SAVE10' }],
    ['  Spring-25 ', { ok: true, data: 'SPRING-25' }],
    ['X', { ok: true, data: 'X' }],
    ['A'.repeat(40), { ok: true, data: 'A'.repeat(40) }],
    // SPEC §5 "Promo code prompt: Enter a promo code."
    ['', { ok: false, messages: [MESSAGES.PROMO_PROMPT] }],
    ['   ', { ok: false, messages: [MESSAGES.PROMO_PROMPT] }],
    // SPEC §8 "Sorry that promo code is invalid." for a code longer than any we issue
    ['A'.repeat(41), { ok: false, messages: [MESSAGES.PROMO_INVALID] }],
  ])('%j → %j', (input, expected) => {
    // SPEC §5 promo code prompt; SPEC §8 invalid promo code
    expect(run(promoCodeSchema, input)).toEqual(expected);
  });
});

describe('uploads', () => {
  it('allows JPG, PNG, HEIC and PDF under 10 MB', () => {
    // SPEC §5 "Upload: under 10MB; JPG, PNG, HEIC or PDF"; SPEC §9 "Upload limit 10MB"
    expect(UPLOAD_MAX_BYTES).toBe(10485760);
    expect(ALLOWED_UPLOAD_TYPES).toEqual([
      'image/jpeg',
      'image/png',
      'image/heic',
      'application/pdf',
    ]);
  });

  const MB = 1024 * 1024;
  it.each<[number, string, ReturnType<typeof uploadProblem>]>([
    // SPEC §5 under 10MB and an allowed type
    [1, 'image/jpeg', null],
    [10 * MB - 1, 'image/png', null],
    [5 * MB, 'image/heic', null],
    [0, 'application/pdf', null],
    [100, 'IMAGE/JPEG', null],
    // SPEC §5 "under 10MB": exactly 10 MB is too large
    [10 * MB, 'image/jpeg', 'UPLOAD_TOO_LARGE'],
    [50 * MB, 'application/pdf', 'UPLOAD_TOO_LARGE'],
    // SPEC §8 upload: wrong file type
    [1000, 'image/gif', 'UPLOAD_WRONG_TYPE'],
    [1000, 'text/plain', 'UPLOAD_WRONG_TYPE'],
    [1000, '', 'UPLOAD_WRONG_TYPE'],
    // SPEC §8 upload: both
    [10 * MB, 'video/mp4', 'UPLOAD_TOO_LARGE_AND_WRONG_TYPE'],
  ])('%i bytes of %j → %s', (size, mimeType, expected) => {
    // SPEC §8 "Upload: file too large, wrong file type, both"
    expect(uploadProblem({ size, mimeType })).toBe(expected);
  });

  it('gives the catalogue message for a problem', () => {
    // SPEC §8 upload failures map to the catalogue
    expect(uploadProblemMessage({ size: 10 * MB, mimeType: 'image/gif' })).toBe(
      MESSAGES.UPLOAD_TOO_LARGE_AND_WRONG_TYPE,
    );
    expect(uploadProblemMessage({ size: 1, mimeType: 'image/png' })).toBeNull();
  });
});

describe('addresses', () => {
  it('lists the 50 states and DC', () => {
    // SPEC §7 "states list" for shipping: 50 states + DC
    expect(US_STATES).toHaveLength(51);
    expect(new Set(US_STATE_CODES).size).toBe(51);
    expect(US_STATE_CODES).toContain('DC');
    expect(usStateName('ca')).toBe('California');
    expect(usStateName('PR')).toBeNull();
  });

  it.each<[unknown, unknown]>([
    // SPEC §3 addresses.Shipping.state: a US state code
    ['NY', { ok: true, data: 'NY' }],
    [' tx ', { ok: true, data: 'TX' }],
    ['dc', { ok: true, data: 'DC' }],
    ['PR', { ok: false, messages: [MESSAGES.STATE_INVALID] }],
    ['New York', { ok: false, messages: [MESSAGES.STATE_INVALID] }],
    ['', { ok: false, messages: [MESSAGES.STATE_INVALID] }],
  ])('usStateSchema %j → %j', (input, expected) => {
    // SPEC §3 shipping state; DATA-MODEL.md addresses (state)
    expect(run(usStateSchema, input)).toEqual(expected);
  });

  it.each<[unknown, unknown]>([
    // DATA-MODEL.md addresses (zip): 5 digits or ZIP+4
    ['10001', { ok: true, data: '10001' }],
    [' 10001-1234 ', { ok: true, data: '10001-1234' }],
    ['1000', { ok: false, messages: ['Please enter a valid ZIP code.'] }],
    ['100011', { ok: false, messages: ['Please enter a valid ZIP code.'] }],
    ['10001-12', { ok: false, messages: ['Please enter a valid ZIP code.'] }],
    ['1000A', { ok: false, messages: ['Please enter a valid ZIP code.'] }],
    ['100011234', { ok: false, messages: ['Please enter a valid ZIP code.'] }],
  ])('zipSchema %j → %j', (input, expected) => {
    // SPEC §3 pharmacyAddress zip; addresses zip
    expect(run(zipSchema, input)).toEqual(expected);
  });
});

describe('fieldErrors', () => {
  it('lists field paths and messages, once each', () => {
    // DESIGN.md errors: "for bad fields, errors: [{ field, message }]"
    const schema = z.object({
      email: z.string().email('bad email'),
      items: z.array(z.object({ qty: z.number().min(1, 'qty too low') })),
      tags: z.string().min(2, 'short').min(3, 'short'),
    });
    const result = schema.safeParse({ email: 'x', items: [{ qty: 1 }, { qty: 0 }], tags: 'a' });
    expect(result.success).toBe(false);
    if (result.success) return;
    expect(fieldErrors(result.error)).toEqual([
      { field: 'email', message: 'bad email' },
      { field: 'items.1.qty', message: 'qty too low' },
      { field: 'tags', message: 'short' },
    ]);
  });

  it('uses an empty field for root issues', () => {
    // DESIGN.md errors: every issue becomes a { field, message } entry
    const result = z.string().min(2, 'too short').safeParse('a');
    expect(result.success ? [] : fieldErrors(result.error)).toEqual([
      { field: '', message: 'too short' },
    ]);
  });
});

describe('zipMatchesState (issue 17 walk: "Austin, TX 90001" was accepted)', () => {
  it.each([
    ['78701', 'TX', true],
    ['90001', 'TX', false],
    ['90001', 'CA', true],
    ['60601', 'IL', true],
    ['10001-1234', 'NY', true],
    ['02108', 'MA', true],
    ['02108', 'RI', false],
    ['20500', 'DC', true],
    ['73301', 'TX', true], // Austin's IRS ZIP inside Oklahoma's range
    ['73949', 'TX', true], // crosses the OK/TX line
    ['09001', 'NY', true], // military mail: not checked
  ])('%s in %s: %s', (zip, state, ok) => {
    expect(zipMatchesState(zip, state)).toBe(ok);
    expect(usAddressZipInStateSchema.safeParse({ fullName: 'Rosa Diaz', line1: '1 Main St', city: 'Town', state, zip, phone: '5125550100' }).success).toBe(ok);
  });
});
