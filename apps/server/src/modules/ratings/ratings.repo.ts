// Doctor ratings (private to the ratings module).
import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { doctorRatings } from '../../db/schema/ratings.ts';

export type RatingRow = typeof doctorRatings.$inferSelect;
export type NewRating = typeof doctorRatings.$inferInsert;

export const ratingsRepo = {
  async byOrder(db: DbOrTx, orderId: string): Promise<RatingRow | undefined> {
    const [row] = await db.select().from(doctorRatings).where(eq(doctorRatings.orderId, orderId)).limit(1);
    return row;
  },

  async insert(db: DbOrTx, values: NewRating): Promise<RatingRow> {
    const [row] = await db.insert(doctorRatings).values(values).returning();
    return row!;
  },

  /** The doctor's average (to 2 decimals, null with none) and count of ratings. */
  async summaryOf(db: DbOrTx, doctorId: string): Promise<{ average: number | null; count: number }> {
    const [row] = await db
      .select({ average: sql<string | null>`round(avg(${doctorRatings.stars}), 2)`, count: sql<number>`count(*)::int` })
      .from(doctorRatings)
      .where(eq(doctorRatings.doctorId, doctorId));
    return { average: row?.average == null ? null : Number(row.average), count: row?.count ?? 0 };
  },
};
