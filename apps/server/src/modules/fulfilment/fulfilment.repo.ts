// Fulfilment queries (private to the fulfilment module): the pharmacy staff table and one
// fulfilment row per order (issue 15).
import { and, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { fulfilments, pharmacyStaff } from '../../db/schema/fulfilment.ts';

export type FulfilmentRow = typeof fulfilments.$inferSelect;
export type NewFulfilment = typeof fulfilments.$inferInsert;

export const fulfilmentRepo = {
  async staffPharmacyOf(db: DbOrTx, userId: string): Promise<string | null> {
    const [row] = await db.select({ pharmacyId: pharmacyStaff.pharmacyId }).from(pharmacyStaff).where(eq(pharmacyStaff.userId, userId)).limit(1);
    return row?.pharmacyId ?? null;
  },

  async ofOrders(db: DbOrTx, orderIds: readonly string[]): Promise<FulfilmentRow[]> {
    if (orderIds.length === 0) return [];
    return db.select().from(fulfilments).where(inArray(fulfilments.orderId, [...orderIds]));
  },

  /** The order's fulfilment, locked in `tx` when asked. */
  async ofOrder(db: DbOrTx, orderId: string, opts: { forUpdate?: boolean } = {}): Promise<FulfilmentRow | null> {
    const query = db.select().from(fulfilments).where(eq(fulfilments.orderId, orderId)).limit(1);
    const [row] = await (opts.forUpdate ? query.for('update') : query);
    return row ?? null;
  },

  async insert(db: DbOrTx, values: NewFulfilment): Promise<FulfilmentRow> {
    const [row] = await db.insert(fulfilments).values(values).returning();
    return row!;
  },

  async update(db: DbOrTx, id: string, patch: Partial<NewFulfilment>): Promise<FulfilmentRow> {
    const [row] = await db.update(fulfilments).set(patch).where(eq(fulfilments.id, id)).returning();
    return row!;
  },

  /** Orders at this pharmacy waiting for pickup (a patient's own pharmacy confirmed receipt). */
  async pickupOrderIds(db: DbOrTx, pharmacyId: string): Promise<string[]> {
    const rows = await db
      .select({ orderId: fulfilments.orderId })
      .from(fulfilments)
      .where(and(eq(fulfilments.pharmacyId, pharmacyId), eq(fulfilments.status, 'ready_for_pickup')));
    return rows.map((r) => r.orderId);
  },
};
