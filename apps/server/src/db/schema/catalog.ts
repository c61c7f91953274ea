// The catalog of a storefront: products and the states each can ship to (DATA-MODEL.md).
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { shippingMethods } from './shipping.ts';
import { storefronts } from './storefronts.ts';

import { PRODUCT_CATEGORIES, PRODUCT_TYPES, type ProductCategory, type ProductType, type VisitType } from '@store/domain';

export { PRODUCT_CATEGORIES, PRODUCT_TYPES, type ProductCategory, type ProductType };

export const products = pgTable(
  'products',
  {
    id: uuid().primaryKey().defaultRandom(),
    storefrontId: uuid()
      .notNull()
      .references(() => storefronts.id, { onDelete: 'cascade' }),
    slug: text().notNull(),
    title: text().notNull(),
    description: text().notNull().default(''),
    /** A grouping for the shelf (weight care, hair, ...). */
    category: text().$type<ProductCategory>().notNull(),
    type: text().$type<ProductType>().notNull(),
    /** Site-relative or absolute image URL; null shows the placeholder image. */
    thumbnailUrl: text(),
    priceCents: integer().notNull(),
    consultFeeCents: integer().notNull().default(0),
    /** The product needs a doctor's consult (the Consult stage). */
    consultRequired: boolean().notNull().default(false),
    /** The consult fee is charged with this product (SPEC §9: the highest attached fee, once). */
    consultAttached: boolean().notNull().default(false),
    qtyMin: integer().notNull().default(1),
    qtyMax: integer().notNull().default(1),
    /** Used when no quantity is given and flexibleQty is on (SPEC §3). */
    defaultQty: integer().notNull().default(1),
    flexibleQty: boolean().notNull().default(false),
    /** Days between refills; drives "price per cycle". Null for one-off products. */
    refillCycleDays: integer(),
    /** 1 video, 2 phone, 3 asynchronous; null when no visit is needed. */
    visitType: smallint().$type<VisitType>(),
    /** Checkout stages this product needs (bit flags, packages/domain Stage). */
    stageMask: integer().notNull(),
    /** The questionnaire it uses; a reference until the questionnaire tables arrive. */
    questionnaireRef: text(),
    active: boolean().notNull().default(true),
    sortOrder: integer().notNull().default(0),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('products_storefront_slug_unique').on(t.storefrontId, t.slug),
    index('products_storefront_idx').on(t.storefrontId, t.sortOrder),
    check('products_price_nonneg', sql`${t.priceCents} >= 0 and ${t.consultFeeCents} >= 0`),
    check('products_qty_range', sql`${t.qtyMin} >= 1 and ${t.qtyMax} >= ${t.qtyMin} and ${t.defaultQty} between ${t.qtyMin} and ${t.qtyMax}`),
    check('products_visit_type', sql`${t.visitType} is null or ${t.visitType} in (1, 2, 3)`),
  ],
);

export const productShippingStates = pgTable(
  'product_shipping_states',
  {
    productId: uuid()
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    /** Two-letter US state code. */
    state: text().notNull(),
  },
  (t) => [primaryKey({ columns: [t.productId, t.state] })],
);

/**
 * SPEC §7 product-wise shipping methods (issue 18): the methods a product may ship by (a cold-chain
 * product only overnight). A product with no rows ships by any of its storefront's methods.
 */
export const productShippingMethods = pgTable(
  'product_shipping_methods',
  {
    productId: uuid()
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    shippingMethodId: uuid()
      .notNull()
      .references(() => shippingMethods.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.productId, t.shippingMethodId] })],
);

/** A product's images in order, each with the alt text a screen reader says (issue 18). */
export const productImages = pgTable(
  'product_images',
  {
    id: uuid().primaryKey().defaultRandom(),
    productId: uuid()
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    /** Site-relative or absolute URL. */
    url: text().notNull(),
    alt: text().notNull(),
    sortOrder: integer().notNull().default(0),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('product_images_product_idx').on(t.productId, t.sortOrder)],
);
