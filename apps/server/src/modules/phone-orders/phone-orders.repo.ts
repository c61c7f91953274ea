// The phone-order requests' rows (private to the phone-orders module).
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
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
};
