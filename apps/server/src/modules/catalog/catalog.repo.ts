// Catalog queries (private to the catalog module).
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { products, productShippingStates } from '../../db/schema/catalog.ts';

export type ProductRow = typeof products.$inferSelect;

export function createCatalogRepo(db: Db) {
  return {
    /** Every product of a storefront (active or not) with the states it ships to. */
    async productsOf(storefrontId: string): Promise<(ProductRow & { shipsTo: string[] })[]> {
      const rows = await db
        .select()
        .from(products)
        .where(eq(products.storefrontId, storefrontId))
        .orderBy(asc(products.sortOrder), asc(products.title));
      if (rows.length === 0) return [];
      const states = await db
        .select({ productId: productShippingStates.productId, state: productShippingStates.state })
        .from(productShippingStates)
        .innerJoin(products, eq(products.id, productShippingStates.productId))
        .where(eq(products.storefrontId, storefrontId))
        .orderBy(asc(productShippingStates.state));
      const byProduct = new Map<string, string[]>();
      for (const { productId, state } of states) {
        const list = byProduct.get(productId) ?? [];
        list.push(state);
        byProduct.set(productId, list);
      }
      return rows.map((row) => ({ ...row, shipsTo: byProduct.get(row.id) ?? [] }));
    },

    async update(
      id: string,
      patch: Partial<Omit<ProductRow, 'id' | 'storefrontId' | 'createdAt'>>,
    ): Promise<ProductRow | undefined> {
      const [row] = await db
        .update(products)
        .set({ ...patch, updatedAt: new Date() })
        .where(eq(products.id, id))
        .returning();
      return row;
    },

    async setShippingStates(productId: string, states: readonly string[]): Promise<void> {
      await db.transaction(async (tx) => {
        await tx.delete(productShippingStates).where(eq(productShippingStates.productId, productId));
        if (states.length > 0) {
          await tx.insert(productShippingStates).values(states.map((state) => ({ productId, state })));
        }
      });
    },
  };
}
