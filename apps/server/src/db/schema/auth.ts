// People who sign in, and the sessions that carry a guest or a signed-in person (DATA-MODEL.md).
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  index,
  integer,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { companies, storefronts } from './storefronts.ts';
import { USER_ROLES } from '@store/domain';

export const userRole = pgEnum('user_role', USER_ROLES);
/** How an account came to be (SPEC §1, §7: register, one-time code, join, provider invite, ECP). */
export const signupSource = pgEnum('signup_source', ['password', 'otp', 'join', 'invite', 'ecp', 'seed']);

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
    signupSource: signupSource().notNull().default('password'),
    /** Registered from an e-prescribing link (SPEC §7 register ECP variant: isECP, ERxGUID). */
    isEcp: boolean().notNull().default(false),
    erxGuid: text(),
    /** SPEC §7 register: the landing and redirect pages the patient arrived with. */
    landingPage: text(),
    redirectPage: text(),
    /** The doctor whose invite link the patient signed up from. */
    invitedByUserId: uuid().references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
    /** Join-the-movement sign-ups may agree to news by email. */
    marketingOptIn: boolean().notNull().default(false),
    /** Set when the patient proved the mailbox (one-time code by email, reset link). */
    emailVerifiedAt: timestamp({ withTimezone: true }),
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

export const codePurpose = pgEnum('one_time_code_purpose', ['login', 'register', 'staff_login']);

/**
 * One-time passcodes (SPEC §4 OTP login, §7 register with OTP). One row per company, purpose and
 * email: a new send replaces the code, so only one is ever live. Only an HMAC of the code is kept.
 */
export const oneTimeCodes = pgTable(
  'one_time_codes',
  {
    id: uuid().primaryKey().defaultRandom(),
    companyId: uuid()
      .notNull()
      .references(() => companies.id),
    storefrontId: uuid()
      .notNull()
      .references(() => storefronts.id),
    purpose: codePurpose().notNull(),
    /** Lower-cased email the code was asked for (for registration there is no user yet). */
    email: text().notNull(),
    userId: uuid().references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text().notNull(),
    channels: text().array().notNull(),
    tries: integer().notNull().default(0),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
  },
  (t) => [uniqueIndex('one_time_codes_live_unique').on(t.companyId, t.purpose, t.email)],
);

/** Password reset links: single use, expire after an hour, only the token's SHA-256 stored. */
export const passwordResets = pgTable(
  'password_resets',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text().notNull().unique(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
  },
  (t) => [index('password_resets_user_idx').on(t.userId)],
);

/**
 * Failed sign-in attempts and sends, counted per key (an HMAC of the account or IP) for rate
 * limits and back-off. In the database so every machine of the store sees the same counts.
 */
export const authThrottleEvents = pgTable(
  'auth_throttle_events',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    bucket: text().notNull(),
    keyHash: text().notNull(),
    at: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index('auth_throttle_events_key_idx').on(t.bucket, t.keyHash, t.at)],
);

/**
 * E-prescribing invitations (SPEC §6 ECP customer, §7 GET ECP info with peopleId and guid): the
 * prescribed product and the patient's details, pre-filled on the ECP registration page.
 */
export const ecpInvitations = pgTable(
  'ecp_invitations',
  {
    id: uuid().primaryKey().defaultRandom(),
    /** The secret half of the link (random UUID v4). */
    guid: uuid().notNull().unique(),
    /** The prescriber's id for the patient. */
    peopleId: text().notNull(),
    storefrontId: uuid()
      .notNull()
      .references(() => storefronts.id),
    email: text().notNull(),
    firstName: text().notNull().default(''),
    lastName: text().notNull().default(''),
    phone: text(),
    /** The prescribed product (catalog row; not a foreign key so the catalog can evolve apart). */
    productId: uuid(),
    used: boolean().notNull().default(false),
    usedAt: timestamp({ withTimezone: true }),
    usedByUserId: uuid().references(() => users.id, { onDelete: 'set null' }),
    expiresAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('ecp_invitations_people_idx').on(t.storefrontId, t.peopleId)],
);
