// Doctors, the states they are licensed in, and when they see patients (DATA-MODEL.md; issue 6).
// Availability is modelled on Cal.com: weekly rules plus date exceptions, in the doctor's own IANA
// time zone, and one set of scheduling settings per doctor.
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './auth.ts';
import { companies, storefronts } from './storefronts.ts';

export const doctors = pgTable(
  'doctors',
  {
    id: uuid().primaryKey().defaultRandom(),
    /** The doctor's company; doctors see patients of every storefront of the company... */
    companyId: uuid()
      .notNull()
      .references(() => companies.id),
    /** ...unless tied to one storefront. */
    storefrontId: uuid().references(() => storefronts.id, { onDelete: 'cascade' }),
    /** The doctor's sign-in account, once they have one. */
    userId: uuid().references(() => users.id, { onDelete: 'set null' }),
    name: text().notNull(),
    /** e.g. "MD", "DO", "NP-C". */
    credentials: text().notNull().default(''),
    /** National Provider Identifier (10 digits), printed on prescriptions. */
    npi: text(),
    /** Site-relative or absolute image URL. */
    photoUrl: text(),
    bio: text().notNull().default(''),
    specialties: text().array().notNull().default(sql`'{}'::text[]`),
    /** IANA zone the availability rules are written in, e.g. America/Chicago. */
    timeZone: text().notNull(),
    /** Average of patients' ratings, 1.00 to 5.00; null until rated. */
    averageRating: numeric({ precision: 3, scale: 2, mode: 'number' }),
    ratingCount: integer().notNull().default(0),
    active: boolean().notNull().default(true),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('doctors_company_idx').on(t.companyId),
    check('doctors_rating_range', sql`${t.averageRating} is null or (${t.averageRating} >= 1 and ${t.averageRating} <= 5)`),
  ],
);

/** The states a doctor may treat patients in (two-letter codes). */
export const doctorLicenses = pgTable(
  'doctor_licenses',
  {
    doctorId: uuid()
      .notNull()
      .references(() => doctors.id, { onDelete: 'cascade' }),
    state: text().notNull(),
    /** The state licence number, printed on prescriptions written for patients in that state. */
    licenseNumber: text(),
  },
  (t) => [primaryKey({ columns: [t.doctorId, t.state] }), index('doctor_licenses_state_idx').on(t.state)],
);

/** A weekly window in the doctor's zone: weekday 0 (Sunday) to 6, minutes after midnight, end exclusive. */
export const availabilityRules = pgTable(
  'availability_rules',
  {
    id: uuid().primaryKey().defaultRandom(),
    doctorId: uuid()
      .notNull()
      .references(() => doctors.id, { onDelete: 'cascade' }),
    weekday: smallint().notNull(),
    startMinute: smallint().notNull(),
    endMinute: smallint().notNull(),
  },
  (t) => [
    index('availability_rules_doctor_idx').on(t.doctorId),
    check('availability_rules_weekday', sql`${t.weekday} between 0 and 6`),
    check('availability_rules_window', sql`${t.startMinute} >= 0 and ${t.endMinute} <= 1440 and ${t.startMinute} < ${t.endMinute}`),
  ],
);

/**
 * A date in the doctor's zone: the whole day off (both minutes null) or custom hours that replace
 * that date's weekly rules (several rows make several windows).
 */
export const availabilityExceptions = pgTable(
  'availability_exceptions',
  {
    id: uuid().primaryKey().defaultRandom(),
    doctorId: uuid()
      .notNull()
      .references(() => doctors.id, { onDelete: 'cascade' }),
    date: date({ mode: 'string' }).notNull(),
    startMinute: smallint(),
    endMinute: smallint(),
    note: text(),
  },
  (t) => [
    index('availability_exceptions_doctor_date_idx').on(t.doctorId, t.date),
    check(
      'availability_exceptions_window',
      sql`(${t.startMinute} is null and ${t.endMinute} is null) or (${t.startMinute} >= 0 and ${t.endMinute} <= 1440 and ${t.startMinute} < ${t.endMinute})`,
    ),
  ],
);

/** How a doctor's visits are booked (one row per doctor; defaults when missing). */
export const doctorSchedulingSettings = pgTable(
  'doctor_scheduling_settings',
  {
    doctorId: uuid()
      .primaryKey()
      .references(() => doctors.id, { onDelete: 'cascade' }),
    visitMinutes: smallint().notNull().default(30),
    /** Free minutes kept before and after each booked visit. */
    bufferMinutes: smallint().notNull().default(0),
    /** How many days ahead a patient may book. */
    horizonDays: smallint().notNull().default(30),
    /** How soon a visit may start, from the moment of booking. */
    minNoticeMinutes: integer().notNull().default(120),
  },
  (t) => [
    check('doctor_scheduling_settings_positive', sql`${t.visitMinutes} > 0 and ${t.bufferMinutes} >= 0 and ${t.horizonDays} >= 0 and ${t.minNoticeMinutes} >= 0`),
  ],
);
