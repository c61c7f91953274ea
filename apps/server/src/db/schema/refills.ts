// Auto-refills that follow the prescription (DATA-MODEL.md refill_plans, refill_cycles; issue 17).
// A plan renews one prescription on a cycle; each renewal is one numbered cycle, unique per plan,
// so a cycle is charged once whatever restarts or concurrent workers do: the charge's idempotency
// key is derived from the plan and the cycle number, and the cycle row is claimed before the card is.
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, smallint, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';
import { products } from './catalog.ts';
import { orders } from './orders.ts';
import { prescriptions } from './prescriptions.ts';
import { storefronts } from './storefronts.ts';

/**
 * `once` (issue 17 "refill now" / reorder): a plan that renews one cycle now and then ends; it is
 * not an auto-refill (never listed as one) but its cycle is claimed, charged and retried the same way.
 */
export const REFILL_PLAN_STATUSES = ['active', 'paused', 'ended', 'once'] as const;
export type RefillPlanStatus = (typeof REFILL_PLAN_STATUSES)[number];

export const refillPlans = pgTable(
  'refill_plans',
  {
    id: uuid().primaryKey().defaultRandom(),
    /** The prescription it follows: refills left and expiry come from there. */
    prescriptionId: uuid()
      .notNull()
      .references(() => prescriptions.id),
    /** The order whose prescription started the plan (the first fill). */
    sourceOrderId: uuid()
      .notNull()
      .references(() => orders.id),
    patientId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    storefrontId: uuid()
      .notNull()
      .references(() => storefronts.id),
    productId: uuid()
      .notNull()
      .references(() => products.id),
    qty: integer().notNull().default(1),
    status: text().$type<RefillPlanStatus>().notNull().default('active'),
    /** Why it is paused or ended: "declined", "patient", "refills_exhausted", "renewal_declined". */
    statusReason: text(),
    /** Days between cycles (the product's refill cycle when the plan started). */
    cycleDays: integer().notNull(),
    /** When the next cycle is due. */
    nextDate: timestamp({ withTimezone: true }).notNull(),
    /** The cycle number the next renewal will use (1 for the first refill after the first fill). */
    nextCycle: integer().notNull().default(1),
    /** The saved card to charge; null charges the patient's current card. */
    cardId: uuid(),
    /** The "your refill is coming" notice was sent for this cycle number. */
    noticeSentForCycle: integer(),
    /** A renewal consult (an ordinary order, prefilled) opened when refills ran out or the prescription expired. */
    renewalOrderId: uuid().references(() => orders.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    updatedAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    // One live plan per prescription.
    uniqueIndex('refill_plans_prescription_live_unique').on(t.prescriptionId).where(sql`${t.status} <> 'ended'`),
    index('refill_plans_patient_idx').on(t.patientId),
    // The renewal job's scan: the plans it renews (auto-refills and one-time refills) by due date.
    // Its predicate matches claimDuePlan's `status in ('active', 'once')` (with `= 'active'` alone
    // the claim sorted every plan each time: 22 ms a claim at 10,000 plans, 0.07 ms with it).
    index('refill_plans_due_idx').on(t.nextDate).where(sql`${t.status} in ('active', 'once')`),
    check('refill_plans_cycle_days', sql`${t.cycleDays} between 1 and 365`),
    check('refill_plans_qty', sql`${t.qty} >= 1`),
  ],
);

export const REFILL_CYCLE_STATUSES = ['claimed', 'charged', 'declined', 'renewal', 'transmitted', 'skipped', 'failed'] as const;
export type RefillCycleStatus = (typeof REFILL_CYCLE_STATUSES)[number];

export const refillCycles = pgTable(
  'refill_cycles',
  {
    id: uuid().primaryKey().defaultRandom(),
    planId: uuid()
      .notNull()
      .references(() => refillPlans.id, { onDelete: 'cascade' }),
    cycle: integer().notNull(),
    status: text().$type<RefillCycleStatus>().notNull().default('claimed'),
    /** The refill order this cycle created (null for a skipped cycle or a renewal). */
    orderId: uuid().references(() => orders.id),
    /** The charge's idempotency key: refill:<plan id>:<cycle>. */
    idempotencyKey: text().notNull(),
    /** Declined charges so far (three retries over a week, then the plan pauses). */
    attempts: smallint().notNull().default(0),
    nextAttemptAt: timestamp({ withTimezone: true }),
    failureReason: text(),
    dueAt: timestamp({ withTimezone: true }).notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    updatedAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('refill_cycles_plan_cycle_unique').on(t.planId, t.cycle),
    uniqueIndex('refill_cycles_key_unique').on(t.idempotencyKey),
    index('refill_cycles_retry_idx').on(t.nextAttemptAt).where(sql`${t.status} = 'declined'`),
    // The cycle of a refill order (the pharmacist's pages read its prescription through it).
    index('refill_cycles_order_idx').on(t.orderId).where(sql`${t.orderId} is not null`),
  ],
);
