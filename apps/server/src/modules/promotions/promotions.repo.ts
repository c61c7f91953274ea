// Coupon and redemption queries (private to the promotions module).
import { and, count, eq, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { couponRedemptions, coupons } from '../../db/schema/promotions.ts';

export type CouponRow = typeof coupons.$inferSelect;

export interface PatientRef {
  userId: string | null;
  guestSessionId: string | null;
}

function patientCondition(patient: PatientRef): SQL | undefined {
  const conditions: SQL[] = [];
  if (patient.userId) conditions.push(eq(couponRedemptions.userId, patient.userId));
  if (patient.guestSessionId) conditions.push(eq(couponRedemptions.guestSessionId, patient.guestSessionId));
  return conditions.length ? or(...conditions) : undefined;
}

export const promotionsRepo = {
  async byCode(db: DbOrTx, storefrontId: string, code: string): Promise<CouponRow | undefined> {
    const [row] = await db
      .select()
      .from(coupons)
      .where(and(eq(coupons.storefrontId, storefrontId), sql`upper(${coupons.code}) = ${code.toUpperCase()}`))
      .limit(1);
    return row;
  },
  async byId(db: DbOrTx, id: string, opts: { forUpdate?: boolean } = {}): Promise<CouponRow | undefined> {
    const query = db.select().from(coupons).where(eq(coupons.id, id)).limit(1);
    const [row] = opts.forUpdate ? await query.for('update') : await query;
    return row;
  },
  async redemptionCounts(db: DbOrTx, couponId: string, patient: PatientRef): Promise<{ total: number; byPatient: number }> {
    const [total] = await db.select({ n: count() }).from(couponRedemptions).where(eq(couponRedemptions.couponId, couponId));
    const who = patientCondition(patient);
    let byPatient = 0;
    if (who) {
      const [row] = await db
        .select({ n: count() })
        .from(couponRedemptions)
        .where(and(eq(couponRedemptions.couponId, couponId), who));
      byPatient = row?.n ?? 0;
    }
    return { total: total?.n ?? 0, byPatient };
  },
  async hasRedemption(db: DbOrTx, orderId: string): Promise<boolean> {
    const rows = await db
      .select({ id: couponRedemptions.id })
      .from(couponRedemptions)
      .where(eq(couponRedemptions.orderId, orderId))
      .limit(1);
    return rows.length > 0;
  },
  async insertRedemption(db: DbOrTx, row: typeof couponRedemptions.$inferInsert): Promise<boolean> {
    const inserted = await db
      .insert(couponRedemptions)
      .values(row)
      .onConflictDoNothing({ target: couponRedemptions.orderId })
      .returning({ id: couponRedemptions.id });
    return inserted.length > 0;
  },
  async insertCoupon(db: DbOrTx, row: typeof coupons.$inferInsert): Promise<CouponRow> {
    const [inserted] = await db.insert(coupons).values(row).returning();
    return inserted!;
  },
};
