// Per-storefront store settings: shipping methods, sales tax by state, consents, and the landing
// sessions captured from ad links (SPEC §7 "InsertQueryStringIntoSessionGUIDRequest").
import {
  boolean,
  integer,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
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

export const CONSENT_KINDS = ['telehealth', 'privacy', 'terms'] as const;
export type ConsentKind = (typeof CONSENT_KINDS)[number];

export const consents = pgTable(
  'consents',
  {
    id: uuid().primaryKey().defaultRandom(),
    storefrontId: uuid()
      .notNull()
      .references(() => storefronts.id, { onDelete: 'cascade' }),
    kind: text().$type<ConsentKind>().notNull(),
    title: text().notNull(),
    body: text().notNull(),
    version: integer().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('consents_kind_version_unique').on(t.storefrontId, t.kind, t.version)],
);

export const landingSessions = pgTable('landing_sessions', {
  guid: uuid().primaryKey().defaultRandom(),
  storefrontId: uuid()
    .notNull()
    .references(() => storefronts.id, { onDelete: 'cascade' }),
  queryString: text().notNull(),
  landingPage: text().notNull(),
  redirectPage: text(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
