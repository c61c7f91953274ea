// Shipping methods and sales-tax rates (private to the shipping module).
import { and, asc, count, desc, eq } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { shippingMethods, taxRates } from '../../db/schema/shipping.ts';

export type ShippingMethodRow = typeof shippingMethods.$inferSelect;
export type TaxRateRow = typeof taxRates.$inferSelect;

export function createShippingRepo(db: Db) {
  return {
    methodsOf(storefrontId: string): Promise<ShippingMethodRow[]> {
      return db
        .select()
        .from(shippingMethods)
        .where(and(eq(shippingMethods.storefrontId, storefrontId), eq(shippingMethods.active, true)))
        .orderBy(asc(shippingMethods.sortOrder), asc(shippingMethods.costCents));
    },
    taxRatesOf(storefrontId: string): Promise<TaxRateRow[]> {
      return db.select().from(taxRates).where(eq(taxRates.storefrontId, storefrontId)).orderBy(asc(taxRates.state));
    },
    async upsertTaxRate(row: TaxRateRow): Promise<void> {
      await db
        .insert(taxRates)
        .values(row)
        .onConflictDoUpdate({
          target: [taxRates.storefrontId, taxRates.state],
          set: { ratePercent: row.ratePercent, appliesToConsultFee: row.appliesToConsultFee },
        });
    },
    async updateMethod(id: string, patch: Partial<Omit<ShippingMethodRow, 'id' | 'storefrontId'>>): Promise<void> {
      await db.update(shippingMethods).set(patch).where(eq(shippingMethods.id, id));
    },
  };
}

/** The operator's reads and writes (issue 18), in the caller's transaction. */
export const shippingAdminRepo = {
  async methodsPage(db: DbOrTx, storefrontId: string, offset: number, limit: number): Promise<{ rows: ShippingMethodRow[]; total: number }> {
    const where = eq(shippingMethods.storefrontId, storefrontId);
    const [rows, [all]] = await Promise.all([
      db
        .select()
        .from(shippingMethods)
        .where(where)
        .orderBy(desc(shippingMethods.active), asc(shippingMethods.sortOrder), asc(shippingMethods.costCents), asc(shippingMethods.id))
        .offset(offset)
        .limit(limit),
      db.select({ n: count() }).from(shippingMethods).where(where),
    ]);
    return { rows, total: all?.n ?? 0 };
  },
  async method(db: DbOrTx, id: string): Promise<ShippingMethodRow | undefined> {
    const [row] = await db.select().from(shippingMethods).where(eq(shippingMethods.id, id)).limit(1).for('update');
    return row;
  },
  async activeMethodCount(db: DbOrTx, storefrontId: string): Promise<number> {
    const [row] = await db
      .select({ n: count() })
      .from(shippingMethods)
      .where(and(eq(shippingMethods.storefrontId, storefrontId), eq(shippingMethods.active, true)));
    return row?.n ?? 0;
  },
  async insertMethod(db: DbOrTx, row: typeof shippingMethods.$inferInsert): Promise<ShippingMethodRow> {
    const [inserted] = await db.insert(shippingMethods).values(row).returning();
    return inserted!;
  },
  async updateMethod(db: DbOrTx, id: string, patch: Partial<typeof shippingMethods.$inferInsert>): Promise<ShippingMethodRow> {
    const [updated] = await db.update(shippingMethods).set(patch).where(eq(shippingMethods.id, id)).returning();
    return updated!;
  },
  taxRates(db: DbOrTx, storefrontId: string): Promise<TaxRateRow[]> {
    return db.select().from(taxRates).where(eq(taxRates.storefrontId, storefrontId)).orderBy(asc(taxRates.state));
  },
  async taxRate(db: DbOrTx, storefrontId: string, state: string): Promise<TaxRateRow | undefined> {
    const [row] = await db
      .select()
      .from(taxRates)
      .where(and(eq(taxRates.storefrontId, storefrontId), eq(taxRates.state, state)))
      .limit(1)
      .for('update');
    return row;
  },
  async upsertTaxRate(db: DbOrTx, row: TaxRateRow): Promise<TaxRateRow> {
    const [saved] = await db
      .insert(taxRates)
      .values(row)
      .onConflictDoUpdate({
        target: [taxRates.storefrontId, taxRates.state],
        set: { ratePercent: row.ratePercent, appliesToConsultFee: row.appliesToConsultFee },
      })
      .returning();
    return saved!;
  },
  async deleteTaxRate(db: DbOrTx, storefrontId: string, state: string): Promise<void> {
    await db.delete(taxRates).where(and(eq(taxRates.storefrontId, storefrontId), eq(taxRates.state, state)));
  },
};
