// issue 18: the operator's console, storefronts. A storefront's bundle (name, host names, the whole
// theme, the 13 flags, settings, texts and consents) is edited as a draft version, previewed, then
// published (copied onto the live storefront) or an earlier one rolled back (published again as a
// new version). One schema validates the console's form and the server.
import { z } from 'zod';
import { storefrontConfigCoreSchema } from '../../storefront/config.ts';
import { adminPageSchema } from './common.ts';

/** A host name as the store matches it: lower-case, no port or path (`brand3.localhost`). */
export const hostNameSchema = z
  .string()
  .trim()
  .toLowerCase()
  .min(1, { error: 'Enter a host name.' })
  .max(253, { error: 'A host name has at most 253 characters.' })
  .regex(/^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/, {
    error: 'Enter a host name like shop.example.com: letters, digits, hyphens and dots, no port or path.',
  });

export const HOST_TAKEN_MESSAGE = 'This host name is already used by another storefront.';
export const SLUG_TAKEN_MESSAGE = 'This short name is already used by another storefront.';

const hostListSchema = z
  .array(hostNameSchema)
  .min(1, { error: 'Add at least one host name.' })
  .max(20, { error: 'Use at most 20 host names.' })
  .superRefine((hosts, ctx) => {
    const seen = new Set<string>();
    hosts.forEach((host, index) => {
      if (seen.has(host)) ctx.addIssue({ code: 'custom', path: [index], message: 'This host name is listed twice.' });
      seen.add(host);
    });
  });

const storefrontNameSchema = z
  .string()
  .trim()
  .min(1, { error: 'Enter the storefront’s name.' })
  .max(80, { error: 'Keep the name to 80 characters.' });

export const STOREFRONT_CONSENT_KINDS = ['telehealth', 'privacy', 'terms'] as const;
export type StorefrontConsentKind = (typeof STOREFRONT_CONSENT_KINDS)[number];

export const storefrontConsentSchema = z
  .object({
    kind: z.enum(STOREFRONT_CONSENT_KINDS),
    title: z.string().trim().min(1, { error: 'Enter the consent’s title.' }).max(200, { error: 'Keep the title to 200 characters.' }),
    body: z.string().trim().min(1, { error: 'Enter the consent’s text.' }).max(20_000, { error: 'Keep the text to 20,000 characters.' }),
  })
  .strict();
export type StorefrontConsent = z.infer<typeof storefrontConsentSchema>;

/** The whole bundle of a storefront version (complete values, not overrides). */
export const storefrontBundleSchema = z
  .object({
    name: storefrontNameSchema,
    hosts: hostListSchema,
    ...storefrontConfigCoreSchema.shape,
    consents: z
      .array(storefrontConsentSchema)
      .max(STOREFRONT_CONSENT_KINDS.length)
      .superRefine((list, ctx) => {
        const seen = new Set<string>();
        list.forEach((c, index) => {
          if (seen.has(c.kind)) ctx.addIssue({ code: 'custom', path: [index, 'kind'], message: 'Each consent appears once.' });
          seen.add(c.kind);
        });
      }),
  })
  .strict()
  .meta({ id: 'StorefrontBundle' });
export type StorefrontBundle = z.output<typeof storefrontBundleSchema>;
export type StorefrontBundleInput = z.input<typeof storefrontBundleSchema>;

/** PUT /api/admin/storefronts/:storefrontId/draft: the draft's bundle and what changed. */
export const storefrontDraftInputSchema = storefrontBundleSchema
  .extend({ note: z.string().trim().max(500, { error: 'Keep the note to 500 characters.' }) })
  .meta({ id: 'StorefrontDraftInput' });
export type StorefrontDraftInput = z.output<typeof storefrontDraftInputSchema>;
export type StorefrontDraftFormValues = z.input<typeof storefrontDraftInputSchema>;

/** POST /api/admin/storefronts: a new storefront, starting from the defaults with a first draft. */
export const createStorefrontInputSchema = z
  .object({
    name: storefrontNameSchema,
    slug: z
      .string()
      .trim()
      .toLowerCase()
      .min(2, { error: 'Use 2 to 40 characters.' })
      .max(40, { error: 'Use 2 to 40 characters.' })
      .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, { error: 'Use lower-case letters, digits and single hyphens, e.g. bright-skin.' }),
    hosts: hostListSchema,
  })
  .strict()
  .meta({ id: 'CreateStorefrontInput' });
export type CreateStorefrontInput = z.output<typeof createStorefrontInputSchema>;
export type CreateStorefrontFormValues = z.input<typeof createStorefrontInputSchema>;

export const adminStorefrontListItemSchema = z
  .object({
    id: z.uuid(),
    name: z.string(),
    slug: z.string(),
    hosts: z.array(z.string()),
    isDefault: z.boolean(),
    /** The version patients see (null: never published through the console). */
    liveVersion: z.number().int().nullable(),
    /** The draft being edited, if any. */
    draftVersion: z.number().int().nullable(),
    updatedAt: z.iso.datetime(),
  })
  .meta({ id: 'AdminStorefrontListItem' });
export type AdminStorefrontListItem = z.infer<typeof adminStorefrontListItemSchema>;
export const adminStorefrontListSchema = adminPageSchema(adminStorefrontListItemSchema, 'AdminStorefrontList');

const personSchema = z.object({ id: z.uuid(), name: z.string() }).nullable();

export const STOREFRONT_VERSION_STATUSES = ['draft', 'live', 'published'] as const;
export const storefrontVersionSummarySchema = z
  .object({
    id: z.uuid(),
    version: z.number().int(),
    /** draft: being edited; live: what patients see now; published: live before. */
    status: z.enum(STOREFRONT_VERSION_STATUSES),
    note: z.string(),
    createdAt: z.iso.datetime(),
    createdBy: personSchema,
    publishedAt: z.iso.datetime().nullable(),
    publishedBy: personSchema,
  })
  .meta({ id: 'StorefrontVersionSummary' });
export type StorefrontVersionSummary = z.infer<typeof storefrontVersionSummarySchema>;
export const storefrontVersionListSchema = adminPageSchema(storefrontVersionSummarySchema, 'StorefrontVersionList');

export const adminStorefrontVersionParamsSchema = z.object({ storefrontId: z.uuid(), versionId: z.uuid() });

/** GET /api/admin/storefronts/:storefrontId: what patients see now, and the draft if one is open. */
export const adminStorefrontDetailSchema = z
  .object({
    id: z.uuid(),
    slug: z.string(),
    isDefault: z.boolean(),
    /** A storefront never published serves no host name yet. */
    live: storefrontBundleSchema.extend({ hosts: z.array(z.string()) }),
    liveVersion: z.number().int().nullable(),
    draft: z
      .object({ id: z.uuid(), version: z.number().int(), note: z.string(), createdAt: z.iso.datetime(), bundle: storefrontBundleSchema })
      .nullable(),
  })
  .meta({ id: 'AdminStorefrontDetail' });
export type AdminStorefrontDetail = z.infer<typeof adminStorefrontDetailSchema>;
