// Pharmacy search, map markers, the partner pharmacy and the patient's own pharmacy (issue 5;
// SPEC §7 "Pharmacies map and list", guest "getpharmacymap", "pharmacy").
import { MESSAGES, patientPharmacySchema, usStateSchema, zipSchema, pharmacySchema, pharmacySearchResultSchema, pharmacyMapSchema } from '@store/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppConfig } from '../../config.ts';
import { notFound } from '../../lib/problem.ts';
import { requireIdentity } from '../../plugins/identity.ts';
import { DEFAULT_MAP_RADIUS_MILES, MAX_RADIUS_MILES, type PharmacyService } from './pharmacies.service.ts';
import { perIpPerMinute } from '../../plugins/rate-limits.ts';

/** A query value: blank counts as not given. */
const optionalQuery = <O>(schema: z.ZodType<O, string>) =>
  z
    .string()
    .optional()
    .transform((v) => (v === undefined || v.trim() === '' ? undefined : v))
    .pipe(schema.optional());

const searchText = z
  .string()
  .trim()
  .min(2, { error: MESSAGES.MEDICATION_SEARCH_MIN })
  .max(100, { error: MESSAGES.ADDRESS_LINE_TOO_LONG });

const nearPoint = z
  .string()
  .regex(/^-?\d{1,2}(\.\d+)?,-?\d{1,3}(\.\d+)?$/, { error: 'Use "latitude,longitude".' })
  .transform((v) => {
    const [lat, lng] = v.split(',').map(Number) as [number, number];
    return { lat, lng };
  })
  .refine((p) => Math.abs(p.lat) <= 90 && Math.abs(p.lng) <= 180, { error: 'Use "latitude,longitude".' });

const radius = z.coerce.number<string>().min(1).max(MAX_RADIUS_MILES);

export const pharmacySearchQuery = z.object({
  zip: optionalQuery(zipSchema).describe('Nearest first from this ZIP code centroid'),
  city: optionalQuery(searchText).describe('City, optionally "City, ST"'),
  state: optionalQuery(usStateSchema),
  name: optionalQuery(searchText).describe('Part of the pharmacy name'),
  near: optionalQuery(nearPoint).describe('"lat,lng": nearest first from this point (when no ZIP)'),
  radiusMiles: optionalQuery(radius).describe('Around the ZIP: default 50 miles'),
  page: optionalQuery(z.coerce.number<string>().int().min(1).max(10_000)).default(1),
  pageSize: optionalQuery(z.coerce.number<string>().int().min(1).max(50)).default(20),
});

export const pharmacyRoutes: FastifyPluginAsyncZod<{ pharmacies: PharmacyService; config: AppConfig }> = async (
  app,
  { pharmacies, config },
) => {
  app.get(
    '/api/pharmacies',
    {
      config: { access: 'optional', rateLimit: perIpPerMinute('pharmacies') },
      schema: {
        tags: ['pharmacies'],
        summary: 'Search pharmacies by ZIP (nearest first, with miles), city or name; paginated',
        querystring: pharmacySearchQuery,
        response: { 200: pharmacySearchResultSchema },
      },
    },
    async (request) => pharmacies.search(request.storefront.id, request.identity, request.query),
  );

  app.get(
    '/api/pharmacies/map',
    {
      config: { access: 'optional', rateLimit: perIpPerMinute('pharmacies') },
      schema: {
        tags: ['pharmacies'],
        summary: 'Map markers around a ZIP code, nearest first, and the map tile source',
        querystring: z.object({
          zip: zipSchema,
          radiusMiles: optionalQuery(radius).default(DEFAULT_MAP_RADIUS_MILES),
        }),
        response: { 200: pharmacyMapSchema },
      },
    },
    async (request) => {
      const result = await pharmacies.mapMarkers(
        request.storefront.id,
        request.identity,
        request.query.zip,
        request.query.radiusMiles,
      );
      return { ...result, tiles: { url: config.MAP_TILE_URL, attribution: config.MAP_TILE_ATTRIBUTION } };
    },
  );

  app.get(
    '/api/pharmacies/partner',
    {
      config: { access: 'public' },
      schema: {
        operationId: 'getPartnerPharmacy',
        tags: ['pharmacies'],
        summary: "This storefront's partner mail-order pharmacy (404 when it has none)",
        response: { 200: pharmacySchema },
      },
    },
    async (request) => {
      const partner = await pharmacies.partnerPharmacy(request.storefront.id);
      if (!partner) throw notFound();
      return partner;
    },
  );

  app.get(
    '/api/pharmacies/:id',
    {
      config: { access: 'session' },
      schema: {
        tags: ['pharmacies'],
        summary: 'One pharmacy the caller may choose (directory, partner or their own)',
        params: z.object({ id: z.string().max(100) }),
        response: { 200: pharmacySchema },
      },
    },
    async (request) => pharmacies.getPharmacyForOrder(request.params.id, requireIdentity(request)),
  );

  app.post(
    '/api/pharmacies',
    {
      config: { access: 'session', rateLimit: perIpPerMinute('pharmacies') },
      schema: {
        tags: ['pharmacies'],
        summary: "Add the patient's own pharmacy (NPI checked with its check digit); only they see it",
        body: patientPharmacySchema,
        response: { 200: pharmacySchema, 201: pharmacySchema },
      },
    },
    async (request, reply) => {
      const identity = requireIdentity(request);
      const { pharmacy, created } = await pharmacies.addPatientPharmacy(identity, request.body);
      return reply.status(created ? 201 : 200).send(pharmacy);
    },
  );
};
