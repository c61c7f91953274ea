// Pharmacy choice (issue 5): search by ZIP (nearest first from the ZIP centroid), city or name;
// map markers around a ZIP; the patient's own pharmacy; and what the checkout engine asks for an
// order (a pharmacy the caller may use, the storefront's partner pharmacy).
import { roundMiles, type LatLng, type PatientPharmacy } from '@store/domain';
import type { Db, DbOrTx } from '../../db/client.ts';
import type { PharmacyRow } from '../../db/schema/pharmacies.ts';
import { fieldError, notFound } from '../../lib/problem.ts';
import type { Identity } from '../auth/sessions.service.ts';
import { createPharmacyRepo, type Viewer } from './pharmacies.repo.ts';
import { zipCentroid } from './zip-centroids.ts';

/** SPEC §3 Pharmacy: id, isPatientCreated, npi, name, fax, phone, pharmacyAddress; plus location. */
export interface Pharmacy {
  id: string;
  isPatientCreated: boolean;
  isPartner: boolean;
  npi: string;
  name: string;
  phone: string;
  fax: string | null;
  pharmacyAddress: { address: string; city: string; state: string; zip: string };
  location: LatLng | null;
  /** Miles from the search's ZIP centroid or point, one decimal; null without one. */
  distanceMiles: number | null;
}

export interface PharmacySearchQuery {
  zip?: string | undefined;
  city?: string | undefined;
  state?: string | undefined;
  name?: string | undefined;
  /** A point to measure from when no ZIP is given (the patient's location, the map's centre). */
  near?: LatLng | undefined;
  radiusMiles?: number | undefined;
  page: number;
  pageSize: number;
}

export interface PharmacySearchResult {
  items: Pharmacy[];
  page: number;
  pageSize: number;
  total: number;
  /** Where distances are measured from, or null (city or name search without a point). */
  origin: (LatLng & { zip: string | null; label: string }) | null;
  radiusMiles: number | null;
}

/** Default and largest search radius around a ZIP (miles). */
export const DEFAULT_SEARCH_RADIUS_MILES = 50;
export const DEFAULT_MAP_RADIUS_MILES = 25;
export const MAX_RADIUS_MILES = 200;
/** Markers on one map at most (the nearest). */
export const MAX_MAP_MARKERS = 200;

export function toPharmacy(row: PharmacyRow, distance: number | null = null): Pharmacy {
  return {
    id: row.id,
    isPatientCreated: row.isPatientCreated,
    isPartner: row.isPartner,
    npi: row.npi,
    name: row.name,
    phone: row.phone,
    fax: row.fax,
    pharmacyAddress: { address: row.addressLine, city: row.city, state: row.state, zip: row.zip },
    location: row.latitude !== null && row.longitude !== null ? { lat: row.latitude, lng: row.longitude } : null,
    distanceMiles: distance === null ? null : roundMiles(distance),
  };
}

function viewerOf(storefrontId: string, identity: Identity | null): Viewer {
  return {
    storefrontId,
    userId: identity?.kind === 'user' ? identity.userId : null,
    guestSessionId: identity?.kind === 'guest' ? identity.sessionId : null,
  };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** "Austin, TX" → city Austin in TX; a state given separately wins. */
function splitCity(city: string | undefined, state: string | undefined) {
  const m = city ? /^(.*\S)\s*,\s*([A-Za-z]{2})$/.exec(city) : null;
  if (m) return { city: m[1], state: state ?? m[2]!.toUpperCase() };
  return { city, state };
}

export function createPharmacyService(deps: { db: Db; now: () => Date }) {
  const { db, now } = deps;
  const repo = createPharmacyRepo(db);

  function centroidOrError(zip: string) {
    const centroid = zipCentroid(zip);
    if (!centroid) throw fieldError('zip', 'ZIP_UNKNOWN');
    return centroid;
  }

  return {
    /**
     * Search the pharmacies the caller may see. By ZIP: within radiusMiles of the ZIP centroid,
     * nearest first. By `near`: nearest first from that point. Otherwise by name. City and name
     * narrow any of these.
     */
    async search(storefrontId: string, identity: Identity | null, query: PharmacySearchQuery): Promise<PharmacySearchResult> {
      if (!query.zip && !query.city && !query.name && !query.near) {
        throw fieldError('zip', 'PHARMACY_SEARCH_EMPTY');
      }
      let origin: PharmacySearchResult['origin'] = null;
      let radiusMiles: number | null = null;
      if (query.zip) {
        const c = centroidOrError(query.zip);
        origin = { lat: c.lat, lng: c.lng, zip: c.zip, label: `${c.city}, ${c.state} ${c.zip}` };
        radiusMiles = query.radiusMiles ?? DEFAULT_SEARCH_RADIUS_MILES;
      } else if (query.near) {
        origin = { ...query.near, zip: null, label: 'your location' };
        radiusMiles = query.radiusMiles ?? null;
      }
      const { city, state } = splitCity(query.city, query.state);
      const { rows, total } = await repo.search({
        viewer: viewerOf(storefrontId, identity),
        origin,
        radiusMiles,
        city,
        state,
        name: query.name,
        limit: query.pageSize,
        offset: (query.page - 1) * query.pageSize,
      });
      return {
        items: rows.map((r) => toPharmacy(r, r.distanceMiles)),
        page: query.page,
        pageSize: query.pageSize,
        total,
        origin,
        radiusMiles,
      };
    },

    /** Map markers: the visible pharmacies within radiusMiles of a ZIP centroid, nearest first. */
    async mapMarkers(storefrontId: string, identity: Identity | null, zip: string, radiusMiles = DEFAULT_MAP_RADIUS_MILES) {
      const c = centroidOrError(zip);
      const { rows, total } = await repo.search({
        viewer: viewerOf(storefrontId, identity),
        origin: c,
        radiusMiles,
        limit: MAX_MAP_MARKERS,
        offset: 0,
      });
      return {
        center: { lat: c.lat, lng: c.lng, zip: c.zip, label: `${c.city}, ${c.state} ${c.zip}` },
        radiusMiles,
        total,
        markers: rows.map((r) => ({
          ...toPharmacy(r, r.distanceMiles),
          lat: r.latitude!,
          lng: r.longitude!,
        })),
      };
    },

    /**
     * The patient's own pharmacy (issue 5), stored as patient-created and owned by the caller
     * (guest session or user). Adding the same NPI again updates that pharmacy instead of adding a
     * second one. Located at its ZIP's centroid when the ZIP is known.
     */
    async addPatientPharmacy(identity: Identity, input: PatientPharmacy): Promise<{ pharmacy: Pharmacy; created: boolean }> {
      const viewer = viewerOf(identity.storefrontId, identity);
      const centroid = zipCentroid(input.zip);
      const values = {
        npi: input.npi,
        name: input.name,
        phone: input.phone,
        fax: input.fax,
        addressLine: input.address,
        city: input.city,
        state: input.state,
        zip: input.zip,
        latitude: centroid?.lat ?? null,
        longitude: centroid?.lng ?? null,
      };
      const existing = await repo.findOwnedByNpi(input.npi, viewer);
      if (existing) {
        return { pharmacy: toPharmacy(await repo.update(existing.id, { ...values, updatedAt: now() })), created: false };
      }
      const row = await repo.insert({
        ...values,
        isPatientCreated: true,
        isPartner: false,
        storefrontId: identity.storefrontId,
        createdByUserId: viewer.userId,
        guestSessionId: viewer.guestSessionId,
        createdAt: now(),
        updatedAt: now(),
      });
      return { pharmacy: toPharmacy(row), created: true };
    },

    /**
     * For the checkout engine: the pharmacy an order may be sent to, as seen by this caller — the
     * directory, the storefront's partner, or the caller's own. Anything else is a 404.
     */
    async getPharmacyForOrder(pharmacyId: string, identity: Identity): Promise<Pharmacy> {
      if (!UUID.test(pharmacyId)) throw notFound();
      const row = await repo.findVisible(pharmacyId, viewerOf(identity.storefrontId, identity));
      if (!row) throw notFound();
      return toPharmacy(row);
    },

    /** issue 15: the order's chosen pharmacy for the reviewing doctor (the caller checked the order is theirs to see). */
    async forStaff(pharmacyId: string): Promise<Pharmacy | null> {
      if (!UUID.test(pharmacyId)) return null;
      const row = await repo.byId(pharmacyId);
      return row ? toPharmacy(row) : null;
    },

    /** For the checkout engine: the storefront's partner mail-order pharmacy, or null if none. */
    async partnerPharmacy(storefrontId: string, executor?: DbOrTx): Promise<Pharmacy | null> {
      const row = await (executor ? createPharmacyRepo(executor) : repo).findPartner(storefrontId);
      return row ? toPharmacy(row) : null;
    },

    /** For sign-in: a guest's own pharmacies become the patient's (call beside the cart adoption). */
    adoptGuestPharmacies(guestSessionId: string, userId: string, tx?: DbOrTx): Promise<number> {
      return (tx ? createPharmacyRepo(tx) : repo).adoptGuest(guestSessionId, userId);
    },
  };
}
export type PharmacyService = ReturnType<typeof createPharmacyService>;
