// Card details as a gateway's card form checks them (issue 7): number (Luhn and brand length),
// expiry (not past the end of its month) and security code (4 digits for American Express, else
// 3). Only the gateway's form and the sandbox tokenization endpoint ever see a full number; the
// store keeps brand, last four and expiry (DATA-MODEL.md payment_methods).
import { z } from 'zod';
import { usStateSchema, zipSchema } from '../validation/address.ts';
import { PAYMENT_MESSAGES } from './messages.ts';

export const CARD_BRANDS = [
  'visa',
  'mastercard',
  'amex',
  'discover',
  'diners',
  'jcb',
  'unionpay',
  'unknown',
] as const;
export type CardBrand = (typeof CARD_BRANDS)[number];

export const CARD_BRAND_NAMES: Record<CardBrand, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  discover: 'Discover',
  diners: 'Diners Club',
  jcb: 'JCB',
  unionpay: 'UnionPay',
  unknown: 'Card',
};

export function isCardBrand(value: string): value is CardBrand {
  return (CARD_BRANDS as readonly string[]).includes(value);
}

/** A brand name from a gateway ("visa", "American Express", "MasterCard") as one of ours. */
export function toCardBrand(value: string | null | undefined): CardBrand {
  const v = (value ?? '').toLowerCase().replace(/[^a-z]/g, '');
  if (v === 'americanexpress') return 'amex';
  if (v === 'dinersclub') return 'diners';
  return isCardBrand(v) ? v : 'unknown';
}

/** "Visa ending in 4242" */
export function cardLabel(brand: CardBrand, last4: string): string {
  return `${CARD_BRAND_NAMES[brand]} ending in ${last4}`;
}

/** Digits only: spaces and dashes a person types between groups are dropped. */
export function normalizeCardNumber(input: string): string {
  return input.replace(/[\s-]/g, '');
}

/** The Luhn (mod 10) check every card number passes. */
export function luhnValid(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  let double = false;
  for (let i = digits.length - 1; i >= 0; i -= 1) {
    let d = digits.charCodeAt(i) - 48;
    if (double) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
    double = !double;
  }
  return sum % 10 === 0;
}

const BRAND_RULES: { brand: CardBrand; pattern: RegExp; lengths: readonly number[] }[] = [
  { brand: 'amex', pattern: /^3[47]/, lengths: [15] },
  { brand: 'diners', pattern: /^3(0[0-5]|[689])/, lengths: [14, 15, 16, 17, 18, 19] },
  { brand: 'jcb', pattern: /^35(2[89]|[3-8])/, lengths: [16, 17, 18, 19] },
  { brand: 'visa', pattern: /^4/, lengths: [13, 16, 19] },
  { brand: 'mastercard', pattern: /^(5[1-5]|2(2[2-9][1-9]|2[3-9]\d|[3-6]\d\d|7[01]\d|720))/, lengths: [16] },
  { brand: 'discover', pattern: /^(6011|65|64[4-9])/, lengths: [16, 17, 18, 19] },
  { brand: 'unionpay', pattern: /^62/, lengths: [16, 17, 18, 19] },
];

/** The brand a number's first digits announce (works on a partly typed number). */
export function cardBrandOf(number: string): CardBrand {
  const digits = normalizeCardNumber(number);
  return BRAND_RULES.find((rule) => rule.pattern.test(digits))?.brand ?? 'unknown';
}

/** Lengths a complete number of this brand may have. */
export function cardLengths(brand: CardBrand): readonly number[] {
  return BRAND_RULES.find((rule) => rule.brand === brand)?.lengths ?? [12, 13, 14, 15, 16, 17, 18, 19];
}

/** A complete, plausible card number: digits, the brand's length, and the Luhn check. */
export function isValidCardNumber(input: string): boolean {
  const digits = normalizeCardNumber(input);
  if (!/^\d{12,19}$/.test(digits)) return false;
  return cardLengths(cardBrandOf(digits)).includes(digits.length) && luhnValid(digits);
}

export function cvcLength(brand: CardBrand): number {
  return brand === 'amex' ? 4 : 3;
}

export function isValidCvc(cvc: string, brand: CardBrand): boolean {
  return new RegExp(`^\\d{${cvcLength(brand)}}$`).test(cvc.trim());
}

export interface CardExpiry {
  month: number;
  /** Four digits. */
  year: number;
}

/** "MM/YY", "MM / YY", "MMYY" or "MM/YYYY" as a month and a four-digit year; null when unreadable. */
export function parseCardExpiry(input: string): CardExpiry | null {
  const match = /^\s*(\d{1,2})\s*\/?\s*(\d{2}|\d{4})\s*$/.exec(input);
  if (!match) return null;
  const month = Number(match[1]);
  const rawYear = match[2]!;
  const year = rawYear.length === 2 ? 2000 + Number(rawYear) : Number(rawYear);
  if (month < 1 || month > 12) return null;
  return { month, year };
}

/** A card is good through the last day of its expiry month (read in UTC). */
export function isCardExpired(expiry: CardExpiry, now: Date): boolean {
  const nowYear = now.getUTCFullYear();
  const nowMonth = now.getUTCMonth() + 1;
  return expiry.year < nowYear || (expiry.year === nowYear && expiry.month < nowMonth);
}

/** Cards are not issued for more than 20 years ahead; a later year is a typing mistake. */
export const CARD_MAX_YEARS_AHEAD = 20;

export function isPlausibleExpiry(expiry: CardExpiry, now: Date): boolean {
  return (
    Number.isInteger(expiry.month) &&
    expiry.month >= 1 &&
    expiry.month <= 12 &&
    Number.isInteger(expiry.year) &&
    expiry.year <= now.getUTCFullYear() + CARD_MAX_YEARS_AHEAD &&
    expiry.year >= 2000
  );
}

/** Expiry problems, in the order a person should fix them; null when the expiry is usable. */
export function expiryProblem(expiry: CardExpiry | null, now: Date): string | null {
  if (!expiry || !isPlausibleExpiry(expiry, now)) return PAYMENT_MESSAGES.CARD_EXPIRY_INVALID;
  if (isCardExpired(expiry, now)) return PAYMENT_MESSAGES.CARD_EXPIRED;
  return null;
}

/**
 * What the sandbox tokenization endpoint accepts (the processor's card form posts it): the
 * number, expiry month and four-digit year, and the security code. Expiry problems are reported
 * on the field `expiry`, whichever part is wrong.
 */
export function cardDetailsSchema(now: Date) {
  return z
    .object({
      number: z
        .string({ error: PAYMENT_MESSAGES.CARD_NUMBER_INVALID })
        .max(40, { error: PAYMENT_MESSAGES.CARD_NUMBER_INVALID })
        .transform(normalizeCardNumber)
        .refine(isValidCardNumber, { error: PAYMENT_MESSAGES.CARD_NUMBER_INVALID }),
      expMonth: z.number({ error: PAYMENT_MESSAGES.CARD_EXPIRY_INVALID }).int({ error: PAYMENT_MESSAGES.CARD_EXPIRY_INVALID }),
      expYear: z.number({ error: PAYMENT_MESSAGES.CARD_EXPIRY_INVALID }).int({ error: PAYMENT_MESSAGES.CARD_EXPIRY_INVALID }),
      cvc: z.string({ error: PAYMENT_MESSAGES.CARD_CVC_INVALID }).trim().max(4, { error: PAYMENT_MESSAGES.CARD_CVC_INVALID }),
      /** Optional: the name on the card. */
      name: z.string().trim().max(100).optional(),
      /** Optional: the billing ZIP code. */
      postalCode: zipSchema.optional(),
    })
    .superRefine((card, ctx) => {
      const problem = expiryProblem({ month: card.expMonth, year: card.expYear }, now);
      if (problem) ctx.addIssue({ code: 'custom', path: ['expiry'], message: problem });
      if (!isValidCvc(card.cvc, cardBrandOf(card.number))) {
        ctx.addIssue({ code: 'custom', path: ['cvc'], message: PAYMENT_MESSAGES.CARD_CVC_INVALID });
      }
    });
}
export type CardDetails = z.infer<ReturnType<typeof cardDetailsSchema>>;

/**
 * The card form as a person fills it in (the web's CardForm): number, expiry as MM/YY, security
 * code. Each problem is reported on its own field with its own message.
 */
export function cardFormSchema(now: Date) {
  return z
    .object({
      number: z.string().transform(normalizeCardNumber),
      expiry: z.string(),
      cvc: z.string().trim(),
    })
    .superRefine((form, ctx) => {
      if (!isValidCardNumber(form.number)) {
        ctx.addIssue({ code: 'custom', path: ['number'], message: PAYMENT_MESSAGES.CARD_NUMBER_INVALID });
      }
      const problem = expiryProblem(parseCardExpiry(form.expiry), now);
      if (problem) ctx.addIssue({ code: 'custom', path: ['expiry'], message: problem });
      if (!isValidCvc(form.cvc, cardBrandOf(form.number))) {
        ctx.addIssue({ code: 'custom', path: ['cvc'], message: PAYMENT_MESSAGES.CARD_CVC_INVALID });
      }
    });
}
export type CardFormValues = z.input<ReturnType<typeof cardFormSchema>>;

/** A saved card's billing address (the street, city, state and ZIP the card is billed to). */
export const billingAddressSchema = z.object({
  name: z.string().trim().max(100).optional(),
  line1: z
    .string({ error: PAYMENT_MESSAGES.BILLING_LINE1_REQUIRED })
    .trim()
    .min(1, { error: PAYMENT_MESSAGES.BILLING_LINE1_REQUIRED })
    .max(200),
  line2: z.string().trim().max(200).optional(),
  city: z
    .string({ error: PAYMENT_MESSAGES.BILLING_CITY_REQUIRED })
    .trim()
    .min(1, { error: PAYMENT_MESSAGES.BILLING_CITY_REQUIRED })
    .max(100),
  state: usStateSchema,
  zip: zipSchema,
});
export type BillingAddress = z.infer<typeof billingAddressSchema>;
