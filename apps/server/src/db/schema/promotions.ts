// Promo codes and their redemptions (recorded when an order is paid).
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { sessions, users } from './auth.ts';
import { orders } from './orders.ts';
import { storefronts } from './storefronts.ts';

export const coupons = pgTable(
  'coupons',
  {
    id: uuid().primaryKey().defaultRandom(),
    storefrontId: uuid()
      .notNull()
      .references(() => storefronts.id, { onDelete: 'cascade' }),
    /** Stored upper-case; codes are matched case-insensitively. */
    code: text().notNull(),
    kind: text().$type<'percent' | 'fixed'>().notNull(),
    /** 'percent': 0–100 (up to 4 decimals); 'fixed': not used. */
    percentOff: numeric({ precision: 7, scale: 4, mode: 'number' }),
    /** 'fixed': cents off; 'percent': not used. */
    amountOffCents: integer(),
    /** The order's subtotal must reach this for the code to apply. */
    minSubtotalCents: integer(),
    /** Restricted to these products (the discount applies to them only); null = every product. */
    productIds: uuid().array(),
    startsAt: timestamp({ withTimezone: true }),
    endsAt: timestamp({ withTimezone: true }),
    maxRedemptions: integer(),
    maxRedemptionsPerPatient: integer(),
    active: boolean().notNull().default(true),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('coupons_storefront_code_unique').on(t.storefrontId, sql`upper(${t.code})`),
    check(
      'coupons_kind_value',
      sql`(${t.kind} = 'percent' and ${t.percentOff} between 0 and 100) or (${t.kind} = 'fixed' and ${t.amountOffCents} >= 0)`,
    ),
  ],
);

export const couponRedemptions = pgTable(
  'coupon_redemptions',
  {
    id: uuid().primaryKey().defaultRandom(),
    couponId: uuid()
      .notNull()
      .references(() => coupons.id, { onDelete: 'cascade' }),
    /** One redemption per order. */
    orderId: uuid()
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' })
      .unique(),
    userId: uuid().references(() => users.id, { onDelete: 'set null' }),
    guestSessionId: uuid().references(() => sessions.id, { onDelete: 'set null' }),
    discountCents: integer().notNull(),
    redeemedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('coupon_redemptions_coupon_idx').on(t.couponId, t.userId)],
);
