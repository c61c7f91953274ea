// The landing sessions captured from ad links (SPEC §7 "InsertQueryStringIntoSessionGUIDRequest"; the landing module's table).
import { pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { storefronts } from './storefronts.ts';

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
