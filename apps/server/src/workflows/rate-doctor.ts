// The patient rates their doctor (issue 16 "Doctor rating": "after a completed visit or review the
// patient rates 1–5 with an optional comment, once per order; bios show the real average and
// count"). The doctor rated is the one who saw the patient (the order's completed visit), else the
// one whose decision (approve or decline) closed the review. Only the signed-in patient's own order
// (anyone else's, and a guest's, is a 404). The rating and the doctor's new average and count are
// written in one transaction: the rating first (the unique index on the order lets one of two
// racing posts in, the other hears RATING_EXISTS), then, under the doctor's row lock, the average
// over the ratings committed so far.
import type { OrderRating, RatingInput, StorefrontConfig } from '@store/domain';
import type { Db, DbOrTx } from '../db/client.ts';
import { AppError, notFound } from '../lib/problem.ts';
import type { AuditContext, AuditService } from '../modules/audit/audit.service.ts';
import type { Identity } from '../modules/auth/sessions.service.ts';
import type { DoctorService } from '../modules/doctors/doctors.service.ts';
import type { OrdersService } from '../modules/orders/orders.service.ts';
import { isDuplicateRating, type RatingRow, type RatingsService } from '../modules/ratings/ratings.service.ts';
import type { ReviewService } from '../modules/reviews/reviews.service.ts';
import type { SchedulingService } from '../modules/scheduling/scheduling.service.ts';

export const RATING_EXISTS = 'You have already rated your doctor for this order.';
export const NOT_RATEABLE = 'You can rate your doctor after your visit, or once your doctor has reviewed your order.';

export function createRateDoctor(deps: {
  db: Db;
  now: () => Date;
  orders: Pick<OrdersService, 'state'>;
  scheduling: Pick<SchedulingService, 'completedForOrder'>;
  reviews: Pick<ReviewService, 'closingDecisionOf'>;
  doctors: Pick<DoctorService, 'byIds' | 'lockForRatingIn' | 'setRatingIn'>;
  ratings: Pick<RatingsService, 'forOrder' | 'insertIn' | 'summaryOfIn'>;
  audit: Pick<AuditService, 'record'>;
}) {
  const { db, now, orders, scheduling, reviews, doctors, ratings, audit } = deps;

  /** The signed-in patient's own order on this storefront; a guest, another's or an unknown one: 404. */
  async function assertOwn(storefront: StorefrontConfig, identity: Identity | null, orderId: string): Promise<string> {
    if (identity?.kind !== 'user') throw notFound();
    const state = await orders.state(db, { orderId, storefrontId: storefront.id, owner: { kind: 'user', userId: identity.userId } });
    if (!state) throw notFound();
    return identity.userId;
  }

  /** Whom the order's rating is for: the completed visit's doctor, else the deciding doctor; null before either. */
  async function doctorToRate(orderId: string, tx?: DbOrTx): Promise<string | null> {
    const visit = await scheduling.completedForOrder(orderId, tx);
    if (visit) return visit.doctorId;
    return (await reviews.closingDecisionOf(orderId, tx))?.doctorId ?? null;
  }

  async function viewOf(rating: RatingRow | null, doctorId: string | null): Promise<OrderRating> {
    const doctor = doctorId ? (await doctors.byIds([doctorId])).get(doctorId) : undefined;
    return {
      doctor: doctor ? { id: doctor.id, name: doctor.name, credentials: doctor.credentials, photoUrl: doctor.photoUrl } : null,
      canRate: !rating && Boolean(doctor),
      rating: rating ? { stars: rating.stars, comment: rating.comment, at: rating.at.toISOString() } : null,
    };
  }

  return {
    /** GET /api/orders/:id/rating: whom the patient may rate, and the rating they gave. */
    async view(storefront: StorefrontConfig, identity: Identity | null, orderId: string): Promise<OrderRating> {
      await assertOwn(storefront, identity, orderId);
      const rating = await ratings.forOrder(orderId);
      return viewOf(rating, rating?.doctorId ?? (await doctorToRate(orderId)));
    },

    /**
     * POST /api/orders/:id/rating: records the rating once; 409 RATING_EXISTS the second time,
     * 409 NOT_RATEABLE before a completed visit or a doctor's decision.
     */
    async rate(storefront: StorefrontConfig, identity: Identity | null, orderId: string, input: RatingInput, auditCtx: AuditContext): Promise<OrderRating> {
      const patientUserId = await assertOwn(storefront, identity, orderId);
      let rating: RatingRow;
      try {
        rating = await db.transaction(async (txRaw) => {
          const tx = txRaw as unknown as DbOrTx;
          if (await ratings.forOrder(orderId, tx)) throw new AppError(409, 'RATING_EXISTS', RATING_EXISTS);
          const doctorId = await doctorToRate(orderId, tx);
          if (!doctorId) throw new AppError(409, 'NOT_RATEABLE', NOT_RATEABLE);
          const row = await ratings.insertIn(tx, { orderId, doctorId, patientUserId, stars: input.stars, comment: input.comment ?? null, at: now() });
          await doctors.lockForRatingIn(tx, doctorId);
          await doctors.setRatingIn(tx, doctorId, await ratings.summaryOfIn(tx, doctorId));
          // Who rated whom and how many stars; never the comment.
          await audit.record({ ...auditCtx, action: 'doctor.rated', subject: { type: 'order', id: orderId }, details: { doctorId, stars: input.stars } }, tx);
          return row;
        });
      } catch (error) {
        if (isDuplicateRating(error)) throw new AppError(409, 'RATING_EXISTS', RATING_EXISTS);
        throw error;
      }
      return viewOf(rating, rating.doctorId);
    },
  };
}
export type RateDoctor = ReturnType<typeof createRateDoctor>;
