// People who sign in, and the sessions that carry a guest or a signed-in person (DATA-MODEL.md).
import { sql } from 'drizzle-orm';
import { date, index, pgEnum, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { companies, storefronts } from './storefronts.ts';

export const userRole = pgEnum('user_role', ['patient', 'doctor', 'admin']);

export const users = pgTable(
  'users',
  {
    id: uuid().primaryKey().defaultRandom(),
    companyId: uuid()
      .notNull()
      .references(() => companies.id),
    /** The storefront the person signed up on (their brand for mail). */
    storefrontId: uuid()
      .notNull()
      .references(() => storefronts.id),
    email: text().notNull(),
    role: userRole().notNull().default('patient'),
    firstName: text().notNull().default(''),
    lastName: text().notNull().default(''),
    phone: text(),
    dateOfBirth: date(),
    /** argon2id; null for accounts created by one-time code that never set a password. */
    passwordHash: text(),
    passwordChangedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // Email is unique per company, case-insensitively.
    uniqueIndex('users_company_email_unique').on(t.companyId, sql`lower(${t.email})`),
  ],
);

export const sessionKind = pgEnum('session_kind', ['guest', 'user']);

export const sessions = pgTable(
  'sessions',
  {
    id: uuid().primaryKey().defaultRandom(),
    /** SHA-256 of the opaque token; the token itself is never stored. */
    tokenHash: text().notNull().unique(),
    kind: sessionKind().notNull(),
    userId: uuid().references(() => users.id, { onDelete: 'cascade' }),
    storefrontId: uuid()
      .notNull()
      .references(() => storefronts.id),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    revokedAt: timestamp({ withTimezone: true }),
    ip: text(),
    userAgent: text(),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);
