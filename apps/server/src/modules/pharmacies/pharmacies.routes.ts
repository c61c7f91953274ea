// Pharmacy search, map markers, the partner pharmacy and the patient's own pharmacy (issue 5;
// SPEC §7 "Pharmacies map and list", guest "getpharmacymap", "pharmacy").
import {
  MESSAGES,
  patientPharmacySchema,
  usStateSchema,
  zipSchema,
} from '@store/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppConfig } from '../../config.ts';
import { notFound } from '../../lib/problem.ts';
import { requireIdentity } from '../../plugins/identity.ts';
import { DEFAULT_MAP_RADIUS_MILES, MAX_RADIUS_MILES, type PharmacyService } from './pharmacies.service.ts';

const latLng = z.object({ lat: z.number(), lng: z.number() });

export const pharmacySchema = z
  .object({
    id: z.string(),
    isPatientCreated: z.boolean(),
    isPartner: z.boolean().describe("The storefront's own mail-order pharmacy"),
    npi: z.string(),
    name: z.string(),
    phone: z.string().describe('10 digits'),
    fax: z.string().nullable(),
    pharmacyAddress: z.object({ address: z.string(), city: z.string(), state: z.string(), zip: z.string() }),
    location: latLng.nullable(),
    distanceMiles: z.number().nullable().describe('Miles from the searched ZIP or point, one decimal'),
  })
  .meta({ id: 'Pharmacy' });

const origin = latLng.extend({ zip: z.string().nullable(), label: z.string() });

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

const searchResponse = z
  .object({
    items: z.array(pharmacySchema),
    page: z.int(),
    pageSize: z.int(),
    total: z.int(),
    origin: origin.nullable(),
    radiusMiles: z.number().nullable(),
  })
  .meta({ id: 'PharmacySearchResult' });

const mapResponse = z
  .object({
    center: origin,
    radiusMiles: z.number(),
    total: z.int().describe('Pharmacies in the radius; at most 200 markers are returned'),
    markers: z.array(pharmacySchema.extend({ lat: z.number(), lng: z.number() })),
    tiles: z.object({ url: z.string(), attribution: z.string() }),
  })
  .meta({ id: 'PharmacyMap' });

export const pharmacyRoutes: FastifyPluginAsyncZod<{ pharmacies: PharmacyService; config: AppConfig }> = async (
  app,
  { pharmacies, config },
) => {
  app.get(
    '/api/pharmacies',
    {
      schema: {
        tags: ['pharmacies'],
        summary: 'Search pharmacies by ZIP (nearest first, with miles), city or name; paginated',
        querystring: pharmacySearchQuery,
        response: { 200: searchResponse },
      },
    },
    async (request) => pharmacies.search(request.storefront.id, request.identity, request.query),
  );

  app.get(
    '/api/pharmacies/map',
    {
      schema: {
        tags: ['pharmacies'],
        summary: 'Map markers around a ZIP code, nearest first, and the map tile source',
        querystring: z.object({
          zip: zipSchema,
          radiusMiles: optionalQuery(radius).default(DEFAULT_MAP_RADIUS_MILES),
        }),
        response: { 200: mapResponse },
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
      schema: {
        tags: ['pharmacies'],
        summary: "This storefront's partner mail-order pharmacy",
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
