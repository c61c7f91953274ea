// Shipping methods and sales-tax rates (private to the shipping module).
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
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
