import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../messages.ts';
import { formatUsPhone } from './phone-format.ts';
import { formatUsAddress, usAddressPatchSchema, usAddressSchema } from './us-address.ts';

const valid = {
  fullName: '  Jane   Doe ',
  line1: ' 12 Oak Street ',
  line2: '',
  city: ' Austin ',
  state: 'tx',
  zip: '78701',
  phone: '(512) 555-0134',
};

/** The field → messages of a failed parse. */
function messages(input: unknown): Record<string, string[]> {
  const result = usAddressSchema.safeParse(input);
  if (result.success) return {};
  const out: Record<string, string[]> = {};
  for (const issue of result.error.issues) {
    const field = issue.path.join('.');
    (out[field] ??= []).push(issue.message);
  }
  return out;
}

describe('usAddressSchema', () => {
  it('normalises a valid address', () => {
    // SPEC §5 FullName single-spaced, PhoneNumber 10 digits; US state upper-cased; blank line2 → null
    expect(usAddressSchema.parse(valid)).toEqual({
      fullName: 'Jane Doe',
      line1: '12 Oak Street',
      line2: null,
      city: 'Austin',
      state: 'TX',
      zip: '78701',
      phone: '5125550134',
    });
  });

  it('keeps line 2 and a ZIP+4', () => {
    expect(usAddressSchema.parse({ ...valid, line2: ' Apt 4 ', zip: '78701-1234' })).toMatchObject({
      line2: 'Apt 4',
      zip: '78701-1234',
    });
  });

  it.each<[string, Record<string, unknown>, string, string]>([
    // SPEC §5 FullName: at least two words of 2+ characters
    ['one-word name', { fullName: 'Jane' }, 'fullName', MESSAGES.FULL_NAME_INVALID],
    ['initial as a word', { fullName: 'J Doe' }, 'fullName', MESSAGES.FULL_NAME_INVALID],
    // SPEC §5 PhoneNumber: exactly 10 digits after stripping
    ['9-digit phone', { phone: '512555013' }, 'phone', MESSAGES.PHONE_NUMBER_FORMAT],
    ['11-digit phone', { phone: '+1 512 555 0134' }, 'phone', MESSAGES.PHONE_NUMBER_FORMAT],
    // issue 5 "US states"
    ['unknown state', { state: 'XX' }, 'state', MESSAGES.STATE_INVALID],
    ['state by name', { state: 'Texas' }, 'state', MESSAGES.STATE_INVALID],
    // issue 5 "ZIP format"
    ['4-digit ZIP', { zip: '7870' }, 'zip', MESSAGES.ZIP_INVALID],
    ['letters in ZIP', { zip: '7870A' }, 'zip', MESSAGES.ZIP_INVALID],
    ['bad ZIP+4', { zip: '78701-12' }, 'zip', MESSAGES.ZIP_INVALID],
    // ours: street and city required
    ['blank street', { line1: '   ' }, 'line1', MESSAGES.ADDRESS_LINE1_REQUIRED],
    ['long street', { line1: 'x'.repeat(101) }, 'line1', MESSAGES.ADDRESS_LINE_TOO_LONG],
    ['long line 2', { line2: 'x'.repeat(101) }, 'line2', MESSAGES.ADDRESS_LINE_TOO_LONG],
    ['blank city', { city: ' ' }, 'city', MESSAGES.CITY_REQUIRED],
  ])('refuses %s with its field message', (_name, change, field, message) => {
    expect(messages({ ...valid, ...change })).toEqual({ [field]: [message] });
  });

  it('gives every missing field its own message', () => {
    // issue 5 "address validation messages": one message per field, the catalogue's wording
    expect(messages({})).toEqual({
      fullName: [MESSAGES.FULL_NAME_INVALID],
      line1: [MESSAGES.ADDRESS_LINE1_REQUIRED],
      city: [MESSAGES.CITY_REQUIRED],
      state: [MESSAGES.STATE_INVALID],
      zip: [MESSAGES.ZIP_INVALID],
      phone: [MESSAGES.PHONE_NUMBER_FORMAT],
    });
  });

  it('accepts a partial edit and checks only the given fields', () => {
    expect(usAddressPatchSchema.parse({ city: ' Dallas ' })).toEqual({ city: 'Dallas' });
    expect(usAddressPatchSchema.safeParse({ zip: '123' }).error?.issues[0]?.message).toBe(
      MESSAGES.ZIP_INVALID,
    );
  });
});

describe('formatting', () => {
  it.each<[Parameters<typeof formatUsAddress>[0], string]>([
    [{ line1: '12 Oak St', city: 'Austin', state: 'TX', zip: '78701' }, '12 Oak St, Austin, TX 78701'],
    [
      { line1: '12 Oak St', line2: 'Apt 4', city: 'Austin', state: 'TX', zip: '78701' },
      '12 Oak St, Apt 4, Austin, TX 78701',
    ],
  ])('formats %j', (address, text) => {
    expect(formatUsAddress(address)).toBe(text);
  });

  it.each<[string, string]>([
    ['5125550134', '(512) 555-0134'],
    ['512555', '512555'],
  ])('formats the phone %s as %s', (digits, text) => {
    expect(formatUsPhone(digits)).toBe(text);
  });
});
