// Orders (a cart is an order in 'draft') and their items, shared by guests and patients
// (DATA-MODEL.md). Prices and consult fees are snapshots taken when an item is added.
import type { OrderStatus, VisitType } from '@store/domain';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  numeric,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { sessions, users } from './auth.ts';
import { products } from './catalog.ts';
import { doctors } from './doctors.ts';
import { pharmacies } from './pharmacies.ts';
import { landingSessions } from './landing.ts';
import { shippingMethods } from './shipping.ts';
import { storefronts } from './storefronts.ts';

export const orders = pgTable(
  'orders',
  {
    id: uuid().primaryKey().defaultRandom(),
    storefrontId: uuid()
      .notNull()
      .references(() => storefronts.id),
    /** The patient who owns it; null while a guest owns it. */
    userId: uuid().references(() => users.id, { onDelete: 'cascade' }),
    /** The guest session that owns it (until a patient adopts it). */
    guestSessionId: uuid().references(() => sessions.id, { onDelete: 'set null' }),
    status: text().$type<OrderStatus>().notNull().default('draft'),
    /** Stages the order needs: the union of its items' masks. */
    requiredStages: integer().notNull().default(0),
    /** Order-level completed stages (Shipping, Pharmacy, Scheduling, Payment); Consult is per item. */
    completedStages: integer().notNull().default(0),
    shippingState: text(),
    /** Shipping address snapshot (issue 5): copied from a saved address or typed at checkout. */
    shipFullName: text(),
    shipLine1: text(),
    shipLine2: text(),
    shipCity: text(),
    shipState: text(),
    shipZip: text(),
    shipPhone: text(),
    shippingMethodId: uuid().references(() => shippingMethods.id, { onDelete: 'set null' }),
    shippingCents: integer().notNull().default(0),
    /** The applied promo code (promotions.coupons; no FK to keep the schema files acyclic). */
    couponId: uuid(),
    couponCode: text(),
    discountCents: integer().notNull().default(0),
    salesTaxApplied: boolean().notNull().default(false),
    taxRatePercent: numeric({ precision: 7, scale: 4, mode: 'number' }).notNull().default(0),
    taxCents: integer().notNull().default(0),
    subtotalCents: integer().notNull().default(0),
    consultFeeCents: integer().notNull().default(0),
    totalCents: integer().notNull().default(0),
    /** A donation the patient adds on the summary (issue 7, flags.enableDonationsSummaryPage); part of totalCents. */
    donationCents: integer().notNull().default(0),
    // Later issues: pharmacy, doctor, visit, phone.
    /** The pharmacy the prescription goes to (issue 5): the partner, the directory or the patient's own. */
    pharmacyId: uuid().references(() => pharmacies.id, { onDelete: 'set null' }),
    /** The doctor of the visit (scheduling); null for "next available". */
    doctorId: uuid().references(() => doctors.id, { onDelete: 'set null' }),
    visitType: smallint().$type<VisitType>(),
    phone: text(),
    landingGuid: uuid().references(() => landingSessions.guid, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // One open cart per owner: concurrent "create or return current" calls cannot make two.
    uniqueIndex('orders_guest_draft_unique')
      .on(t.guestSessionId)
      .where(sql`${t.status} = 'draft' and ${t.userId} is null`),
    uniqueIndex('orders_user_draft_unique')
      .on(t.userId, t.storefrontId)
      .where(sql`${t.status} = 'draft'`),
    index('orders_user_idx').on(t.userId),
    // The doctors' review queue: orders in a status, longest waiting first (issue 15).
    index('orders_status_updated_idx').on(t.status, t.updatedAt),
    // The queue's page in its own order (awaiting review first, then waiting for the patient;
    // longest waiting first), read straight off the index however many orders are open.
    index('orders_review_queue_idx')
      .on(sql`(${t.status} = 'needs_info')`, t.updatedAt, t.id)
      .where(sql`${t.status} in ('awaiting_review', 'needs_info')`),
  ],
);

export const orderItems = pgTable(
  'order_items',
  {
    id: uuid().primaryKey().defaultRandom(),
    orderId: uuid()
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    productId: uuid()
      .notNull()
      .references(() => products.id),
    qty: integer().notNull(),
    /** Snapshots taken when the item was added (DATA-MODEL.md "Snapshots"). */
    title: text().notNull(),
    unitPriceCents: integer().notNull(),
    consultFeeCents: integer().notNull().default(0),
    consultRequired: boolean().notNull().default(false),
    consultAttached: boolean().notNull().default(false),
    visitType: smallint().$type<VisitType>(),
    requiredStages: integer().notNull().default(0),
    completedStages: integer().notNull().default(0),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('order_items_order_product_unique').on(t.orderId, t.productId),
    check('order_items_qty_positive', sql`${t.qty} >= 1`),
  ],
);
