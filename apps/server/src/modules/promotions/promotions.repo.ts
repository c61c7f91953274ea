// Coupon and redemption queries (private to the promotions module).
import { and, count, desc, eq, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { payments } from '../../db/schema/payments.ts';
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

/**
 * A redemption that counts against the limits: its order's payment is live (being made, held or
 * charged), or the use was recorded with no payment at all (imported, seeded).
 */
function liveRedemption(): SQL {
  return sql`(exists (select 1 from ${payments} where ${payments.orderId} = ${couponRedemptions.orderId} and ${payments.status} in ('pending', 'authorized', 'captured'))
      or not exists (select 1 from ${payments} where ${payments.orderId} = ${couponRedemptions.orderId}))`;
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
  /**
   * Uses that count against the limits: a redemption is claimed with its order's payment and holds
   * only while that payment is live (being made, held or charged), so a declined, voided, refunded
   * or released payment gives its use back without a second write that a crash could lose.
   * `exceptOrderId`: the order asking (its own earlier claim is not a second use).
   */
  async redemptionCounts(
    db: DbOrTx,
    couponId: string,
    patient: PatientRef,
    exceptOrderId?: string,
  ): Promise<{ total: number; byPatient: number }> {
    // A use recorded with no payment at all (imported, seeded) counts as made.
    const live = liveRedemption();
    const base = and(eq(couponRedemptions.couponId, couponId), live, exceptOrderId ? ne(couponRedemptions.orderId, exceptOrderId) : undefined);
    const [total] = await db.select({ n: count() }).from(couponRedemptions).where(base);
    const who = patientCondition(patient);
    let byPatient = 0;
    if (who) {
      const [row] = await db.select({ n: count() }).from(couponRedemptions).where(and(base, who));
      byPatient = row?.n ?? 0;
    }
    return { total: total?.n ?? 0, byPatient };
  },

  /** The order's claim on its coupon: a new row, or the order's earlier one (from a failed attempt) taken over. */
  async upsertRedemption(db: DbOrTx, row: typeof couponRedemptions.$inferInsert): Promise<void> {
    await db
      .insert(couponRedemptions)
      .values(row)
      .onConflictDoUpdate({
        target: couponRedemptions.orderId,
        set: {
          couponId: row.couponId,
          userId: row.userId ?? null,
          guestSessionId: row.guestSessionId ?? null,
          discountCents: row.discountCents,
          ...(row.redeemedAt ? { redeemedAt: row.redeemedAt } : {}),
        },
      });
  },

  async insertCoupon(db: DbOrTx, row: typeof coupons.$inferInsert): Promise<CouponRow> {
    const [inserted] = await db.insert(coupons).values(row).returning();
    return inserted!;
  },

  /** One page of a storefront's codes, newest first, each with its live uses (the operator's list, issue 18). */
  async page(
    db: DbOrTx,
    storefrontId: string,
    offset: number,
    limit: number,
  ): Promise<{ rows: (CouponRow & { uses: number })[]; total: number }> {
    const where = eq(coupons.storefrontId, storefrontId);
    const [rows, [all]] = await Promise.all([
      db.select().from(coupons).where(where).orderBy(desc(coupons.createdAt), desc(coupons.id)).offset(offset).limit(limit),
      db.select({ n: count() }).from(coupons).where(where),
    ]);
    const counts = rows.length
      ? await db
          .select({ couponId: couponRedemptions.couponId, n: count() })
          .from(couponRedemptions)
          .where(and(inArray(couponRedemptions.couponId, rows.map((r) => r.id)), liveRedemption()))
          .groupBy(couponRedemptions.couponId)
      : [];
    const uses = new Map(counts.map((c) => [c.couponId, c.n]));
    return { rows: rows.map((r) => ({ ...r, uses: uses.get(r.id) ?? 0 })), total: all?.n ?? 0 };
  },

  async updateCoupon(db: DbOrTx, id: string, patch: Partial<typeof coupons.$inferInsert>): Promise<CouponRow> {
    const [row] = await db.update(coupons).set(patch).where(eq(coupons.id, id)).returning();
    return row!;
  },
};
