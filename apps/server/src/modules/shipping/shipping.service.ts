// Shipping methods (carrier, cost, delivery days, free above a threshold) and sales tax per state,
// per storefront. Both are small and read on every cart change, so they are cached per storefront
// and the cache is dropped on write.
import { shippingCostCents } from '@store/domain';
import type { Db } from '../../db/client.ts';
import { createShippingRepo, type ShippingMethodRow, type TaxRateRow } from './shipping.repo.ts';
import { createInProcessChangeBus, type ChangeBus } from '../../lib/changes.ts';

export interface ShippingMethod {
  id: string;
  carrier: string;
  name: string;
  costCents: number;
  minDays: number;
  maxDays: number;
  freeAboveCents: number | null;
}

export interface TaxRate {
  state: string;
  ratePercent: number;
  appliesToConsultFee: boolean;
}

/**
 * What a method costs for an order whose merchandise (subtotal − discount) is `merchandiseCents`:
 * free once the merchandise reaches the method's threshold, otherwise its cost.
 */
export function shippingCostFor(method: ShippingMethod, merchandiseCents: number): number {
  return shippingCostCents(method, merchandiseCents);
}

const toMethod = (row: ShippingMethodRow): ShippingMethod => ({
  id: row.id,
  carrier: row.carrier,
  name: row.name,
  costCents: row.costCents,
  minDays: row.minDays,
  maxDays: row.maxDays,
  freeAboveCents: row.freeAboveCents,
});

const toTaxRate = (row: TaxRateRow): TaxRate => ({
  state: row.state,
  ratePercent: Number(row.ratePercent),
  appliesToConsultFee: row.appliesToConsultFee,
});

export interface ShippingSnapshot {
  method(id: string): ShippingMethod | undefined;
  /** The storefront's first (cheapest) method. */
  defaultMethod(): ShippingMethod | undefined;
  taxRateFor(state: string): TaxRate | null;
  /** The storefront collects sales tax in some state (issue 13 #13: then every order needs a state). */
  taxesByState(): boolean;
}

interface Entry {
  methods: ShippingMethod[];
  taxRates: TaxRate[];
  taxByState: Map<string, TaxRate>;
}

export function createShippingService(deps: { db: Db; changes?: ChangeBus }) {
  const repo = createShippingRepo(deps.db);
  const cache = new Map<string, Promise<Entry>>();
  // Methods and tax rates changed on any instance (this one included) drop the cache (issue 20).
  const changes = deps.changes ?? createInProcessChangeBus();
  changes.subscribe('shipping', (storefrontId) => (storefrontId ? cache.delete(storefrontId) : cache.clear()));

  function entry(storefrontId: string): Promise<Entry> {
    let loaded = cache.get(storefrontId);
    if (!loaded) {
      loaded = (async () => {
        const [methods, rates] = await Promise.all([repo.methodsOf(storefrontId), repo.taxRatesOf(storefrontId)]);
        const taxRates = rates.map(toTaxRate);
        return { methods: methods.map(toMethod), taxRates, taxByState: new Map(taxRates.map((t) => [t.state, t])) };
      })();
      cache.set(storefrontId, loaded);
      loaded.catch(() => cache.delete(storefrontId));
    }
    return loaded;
  }

  return {
    /** A synchronous snapshot for use inside a transaction. */
    async snapshot(storefrontId: string): Promise<ShippingSnapshot> {
      const e = await entry(storefrontId);
      return {
        method: (id: string) => e.methods.find((m) => m.id === id),
        defaultMethod: () => e.methods[0],
        taxRateFor: (state: string) => e.taxByState.get(state) ?? null,
        taxesByState: () => e.taxRates.some((t) => t.ratePercent > 0),
      };
    },
    async methods(storefrontId: string): Promise<ShippingMethod[]> {
      return (await entry(storefrontId)).methods;
    },
    async method(storefrontId: string, id: string): Promise<ShippingMethod | undefined> {
      return (await entry(storefrontId)).methods.find((m) => m.id === id);
    },
    /** The storefront's default method: the first in its list (cheapest first). */
    async defaultMethod(storefrontId: string): Promise<ShippingMethod | undefined> {
      return (await entry(storefrontId)).methods[0];
    },
    async taxRates(storefrontId: string): Promise<TaxRate[]> {
      return (await entry(storefrontId)).taxRates;
    },
    /** The sales tax for a state, or null where the storefront collects none. */
    async taxRateFor(storefrontId: string, state: string): Promise<TaxRate | null> {
      return (await entry(storefrontId)).taxByState.get(state) ?? null;
    },
    async setTaxRate(storefrontId: string, rate: TaxRate): Promise<void> {
      await repo.upsertTaxRate({ storefrontId, ...rate });
      changes.publish('shipping', storefrontId);
    },
    async updateMethod(
      storefrontId: string,
      id: string,
      patch: Partial<Omit<ShippingMethod, 'id'>> & { active?: boolean },
    ): Promise<void> {
      await repo.updateMethod(id, patch);
      changes.publish('shipping', storefrontId);
    },
    /** After a committed change: every instance drops its cached methods and rates. */
    invalidate(): void {
      changes.publish('shipping');
    },
  };
}
export type ShippingService = ReturnType<typeof createShippingService>;
