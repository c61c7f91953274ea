// A patient's rating of their doctor (issue 16 "Doctor rating"; DATA-MODEL.md doctor_ratings): 1 to
// 5 stars and an optional comment, once per order (a unique index: two posts racing insert one).
// The rate-doctor workflow decides whom the order's rating is for and keeps the doctor's average
// and count on the doctor's row in the rating's own transaction.
import type { Db, DbOrTx } from '../../db/client.ts';
import { ratingsRepo as repo, type RatingRow } from './ratings.repo.ts';

export type { RatingRow };

/** The unique index that keeps one rating per order (db/schema/ratings.ts). */
const ONE_PER_ORDER = 'doctor_ratings_order_unique';

/** True when `error` is the insert of a second rating for an order (the unique index refused it). */
export function isDuplicateRating(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 4; depth++) {
    if ((e as { code?: unknown }).code === '23505') {
      const name = (e as { constraint?: unknown }).constraint;
      return name === undefined || name === ONE_PER_ORDER;
    }
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

export function createRatingsService(deps: { db: Db }) {
  return {
    /** The order's rating, or null; read in `tx` when given. */
    async forOrder(orderId: string, tx?: DbOrTx): Promise<RatingRow | null> {
      return (await repo.byOrder(tx ?? deps.db, orderId)) ?? null;
    },

    /** Records the rating in the caller's transaction; a second one for the order throws (see `isDuplicateRating`). */
    async insertIn(tx: DbOrTx, input: { orderId: string; doctorId: string; patientUserId: string; stars: number; comment: string | null; at: Date }): Promise<RatingRow> {
      return repo.insert(tx, input);
    },

    /** The doctor's average (2 decimals; null with none) and count, read in `tx` (after the doctor's row is locked). */
    async summaryOfIn(tx: DbOrTx, doctorId: string): Promise<{ average: number | null; count: number }> {
      return repo.summaryOf(tx, doctorId);
    },
  };
}
export type RatingsService = ReturnType<typeof createRatingsService>;
