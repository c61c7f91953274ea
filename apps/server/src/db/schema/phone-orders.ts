// Phone-order requests (SPEC §7 "POST phone-order request", §2; DATA-MODEL.md phone_order_requests;
// issue 17): a patient asks to be called to order by phone; staff are told and handle it.
import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';
import { storefronts } from './storefronts.ts';

export const PHONE_ORDER_STATUSES = ['new', 'handled'] as const;
export type PhoneOrderStatus = (typeof PHONE_ORDER_STATUSES)[number];

export const phoneOrderRequests = pgTable(
  'phone_order_requests',
  {
    id: uuid().primaryKey().defaultRandom(),
    storefrontId: uuid()
      .notNull()
      .references(() => storefronts.id),
    /** The signed-in patient who asked, if any (a guest may ask too). */
    userId: uuid().references(() => users.id, { onDelete: 'set null' }),
    name: text().notNull(),
    phone: text().notNull(),
    need: text().notNull(),
    bestTime: text().notNull(),
    status: text().$type<PhoneOrderStatus>().notNull().default('new'),
    handledBy: uuid(),
    handledAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index('phone_order_requests_storefront_idx').on(t.storefrontId, t.status, t.createdAt)],
);
