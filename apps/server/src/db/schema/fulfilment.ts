// What happens at the pharmacy after a prescription is sent (DATA-MODEL.md fulfilments; issue 15):
// a partner pharmacy fills and ships (received → filled → shipped → delivered); a patient's own
// pharmacy ends at ready_for_pickup once it confirms receipt. Pharmacy staff belong to one pharmacy.
import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';
import { orders } from './orders.ts';
import { pharmacies } from './pharmacies.ts';
import { prescriptions } from './prescriptions.ts';

/** A pharmacist's pharmacy (role pharmacist: one partner pharmacy). */
export const pharmacyStaff = pgTable('pharmacy_staff', {
  userId: uuid()
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  pharmacyId: uuid()
    .notNull()
    .references(() => pharmacies.id, { onDelete: 'cascade' }),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

export const FULFILMENT_STATUSES = ['received', 'filled', 'shipped', 'delivered', 'ready_for_pickup'] as const;
export type FulfilmentStatus = (typeof FULFILMENT_STATUSES)[number];

export const fulfilments = pgTable(
  'fulfilments',
  {
    id: uuid().primaryKey().defaultRandom(),
    orderId: uuid()
      .notNull()
      .references(() => orders.id),
    pharmacyId: uuid()
      .notNull()
      .references(() => pharmacies.id),
    /** Null for an order with no prescription (a product that needs no consult). */
    prescriptionId: uuid().references(() => prescriptions.id),
    status: text().$type<FulfilmentStatus>().notNull(),
    carrier: text(),
    trackingNumber: text(),
    receivedAt: timestamp({ withTimezone: true }),
    filledAt: timestamp({ withTimezone: true }),
    shippedAt: timestamp({ withTimezone: true }),
    deliveredAt: timestamp({ withTimezone: true }),
    readyAt: timestamp({ withTimezone: true }),
    /** The pharmacist who last moved it. */
    updatedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('fulfilments_order_unique').on(t.orderId),
    index('fulfilments_pharmacy_status_idx').on(t.pharmacyId, t.status, t.updatedAt),
    check('fulfilments_status', sql`${t.status} in ('received', 'filled', 'shipped', 'delivered', 'ready_for_pickup')`),
    check('fulfilments_tracking', sql`${t.status} not in ('shipped', 'delivered') or (${t.carrier} is not null and ${t.trackingNumber} is not null)`),
  ],
);
