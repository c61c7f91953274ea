// Search, numbers and promo codes (SPEC §5, §9).
import { z } from 'zod';
import { MESSAGES } from '../messages.ts';

export const MEDICATION_SEARCH_MIN_LENGTH = 2;

/** SPEC §5 medication search: at least 2 characters (trimmed). */
export const medicationSearchSchema = z
  .string({ error: MESSAGES.MEDICATION_SEARCH_MIN })
  .trim()
  .min(MEDICATION_SEARCH_MIN_LENGTH, { error: MESSAGES.MEDICATION_SEARCH_MIN });

/** SPEC §9 "Maximum numeric value 99999999". */
export const MAX_NUMERIC_VALUE = 99999999;

/** A finite number from 0 to 99999999 inclusive. */
export const boundedNumberSchema = z
  .number({ error: MESSAGES.NUMBER_TOO_LARGE })
  .min(0, { error: MESSAGES.NUMBER_NEGATIVE })
  .max(MAX_NUMERIC_VALUE, { error: MESSAGES.NUMBER_TOO_LARGE });

export const PROMO_CODE_MAX_LENGTH = 40;

/**
 * A promo code: trimmed and upper-cased, 1 to 40 characters. Empty gives the spec's prompt
 * (SPEC §5 "Enter a promo code."); longer than 40 cannot be a code we issue, so it is invalid.
 */
export const promoCodeSchema = z
  .string({ error: MESSAGES.PROMO_PROMPT })
  .trim()
  .toUpperCase()
  .min(1, { error: MESSAGES.PROMO_PROMPT })
  .max(PROMO_CODE_MAX_LENGTH, { error: MESSAGES.PROMO_INVALID });
