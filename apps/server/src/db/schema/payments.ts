// Saved cards and payments (DATA-MODEL.md payment_methods, payments; issue 7). We keep only a
// card's brand, last four digits and expiry: the number stays with the gateway, which gives us a
// customer id and a payment-method id to charge later.
import type { BillingAddress, CardBrand, PaymentStatus } from '@store/domain';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { sessions, users } from './auth.ts';
import { orders } from './orders.ts';
import { storefronts } from './storefronts.ts';

export type GatewayName = 'sandbox' | 'stripe';

export const paymentMethods = pgTable(
  'payment_methods',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The gateway that holds the card; a card saved with one gateway cannot be charged by another. */
    gateway: text().$type<GatewayName>().notNull(),
    gatewayCustomerId: text().notNull(),
    gatewayPaymentMethodId: text().notNull(),
    brand: text().$type<CardBrand>().notNull(),
    last4: text().notNull(),
    expMonth: smallint().notNull(),
    expYear: smallint().notNull(),
    billingAddress: jsonb().$type<BillingAddress>(),
    /**
     * The gateway's fingerprint of the card number (Stripe `card.fingerprint`): the same card saved
     * again is recognised by it, never by brand, last four and expiry alone. Null for cards saved before.
     */
    fingerprint: text(),
    /** The card checkout offers first; at most one per patient and gateway. */
    isCurrent: boolean().notNull().default(false),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('payment_methods_user_idx').on(t.userId, t.createdAt),
    uniqueIndex('payment_methods_gateway_pm_unique').on(t.gateway, t.gatewayPaymentMethodId),
    uniqueIndex('payment_methods_one_current').on(t.userId, t.gateway).where(sql`${t.isCurrent}`),
    check('payment_methods_last4', sql`${t.last4} ~ '^[0-9]{4}$'`),
    check('payment_methods_exp', sql`${t.expMonth} between 1 and 12 and ${t.expYear} between 2000 and 2200`),
  ],
);

export const payments = pgTable(
  'payments',
  {
    id: uuid().primaryKey().defaultRandom(),
    /** The order paid for (the foreign key came with the checkout wiring, issue 7). */
    orderId: uuid()
      .notNull()
      .references(() => orders.id),
    storefrontId: uuid()
      .notNull()
      .references(() => storefronts.id),
    /** Who paid: a patient, or a guest session. */
    userId: uuid().references(() => users.id, { onDelete: 'set null' }),
    guestSessionId: uuid().references(() => sessions.id, { onDelete: 'set null' }),
    /** The saved card charged, when one was (a one-off card leaves this null). */
    paymentMethodId: uuid().references(() => paymentMethods.id, { onDelete: 'set null' }),
    gateway: text().$type<GatewayName>().notNull(),
    /** The gateway's payment (Stripe PaymentIntent id); null until the gateway answers. */
    /** The token or gateway payment-method id charged, so an unanswered call can be asked again. */
    gatewaySourceId: text(),
    gatewayIntentId: text(),
    gatewayRefundId: text(),
    amountCents: integer().notNull(),
    currency: text().notNull().default('usd'),
    /** What checkout asked for: capture at once (no doctor's decision needed) or hold only. */
    captureRequested: boolean().notNull(),
    status: text().$type<PaymentStatus>().notNull(),
    /** The caller's key: a repeat with the same key gets the first result. */
    idempotencyKey: text().notNull(),
    /** For receipts ("Visa ending in 4242"): never more than brand and last four. */
    cardBrand: text().$type<CardBrand>(),
    cardLast4: text(),
    /** A decline code (packages/domain DECLINE_CODES) and its plain-words reason. */
    failureCode: text(),
    failureReason: text(),
    /** Bumped whenever a caller takes over a pending payment to ask the gateway again. */
    version: integer().notNull().default(0),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    authorizedAt: timestamp({ withTimezone: true }),
    /** When the card processor lets a hold lapse (nothing may be captured after it). */
    holdExpiresAt: timestamp({ withTimezone: true }),
    capturedAt: timestamp({ withTimezone: true }),
    voidedAt: timestamp({ withTimezone: true }),
    refundedAt: timestamp({ withTimezone: true }),
    /** Given back so far (issue 18 partial refunds); the status turns `refunded` when it reaches the amount. */
    refundedCents: integer().notNull().default(0),
    failedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    uniqueIndex('payments_idempotency_key_unique').on(t.idempotencyKey),
    // Exactly one live payment (being made, held or charged) per order, whatever the key.
    uniqueIndex('payments_order_live_unique')
      .on(t.orderId)
      .where(sql`${t.status} in ('pending', 'authorized', 'captured')`),
    index('payments_order_idx').on(t.orderId, t.createdAt),
    check('payments_amount_positive', sql`${t.amountCents} > 0`),
    check(
      'payments_status',
      sql`${t.status} in ('pending', 'authorized', 'captured', 'voided', 'refunded', 'failed')`,
    ),
  ],
);

/**
 * Money given back on a captured payment (issue 18): an operator's full or partial refund. One row a
 * request, keyed so a repeat (a double click, a retry after a crash) gives back nothing twice; the
 * sum of succeeded rows never exceeds the payment's amount (checked in the transaction that adds one).
 */
export const paymentRefunds = pgTable(
  'payment_refunds',
  {
    id: uuid().primaryKey().defaultRandom(),
    paymentId: uuid()
      .notNull()
      .references(() => payments.id),
    orderId: uuid()
      .notNull()
      .references(() => orders.id),
    amountCents: integer().notNull(),
    /** Why, in the operator's words (shown on the order's timeline; never health data). */
    reason: text().notNull().default(''),
    idempotencyKey: text().notNull(),
    /** pending (asked the gateway, no answer yet) | succeeded | failed */
    status: text().$type<'pending' | 'succeeded' | 'failed'>().notNull(),
    gatewayRefundId: text(),
    failureReason: text(),
    /** The operator (user id) who asked; null for the system. */
    requestedBy: uuid(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    uniqueIndex('payment_refunds_idempotency_unique').on(t.idempotencyKey),
    index('payment_refunds_payment_idx').on(t.paymentId, t.createdAt),
    check('payment_refunds_amount_positive', sql`${t.amountCents} > 0`),
  ],
);
