// The catalog of each storefront, read on every page: products are loaded once per storefront and
// kept in memory (with their JSON responses pre-serialised); any write drops the cache
// (DESIGN.md "hot read paths ... cached in memory and invalidated on write").
import {
  pageOffset,
  priceWithConsult,
  pricePerCycle,
  US_STATES,
  type AdminPage,
  type AdminPageQuery,
  type AdminProduct,
  type AdminProductRow,
  type AdminProductView,
  type ProductView,
  type VisitType,
} from '@store/domain';
import type { Db, DbOrTx } from '../../db/client.ts';
import type { ProductCategory, ProductType } from '../../db/schema/catalog.ts';
import { AppError } from '../../lib/problem.ts';
import { adminCatalogRepo, createCatalogRepo, type ProductExtras, type ProductRow } from './catalog.repo.ts';
import { createInProcessChangeBus, type ChangeBus } from '../../lib/changes.ts';

export const SLUG_TAKEN = 'Another product of this storefront already uses this slug.';

/** A product as the operator's console shows and audits it (configuration only). */
function toAdminView(row: ProductRow & ProductExtras): AdminProductView {
  return {
    id: row.id,
    storefrontId: row.storefrontId,
    title: row.title,
    slug: row.slug,
    description: row.description,
    category: row.category,
    type: row.type,
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
    checkoutStages: row.stageMask,
    questionnaireRef: row.questionnaireRef,
    shipsTo: row.shipsTo,
    shippingMethodIds: row.shippingMethodIds,
    images: row.images,
    active: row.active,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The row's columns from the operator's input. */
function columnsOf(input: AdminProduct) {
  return {
    title: input.title,
    slug: input.slug,
    description: input.description,
    category: input.category,
    type: input.type,
    priceCents: input.priceCents,
    consultFeeCents: input.consultFeeCents,
    consultRequired: input.consultRequired,
    consultAttached: input.consultAttached,
    qtyMin: input.qtyMin,
    qtyMax: input.qtyMax,
    defaultQty: input.defaultQty,
    flexibleQty: input.flexibleQty,
    refillCycleDays: input.refillCycleDays,
    visitType: input.visitType,
    stageMask: input.checkoutStages,
    questionnaireRef: input.questionnaireRef,
    active: input.active,
  };
}

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
  /** SPEC §7 product-wise shipping methods (issue 18): the methods it may ship by; none: any. */
  shippingMethodIds: string[];
  /** Its images in order, each with alt text (issue 18); the first is the thumbnail. */
  images: { url: string; alt: string }[];
}

export type { ProductView };

function toProduct(row: ProductRow & ProductExtras): Product {
  return {
    id: row.id,
    storefrontId: row.storefrontId,
    slug: row.slug,
    title: row.title,
    description: row.description,
    category: row.category,
    type: row.type,
    thumbnail: row.images[0]?.url || row.thumbnailUrl || PLACEHOLDER_THUMBNAIL,
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
    shippingMethodIds: row.shippingMethodIds,
    images: row.images,
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
    images: p.images,
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

export function createCatalogService(deps: { db: Db; changes?: ChangeBus }) {
  const repo = createCatalogRepo(deps.db);
  const cache = new Map<string, Promise<CatalogEntry>>();
  // A change on any instance (this one included) drops the cache (issue 20, lib/changes.ts).
  const changes = deps.changes ?? createInProcessChangeBus();
  changes.subscribe('catalog', (storefrontId) => (storefrontId ? cache.delete(storefrontId) : cache.clear()));

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
      changes.publish('catalog');
    },
    async setShippingStates(productId: string, states: readonly string[]): Promise<void> {
      await repo.setShippingStates(productId, states);
      changes.publish('catalog');
    },
    /** After a committed change: every instance drops its cached catalog. */
    invalidate(): void {
      changes.publish('catalog');
    },

    /**
     * The operator's console (issue 18). Writes run in the caller's transaction (the admin-catalog
     * workflow, which audits them in it and calls `invalidate` once it committed).
     */
    admin: {
      async page(storefrontId: string, query: AdminPageQuery & { q?: string | undefined }): Promise<AdminPage<AdminProductRow>> {
        const { rows, total } = await adminCatalogRepo.page(deps.db, storefrontId, { q: query.q, offset: pageOffset(query), limit: query.pageSize });
        return {
          items: rows.map((r) => ({
            id: r.id,
            title: r.title,
            slug: r.slug,
            category: r.category,
            type: r.type,
            priceCents: r.priceCents,
            consultFeeCents: r.consultFeeCents,
            active: r.active,
          })),
          total,
          page: query.page,
          pageSize: query.pageSize,
        };
      },

      /** One product of this storefront, active or not; another storefront's: undefined. */
      async get(storefrontId: string, id: string, executor: DbOrTx = deps.db, opts: { lock?: boolean } = {}): Promise<AdminProductView | undefined> {
        const row = await adminCatalogRepo.one(executor, storefrontId, id, opts);
        return row && toAdminView(row);
      },

      /** Creates (id null) or replaces a product of this storefront; answers it before and after. A slug in use: 409 SLUG_TAKEN. */
      async save(
        tx: DbOrTx,
        storefrontId: string,
        id: string | null,
        input: AdminProduct,
        at: Date,
      ): Promise<{ before: AdminProductView | null; after: AdminProductView } | undefined> {
        const before = id ? await this.get(storefrontId, id, tx, { lock: true }) : null;
        if (id && !before) return undefined;
        if (await adminCatalogRepo.slugTaken(tx, storefrontId, input.slug, id)) {
          throw new AppError(409, 'SLUG_TAKEN', SLUG_TAKEN, { errors: [{ field: 'slug', message: SLUG_TAKEN }] });
        }
        let productId = id;
        if (productId) {
          await adminCatalogRepo.update(tx, productId, { ...columnsOf(input), updatedAt: at });
        } else {
          const sortOrder = await adminCatalogRepo.nextSortOrder(tx, storefrontId);
          productId = (await adminCatalogRepo.insert(tx, { storefrontId, ...columnsOf(input), sortOrder, createdAt: at, updatedAt: at })).id;
        }
        await adminCatalogRepo.replaceExtras(tx, productId, {
          shipsTo: [...input.shipsTo].sort(),
          shippingMethodIds: [...input.shippingMethodIds].sort(),
          images: input.images,
        });
        return { before: before ?? null, after: (await this.get(storefrontId, productId, tx))! };
      },

      /** On sale or not (deactivate keeps it for the orders that have it). */
      async setActive(
        tx: DbOrTx,
        storefrontId: string,
        id: string,
        active: boolean,
        at: Date,
      ): Promise<{ before: AdminProductView; after: AdminProductView } | undefined> {
        const before = await this.get(storefrontId, id, tx, { lock: true });
        if (!before) return undefined;
        await adminCatalogRepo.update(tx, id, { active, updatedAt: at });
        return { before, after: (await this.get(storefrontId, id, tx))! };
      },
    },
  };
}
export type CatalogService = ReturnType<typeof createCatalogService>;
