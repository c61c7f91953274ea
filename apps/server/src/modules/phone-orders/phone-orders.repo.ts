// The phone-order requests' rows (private to the phone-orders module).
import { and, count, desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import type { PhoneOrderStatus } from '../../db/schema/phone-orders.ts';
import { phoneOrderRequests } from '../../db/schema/phone-orders.ts';

export type PhoneOrderRow = typeof phoneOrderRequests.$inferSelect;

export const phoneOrdersRepo = {
  async insert(tx: DbOrTx, values: typeof phoneOrderRequests.$inferInsert): Promise<PhoneOrderRow> {
    const [row] = await tx.insert(phoneOrderRequests).values(values).returning();
    return row!;
  },
  async byId(db: DbOrTx, id: string): Promise<PhoneOrderRow | undefined> {
    const [row] = await db.select().from(phoneOrderRequests).where(eq(phoneOrderRequests.id, id));
    return row;
  },
  /** One storefront's requests in a status, newest first (issue 18: the operator's list). */
  async page(db: DbOrTx, q: { storefrontId: string; status: PhoneOrderStatus; limit: number; offset: number }): Promise<PhoneOrderRow[]> {
    return db
      .select()
      .from(phoneOrderRequests)
      .where(and(eq(phoneOrderRequests.storefrontId, q.storefrontId), eq(phoneOrderRequests.status, q.status)))
      .orderBy(desc(phoneOrderRequests.createdAt), desc(phoneOrderRequests.id))
      .limit(q.limit)
      .offset(q.offset);
  },
  async counts(db: DbOrTx, storefrontId: string): Promise<Record<PhoneOrderStatus, number>> {
    const rows = await db
      .select({ status: phoneOrderRequests.status, n: count() })
      .from(phoneOrderRequests)
      .where(eq(phoneOrderRequests.storefrontId, storefrontId))
      .groupBy(phoneOrderRequests.status);
    const counts: Record<PhoneOrderStatus, number> = { new: 0, handled: 0 };
    for (const row of rows) counts[row.status] = Number(row.n);
    return counts;
  },
  /** Marks a new request of the storefront handled; null when there is none (unknown, another storefront's, already handled). */
  async markHandled(tx: DbOrTx, q: { id: string; storefrontId: string; by: string; at: Date }): Promise<PhoneOrderRow | null> {
    const [row] = await tx
      .update(phoneOrderRequests)
      .set({ status: 'handled', handledBy: q.by, handledAt: q.at })
      .where(and(eq(phoneOrderRequests.id, q.id), eq(phoneOrderRequests.storefrontId, q.storefrontId), eq(phoneOrderRequests.status, 'new')))
      .returning();
    return row ?? null;
  },
};
