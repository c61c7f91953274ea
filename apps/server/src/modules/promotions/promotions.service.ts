// Promo codes: percent or fixed amount, optional minimum subtotal, product restriction, start and
// end, usage limits overall and per patient. A redemption is claimed in the transaction that claims
// the order's payment, before the card is charged, and counts for the limits while that payment is
// live (issue 13 #2).
import { MESSAGES } from '@store/domain';
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
  /** The order asking: its own claim is not counted as another use. */
  orderId?: string | undefined;
}

export function createPromotionsService(deps: { db: Db }) {
  const { db } = deps;

  async function failureFor(executor: DbOrTx, coupon: Coupon | undefined, input: CheckInput): Promise<PromoFailure | null> {
    const redeemed = coupon ? await repo.redemptionCounts(executor, coupon.id, input.patient, input.orderId) : { total: 0, byPatient: 0 };
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
     * Claims a use of the coupon for an order, inside the transaction that claims the order's
     * payment (before the card is charged). The coupon row is locked, so on PostgreSQL two payments
     * cannot both take its last use (nor a patient's last use); the count is read after the lock.
     * A code that is no longer valid for the order is refused with PROMO_INVALID. The claim holds
     * while the order's payment is live: a declined or released payment gives it back.
     */
    async claim(
      input: { couponId: string; orderId: string; patient: PatientRef; discountCents: number; now: Date; lines: PromoContext['lines'] },
      executor: DbOrTx,
    ): Promise<void> {
      const row = await repo.byId(executor, input.couponId, { forUpdate: true });
      const coupon = row ? toCoupon(row) : undefined;
      if (await failureFor(executor, coupon, input)) {
        throw problem(422, 'PROMO_INVALID', [{ field: 'promoCode', message: MESSAGES.PROMO_INVALID }]);
      }
      await repo.upsertRedemption(executor, {
        couponId: input.couponId,
        orderId: input.orderId,
        userId: input.patient.userId,
        guestSessionId: input.patient.guestSessionId,
        discountCents: input.discountCents,
        redeemedAt: input.now,
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
