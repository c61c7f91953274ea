// The operator's promo codes (issue 18): one storefront's codes listed with their live uses,
// created, edited and switched on or off, each change audited with its before and after in the
// change's transaction. The store reads codes from the database on every apply (no cache), so a
// change holds for the next cart at once.
//
// Once a code has a live use, its code and discount (kind and value) are frozen: receipts and the
// patients who used it name that code and that discount. Limits, dates, minimum, products and
// on/off may change and hold for later uses only (orders already paid keep their discount).
import {
  changedFields,
  COMMERCE_MESSAGES,
  pageOffset,
  type AdminCoupon,
  type AdminCouponInput,
  type AdminPage,
  type AdminPageQuery,
} from '@store/domain';
import type { Db, DbOrTx } from '../../db/client.ts';
import type { coupons } from '../../db/schema/promotions.ts';
import { AppError, notFound } from '../../lib/problem.ts';
import type { AuditContext, AuditService } from '../audit/audit.service.ts';
import type { CatalogService } from '../catalog/catalog.service.ts';
import { promotionsRepo as repo, type CouponRow } from './promotions.repo.ts';

/** The admin's change: who (audit context) and the company's storefronts (for ids in bodies). */
export interface CouponChangeBy {
  audit: AuditContext;
  companyStorefrontIds: readonly string[];
}

/** The configuration a change is audited with (never a patient's data). */
function configOf(row: CouponRow): Record<string, unknown> {
  return {
    code: row.code,
    kind: row.kind,
    percentOff: row.percentOff === null ? null : Number(row.percentOff),
    amountOffCents: row.amountOffCents,
    minSubtotalCents: row.minSubtotalCents,
    productIds: row.productIds ?? [],
    startsAt: row.startsAt?.toISOString() ?? null,
    endsAt: row.endsAt?.toISOString() ?? null,
    maxRedemptions: row.maxRedemptions,
    maxRedemptionsPerPatient: row.maxRedemptionsPerPatient,
    active: row.active,
  };
}

function rowOf(input: AdminCouponInput): Omit<typeof coupons.$inferInsert, 'storefrontId'> {
  return {
    code: input.code,
    kind: input.kind,
    percentOff: input.percentOff,
    amountOffCents: input.amountOffCents,
    minSubtotalCents: input.minSubtotalCents,
    productIds: input.productIds.length > 0 ? input.productIds : null,
    startsAt: input.startsAt ? new Date(input.startsAt) : null,
    endsAt: input.endsAt ? new Date(input.endsAt) : null,
    maxRedemptions: input.maxRedemptions,
    maxRedemptionsPerPatient: input.maxRedemptionsPerPatient,
    active: input.active,
  };
}

/** Postgres unique_violation (the code's index), from `pg` or PGlite (which may wrap it). */
function isUniqueViolation(err: unknown): boolean {
  for (let e = err as { code?: string; cause?: unknown } | undefined, depth = 0; e && depth < 4; e = e.cause as typeof e, depth++) {
    if (e.code === '23505') return true;
  }
  return false;
}

const codeTaken = () =>
  new AppError(409, 'PROMO_CODE_TAKEN', COMMERCE_MESSAGES.CODE_TAKEN, { errors: [{ field: 'code', message: COMMERCE_MESSAGES.CODE_TAKEN }] });

export function createPromotionsAdmin(deps: {
  db: Db;
  audit: Pick<AuditService, 'record'>;
  catalog: Pick<CatalogService, 'findAny' | 'listProducts'>;
}) {
  const { db, audit, catalog } = deps;

  async function view(row: CouponRow, uses: number): Promise<AdminCoupon> {
    const products = await Promise.all(
      (row.productIds ?? []).map(async (id) => ({ id, title: (await catalog.findAny(row.storefrontId, id))?.title ?? 'Unknown product' })),
    );
    return {
      id: row.id,
      code: row.code,
      kind: row.kind,
      percentOff: row.percentOff === null ? null : Number(row.percentOff),
      amountOffCents: row.amountOffCents,
      minSubtotalCents: row.minSubtotalCents,
      products,
      startsAt: row.startsAt?.toISOString() ?? null,
      endsAt: row.endsAt?.toISOString() ?? null,
      maxRedemptions: row.maxRedemptions,
      maxRedemptionsPerPatient: row.maxRedemptionsPerPatient,
      active: row.active,
      uses,
      createdAt: row.createdAt.toISOString(),
    };
  }

  /**
   * Every product id must be one of this storefront's products (read through the catalogue). One
   * of another of the company's storefronts is a field message; one the company does not have at
   * all (unknown, or another company's) is the 404 of an unknown id.
   */
  async function checkProducts(storefrontId: string, ids: readonly string[], by: CouponChangeBy): Promise<void> {
    for (const id of ids) {
      if (await catalog.findAny(storefrontId, id)) continue;
      const elsewhere = await Promise.all(by.companyStorefrontIds.map((s) => catalog.findAny(s, id)));
      if (!elsewhere.some(Boolean)) throw notFound();
      throw new AppError(400, 'VALIDATION_FAILED', COMMERCE_MESSAGES.PRODUCT_UNKNOWN, {
        errors: [{ field: 'productIds', message: COMMERCE_MESSAGES.PRODUCT_UNKNOWN }],
      });
    }
  }

  /** The storefront's code by id (404 when it is another storefront's or unknown), locked in `tx`. */
  async function mine(tx: DbOrTx, storefrontId: string, id: string): Promise<CouponRow> {
    const row = await repo.byId(tx, id, { forUpdate: true });
    if (!row || row.storefrontId !== storefrontId) throw notFound();
    return row;
  }

  async function liveUses(tx: DbOrTx, couponId: string): Promise<number> {
    return (await repo.redemptionCounts(tx, couponId, { userId: null, guestSessionId: null })).total;
  }

  async function assertCodeFree(tx: DbOrTx, storefrontId: string, code: string, self?: string): Promise<void> {
    const other = await repo.byCode(tx, storefrontId, code);
    if (other && other.id !== self) throw codeTaken();
  }

  return {
    async list(storefrontId: string, query: AdminPageQuery): Promise<AdminPage<AdminCoupon>> {
      const { rows, total } = await repo.page(db, storefrontId, pageOffset(query), query.pageSize);
      return { items: await Promise.all(rows.map((r) => view(r, r.uses))), total, page: query.page, pageSize: query.pageSize };
    },

    async one(storefrontId: string, id: string): Promise<AdminCoupon> {
      const row = await repo.byId(db, id);
      if (!row || row.storefrontId !== storefrontId) throw notFound();
      return view(row, await liveUses(db, id));
    },

    /** The products a code may be restricted to: the storefront's products on sale. */
    async products(storefrontId: string): Promise<{ id: string; title: string }[]> {
      return (await catalog.listProducts(storefrontId)).map((p) => ({ id: p.id, title: p.title }));
    },

    async create(storefrontId: string, input: AdminCouponInput, by: CouponChangeBy): Promise<AdminCoupon> {
      await checkProducts(storefrontId, input.productIds, by);
      try {
        const row = await db.transaction(async (tx) => {
          await assertCodeFree(tx, storefrontId, input.code);
          const created = await repo.insertCoupon(tx, { ...rowOf(input), storefrontId });
          await audit.record(
            { ...by.audit, storefrontId, action: 'admin.coupon.created', subject: { type: 'coupon', id: created.id }, change: { before: null, after: configOf(created) } },
            tx,
          );
          return created;
        });
        return view(row, 0);
      } catch (e) {
        throw isUniqueViolation(e) ? codeTaken() : e;
      }
    },

    async update(storefrontId: string, id: string, input: AdminCouponInput, by: CouponChangeBy): Promise<AdminCoupon> {
      await checkProducts(storefrontId, input.productIds, by);
      try {
        const [row, uses] = await db.transaction(async (tx) => {
          const before = await mine(tx, storefrontId, id);
          const uses = await liveUses(tx, id);
          const next = rowOf(input);
          if (uses > 0) {
            const was = configOf(before);
            const frozen = (['code', 'kind', 'percentOff', 'amountOffCents'] as const).filter(
              (k) => JSON.stringify(was[k]) !== JSON.stringify(input[k]),
            );
            if (frozen.length > 0) {
              throw new AppError(409, 'COUPON_USED', COMMERCE_MESSAGES.COUPON_USED_LOCKED, {
                errors: frozen.map((field) => ({ field, message: COMMERCE_MESSAGES.COUPON_USED_LOCKED })),
              });
            }
          }
          await assertCodeFree(tx, storefrontId, input.code, id);
          const after = await repo.updateCoupon(tx, id, next);
          await audit.record(
            { ...by.audit, storefrontId, action: 'admin.coupon.updated', subject: { type: 'coupon', id }, change: changedFields(configOf(before), configOf(after)) },
            tx,
          );
          return [after, uses] as const;
        });
        return view(row, uses);
      } catch (e) {
        throw isUniqueViolation(e) ? codeTaken() : e;
      }
    },

    async setActive(storefrontId: string, id: string, active: boolean, by: Pick<CouponChangeBy, 'audit'>): Promise<AdminCoupon> {
      const [row, uses] = await db.transaction(async (tx) => {
        const before = await mine(tx, storefrontId, id);
        const after = before.active === active ? before : await repo.updateCoupon(tx, id, { active });
        if (after !== before) {
          await audit.record(
            {
              ...by.audit,
              storefrontId,
              action: active ? 'admin.coupon.activated' : 'admin.coupon.deactivated',
              subject: { type: 'coupon', id },
              change: changedFields(configOf(before), configOf(after)),
            },
            tx,
          );
        }
        return [after, await liveUses(tx, id)] as const;
      });
      return view(row, uses);
    },
  };
}

export type PromotionsAdmin = ReturnType<typeof createPromotionsAdmin>;
