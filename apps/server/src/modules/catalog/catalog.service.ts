// The catalog of each storefront, read on every page: products are loaded once per storefront and
// kept in memory (with their JSON responses pre-serialised); any write drops the cache
// (DESIGN.md "hot read paths ... cached in memory and invalidated on write").
import {
  priceWithConsult,
  pricePerCycle,
  US_STATES,
  type ProductView,
  type VisitType,
} from '@store/domain';
import type { Db } from '../../db/client.ts';
import type { ProductCategory, ProductType } from '../../db/schema/catalog.ts';
import { createCatalogRepo, type ProductRow } from './catalog.repo.ts';

/** Shown when a product has no image of its own (SPEC §3 "placeholder image when unknown"). */
export const PLACEHOLDER_THUMBNAIL = '/products/placeholder.svg';

/** A product as the rest of the server sees it. */
export interface Product {
  id: string;
  storefrontId: string;
  slug: string;
  title: string;
  description: string;
  category: ProductCategory;
  type: ProductType;
  thumbnail: string;
  priceCents: number;
  consultFeeCents: number;
  consultRequired: boolean;
  consultAttached: boolean;
  qtyMin: number;
  qtyMax: number;
  defaultQty: number;
  flexibleQty: boolean;
  refillCycleDays: number | null;
  visitType: VisitType | null;
  stageMask: number;
  questionnaireRef: string | null;
  active: boolean;
  shipsTo: string[];
}

export type { ProductView };

function toProduct(row: ProductRow & { shipsTo: string[] }): Product {
  return {
    id: row.id,
    storefrontId: row.storefrontId,
    slug: row.slug,
    title: row.title,
    description: row.description,
    category: row.category,
    type: row.type,
    thumbnail: row.thumbnailUrl || PLACEHOLDER_THUMBNAIL,
    priceCents: row.priceCents,
    consultFeeCents: row.consultFeeCents,
    consultRequired: row.consultRequired,
    consultAttached: row.consultAttached,
    qtyMin: row.qtyMin,
    qtyMax: row.qtyMax,
    defaultQty: row.defaultQty,
    flexibleQty: row.flexibleQty,
    refillCycleDays: row.refillCycleDays,
    visitType: row.visitType,
    stageMask: row.stageMask,
    questionnaireRef: row.questionnaireRef,
    active: row.active,
    shipsTo: row.shipsTo,
  };
}

export function toProductView(p: Product): ProductView {
  return {
    id: p.id,
    slug: p.slug,
    title: p.title,
    description: p.description,
    category: p.category,
    type: p.type,
    thumbnail: p.thumbnail,
    priceCents: p.priceCents,
    consultFeeCents: p.consultFeeCents,
    // SPEC §7 "price with consult": the consult fee counts only when it is charged with the product.
    priceWithConsultCents: priceWithConsult(p.priceCents, p.consultAttached ? p.consultFeeCents : 0),
    pricePerCycleCents: pricePerCycle(p.priceCents, p.refillCycleDays),
    refillCycleDays: p.refillCycleDays,
    qtyRange: { min: p.qtyMin, max: p.qtyMax },
    defaultQuantity: p.defaultQty,
    flexibleQuantity: p.flexibleQty,
    consultRequired: p.consultRequired,
    consultAttached: p.consultAttached,
    visitType: p.visitType,
    checkoutStages: p.stageMask,
    questionnaireId: p.questionnaireRef,
    shipsTo: p.shipsTo,
  };
}

interface CatalogEntry {
  all: Product[];
  active: Product[];
  byId: Map<string, Product>;
  bySlug: Map<string, Product>;
  /** Pre-serialised bodies: the list and each active product by slug. */
  listJson: string;
  productJson: Map<string, string>;
}

export interface CatalogSnapshot {
  /** A product on sale, by id or slug. */
  findActive(idOrSlug: string): Product | undefined;
  /** A product even if no longer on sale. */
  findAny(id: string): Product | undefined;
}

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (value: string): boolean => UUID_RE.test(value);

export function createCatalogService(deps: { db: Db }) {
  const repo = createCatalogRepo(deps.db);
  const cache = new Map<string, Promise<CatalogEntry>>();

  async function load(storefrontId: string): Promise<CatalogEntry> {
    const all = (await repo.productsOf(storefrontId)).map(toProduct);
    const active = all.filter((p) => p.active);
    const productJson = new Map<string, string>();
    for (const p of active) productJson.set(p.slug, JSON.stringify(toProductView(p)));
    return {
      all,
      active,
      byId: new Map(all.map((p) => [p.id, p])),
      bySlug: new Map(active.map((p) => [p.slug, p])),
      listJson: JSON.stringify(active.map(toProductView)),
      productJson,
    };
  }

  function entry(storefrontId: string): Promise<CatalogEntry> {
    let loaded = cache.get(storefrontId);
    if (!loaded) {
      loaded = load(storefrontId);
      cache.set(storefrontId, loaded);
      loaded.catch(() => cache.delete(storefrontId));
    }
    return loaded;
  }

  return {
    /**
     * The storefront's catalog as a synchronous snapshot, for use inside a transaction (loading
     * the cache there could wait on the transaction's own connection).
     */
    async snapshot(storefrontId: string): Promise<CatalogSnapshot> {
      const e = await entry(storefrontId);
      return {
        findActive(idOrSlug: string) {
          const byId = isUuid(idOrSlug) ? e.byId.get(idOrSlug) : undefined;
          if (byId) return byId.active ? byId : undefined;
          return e.bySlug.get(idOrSlug);
        },
        findAny: (id: string) => e.byId.get(id),
      };
    },
    /** The storefront's products on sale, in shelf order. */
    async listProducts(storefrontId: string): Promise<Product[]> {
      return (await entry(storefrontId)).active;
    },
    /** GET /api/products, already serialised. */
    async listProductsJson(storefrontId: string): Promise<string> {
      return (await entry(storefrontId)).listJson;
    },
    /** GET /api/products/:slug, already serialised; undefined when not on sale here. */
    async productJson(storefrontId: string, slug: string): Promise<string | undefined> {
      return (await entry(storefrontId)).productJson.get(slug);
    },
    /** A product on sale in this storefront, by id or slug. */
    async findActive(storefrontId: string, idOrSlug: string): Promise<Product | undefined> {
      const e = await entry(storefrontId);
      const byId = isUuid(idOrSlug) ? e.byId.get(idOrSlug) : undefined;
      if (byId) return byId.active ? byId : undefined;
      return e.bySlug.get(idOrSlug);
    },
    /** A product of this storefront even if no longer on sale (orders keep showing it). */
    async findAny(storefrontId: string, id: string): Promise<Product | undefined> {
      return (await entry(storefrontId)).byId.get(id);
    },
    /** SPEC §7 "states list" and "shipping states" of one product. */
    async states(storefrontId: string, productIdOrSlug?: string): Promise<{ code: string; name: string }[] | undefined> {
      if (!productIdOrSlug) return US_STATES.map((s) => ({ code: s.code, name: s.name }));
      const product = await this.findActive(storefrontId, productIdOrSlug);
      if (!product) return undefined;
      const ships = new Set(product.shipsTo);
      return US_STATES.filter((s) => ships.has(s.code)).map((s) => ({ code: s.code, name: s.name }));
    },
    /** An operator's change to a product (admin issue); the cache is dropped. */
    async updateProduct(
      id: string,
      patch: Parameters<ReturnType<typeof createCatalogRepo>['update']>[1],
    ): Promise<void> {
      await repo.update(id, patch);
      cache.clear();
    },
    async setShippingStates(productId: string, states: readonly string[]): Promise<void> {
      await repo.setShippingStates(productId, states);
      cache.clear();
    },
    invalidate(): void {
      cache.clear();
    },
  };
}
export type CatalogService = ReturnType<typeof createCatalogService>;
