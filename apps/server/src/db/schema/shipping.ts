// Per-storefront shipping methods and sales tax by state (the shipping module's tables).
import { boolean, integer, numeric, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { storefronts } from './storefronts.ts';

export const shippingMethods = pgTable('shipping_methods', {
  id: uuid().primaryKey().defaultRandom(),
  storefrontId: uuid()
    .notNull()
    .references(() => storefronts.id, { onDelete: 'cascade' }),
  carrier: text().notNull(),
  name: text().notNull(),
  costCents: integer().notNull(),
  minDays: integer().notNull(),
  maxDays: integer().notNull(),
  /** Free when the order's merchandise (subtotal − discount) reaches this; null = never free. */
  freeAboveCents: integer(),
  active: boolean().notNull().default(true),
  sortOrder: integer().notNull().default(0),
});

export const taxRates = pgTable(
  'tax_rates',
  {
    storefrontId: uuid()
      .notNull()
      .references(() => storefronts.id, { onDelete: 'cascade' }),
    state: text().notNull(),
    /** Percent, up to 4 decimals (7.25 = 7.25 %). */
    ratePercent: numeric({ precision: 7, scale: 4, mode: 'number' }).notNull(),
    appliesToConsultFee: boolean().notNull().default(false),
  },
  (t) => [primaryKey({ columns: [t.storefrontId, t.state] })],
);
