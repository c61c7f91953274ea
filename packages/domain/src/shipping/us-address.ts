// A US shipping address as the patient types it: the name on the parcel, street lines, city,
// state (SPEC §9 US states), ZIP and a phone by SPEC §5's PhoneNumber rule (10 digits).
import { z } from 'zod';
import { MESSAGES } from '../messages.ts';
import { fullNameSchema, phoneNumberSchema } from '../validation/account.ts';
import { usStateSchema, zipMatchesState, zipSchema } from '../validation/address.ts';

export const ADDRESS_LINE_MAX_LENGTH = 100;
export const CITY_MAX_LENGTH = 60;
/** How many addresses one patient may keep (ours: enough for home, work and family). */
export const MAX_SAVED_ADDRESSES = 20;

/** Street line 1: trimmed, required, at most 100 characters. */
export const addressLine1Schema = z
  .string({ error: MESSAGES.ADDRESS_LINE1_REQUIRED })
  .trim()
  .min(1, { error: MESSAGES.ADDRESS_LINE1_REQUIRED })
  .max(ADDRESS_LINE_MAX_LENGTH, { error: MESSAGES.ADDRESS_LINE_TOO_LONG });

/** Street line 2 (apartment, suite): optional; blank or missing comes out as null. */
export const addressLine2Schema = z
  .string({ error: MESSAGES.ADDRESS_LINE_TOO_LONG })
  .trim()
  .max(ADDRESS_LINE_MAX_LENGTH, { error: MESSAGES.ADDRESS_LINE_TOO_LONG })
  .nullish()
  .transform((value) => (value ? value : null));

/** City: trimmed, 2 to 60 characters. */
export const citySchema = z
  .string({ error: MESSAGES.CITY_REQUIRED })
  .trim()
  .min(2, { error: MESSAGES.CITY_REQUIRED })
  .max(CITY_MAX_LENGTH, { error: MESSAGES.ADDRESS_LINE_TOO_LONG });

/** The address fields without the person: shared by shipping addresses and pharmacies. */
export const usPostalAddressShape = {
  line1: addressLine1Schema,
  line2: addressLine2Schema,
  city: citySchema,
  state: usStateSchema,
  zip: zipSchema,
};

/** A shipping address: SPEC §5 FullName and PhoneNumber, US state and ZIP. Each field its message. */
export const usAddressSchema = z.object({
  fullName: fullNameSchema,
  ...usPostalAddressShape,
  phone: phoneNumberSchema,
});
export type UsAddressInput = z.input<typeof usAddressSchema>;

/**
 * A shipping address whose ZIP is in its state (issue 17 walk: "Austin, TX 90001" was accepted):
 * the message beside the ZIP field. Used where an order's address changes after payment.
 */
export const usAddressZipInStateSchema = usAddressSchema.superRefine((a, ctx) => {
  if (!zipMatchesState(a.zip, a.state)) ctx.addIssue({ code: 'custom', message: MESSAGES.ZIP_STATE, path: ['zip'] });
});
export type UsAddress = z.output<typeof usAddressSchema>;

/** An edit: any subset of the fields, each validated like a new address. */
export const usAddressPatchSchema = usAddressSchema.partial();
export type UsAddressPatch = z.output<typeof usAddressPatchSchema>;

/** One line for lists: "12 Oak St, Apt 4, Austin, TX 78701". */
export function formatUsAddress(a: {
  line1: string;
  line2?: string | null;
  city: string;
  state: string;
  zip: string;
}): string {
  return [a.line1, a.line2, `${a.city}, ${a.state} ${a.zip}`].filter(Boolean).join(', ');
}

