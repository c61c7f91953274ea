// A signed-in patient's saved shipping addresses (issue 5; SPEC §9 "MOST RECENT ADDRESS",
// "OTHER SAVED ADDRESSES"). Guests keep their address on the order instead.
import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';

export const addresses = pgTable(
  'addresses',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    fullName: text().notNull(),
    line1: text().notNull(),
    line2: text(),
    city: text().notNull(),
    /** Two-letter US state code. */
    state: text().notNull(),
    zip: text().notNull(),
    /** 10 digits (SPEC §5 PhoneNumber). */
    phone: text().notNull(),
    /** Set each time the patient ships to it; the latest is the "MOST RECENT ADDRESS". */
    lastUsedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('addresses_user_idx').on(t.userId)],
);

export type AddressRow = typeof addresses.$inferSelect;
