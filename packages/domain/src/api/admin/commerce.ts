// issue 18: the operator's console, commerce: promo codes, tax rates by state and shipping methods
// of one storefront. The API's bodies (money in integer cents, dates as ISO instants) and the
// console's forms (dollars and local dates typed as text) are checked by the same field rules: each
// form schema reads its text and pipes it into the API's schema, so a rule lives in one place.
import { z } from 'zod';
import { MAX_NUMERIC_VALUE, PROMO_CODE_MAX_LENGTH } from '../../validation/fields.ts';
import { US_STATE_CODES, usStateSchema } from '../../validation/address.ts';
import { adminPageSchema } from './common.ts';

/** The console's own wording (no spec wording exists for these). */
export const COMMERCE_MESSAGES = {
  CODE_FORMAT: 'Use 2 to 40 letters, digits, dashes or underscores.',
  CODE_TAKEN: 'This storefront already has a promo code with these letters (upper and lower case count as the same). Choose another code.',
  KIND: 'Choose a percentage or a fixed amount.',
  PERCENT_RANGE: 'Enter a percentage above 0 and up to 100, with at most 4 decimals.',
  AMOUNT_FORMAT: 'Enter an amount in dollars, like 12.50.',
  AMOUNT_POSITIVE: 'Enter an amount above $0.00.',
  AMOUNT_RANGE: 'Enter an amount from $0.00 to $999,999.99.',
  DATE_FORMAT: 'Enter a date and time, or leave it empty.',
  ENDS_BEFORE_START: 'The end must be after the start.',
  LIMIT: 'Enter a whole number of 1 or more, or leave it empty for no limit.',
  PER_PATIENT_OVER_TOTAL: 'The limit per patient cannot be above the total limit.',
  PRODUCTS_TOO_MANY: 'Choose at most 100 products.',
  PRODUCT_UNKNOWN: 'Choose products this storefront sells.',
  COUPON_USED_LOCKED:
    'This code has been used, so its code and discount can no longer change. Deactivate it and create a new code instead.',
  TAX_RATE: 'Enter a rate from 0 to 100 percent, with at most 4 decimals.',
  CARRIER_REQUIRED: 'Enter the carrier (1 to 60 characters).',
  METHOD_NAME_REQUIRED: 'Enter the name patients see (1 to 80 characters).',
  DAYS: 'Enter a whole number of days from 0 to 365.',
  MAX_DAYS_BELOW_MIN: 'The latest day cannot be before the earliest.',
  SORT_ORDER: 'Enter a whole number from 0 to 9999.',
  LAST_ACTIVE_METHOD:
    "This is the storefront's only active shipping method, and orders that ship need one. Add or activate another first.",
} as const;
const M = COMMERCE_MESSAGES;

// ---------------------------------------------------------------- field rules (API side)

/** Up to 4 decimals (the database keeps numeric(7,4)). */
const fourDecimals = (n: number) => Math.abs(n * 10_000 - Math.round(n * 10_000)) < 1e-6;

export const adminCouponCodeSchema = z
  .string({ error: M.CODE_FORMAT })
  .trim()
  .toUpperCase()
  .min(2, { error: M.CODE_FORMAT })
  .max(PROMO_CODE_MAX_LENGTH, { error: M.CODE_FORMAT })
  .regex(/^[A-Z0-9_-]+$/, { error: M.CODE_FORMAT });

const percentOffSchema = z
  .number({ error: M.PERCENT_RANGE })
  .gt(0, { error: M.PERCENT_RANGE })
  .max(100, { error: M.PERCENT_RANGE })
  .refine(fourDecimals, { error: M.PERCENT_RANGE });

const MAX_CENTS = 99_999_999; // $999,999.99, within SPEC §9's 99999999
const centsSchema = z.int({ error: M.AMOUNT_RANGE }).min(0, { error: M.AMOUNT_RANGE }).max(MAX_CENTS, { error: M.AMOUNT_RANGE });
const positiveCentsSchema = z.int({ error: M.AMOUNT_RANGE }).min(1, { error: M.AMOUNT_POSITIVE }).max(MAX_CENTS, { error: M.AMOUNT_RANGE });
const limitSchema = z.int({ error: M.LIMIT }).min(1, { error: M.LIMIT }).max(MAX_NUMERIC_VALUE, { error: M.LIMIT });
const instantSchema = z.iso.datetime({ offset: true, error: M.DATE_FORMAT });

export const adminTaxRatePercentSchema = z
  .number({ error: M.TAX_RATE })
  .min(0, { error: M.TAX_RATE })
  .max(100, { error: M.TAX_RATE })
  .refine(fourDecimals, { error: M.TAX_RATE });

const daysSchema = z.int({ error: M.DAYS }).min(0, { error: M.DAYS }).max(365, { error: M.DAYS });
const sortOrderSchema = z.int({ error: M.SORT_ORDER }).min(0, { error: M.SORT_ORDER }).max(9999, { error: M.SORT_ORDER });

// ---------------------------------------------------------------- promo codes

const couponShape = {
  code: adminCouponCodeSchema,
  kind: z.enum(['percent', 'fixed'], { error: M.KIND }),
  /** 'percent' only: 0 < p ≤ 100. */
  percentOff: percentOffSchema.nullable(),
  /** 'fixed' only: cents off. */
  amountOffCents: positiveCentsSchema.nullable(),
  minSubtotalCents: centsSchema.nullable(),
  /** Empty: every product of the storefront. */
  productIds: z.array(z.uuid({ error: M.PRODUCT_UNKNOWN })).max(100, { error: M.PRODUCTS_TOO_MANY }),
  startsAt: instantSchema.nullable(),
  endsAt: instantSchema.nullable(),
  maxRedemptions: limitSchema.nullable(),
  maxRedemptionsPerPatient: limitSchema.nullable(),
  active: z.boolean(),
};

interface CouponRules {
  kind: 'percent' | 'fixed';
  percentOff: number | null;
  amountOffCents: number | null;
  startsAt: string | null;
  endsAt: string | null;
  maxRedemptions: number | null;
  maxRedemptionsPerPatient: number | null;
}

/** The rules across fields, the same for the API and the form. */
function couponRules(c: CouponRules, ctx: z.RefinementCtx) {
  if (c.kind === 'percent' && c.percentOff === null) ctx.addIssue({ code: 'custom', path: ['percentOff'], message: M.PERCENT_RANGE });
  if (c.kind === 'fixed' && c.amountOffCents === null) ctx.addIssue({ code: 'custom', path: ['amountOffCents'], message: M.AMOUNT_POSITIVE });
  if (c.startsAt && c.endsAt && Date.parse(c.endsAt) <= Date.parse(c.startsAt))
    ctx.addIssue({ code: 'custom', path: ['endsAt'], message: M.ENDS_BEFORE_START });
  if (c.maxRedemptions !== null && c.maxRedemptionsPerPatient !== null && c.maxRedemptionsPerPatient > c.maxRedemptions)
    ctx.addIssue({ code: 'custom', path: ['maxRedemptionsPerPatient'], message: M.PER_PATIENT_OVER_TOTAL });
}

/** POST and PUT .../coupons: the whole code. The value of the kind not chosen is dropped. */
export const adminCouponInputSchema = z
  .object(couponShape)
  .superRefine(couponRules)
  .transform((c) => ({
    ...c,
    percentOff: c.kind === 'percent' ? c.percentOff : null,
    amountOffCents: c.kind === 'fixed' ? c.amountOffCents : null,
    productIds: [...new Set(c.productIds)],
  }));
// No component id on it: a transformed body's input and output differ, and one id for both breaks
// the OpenAPI document (fastify-type-provider-zod refuses the collision).
export type AdminCouponInput = z.output<typeof adminCouponInputSchema>;

/** PATCH: switch a code, a method… on or off. */
export const adminActiveInputSchema = z.object({ active: z.boolean() }).meta({ id: 'AdminActiveInput' });

export const adminCouponSchema = z
  .object({
    id: z.uuid(),
    code: z.string(),
    kind: z.enum(['percent', 'fixed']),
    percentOff: z.number().nullable(),
    amountOffCents: z.int().nullable(),
    minSubtotalCents: z.int().nullable(),
    products: z.array(z.object({ id: z.uuid(), title: z.string() })).describe('Empty: every product'),
    startsAt: z.string().nullable(),
    endsAt: z.string().nullable(),
    maxRedemptions: z.int().nullable(),
    maxRedemptionsPerPatient: z.int().nullable(),
    active: z.boolean(),
    /** Uses that count against the limits: redemptions whose payment is live (or that have none). */
    uses: z.int(),
    createdAt: z.string(),
  })
  .meta({ id: 'AdminCoupon' });
export type AdminCoupon = z.infer<typeof adminCouponSchema>;
export const adminCouponPageSchema = adminPageSchema(adminCouponSchema, 'AdminCouponPage');
export type AdminCouponPage = z.infer<typeof adminCouponPageSchema>;

/** The products a code may be restricted to (the storefront's products on sale). */
export const adminCouponProductsSchema = z
  .array(z.object({ id: z.uuid(), title: z.string() }))
  .meta({ id: 'AdminCouponProducts' });

export const adminCouponParamsSchema = z.object({ storefrontId: z.uuid(), couponId: z.uuid() });

// ---------------------------------------------------------------- tax rates

export const adminTaxRateInputSchema = z
  .object({ ratePercent: adminTaxRatePercentSchema, appliesToConsultFee: z.boolean() });
export type AdminTaxRateInput = z.output<typeof adminTaxRateInputSchema>;

/** One state of the storefront's list: its rate, or null where the storefront collects none. */
export const adminTaxRateSchema = z
  .object({
    state: z.enum(US_STATE_CODES),
    stateName: z.string(),
    ratePercent: z.number().nullable(),
    appliesToConsultFee: z.boolean().nullable(),
  })
  .meta({ id: 'AdminTaxRate' });
export type AdminTaxRate = z.infer<typeof adminTaxRateSchema>;
export const adminTaxRatePageSchema = adminPageSchema(adminTaxRateSchema, 'AdminTaxRatePage');
export type AdminTaxRatePage = z.infer<typeof adminTaxRatePageSchema>;
export const adminTaxRateParamsSchema = z.object({ storefrontId: z.uuid(), state: usStateSchema });

// ---------------------------------------------------------------- shipping methods

const shippingMethodShape = {
  carrier: z.string({ error: M.CARRIER_REQUIRED }).trim().min(1, { error: M.CARRIER_REQUIRED }).max(60, { error: M.CARRIER_REQUIRED }),
  name: z.string({ error: M.METHOD_NAME_REQUIRED }).trim().min(1, { error: M.METHOD_NAME_REQUIRED }).max(80, { error: M.METHOD_NAME_REQUIRED }),
  costCents: centsSchema,
  minDays: daysSchema,
  maxDays: daysSchema,
  /** Free once the merchandise (subtotal − discount) reaches this; null: never free by amount. */
  freeAboveCents: centsSchema.nullable(),
  sortOrder: sortOrderSchema,
  active: z.boolean(),
};

function shippingMethodRules(m: { minDays: number; maxDays: number }, ctx: z.RefinementCtx) {
  if (m.maxDays < m.minDays) ctx.addIssue({ code: 'custom', path: ['maxDays'], message: M.MAX_DAYS_BELOW_MIN });
}

export const adminShippingMethodInputSchema = z
  .object(shippingMethodShape)
  .superRefine(shippingMethodRules);
export type AdminShippingMethodInput = z.output<typeof adminShippingMethodInputSchema>;

export const adminShippingMethodSchema = z
  .object({
    id: z.uuid(),
    carrier: z.string(),
    name: z.string(),
    costCents: z.int(),
    minDays: z.int(),
    maxDays: z.int(),
    freeAboveCents: z.int().nullable(),
    sortOrder: z.int(),
    active: z.boolean(),
  })
  .meta({ id: 'AdminShippingMethod' });
export type AdminShippingMethod = z.infer<typeof adminShippingMethodSchema>;
export const adminShippingMethodPageSchema = adminPageSchema(adminShippingMethodSchema, 'AdminShippingMethodPage');
export type AdminShippingMethodPage = z.infer<typeof adminShippingMethodPageSchema>;
export const adminShippingMethodParamsSchema = z.object({ storefrontId: z.uuid(), methodId: z.uuid() });

// ---------------------------------------------------------------- the console's forms (text in, API body out)

/** "12.50" → 1250; "" → null. Then the API's rule for the amount. */
function dollarsField<T extends z.ZodType<number | null, number | null>>(inner: T) {
  return z
    .string()
    .trim()
    .transform((text, ctx) => {
      if (text === '') return null;
      const clean = text.replace(/^\$/, '').replace(/,/g, '');
      if (!/^\d+(\.\d{1,2})?$/.test(clean)) {
        ctx.addIssue({ code: 'custom', message: M.AMOUNT_FORMAT });
        return z.NEVER;
      }
      const [whole, cents = ''] = clean.split('.');
      return Number(whole) * 100 + Number(cents.padEnd(2, '0'));
    })
    .pipe(inner);
}

/** "15" → 15; "" → null (or the message when a number is required). */
function numberField<T extends z.ZodType<number | null, number | null>>(inner: T, message: string) {
  return z
    .string()
    .trim()
    .transform((text, ctx) => {
      if (text === '') return null;
      const n = Number(text);
      if (!Number.isFinite(n)) {
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
      return n;
    })
    .pipe(inner);
}

/** An empty field refused with `message`. */
function required<T extends z.ZodType<number | null>>(field: T, message: string) {
  return field.transform((n, ctx) => {
    if (n === null) {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
    return n as number;
  });
}

/** A `datetime-local` value ("2026-12-01T09:00", the operator's time) → an ISO instant; "" → null. */
const localDateTimeField = z
  .string()
  .trim()
  .transform((text, ctx) => {
    if (text === '') return null;
    const at = new Date(text);
    if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(text) || Number.isNaN(at.getTime())) {
      ctx.addIssue({ code: 'custom', message: M.DATE_FORMAT });
      return z.NEVER;
    }
    return at.toISOString();
  })
  .pipe(instantSchema.nullable());

/** An ISO instant → the `datetime-local` text of the operator's time zone. */
export function toLocalDateTimeInput(iso: string | null): string {
  if (!iso) return '';
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** Cents → the text a money field shows ("12.50"); null → "". */
export function centsToDollarsInput(cents: number | null): string {
  return cents === null ? '' : (cents / 100).toFixed(2);
}

const percentOffField = numberField(percentOffSchema.nullable(), M.PERCENT_RANGE);
const amountOffField = dollarsField(positiveCentsSchema.nullable());

export const adminCouponFormSchema = z
  .object({
    code: adminCouponCodeSchema,
    kind: couponShape.kind,
    // Only the chosen kind's value is read: a percentage left in its field under a fixed amount is not.
    percentOff: z.string(),
    amountOffCents: z.string(),
    minSubtotalCents: dollarsField(centsSchema.nullable()),
    productIds: couponShape.productIds,
    startsAt: localDateTimeField,
    endsAt: localDateTimeField,
    maxRedemptions: numberField(limitSchema.nullable(), M.LIMIT),
    maxRedemptionsPerPatient: numberField(limitSchema.nullable(), M.LIMIT),
    active: z.boolean(),
  })
  .transform((c, ctx) => {
    const field = c.kind === 'percent' ? 'percentOff' : 'amountOffCents';
    const parsed = (c.kind === 'percent' ? percentOffField : amountOffField).safeParse(c[field]);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) ctx.addIssue({ code: 'custom', path: [field], message: issue.message });
      return z.NEVER;
    }
    const value = parsed.data;
    return {
      ...c,
      percentOff: c.kind === 'percent' ? value : null,
      amountOffCents: c.kind === 'fixed' ? value : null,
    };
  })
  .superRefine(couponRules)
  .pipe(adminCouponInputSchema);
export type AdminCouponFormValues = z.input<typeof adminCouponFormSchema>;

export const adminTaxRateFormSchema = z
  .object({
    ratePercent: required(numberField(adminTaxRatePercentSchema.nullable(), M.TAX_RATE), M.TAX_RATE),
    appliesToConsultFee: z.boolean(),
  })
  .pipe(adminTaxRateInputSchema);
export type AdminTaxRateFormValues = z.input<typeof adminTaxRateFormSchema>;

export const adminShippingMethodFormSchema = z
  .object({
    carrier: shippingMethodShape.carrier,
    name: shippingMethodShape.name,
    costCents: required(dollarsField(centsSchema.nullable()), M.AMOUNT_FORMAT),
    minDays: required(numberField(daysSchema.nullable(), M.DAYS), M.DAYS),
    maxDays: required(numberField(daysSchema.nullable(), M.DAYS), M.DAYS),
    freeAboveCents: dollarsField(centsSchema.nullable()),
    sortOrder: required(numberField(sortOrderSchema.nullable(), M.SORT_ORDER), M.SORT_ORDER),
    active: z.boolean(),
  })
  .superRefine(shippingMethodRules)
  .pipe(adminShippingMethodInputSchema);
export type AdminShippingMethodFormValues = z.input<typeof adminShippingMethodFormSchema>;
