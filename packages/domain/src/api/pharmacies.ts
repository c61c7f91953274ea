// A pharmacy, a search's page of them and the map's markers, as the API serves them.
import { z } from 'zod';

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

export const pharmacyOriginSchema = latLng.extend({ zip: z.string().nullable(), label: z.string() });

export const pharmacySearchResultSchema = z
  .object({
    items: z.array(pharmacySchema),
    page: z.int(),
    pageSize: z.int(),
    total: z.int(),
    origin: pharmacyOriginSchema.nullable(),
    radiusMiles: z.number().nullable(),
  })
  .meta({ id: 'PharmacySearchResult' });

export const pharmacyMapSchema = z
  .object({
    center: pharmacyOriginSchema,
    radiusMiles: z.number(),
    total: z.int().describe('Pharmacies in the radius; at most 200 markers are returned'),
    markers: z.array(pharmacySchema.extend({ lat: z.number(), lng: z.number() })),
    tiles: z.object({ url: z.string(), attribution: z.string() }),
  })
  .meta({ id: 'PharmacyMap' });

export type PharmacyView = z.infer<typeof pharmacySchema>;
