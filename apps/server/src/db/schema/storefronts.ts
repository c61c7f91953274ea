// Companies run storefronts; a storefront is found by one of its host names (DATA-MODEL.md).
import type { DeepPartial, StorefrontConfigCore } from '@store/domain';
import { boolean, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

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
