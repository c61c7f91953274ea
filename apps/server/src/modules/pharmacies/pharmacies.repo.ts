// Pharmacy queries. Visibility lives here, once: the directory (no storefront or this storefront),
// plus the caller's own patient-created pharmacies; partners only where asked for.
import { EARTH_RADIUS_MILES, type LatLng } from '@store/domain';
import { and, asc, eq, ilike, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { pharmacies, type PharmacyRow } from '../../db/schema/pharmacies.ts';

/** Who is looking: their storefront, and their user id or guest session (for their own pharmacies). */
export interface Viewer {
  storefrontId: string;
  userId: string | null;
  guestSessionId: string | null;
}

export interface SearchFilter {
  viewer: Viewer;
  origin: LatLng | null;
  radiusMiles: number | null;
  city?: string | undefined;
  state?: string | undefined;
  name?: string | undefined;
  limit: number;
  offset: number;
}

export type PharmacyWithDistance = PharmacyRow & { distanceMiles: number | null };

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

function ownedBy(viewer: Viewer): SQL {
  const owner = viewer.userId
    ? eq(pharmacies.createdByUserId, viewer.userId)
    : viewer.guestSessionId
      ? and(isNull(pharmacies.createdByUserId), eq(pharmacies.guestSessionId, viewer.guestSessionId))
      : sql`false`;
  return and(eq(pharmacies.isPatientCreated, true), eq(pharmacies.storefrontId, viewer.storefrontId), owner)!;
}

/** The shared directory (and this storefront's own directory rows), never partners. */
function directoryOf(storefrontId: string): SQL {
  return and(
    eq(pharmacies.isPatientCreated, false),
    eq(pharmacies.isPartner, false),
    or(isNull(pharmacies.storefrontId), eq(pharmacies.storefrontId, storefrontId)),
  )!;
}

/** Haversine in SQL, the same formula as the domain's distanceMiles. */
function distanceSql(origin: LatLng): SQL<number> {
  const lat = sql`${origin.lat}::double precision`;
  const lng = sql`${origin.lng}::double precision`;
  const radius = sql`${EARTH_RADIUS_MILES}::double precision`;
  return sql<number>`(2 * ${radius} * asin(least(1, sqrt(
    power(sin(radians(${pharmacies.latitude} - ${lat}) / 2), 2) +
    cos(radians(${lat})) * cos(radians(${pharmacies.latitude})) *
    power(sin(radians(${pharmacies.longitude} - ${lng}) / 2), 2)))))`;
}

/** A latitude/longitude box around the origin that contains the radius (lets the index prune). */
function boundingBox(origin: LatLng, miles: number): SQL {
  const dLat = miles / 69.0;
  const dLng = miles / (69.17 * Math.max(0.05, Math.cos((origin.lat * Math.PI) / 180)));
  return and(
    sql`${pharmacies.latitude} between ${origin.lat - dLat}::double precision and ${origin.lat + dLat}::double precision`,
    sql`${pharmacies.longitude} between ${origin.lng - dLng}::double precision and ${origin.lng + dLng}::double precision`,
  )!;
}

export function createPharmacyRepo(db: DbOrTx) {
  function searchConditions(filter: SearchFilter): SQL {
    const conditions: SQL[] = [or(directoryOf(filter.viewer.storefrontId), ownedBy(filter.viewer))!];
    if (filter.name) conditions.push(ilike(pharmacies.name, `%${escapeLike(filter.name)}%`));
    if (filter.city) conditions.push(sql`lower(${pharmacies.city}) = lower(${filter.city})`);
    if (filter.state) conditions.push(eq(pharmacies.state, filter.state));
    if (filter.origin) {
      conditions.push(sql`${pharmacies.latitude} is not null`);
      if (filter.radiusMiles !== null) {
        conditions.push(boundingBox(filter.origin, filter.radiusMiles));
        conditions.push(sql`${distanceSql(filter.origin)} <= ${filter.radiusMiles}::double precision`);
      }
    }
    return and(...conditions)!;
  }

  return {
    /** One page of visible pharmacies, nearest first when there is an origin, else by name. */
    async search(filter: SearchFilter): Promise<{ rows: PharmacyWithDistance[]; total: number }> {
      const where = searchConditions(filter);
      const distance = filter.origin ? distanceSql(filter.origin) : sql<null>`null::double precision`;
      const [rows, [count]] = await Promise.all([
        db
          .select({ pharmacy: pharmacies, distanceMiles: distance })
          .from(pharmacies)
          .where(where)
          // Names in byte order (COLLATE "C"): the same order on PGlite and on any PostgreSQL locale.
          .orderBy(...(filter.origin ? [asc(distance)] : []), sql`${pharmacies.name} collate "C"`, asc(pharmacies.id))
          .limit(filter.limit)
          .offset(filter.offset),
        db.select({ total: sql<number>`count(*)::int` }).from(pharmacies).where(where),
      ]);
      return {
        rows: rows.map((r) => ({
          ...r.pharmacy,
          distanceMiles: r.distanceMiles === null ? null : Number(r.distanceMiles),
        })),
        total: count?.total ?? 0,
      };
    },

    async byId(id: string): Promise<PharmacyRow | null> {
      const [row] = await db.select().from(pharmacies).where(eq(pharmacies.id, id)).limit(1);
      return row ?? null;
    },

    /** A pharmacy the viewer may choose: directory, this storefront's partner, or their own. */
    async findVisible(id: string, viewer: Viewer): Promise<PharmacyRow | null> {
      const [row] = await db
        .select()
        .from(pharmacies)
        .where(
          and(
            eq(pharmacies.id, id),
            or(
              directoryOf(viewer.storefrontId),
              and(eq(pharmacies.isPartner, true), eq(pharmacies.storefrontId, viewer.storefrontId)),
              ownedBy(viewer),
            ),
          ),
        )
        .limit(1);
      return row ?? null;
    },

    async findPartner(storefrontId: string): Promise<PharmacyRow | null> {
      const [row] = await db
        .select()
        .from(pharmacies)
        .where(and(eq(pharmacies.isPartner, true), eq(pharmacies.storefrontId, storefrontId)))
        .limit(1);
      return row ?? null;
    },

    /** The viewer's own pharmacy with this NPI (a second add of the same pharmacy updates it). */
    async findOwnedByNpi(npi: string, viewer: Viewer): Promise<PharmacyRow | null> {
      const [row] = await db
        .select()
        .from(pharmacies)
        .where(and(eq(pharmacies.npi, npi), ownedBy(viewer)))
        .limit(1);
      return row ?? null;
    },

    async insert(values: typeof pharmacies.$inferInsert): Promise<PharmacyRow> {
      const [row] = await db.insert(pharmacies).values(values).returning();
      return row!;
    },

    async update(id: string, values: Partial<typeof pharmacies.$inferInsert>): Promise<PharmacyRow> {
      const [row] = await db.update(pharmacies).set(values).where(eq(pharmacies.id, id)).returning();
      return row!;
    },

    /** Hands a guest's own pharmacies to the patient they signed in as. */
    async adoptGuest(guestSessionId: string, userId: string): Promise<number> {
      const rows = await db
        .update(pharmacies)
        .set({ createdByUserId: userId })
        .where(
          and(
            eq(pharmacies.isPatientCreated, true),
            eq(pharmacies.guestSessionId, guestSessionId),
            isNull(pharmacies.createdByUserId),
          ),
        )
        .returning({ id: pharmacies.id });
      return rows.length;
    },
  };
}
export type PharmacyRepo = ReturnType<typeof createPharmacyRepo>;
