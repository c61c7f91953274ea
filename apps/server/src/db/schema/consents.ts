// The consents a patient accepts before paying, versioned per storefront (the consents module's table).
import { integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { storefronts } from './storefronts.ts';

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
