// A pharmacy the patient adds themselves (issue 5), and the pharmacy search form.
import { z } from 'zod';
import { MESSAGES } from '../messages.ts';
import { addressLine1Schema, citySchema } from '../shipping/us-address.ts';
import { phoneNumberSchema } from '../validation/account.ts';
import { usStateSchema, zipSchema } from '../validation/address.ts';
import { npiSchema } from './npi.ts';

export const PHARMACY_NAME_MAX_LENGTH = 100;

export const pharmacyNameSchema = z
  .string({ error: MESSAGES.PHARMACY_NAME_REQUIRED })
  .trim()
  .min(2, { error: MESSAGES.PHARMACY_NAME_REQUIRED })
  .max(PHARMACY_NAME_MAX_LENGTH, { error: MESSAGES.ADDRESS_LINE_TOO_LONG });

/** Fax: optional; when given, 10 digits like SPEC §5 PhoneNumber. Blank comes out as null. */
export const faxSchema = z
  .string({ error: MESSAGES.PHONE_NUMBER_FORMAT })
  .nullish()
  .transform((value) => (value ?? '').replace(/\D/g, ''))
  .refine((digits) => digits.length === 0 || digits.length === 10, {
    error: MESSAGES.PHONE_NUMBER_FORMAT,
  })
  .transform((digits) => (digits ? digits : null));

/** The patient's own pharmacy: name, address (one street line), phone, fax, NPI with check digit. */
export const patientPharmacySchema = z.object({
  name: pharmacyNameSchema,
  address: addressLine1Schema,
  city: citySchema,
  state: usStateSchema,
  zip: zipSchema,
  phone: phoneNumberSchema,
  fax: faxSchema,
  npi: npiSchema,
});
export type PatientPharmacyInput = z.input<typeof patientPharmacySchema>;
export type PatientPharmacy = z.output<typeof patientPharmacySchema>;

export const PHARMACY_SEARCH_MIN_LENGTH = 2;

/**
 * The search form: a ZIP, a city or a name (at least one). A blank field counts as not given.
 * Names and cities need 2 characters, like SPEC §5's medication search.
 */
export const pharmacySearchSchema = z
  .object({
    zip: z
      .string()
      .trim()
      .optional()
      .transform((v) => v || undefined)
      .pipe(zipSchema.optional()),
    city: z
      .string()
      .trim()
      .optional()
      .transform((v) => v || undefined)
      .pipe(z.string().min(PHARMACY_SEARCH_MIN_LENGTH, { error: MESSAGES.MEDICATION_SEARCH_MIN }).optional()),
    name: z
      .string()
      .trim()
      .optional()
      .transform((v) => v || undefined)
      .pipe(z.string().min(PHARMACY_SEARCH_MIN_LENGTH, { error: MESSAGES.MEDICATION_SEARCH_MIN }).optional()),
  })
  .refine((q) => Boolean(q.zip || q.city || q.name), {
    error: MESSAGES.PHARMACY_SEARCH_EMPTY,
    path: ['zip'],
  });
export type PharmacySearchInput = z.input<typeof pharmacySearchSchema>;
export type PharmacySearch = z.output<typeof pharmacySearchSchema>;
