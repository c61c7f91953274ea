// The sandbox payment processor's own books (issue 7): it stands in for a real processor when no
// Stripe keys are set, so its state lives in the database and survives restarts and works across
// machines. No card number is stored: only brand, last four, expiry and the test behaviour the
// number stands for. Nothing here is read by store modules; only the sandbox gateway adapter.
import type { CardBrand } from '@store/domain';
import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, smallint, text, timestamp } from 'drizzle-orm/pg-core';

/** What a test card does when charged (README "Test cards"). */
export type SandboxBehaviour =
  | 'succeed'
  | 'decline'
  | 'insufficient_funds'
  | 'processing_error_once'
  | 'expired_card'
  | 'incorrect_cvc';

export const sandboxGatewayCustomers = pgTable('sandbox_gateway_customers', {
  /** cus_sbx_… */
  id: text().primaryKey(),
  /** The store's id for the person (their user id). */
  reference: text(),
  email: text(),
  createdAt: timestamp({ withTimezone: true }).notNull(),
});

export const sandboxGatewayPaymentMethods = pgTable(
  'sandbox_gateway_payment_methods',
  {
    /** pm_sbx_… — the token the card form hands to the store. */
    id: text().primaryKey(),
    customerId: text().references(() => sandboxGatewayCustomers.id),
    brand: text().$type<CardBrand>().notNull(),
    last4: text().notNull(),
    expMonth: smallint().notNull(),
    expYear: smallint().notNull(),
    behaviour: text().$type<SandboxBehaviour>().notNull(),
    /** Like a processor's card fingerprint: the same number gives the same value (test cards only). */
    fingerprint: text(),
    billingDetails: jsonb().$type<Record<string, unknown>>(),
    /** Authorization attempts made with it (the retry card fails only the first). */
    attempts: integer().notNull().default(0),
    /** An unattached card is single use: set when a payment with it succeeds. */
    consumedAt: timestamp({ withTimezone: true }),
    detachedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index('sandbox_gateway_pm_customer_idx').on(t.customerId)],
);

export const sandboxGatewayIntents = pgTable(
  'sandbox_gateway_intents',
  {
    /** pi_sbx_… */
    id: text().primaryKey(),
    paymentMethodId: text()
      .notNull()
      .references(() => sandboxGatewayPaymentMethods.id),
    customerId: text(),
    amountCents: integer().notNull(),
    currency: text().notNull(),
    /** Stripe's words: requires_capture (held), succeeded (charged), canceled (released). */
    status: text().$type<'requires_capture' | 'succeeded' | 'canceled'>().notNull(),
    amountRefundedCents: integer().notNull().default(0),
    metadata: jsonb().$type<Record<string, string>>().notNull().default({}),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    /** A hold lapses after 7 days, as card networks do. */
    holdExpiresAt: timestamp({ withTimezone: true }),
    capturedAt: timestamp({ withTimezone: true }),
    canceledAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    check('sandbox_gateway_intents_amount', sql`${t.amountCents} > 0`),
    check('sandbox_gateway_intents_refund', sql`${t.amountRefundedCents} between 0 and ${t.amountCents}`),
  ],
);

export const sandboxGatewayRefunds = pgTable('sandbox_gateway_refunds', {
  /** re_sbx_… */
  id: text().primaryKey(),
  intentId: text()
    .notNull()
    .references(() => sandboxGatewayIntents.id),
  amountCents: integer().notNull(),
  createdAt: timestamp({ withTimezone: true }).notNull(),
});

/**
 * Idempotency keys as a processor keeps them: the first answer to a key is stored and replayed;
 * the same key with different parameters is refused.
 */
export const sandboxGatewayIdempotency = pgTable('sandbox_gateway_idempotency', {
  key: text().primaryKey(),
  operation: text().notNull(),
  requestHash: text().notNull(),
  response: jsonb().$type<unknown>().notNull(),
  createdAt: timestamp({ withTimezone: true }).notNull(),
});
