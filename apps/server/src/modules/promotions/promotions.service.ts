// Promo codes: percent or fixed amount, optional minimum subtotal, product restriction, start and
// end, usage limits overall and per patient. Redemptions are recorded when an order is paid and
// counted for the limits.
import type { Db, DbOrTx } from '../../db/client.ts';
import type { coupons } from '../../db/schema/promotions.ts';
import { problem } from '../../lib/problem.ts';
import { promotionsRepo as repo, type CouponRow, type PatientRef } from './promotions.repo.ts';
import { promoFailure, type Coupon, type PromoContext, type PromoFailure } from './promotions.rules.ts';

export type { Coupon, PatientRef, PromoFailure };

function toCoupon(row: CouponRow): Coupon {
  return {
    id: row.id,
    storefrontId: row.storefrontId,
    code: row.code.toUpperCase(),
    kind: row.kind,
    value: row.kind === 'percent' ? Number(row.percentOff ?? 0) : (row.amountOffCents ?? 0),
    minSubtotalCents: row.minSubtotalCents,
    productIds: row.productIds && row.productIds.length > 0 ? row.productIds : null,
    startsAt: row.startsAt,
    endsAt: row.endsAt,
    maxRedemptions: row.maxRedemptions,
    maxRedemptionsPerPatient: row.maxRedemptionsPerPatient,
    active: row.active,
  };
}

export interface CheckInput {
  now: Date;
  lines: PromoContext['lines'];
  patient: PatientRef;
}

export function createPromotionsService(deps: { db: Db }) {
  const { db } = deps;

  async function failureFor(executor: DbOrTx, coupon: Coupon | undefined, input: CheckInput): Promise<PromoFailure | null> {
    const redeemed = coupon ? await repo.redemptionCounts(executor, coupon.id, input.patient) : { total: 0, byPatient: 0 };
    return promoFailure(coupon, { now: input.now, lines: input.lines, redeemed });
  }

  return {
    async findByCode(storefrontId: string, code: string, executor: DbOrTx = db): Promise<Coupon | undefined> {
      const row = await repo.byCode(executor, storefrontId, code.trim());
      return row ? toCoupon(row) : undefined;
    },
    async getById(id: string, executor: DbOrTx = db): Promise<Coupon | undefined> {
      const row = await repo.byId(executor, id);
      return row ? toCoupon(row) : undefined;
    },
    /** Why the coupon cannot apply to these lines now (null: it applies). */
    failureFor(coupon: Coupon | undefined, input: CheckInput, executor: DbOrTx = db): Promise<PromoFailure | null> {
      return failureFor(executor, coupon, input);
    },
    /**
     * Records that an order used its coupon (called when the order is paid, inside the payment's
     * transaction). The coupon row is locked so two payments cannot both take the last use; a code
     * that has meanwhile become invalid is refused with PROMO_INVALID. Idempotent per order.
     */
    async redeem(
      input: { couponId: string; orderId: string; patient: PatientRef; discountCents: number; now: Date; lines: PromoContext['lines'] },
      executor: DbOrTx = db,
    ): Promise<boolean> {
      const row = await repo.byId(executor, input.couponId, { forUpdate: true });
      // Already recorded for this very order: nothing to do.
      if (await repo.hasRedemption(executor, input.orderId)) return false;
      const coupon = row ? toCoupon(row) : undefined;
      if (await failureFor(executor, coupon, input)) throw problem(422, 'PROMO_INVALID');
      return repo.insertRedemption(executor, {
        couponId: input.couponId,
        orderId: input.orderId,
        userId: input.patient.userId,
        guestSessionId: input.patient.guestSessionId,
        discountCents: input.discountCents,
      });
    },
    redemptionCounts(couponId: string, patient: PatientRef, executor: DbOrTx = db) {
      return repo.redemptionCounts(executor, couponId, patient);
    },
    /** For seeds, tests and (later) the operator's screens. */
    async createCoupon(row: typeof coupons.$inferInsert, executor: DbOrTx = db): Promise<Coupon> {
      return toCoupon(await repo.insertCoupon(executor, { ...row, code: row.code.toUpperCase() }));
    },
  };
}
export type PromotionsService = ReturnType<typeof createPromotionsService>;
