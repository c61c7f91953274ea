// The operator's partner pharmacies (issue 18): the mail-order pharmacy of each of the company's
// storefronts (pharmacies.is_partner; one partner per storefront, pharmacies.storefront_id), listed
// paged, added and edited with the domain's NPI, phone, fax and address rules. A partner pharmacy
// belongs to the company through its storefront: one of another company's is a 404. Every change
// is audited with before and after in its transaction. Its pharmacists are the fulfilment module's
// (pharmacy_staff), invited by the admin-people workflow.
import { changedFields, type PartnerPharmacy } from '@store/domain';
import { and, asc, count, eq, inArray, ne, or } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { pharmacies, type PharmacyRow } from '../../db/schema/pharmacies.ts';
import { AppError, notFound } from '../../lib/problem.ts';
import type { AuditContext, AuditService } from '../audit/audit.service.ts';
import { zipCentroid } from './zip-centroids.ts';

export interface PharmacyAdminScope {
  /** The company's storefront ids (adminStorefronts.idsOf). */
  storefrontIds: string[];
  audit: AuditContext;
}

function snapshot(row: PharmacyRow) {
  return {
    name: row.name,
    npi: row.npi,
    phone: row.phone,
    fax: row.fax,
    address: row.addressLine,
    city: row.city,
    state: row.state,
    zip: row.zip,
    storefrontId: row.storefrontId,
  };
}

export function toAdminPharmacy(row: PharmacyRow) {
  return { id: row.id, ...snapshot(row), storefrontId: row.storefrontId! };
}

function isUniqueViolation(err: unknown): boolean {
  for (let e = err as { code?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) if (e.code === '23505') return true;
  return false;
}

const conflict = (field: string, code: string, message: string) => new AppError(409, code, message, { errors: [{ field, message }] });

export function createPharmaciesAdmin(deps: { db: Db; now: () => Date; audit: Pick<AuditService, 'record'> }) {
  const { db, now, audit } = deps;
  const partnersOf = (storefrontIds: string[]) =>
    and(eq(pharmacies.isPartner, true), eq(pharmacies.isPatientCreated, false), inArray(pharmacies.storefrontId, storefrontIds.length ? storefrontIds : ['00000000-0000-0000-0000-000000000000']));

  async function one(tx: DbOrTx, scope: Pick<PharmacyAdminScope, 'storefrontIds'>, id: string, lock = false) {
    const q = tx.select().from(pharmacies).where(and(partnersOf(scope.storefrontIds), eq(pharmacies.id, id))).limit(1);
    const [row] = lock ? await q.for('update') : await q;
    return row;
  }

  /** The same NPI, or a partner already on that storefront: a message beside the field, not a 500. */
  async function clashes(tx: DbOrTx, input: PartnerPharmacy, exceptId: string | null) {
    const others = await tx
      .select({ id: pharmacies.id, npi: pharmacies.npi, storefrontId: pharmacies.storefrontId, isPartner: pharmacies.isPartner })
      .from(pharmacies)
      .where(
        and(
          eq(pharmacies.isPatientCreated, false),
          exceptId ? ne(pharmacies.id, exceptId) : undefined,
          or(eq(pharmacies.npi, input.npi), and(eq(pharmacies.isPartner, true), eq(pharmacies.storefrontId, input.storefrontId))),
        ),
      );
    if (others.some((r) => r.isPartner && r.storefrontId === input.storefrontId))
      throw conflict('storefrontId', 'PARTNER_EXISTS', 'This storefront already has a partner pharmacy.');
    if (others.some((r) => r.npi === input.npi)) throw conflict('npi', 'NPI_TAKEN', 'A pharmacy with this NPI is already listed.');
  }

  function values(input: PartnerPharmacy) {
    const centroid = zipCentroid(input.zip);
    return {
      name: input.name,
      npi: input.npi,
      phone: input.phone,
      fax: input.fax,
      addressLine: input.address,
      city: input.city,
      state: input.state,
      zip: input.zip,
      storefrontId: input.storefrontId,
      latitude: centroid?.lat ?? null,
      longitude: centroid?.lng ?? null,
    };
  }

  async function guarded<T>(run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (err) {
      if (isUniqueViolation(err)) throw conflict('npi', 'NPI_TAKEN', 'A pharmacy with this NPI is already listed.');
      throw err;
    }
  }

  return {
    async page(scope: Pick<PharmacyAdminScope, 'storefrontIds'>, query: { page: number; pageSize: number }) {
      const where = partnersOf(scope.storefrontIds);
      const [rows, [total]] = await Promise.all([
        db.select().from(pharmacies).where(where).orderBy(asc(pharmacies.name), asc(pharmacies.id)).offset((query.page - 1) * query.pageSize).limit(query.pageSize),
        db.select({ n: count() }).from(pharmacies).where(where),
      ]);
      return { items: rows.map(toAdminPharmacy), total: total?.n ?? 0 };
    },

    /** The company's partner pharmacy, or null (unknown, a directory or patient one, another company's). */
    async get(scope: Pick<PharmacyAdminScope, 'storefrontIds'>, id: string): Promise<PharmacyRow | null> {
      return (await one(db, scope, id)) ?? null;
    },

    /** `input.storefrontId` is one of the company's (the route checked it). */
    create(scope: PharmacyAdminScope, input: PartnerPharmacy) {
      return guarded(() =>
        db.transaction(async (tx) => {
          await clashes(tx, input, null);
          const at = now();
          const [row] = await tx.insert(pharmacies).values({ ...values(input), isPartner: true, createdAt: at, updatedAt: at }).returning();
          await audit.record({ action: 'admin.pharmacy.created', subject: { type: 'pharmacy', id: row!.id }, ...scope.audit, change: { before: null, after: snapshot(row!) } }, tx);
          return toAdminPharmacy(row!);
        }),
      );
    },

    update(scope: PharmacyAdminScope, id: string, input: PartnerPharmacy) {
      return guarded(() =>
        db.transaction(async (tx) => {
          const before = await one(tx, scope, id, true);
          if (!before) throw notFound();
          await clashes(tx, input, id);
          const [row] = await tx.update(pharmacies).set({ ...values(input), updatedAt: now() }).where(eq(pharmacies.id, id)).returning();
          await audit.record({ action: 'admin.pharmacy.updated', subject: { type: 'pharmacy', id }, ...scope.audit, change: changedFields(snapshot(before), snapshot(row!)) }, tx);
          return toAdminPharmacy(row!);
        }),
      );
    },
  };
}
export type PharmaciesAdmin = ReturnType<typeof createPharmaciesAdmin>;
