import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../messages.ts';
import { patientPharmacySchema, pharmacySearchSchema } from './pharmacy.ts';

const valid = {
  name: ' Maple Street Pharmacy ',
  address: '400 Maple St',
  city: 'Denver',
  state: 'CO',
  zip: '80203',
  phone: '303-555-0142',
  fax: '(303) 555-0143',
  npi: '1234567893',
};

function fieldMessages(result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
  return (result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]);
}

describe('patientPharmacySchema', () => {
  it('accepts a pharmacy and normalises phone, fax and NPI', () => {
    // issue 5 "adding the patient's own pharmacy (name, address, phone, fax, NPI ...)"
    expect(patientPharmacySchema.parse(valid)).toEqual({
      name: 'Maple Street Pharmacy',
      address: '400 Maple St',
      city: 'Denver',
      state: 'CO',
      zip: '80203',
      phone: '3035550142',
      fax: '3035550143',
      npi: '1234567893',
    });
  });

  it.each<[string, unknown]>([
    ['blank', ''],
    ['missing', undefined],
    ['null', null],
  ])('treats a %s fax as none', (_name, fax) => {
    expect(patientPharmacySchema.parse({ ...valid, fax }).fax).toBeNull();
  });

  it.each<[string, Record<string, unknown>, string, string]>([
    // issue 5 "NPI checked with the NPI check digit"
    ['wrong NPI check digit', { npi: '1234567890' }, 'npi', MESSAGES.NPI_INVALID],
    ['short NPI', { npi: '123456789' }, 'npi', MESSAGES.NPI_INVALID],
    // SPEC §5 PhoneNumber 10 digits, also for the fax
    ['short phone', { phone: '303555014' }, 'phone', MESSAGES.PHONE_NUMBER_FORMAT],
    ['short fax', { fax: '303555' }, 'fax', MESSAGES.PHONE_NUMBER_FORMAT],
    ['no name', { name: ' ' }, 'name', MESSAGES.PHARMACY_NAME_REQUIRED],
    ['no street', { address: '' }, 'address', MESSAGES.ADDRESS_LINE1_REQUIRED],
    ['bad ZIP', { zip: '8020' }, 'zip', MESSAGES.ZIP_INVALID],
    ['bad state', { state: 'ZZ' }, 'state', MESSAGES.STATE_INVALID],
  ])('refuses %s', (_name, change, field, message) => {
    expect(fieldMessages(patientPharmacySchema.safeParse({ ...valid, ...change }))).toEqual([[field, message]]);
  });
});

describe('pharmacySearchSchema', () => {
  it.each<[Record<string, unknown>, Record<string, unknown>]>([
    // issue 5 "pharmacy search (by ZIP, city or name ...)"
    [{ zip: ' 78701 ' }, { zip: '78701' }],
    [{ city: 'Austin', zip: '' }, { city: 'Austin' }],
    [{ name: 'maple' }, { name: 'maple' }],
    [{ zip: '78701', name: 'maple' }, { zip: '78701', name: 'maple' }],
  ])('accepts %j', (input, output) => {
    expect(pharmacySearchSchema.parse(input)).toEqual(output);
  });

  it.each<[Record<string, unknown>, string, string]>([
    [{}, 'zip', MESSAGES.PHARMACY_SEARCH_EMPTY],
    [{ zip: ' ', city: '', name: '' }, 'zip', MESSAGES.PHARMACY_SEARCH_EMPTY],
    [{ zip: '787' }, 'zip', MESSAGES.ZIP_INVALID],
    // SPEC §5 search at least 2 characters
    [{ name: 'm' }, 'name', MESSAGES.MEDICATION_SEARCH_MIN],
    [{ city: 'A' }, 'city', MESSAGES.MEDICATION_SEARCH_MIN],
  ])('refuses %j', (input, field, message) => {
    expect(fieldMessages(pharmacySearchSchema.safeParse(input))).toEqual([[field, message]]);
  });
});
