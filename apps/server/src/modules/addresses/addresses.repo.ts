// Saved-address queries; every one is filtered by the owning user (a miss is a 404 upstream).
import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { addresses, type AddressRow } from '../../db/schema/addresses.ts';
import { users } from '../../db/schema/auth.ts';

export type AddressValues = Omit<typeof addresses.$inferInsert, 'id' | 'userId'>;

export function createAddressRepo(db: DbOrTx) {
  return {
    /** Most recently used first; never-used ones by when they were last saved. */
    listForUser(userId: string): Promise<AddressRow[]> {
      return db
        .select()
        .from(addresses)
        .where(eq(addresses.userId, userId))
        .orderBy(
          desc(sql`coalesce(${addresses.lastUsedAt}, ${addresses.updatedAt})`),
          desc(addresses.createdAt),
          desc(addresses.id),
        );
    },

    async findForUser(id: string, userId: string): Promise<AddressRow | null> {
      const [row] = await db
        .select()
        .from(addresses)
        .where(and(eq(addresses.id, id), eq(addresses.userId, userId)))
        .limit(1);
      return row ?? null;
    },

    async countForUser(userId: string): Promise<number> {
      const [row] = await db.select({ n: count() }).from(addresses).where(eq(addresses.userId, userId));
      return row?.n ?? 0;
    },

    /** Serialises a patient's concurrent adds (the count-then-insert limit check). */
    async lockUser(userId: string): Promise<void> {
      await db.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
    },

    async insert(userId: string, values: AddressValues): Promise<AddressRow> {
      const [row] = await db.insert(addresses).values({ ...values, userId }).returning();
      return row!;
    },

    async updateForUser(id: string, userId: string, values: Partial<AddressValues>): Promise<AddressRow | null> {
      const [row] = await db
        .update(addresses)
        .set(values)
        .where(and(eq(addresses.id, id), eq(addresses.userId, userId)))
        .returning();
      return row ?? null;
    },

    async deleteForUser(id: string, userId: string): Promise<boolean> {
      const rows = await db
        .delete(addresses)
        .where(and(eq(addresses.id, id), eq(addresses.userId, userId)))
        .returning({ id: addresses.id });
      return rows.length > 0;
    },
  };
}
