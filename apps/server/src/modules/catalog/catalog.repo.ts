// Catalog queries (private to the catalog module).
import { and, asc, count, eq, ilike, inArray, ne } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { productImages, products, productShippingMethods, productShippingStates } from '../../db/schema/catalog.ts';

export type ProductRow = typeof products.$inferSelect;
export type NewProductRow = typeof products.$inferInsert;
export interface ProductExtras {
  shipsTo: string[];
  /** SPEC §7 product-wise shipping methods (issue 18); none: any of the storefront's. */
  shippingMethodIds: string[];
  images: { url: string; alt: string }[];
}

/** Rows by product id, each list in order (states alphabetical, images by position). */
function groupBy<T extends { productId: string }, V>(rows: T[], pick: (row: T) => V): Map<string, V[]> {
  const byProduct = new Map<string, V[]>();
  for (const row of rows) {
    const list = byProduct.get(row.productId) ?? [];
    list.push(pick(row));
    byProduct.set(row.productId, list);
  }
  return byProduct;
}

/** The states, shipping methods and images of these products. */
async function extrasOf(db: DbOrTx, productIds: string[]): Promise<(id: string) => ProductExtras> {
  if (productIds.length === 0) return () => ({ shipsTo: [], shippingMethodIds: [], images: [] });
  const [states, methods, images] = await Promise.all([
    db
      .select({ productId: productShippingStates.productId, state: productShippingStates.state })
      .from(productShippingStates)
      .where(inArray(productShippingStates.productId, productIds))
      .orderBy(asc(productShippingStates.state)),
    db
      .select({ productId: productShippingMethods.productId, id: productShippingMethods.shippingMethodId })
      .from(productShippingMethods)
      .where(inArray(productShippingMethods.productId, productIds))
      .orderBy(asc(productShippingMethods.shippingMethodId)),
    db
      .select({ productId: productImages.productId, url: productImages.url, alt: productImages.alt })
      .from(productImages)
      .where(inArray(productImages.productId, productIds))
      .orderBy(asc(productImages.sortOrder)),
  ]);
  const s = groupBy(states, (r) => r.state);
  const m = groupBy(methods, (r) => r.id);
  const i = groupBy(images, (r) => ({ url: r.url, alt: r.alt }));
  return (id) => ({ shipsTo: s.get(id) ?? [], shippingMethodIds: m.get(id) ?? [], images: i.get(id) ?? [] });
}

export function createCatalogRepo(db: Db) {
  return {
    /** Every product of a storefront (active or not) with its states, shipping methods and images. */
    async productsOf(storefrontId: string): Promise<(ProductRow & ProductExtras)[]> {
      const rows = await db
        .select()
        .from(products)
        .where(eq(products.storefrontId, storefrontId))
        .orderBy(asc(products.sortOrder), asc(products.title));
      if (rows.length === 0) return [];
      const extras = await extrasOf(db, rows.map((r) => r.id));
      return rows.map((row) => ({ ...row, ...extras(row.id) }));
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

/** The operator's console (issue 18): products of one storefront, read and written in the caller's transaction. */
export const adminCatalogRepo = {
  async page(db: DbOrTx, storefrontId: string, opts: { q?: string | undefined; offset: number; limit: number }) {
    const where = and(
      eq(products.storefrontId, storefrontId),
      opts.q ? ilike(products.title, `%${opts.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`) : undefined,
    );
    const [rows, [total]] = await Promise.all([
      db.select().from(products).where(where).orderBy(asc(products.sortOrder), asc(products.title), asc(products.id)).limit(opts.limit).offset(opts.offset),
      db.select({ n: count() }).from(products).where(where),
    ]);
    return { rows, total: total?.n ?? 0 };
  },

  /** One product of this storefront (a product of another: undefined), optionally locked. */
  async one(db: DbOrTx, storefrontId: string, id: string, opts: { lock?: boolean } = {}): Promise<(ProductRow & ProductExtras) | undefined> {
    const query = db.select().from(products).where(and(eq(products.id, id), eq(products.storefrontId, storefrontId)));
    const [row] = opts.lock ? await query.for('update') : await query;
    if (!row) return undefined;
    return { ...row, ...(await extrasOf(db, [row.id]))(row.id) };
  },

  async slugTaken(db: DbOrTx, storefrontId: string, slug: string, exceptId: string | null): Promise<boolean> {
    const [row] = await db
      .select({ id: products.id })
      .from(products)
      .where(and(eq(products.storefrontId, storefrontId), eq(products.slug, slug), exceptId ? ne(products.id, exceptId) : undefined))
      .limit(1);
    return Boolean(row);
  },

  async nextSortOrder(db: DbOrTx, storefrontId: string): Promise<number> {
    const rows = await db.select({ sortOrder: products.sortOrder }).from(products).where(eq(products.storefrontId, storefrontId));
    return rows.reduce((max, r) => Math.max(max, r.sortOrder + 1), 0);
  },

  async insert(db: DbOrTx, row: NewProductRow): Promise<ProductRow> {
    const [inserted] = await db.insert(products).values(row).returning();
    return inserted!;
  },

  async update(db: DbOrTx, id: string, patch: Partial<NewProductRow>): Promise<void> {
    await db.update(products).set(patch).where(eq(products.id, id));
  },

  /** The product's states, shipping methods and images become exactly these. */
  async replaceExtras(db: DbOrTx, productId: string, extras: ProductExtras): Promise<void> {
    await db.delete(productShippingStates).where(eq(productShippingStates.productId, productId));
    if (extras.shipsTo.length > 0) await db.insert(productShippingStates).values(extras.shipsTo.map((state) => ({ productId, state })));
    await db.delete(productShippingMethods).where(eq(productShippingMethods.productId, productId));
    if (extras.shippingMethodIds.length > 0) {
      await db.insert(productShippingMethods).values(extras.shippingMethodIds.map((shippingMethodId) => ({ productId, shippingMethodId })));
    }
    await db.delete(productImages).where(eq(productImages.productId, productId));
    if (extras.images.length > 0) {
      await db.insert(productImages).values(extras.images.map((img, sortOrder) => ({ productId, url: img.url, alt: img.alt, sortOrder })));
    }
  },
};
