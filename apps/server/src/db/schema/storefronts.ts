// Companies run storefronts; a storefront is found by one of its host names (DATA-MODEL.md).
import type { DeepPartial, StorefrontConfigCore } from '@store/domain';
import { boolean, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

export const companies = pgTable('companies', {
  id: uuid().primaryKey().defaultRandom(),
  name: text().notNull(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

type Overrides = DeepPartial<StorefrontConfigCore>;

export const storefronts = pgTable('storefronts', {
  id: uuid().primaryKey().defaultRandom(),
  companyId: uuid()
    .notNull()
    .references(() => companies.id),
  name: text().notNull(),
  slug: text().notNull().unique(),
  /** The storefront served when a request's host matches none. Exactly one is the default. */
  isDefault: boolean().notNull().default(false),
  theme: jsonb().$type<Overrides['theme']>().notNull().default({}),
  flags: jsonb().$type<Overrides['flags']>().notNull().default({}),
  settings: jsonb().$type<Overrides['settings']>().notNull().default({}),
  content: jsonb().$type<Overrides['content']>().notNull().default({}),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

export const storefrontHosts = pgTable('storefront_hosts', {
  /** Lower-case host name without port, e.g. `lumen.localhost`. */
  host: text().primaryKey(),
  storefrontId: uuid()
    .notNull()
    .references(() => storefronts.id, { onDelete: 'cascade' }),
});

/**
 * A storefront's bundle as an operator edits it (issue 18): name, host names, theme, flags,
 * settings, texts and consents. Drafts are edited; publishing copies a version onto the live
 * `storefronts` row and its hosts; a rollback publishes an earlier version again. Published versions
 * are never edited.
 */
export const storefrontVersions = pgTable(
  'storefront_versions',
  {
    id: uuid().primaryKey().defaultRandom(),
    storefrontId: uuid()
      .notNull()
      .references(() => storefronts.id, { onDelete: 'cascade' }),
    /** 1, 2, 3 … per storefront. */
    version: integer().notNull(),
    name: text().notNull(),
    /** Lower-case host names without port. */
    hosts: text().array().notNull().default([]),
    theme: jsonb().$type<Overrides['theme']>().notNull().default({}),
    flags: jsonb().$type<Overrides['flags']>().notNull().default({}),
    settings: jsonb().$type<Overrides['settings']>().notNull().default({}),
    content: jsonb().$type<Overrides['content']>().notNull().default({}),
    /** The consents a patient agrees to on this storefront, as published with the bundle. */
    consents: jsonb().$type<unknown[]>().notNull().default([]),
    /** What changed, in the operator's words. */
    note: text().notNull().default(''),
    createdBy: uuid(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** Null while a draft. */
    publishedAt: timestamp({ withTimezone: true }),
    publishedBy: uuid(),
  },
  (t) => [uniqueIndex('storefront_versions_number_unique').on(t.storefrontId, t.version)],
);
