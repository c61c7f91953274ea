// Account and contact fields (SPEC §5), with the exact messages of the catalogue.
import { z } from 'zod';
import { MESSAGES } from '../messages.ts';
import { COMMON_PASSWORDS } from './common-passwords.ts';

/** SPEC §5 email: trimmed and lower-cased, then matched against an email pattern. */
export const emailSchema = z
  .string({ error: MESSAGES.EMAIL_INVALID })
  .trim()
  .toLowerCase()
  .pipe(z.email({ error: MESSAGES.EMAIL_INVALID }));

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 50;
/** The fixed set of special characters a registration password needs one of. */
export const PASSWORD_SPECIAL_CHARACTERS = `@!#$%^&*()_+-=[]{};':"\\|,.<>/?~`;

/** SPEC §5 registration password: 8 to 50 characters, an uppercase letter, a digit, a special. */
export function meetsPasswordRules(password: string): boolean {
  return (
    password.length >= PASSWORD_MIN_LENGTH &&
    password.length <= PASSWORD_MAX_LENGTH &&
    /[A-Z]/.test(password) &&
    /[0-9]/.test(password) &&
    [...password].some((ch) => PASSWORD_SPECIAL_CHARACTERS.includes(ch))
  );
}

const COMMON_PASSWORD_SET: ReadonlySet<string> = new Set(
  COMMON_PASSWORDS.map((p) => p.toLowerCase()),
);

/** Whether the password is one of the common passwords (case-insensitive). */
export function isCommonPassword(password: string): boolean {
  return COMMON_PASSWORD_SET.has(password.toLowerCase());
}

/**
 * One issue at most: the rules message when a rule fails, else the too-common message. The
 * password is not trimmed: spaces are characters the patient chose.
 */
export const registrationPasswordSchema = z
  .string({ error: MESSAGES.PASSWORD_RULES })
  .superRefine((password, ctx) => {
    if (!meetsPasswordRules(password)) {
      ctx.addIssue({ code: 'custom', message: MESSAGES.PASSWORD_RULES });
    } else if (isCommonPassword(password)) {
      ctx.addIssue({ code: 'custom', message: MESSAGES.PASSWORD_TOO_COMMON });
    }
  });

export const NAME_MIN_LENGTH = 2;

/** SPEC §5 FirstName: trimmed, at least 2 characters. */
export const firstNameSchema = z
  .string({ error: MESSAGES.FIRST_NAME_INVALID })
  .trim()
  .min(NAME_MIN_LENGTH, { error: MESSAGES.FIRST_NAME_INVALID });

/** SPEC §5 LastName: likewise. */
export const lastNameSchema = z
  .string({ error: MESSAGES.LAST_NAME_INVALID })
  .trim()
  .min(NAME_MIN_LENGTH, { error: MESSAGES.LAST_NAME_INVALID });

/**
 * SPEC §5 FullName: at least two words, each at least 2 characters. Output is trimmed with the
 * words joined by single spaces.
 */
export const fullNameSchema = z
  .string({ error: MESSAGES.FULL_NAME_INVALID })
  .transform((value) => value.trim().split(/\s+/).filter(Boolean))
  .refine((words) => words.length >= 2 && words.every((w) => w.length >= NAME_MIN_LENGTH), {
    error: MESSAGES.FULL_NAME_INVALID,
  })
  .transform((words) => words.join(' '));

export const PHONE_DIGITS = 10;

/**
 * SPEC §5 PhoneNo, optional: if given, at least 10 characters after trim. An empty (or blank)
 * string counts as not given and comes out as ''.
 */
export const phoneNoSchema = z
  .string({ error: MESSAGES.PHONE_NO_LENGTH })
  .trim()
  .refine((value) => value.length === 0 || value.length >= PHONE_DIGITS, {
    error: MESSAGES.PHONE_NO_LENGTH,
  })
  .optional();

/** SPEC §5 PhoneNumber: non-digits stripped, exactly 10 digits; the output is the 10 digits. */
export const phoneNumberSchema = z
  .string({ error: MESSAGES.PHONE_NUMBER_FORMAT })
  .transform((value) => value.replace(/\D/g, ''))
  .pipe(z.string().length(PHONE_DIGITS, { error: MESSAGES.PHONE_NUMBER_FORMAT }));
