// issue 18: the operator's console, catalog and formulary. One product's editable fields (SPEC §3
// cart item fields of a product, SPEC §7 "product-wise shipping methods with state"), a formulary
// row (what a doctor may prescribe for it) and a flagged answer (what the reviewing doctor must
// see), each validated here for the console's forms and the server alike.
import { z } from 'zod';
import { PRODUCT_CATEGORIES, PRODUCT_TYPES } from '../../catalog/product.ts';
import { Stage } from '../../checkout/stages.ts';
import { MAX_PRESCRIPTION_DAYS, MAX_REFILLS } from '../../reviews/decisions.ts';
import { US_STATE_CODES } from '../../validation/address.ts';
import { MAX_NUMERIC_VALUE } from '../../validation/fields.ts';
import { adminPageQuerySchema, adminPageSchema } from './common.ts';

/** The stages a product may require (Register is the order's, added when nobody is signed in). */
export const PRODUCT_STAGE_CHOICES = [
  { flag: Stage.Consult, label: 'Consult (questionnaire)' },
  { flag: Stage.Shipping, label: 'Shipping' },
  { flag: Stage.Pharmacy, label: 'Pharmacy' },
  { flag: Stage.Scheduling, label: 'Scheduling (visit or doctor confirmation)' },
  { flag: Stage.Payment, label: 'Payment' },
] as const;
const PRODUCT_STAGE_BITS = PRODUCT_STAGE_CHOICES.reduce((mask, s) => mask | s.flag, 0);

export const VISIT_TYPE_CHOICES = [
  { value: 1, label: 'Video visit' },
  { value: 2, label: 'Phone visit' },
  { value: 3, label: 'Asynchronous review' },
] as const;

export const PRODUCT_CATEGORY_LABELS: Record<(typeof PRODUCT_CATEGORIES)[number], string> = {
  weight: 'Weight care',
  hair: 'Hair',
  sexual_health: 'Sexual health',
  skin: 'Skin',
  labs: 'Labs',
  otc: 'Over the counter',
};
export const PRODUCT_TYPE_LABELS: Record<(typeof PRODUCT_TYPES)[number], string> = {
  prescription: 'Prescription',
  otc: 'Over the counter',
  lab_test: 'Lab test',
  consult_only: 'Consult only',
};

export const PRODUCT_IMAGES_MAX = 8;
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

const MONEY_MESSAGE = 'Enter an amount in dollars and cents, like 24.99.';
/** Money in integer cents (the form shows dollars); SPEC §9 maximum numeric value. */
const centsSchema = z
  .number({ error: MONEY_MESSAGE })
  .int({ error: MONEY_MESSAGE })
  .min(0, { error: 'The amount cannot be negative.' })
  .max(MAX_NUMERIC_VALUE, { error: 'The amount is too large.' });

/** A whole number typed in a form field (or sent as a number). */
function wholeNumber(label: string, min: number, max: number) {
  const message = `${label} must be a whole number from ${min} to ${max}.`;
  return z.coerce
    .number<string | number>({ error: message })
    .int({ error: message })
    .min(min, { error: message })
    .max(max, { error: message });
}

const text = (label: string, max: number) =>
  z
    .string()
    .trim()
    .min(1, { error: `Enter the ${label}.` })
    .max(max, { error: `The ${label} is at most ${max} characters.` });

export const productImageInputSchema = z.object({
  url: z
    .string()
    .trim()
    .min(1, { error: 'Enter the image address.' })
    .max(2000, { error: 'The image address is at most 2000 characters.' })
    .regex(/^(\/[^\s]*|https:\/\/[^\s]+)$/, { error: 'Use a site path starting with / or an https:// address.' }),
  alt: z
    .string()
    .trim()
    .min(1, { error: 'Describe the image for people who cannot see it (alt text).' })
    .max(300, { error: 'Alt text is at most 300 characters.' }),
});
export type ProductImageInput = z.infer<typeof productImageInputSchema>;

/**
 * A product as the operator creates or edits it. Cross-field rules name the field to fix:
 * quantities in range, a consult product has the Consult stage and a questionnaire, a visit type
 * goes with the Scheduling stage, every product is paid for.
 */
export const adminProductInputSchema = z
  .object({
    title: text('title', 200),
    slug: z
      .string()
      .trim()
      .min(1, { error: 'Enter the address name (slug).' })
      .max(120, { error: 'The slug is at most 120 characters.' })
      .regex(SLUG_PATTERN, { error: 'Use lower-case letters, digits and single hyphens, like vitamin-d3-2000.' }),
    description: z.string().trim().max(4000, { error: 'The description is at most 4000 characters.' }),
    category: z.enum(PRODUCT_CATEGORIES, { error: 'Choose a category.' }),
    type: z.enum(PRODUCT_TYPES, { error: 'Choose a type.' }),
    priceCents: centsSchema,
    consultFeeCents: centsSchema,
    consultRequired: z.boolean(),
    consultAttached: z.boolean(),
    qtyMin: wholeNumber('The smallest quantity', 1, 999),
    qtyMax: wholeNumber('The largest quantity', 1, 999),
    defaultQty: wholeNumber('The default quantity', 1, 999),
    flexibleQty: z.boolean(),
    refillCycleDays: z.preprocess(
      (v) => (v === '' || v === undefined ? null : v),
      wholeNumber('The refill cycle', 1, 365).nullable(),
    ),
    visitType: z.union([z.literal(1), z.literal(2), z.literal(3)], { error: 'Choose a visit type.' }).nullable(),
    checkoutStages: z
      .number()
      .int()
      .refine((mask) => (mask & ~PRODUCT_STAGE_BITS) === 0, { error: 'Choose stages from the list.' }),
    /** The slug of one of the storefront's questionnaires, or none. */
    questionnaireRef: z.string().trim().max(200).nullable(),
    shipsTo: z
      .array(z.enum(US_STATE_CODES, { error: 'Choose states from the list.' }))
      .min(1, { error: 'Choose at least one state the product is sold in.' })
      .refine((codes) => new Set(codes).size === codes.length, { error: 'Each state once.' }),
    /** The storefront's shipping methods it may use; none listed: any of them (SPEC §7). */
    shippingMethodIds: z
      .array(z.uuid({ error: 'Choose shipping methods from the list.' }))
      .max(50)
      .refine((ids) => new Set(ids).size === ids.length, { error: 'Each method once.' }),
    images: z.array(productImageInputSchema).max(PRODUCT_IMAGES_MAX, { error: `At most ${PRODUCT_IMAGES_MAX} images.` }),
    active: z.boolean(),
  })
  .superRefine((p, ctx) => {
    const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    if (p.qtyMax < p.qtyMin) issue('qtyMax', 'The largest quantity cannot be below the smallest.');
    if (p.defaultQty < p.qtyMin || p.defaultQty > p.qtyMax) issue('defaultQty', 'The default quantity must be within the quantity range.');
    if ((p.checkoutStages & Stage.Payment) === 0) issue('checkoutStages', 'Every product needs the Payment stage.');
    const consultStage = (p.checkoutStages & Stage.Consult) !== 0;
    if (p.consultRequired && !consultStage) issue('checkoutStages', 'A product that needs a consult needs the Consult stage.');
    if (!p.consultRequired && consultStage) issue('consultRequired', 'The Consult stage is for products that need a consult: tick "Needs a consult" or untick the stage.');
    if (p.consultRequired && !p.questionnaireRef) issue('questionnaireRef', 'Choose the questionnaire the consult uses.');
    if (p.consultAttached && !p.consultRequired) issue('consultAttached', 'Only a product that needs a consult can charge its fee.');
    const scheduling = (p.checkoutStages & Stage.Scheduling) !== 0;
    if (p.visitType !== null && !p.consultRequired) issue('visitType', 'A visit goes with a consult: choose none, or tick "Needs a consult".');
    if (p.visitType !== null && !scheduling) issue('checkoutStages', 'A product with a visit needs the Scheduling stage.');
    if (p.visitType === null && scheduling) issue('visitType', 'The Scheduling stage needs a visit type.');
    if (p.shippingMethodIds.length > 0 && (p.checkoutStages & Stage.Shipping) === 0) {
      issue('shippingMethodIds', 'Only a product with the Shipping stage has shipping methods.');
    }
  });
export type AdminProductInput = z.input<typeof adminProductInputSchema>;
export type AdminProduct = z.output<typeof adminProductInputSchema>;

export const adminProductParamsSchema = z.object({ storefrontId: z.uuid(), productId: z.uuid() });

export const adminProductListQuerySchema = adminPageQuerySchema.extend({
  q: z.string().trim().max(200).optional(),
});

export const adminProductRowSchema = z
  .object({
    id: z.uuid(),
    title: z.string(),
    slug: z.string(),
    category: z.enum(PRODUCT_CATEGORIES),
    type: z.enum(PRODUCT_TYPES),
    priceCents: z.int(),
    consultFeeCents: z.int(),
    active: z.boolean(),
  })
  .meta({ id: 'AdminProductRow' });
export type AdminProductRow = z.infer<typeof adminProductRowSchema>;
export const adminProductPageSchema = adminPageSchema(adminProductRowSchema, 'AdminProductPage');

const productImageSchema = z.object({ url: z.string(), alt: z.string() });

/** One product with everything the editor shows. */
export const adminProductSchema = z
  .object({
    id: z.uuid(),
    storefrontId: z.uuid(),
    title: z.string(),
    slug: z.string(),
    description: z.string(),
    category: z.enum(PRODUCT_CATEGORIES),
    type: z.enum(PRODUCT_TYPES),
    priceCents: z.int(),
    consultFeeCents: z.int(),
    consultRequired: z.boolean(),
    consultAttached: z.boolean(),
    qtyMin: z.int(),
    qtyMax: z.int(),
    defaultQty: z.int(),
    flexibleQty: z.boolean(),
    refillCycleDays: z.int().nullable(),
    visitType: z.union([z.literal(1), z.literal(2), z.literal(3)]).nullable(),
    checkoutStages: z.int(),
    questionnaireRef: z.string().nullable(),
    shipsTo: z.array(z.string()),
    shippingMethodIds: z.array(z.uuid()),
    images: z.array(productImageSchema),
    active: z.boolean(),
    updatedAt: z.string(),
  })
  .meta({ id: 'AdminProduct' });
export type AdminProductView = z.infer<typeof adminProductSchema>;

/** What the editor's selects offer: the storefront's questionnaires and shipping methods. */
export const adminCatalogOptionsSchema = z
  .object({
    questionnaires: z.array(z.object({ slug: z.string(), title: z.string() })),
    shippingMethods: z.array(z.object({ id: z.uuid(), label: z.string() })),
  })
  .meta({ id: 'AdminCatalogOptions' });
export type AdminCatalogOptions = z.infer<typeof adminCatalogOptionsSchema>;

// ---- Formulary: what a doctor may prescribe for the product ----

export const formularyInputSchema = z.object({
  medication: text('medication', 200),
  strength: text('strength', 100),
  form: text('form', 100),
  quantity: wholeNumber('The quantity', 1, 10_000),
  daysSupply: wholeNumber('The days supply', 1, MAX_PRESCRIPTION_DAYS),
  maxRefills: wholeNumber('Maximum refills', 0, MAX_REFILLS),
  directionsTemplate: z.string().trim().max(1000, { error: 'Directions are at most 1000 characters.' }),
});
export type FormularyInput = z.input<typeof formularyInputSchema>;

export const adminFormularyRowSchema = z
  .object({
    id: z.uuid(),
    medication: z.string(),
    strength: z.string(),
    form: z.string(),
    quantity: z.int(),
    daysSupply: z.int(),
    maxRefills: z.int(),
    directionsTemplate: z.string(),
  })
  .meta({ id: 'AdminFormularyRow' });
export type AdminFormularyRow = z.infer<typeof adminFormularyRowSchema>;
export const adminFormularyParamsSchema = adminProductParamsSchema.extend({ formularyId: z.uuid() });

// ---- Flagged answers: what the reviewing doctor must see ----

export const flaggedAnswerInputSchema = z.object({
  questionId: z.string().trim().min(1, { error: 'Choose a question.' }).max(100),
  /** The answers that are flagged; none: any answer to the question. */
  answers: z
    .array(z.string().trim().min(1).max(100))
    .max(50)
    .refine((a) => new Set(a).size === a.length, { error: 'Each answer once.' }),
  note: z.string().trim().min(1, { error: 'Say why the doctor should look.' }).max(500, { error: 'The note is at most 500 characters.' }),
});
export type FlaggedAnswerInput = z.input<typeof flaggedAnswerInputSchema>;

export const adminFlaggedAnswerSchema = z
  .object({ id: z.uuid(), questionId: z.string(), answers: z.array(z.string()), note: z.string() })
  .meta({ id: 'AdminFlaggedAnswer' });

/** The product's questionnaire (its current version) with its questions and their answers, and its flags. */
export const adminFlaggedAnswersSchema = z
  .object({
    questionnaire: z
      .object({
        slug: z.string(),
        title: z.string(),
        versionId: z.uuid(),
        version: z.int(),
        questions: z.array(
          z.object({
            id: z.string(),
            label: z.string(),
            /** The answers one can flag; null: any answer (free text, numbers …). */
            options: z.array(z.object({ value: z.string(), label: z.string() })).nullable(),
          }),
        ),
      })
      .nullable(),
    flags: z.array(adminFlaggedAnswerSchema),
  })
  .meta({ id: 'AdminFlaggedAnswers' });
export type AdminFlaggedAnswers = z.infer<typeof adminFlaggedAnswersSchema>;
export const adminFlagParamsSchema = adminProductParamsSchema.extend({ flagId: z.uuid() });

/** Dollars as the console shows them ("24.99") from cents. */
export function centsToDollars(cents: number): string {
  return (cents / 100).toFixed(2);
}
/** Cents from what an operator typed ("24.99", "$1,200", "5"); NaN when it is not an amount. */
export function dollarsToCents(text: string): number {
  const clean = text.trim().replace(/^\$/, '').replace(/,/g, '');
  if (!/^\d+(\.\d{1,2})?$/.test(clean)) return Number.NaN;
  return Math.round(Number(clean) * 100);
}

/**
 * SPEC §7 product-wise shipping methods: the methods an order of these products may ship by. Null
 * when none of them restricts (any of the storefront's methods); otherwise the methods every
 * restricting product allows (possibly none, when they disagree).
 */
export function allowedShippingMethodIds(products: readonly { shippingMethodIds: readonly string[] }[]): string[] | null {
  let allowed: string[] | null = null;
  for (const p of products) {
    if (p.shippingMethodIds.length === 0) continue;
    allowed = allowed === null ? [...p.shippingMethodIds] : allowed.filter((id) => p.shippingMethodIds.includes(id));
  }
  return allowed;
}
