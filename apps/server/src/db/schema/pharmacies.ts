// Pharmacies a prescription can go to (issue 5): the directory (demo data), one partner mail-order
// pharmacy per storefront, and pharmacies patients add themselves (visible only to their owner).
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  doublePrecision,
  index,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { sessions, users } from './auth.ts';
import { storefronts } from './storefronts.ts';

export const pharmacies = pgTable(
  'pharmacies',
  {
    id: uuid().primaryKey().defaultRandom(),
    /** 10 digits with a valid check digit (domain isValidNpi). */
    npi: text().notNull(),
    name: text().notNull(),
    /** 10 digits. */
    phone: text().notNull(),
    fax: text(),
    addressLine: text().notNull(),
    city: text().notNull(),
    /** Two-letter US state code. */
    state: text().notNull(),
    zip: text().notNull(),
    /** The pharmacy's location (degrees); null when a patient-added ZIP has no known centroid. */
    latitude: doublePrecision(),
    longitude: doublePrecision(),
    /** The storefront's own mail-order pharmacy ("ship from the partner pharmacy"). */
    isPartner: boolean().notNull().default(false),
    /** Added by a patient (SPEC §3 isPatientCreated); seen only by its owner. */
    isPatientCreated: boolean().notNull().default(false),
    createdByUserId: uuid().references(() => users.id, { onDelete: 'cascade' }),
    guestSessionId: uuid().references(() => sessions.id, { onDelete: 'set null' }),
    /** Null for the shared directory; set for partner and patient-created pharmacies. */
    storefrontId: uuid().references(() => storefronts.id, { onDelete: 'cascade' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // One directory or partner entry per NPI; patients may add a pharmacy the directory also has.
    uniqueIndex('pharmacies_directory_npi_unique').on(t.npi).where(sql`${t.isPatientCreated} = false`),
    uniqueIndex('pharmacies_partner_storefront_unique')
      .on(t.storefrontId)
      .where(sql`${t.isPartner} = true`),
    index('pharmacies_location_idx').on(t.latitude, t.longitude),
    index('pharmacies_city_idx').on(sql`lower(${t.city})`, t.state),
    index('pharmacies_owner_user_idx').on(t.createdByUserId),
    index('pharmacies_owner_guest_idx').on(t.guestSessionId),
    check(
      'pharmacies_patient_created_has_owner',
      sql`${t.isPatientCreated} = false or ${t.storefrontId} is not null`,
    ),
  ],
);

export type PharmacyRow = typeof pharmacies.$inferSelect;
