import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { companies, storefrontHosts, storefronts } from '../../db/schema/storefronts.ts';

export type StorefrontRow = typeof storefronts.$inferSelect;

export function createStorefrontsRepo(db: Db) {
  return {
    /** Every registered host name with its storefront, in name order. */
    async hosts(): Promise<{ host: string; storefrontId: string }[]> {
      return db
        .select({ host: storefrontHosts.host, storefrontId: storefrontHosts.storefrontId })
        .from(storefrontHosts)
        .orderBy(asc(storefrontHosts.host));
    },
    async findDefault(): Promise<StorefrontRow | undefined> {
      const rows = await db.select().from(storefronts).where(eq(storefronts.isDefault, true)).limit(1);
      return rows[0];
    },
    async findById(id: string): Promise<StorefrontRow | undefined> {
      const rows = await db.select().from(storefronts).where(eq(storefronts.id, id)).limit(1);
      return rows[0];
    },
    async findCompany(id: string): Promise<{ id: string; name: string } | undefined> {
      const rows = await db.select({ id: companies.id, name: companies.name }).from(companies).where(eq(companies.id, id)).limit(1);
      return rows[0];
    },
    /**
     * What every cached config derives from, in one short string: the storefronts and when each last
     * changed (a publish moves its row's updated_at in the transaction that moves its hosts).
     */
    async generation(): Promise<string> {
      const rows = await db
        .select({
          g: sql<string>`coalesce(md5(string_agg(${storefronts.id}::text || '@' || ${storefronts.updatedAt}::text, ',' order by ${storefronts.id})), '')`,
        })
        .from(storefronts);
      return rows[0]?.g ?? '';
    },
    async list(): Promise<StorefrontRow[]> {
      return db.select().from(storefronts).orderBy(storefronts.name);
    },
    async update(
      id: string,
      patch: Partial<Pick<StorefrontRow, 'name' | 'theme' | 'flags' | 'settings' | 'content'>>,
    ): Promise<StorefrontRow | undefined> {
      const rows = await db
        .update(storefronts)
        .set({ ...patch, updatedAt: new Date() })
        .where(eq(storefronts.id, id))
        .returning();
      return rows[0];
    },
  };
}
export type StorefrontsRepo = ReturnType<typeof createStorefrontsRepo>;
