// National Provider Identifier (NPI): 10 digits, the last a Luhn check digit computed over the
// first nine with the card-issuer prefix 80840 in front (CMS "NPI Check Digit" standard, ISO 7812).
import { z } from 'zod';
import { MESSAGES } from '../messages.ts';

/** The health-care issuer prefix the Luhn check runs over (ISO 7812: 80 health, 840 USA). */
export const NPI_LUHN_PREFIX = '80840';

/** The Luhn check digit for the nine leading digits of an NPI, or null if they are not 9 digits. */
export function npiCheckDigit(firstNine: string): number | null {
  if (!/^\d{9}$/.test(firstNine)) return null;
  const digits = NPI_LUHN_PREFIX + firstNine;
  let sum = 0;
  // From the rightmost digit (which will sit left of the check digit), double every other one.
  for (let i = digits.length - 1, double = true; i >= 0; i -= 1, double = !double) {
    let d = Number(digits[i]);
    if (double) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return (10 - (sum % 10)) % 10;
}

/**
 * A valid NPI: exactly 10 digits, starting with 1 or 2 (the only first digits CMS issues), with a
 * correct check digit. Spaces and dashes a patient types are not accepted here: strip them first.
 */
export function isValidNpi(npi: string): boolean {
  if (!/^[12]\d{9}$/.test(npi)) return false;
  return npiCheckDigit(npi.slice(0, 9)) === Number(npi[9]);
}

/** Completes nine leading digits into a valid NPI (demo data, tests). */
export function npiFromFirstNine(firstNine: string): string {
  const check = npiCheckDigit(firstNine);
  if (check === null) throw new Error('An NPI starts with nine digits.');
  return `${firstNine}${check}`;
}

/** An NPI as typed: spaces and dashes removed, then checked; the output is the 10 digits. */
export const npiSchema = z
  .string({ error: MESSAGES.NPI_INVALID })
  .transform((value) => value.replace(/[\s-]/g, ''))
  .refine(isValidNpi, { error: MESSAGES.NPI_INVALID });
