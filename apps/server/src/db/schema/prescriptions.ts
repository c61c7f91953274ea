// What a doctor may prescribe for a product, the prescriptions written, and how each reaches the
// pharmacy (DATA-MODEL.md product_formulary, prescriptions,
// prescription_transmissions; issue 15). A prescription is a fax-ready PDF today: it never claims
// to be e-prescribed. Its verification code is kept only as a hash; a pharmacy checks it on the
// store's public page and confirms receipt there.
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, smallint, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';
import { products } from './catalog.ts';
import { doctors } from './doctors.ts';
import { orders } from './orders.ts';
import { pharmacies } from './pharmacies.ts';

/** One prescribable choice for a product (operator-kept; issue 18 edits it). */
export const productFormulary = pgTable(
  'product_formulary',
  {
    id: uuid().primaryKey().defaultRandom(),
    productId: uuid()
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    medication: text().notNull(),
    strength: text().notNull(),
    /** e.g. "tablet", "injection pen", "cream". */
    form: text().notNull(),
    quantity: integer().notNull(),
    daysSupply: integer().notNull(),
    maxRefills: smallint().notNull().default(0),
    directionsTemplate: text().notNull().default(''),
    /** A DEA schedule (2–5) marks a controlled substance: the store refuses to prescribe it. */
    deaSchedule: smallint(),
    active: boolean().notNull().default(true),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('product_formulary_product_idx').on(t.productId),
    check('product_formulary_positive', sql`${t.quantity} > 0 and ${t.daysSupply} > 0`),
    check('product_formulary_refills', sql`${t.maxRefills} between 0 and 11`),
    check('product_formulary_schedule', sql`${t.deaSchedule} is null or ${t.deaSchedule} between 1 and 5`),
  ],
);

export const PRESCRIPTION_STATUSES = ['active', 'revoked', 'expired'] as const;
export type PrescriptionStatus = (typeof PRESCRIPTION_STATUSES)[number];

export const prescriptions = pgTable(
  'prescriptions',
  {
    id: uuid().primaryKey().defaultRandom(),
    orderId: uuid()
      .notNull()
      .references(() => orders.id),
    doctorId: uuid()
      .notNull()
      .references(() => doctors.id),
    patientId: uuid()
      .notNull()
      .references(() => users.id),
    pharmacyId: uuid()
      .notNull()
      .references(() => pharmacies.id),
    formularyId: uuid().references(() => productFormulary.id, { onDelete: 'set null' }),
    medication: text().notNull(),
    strength: text().notNull(),
    form: text().notNull(),
    quantity: integer().notNull(),
    daysSupply: integer().notNull(),
    directions: text().notNull(),
    refillsAuthorized: smallint().notNull(),
    refillsLeft: smallint().notNull(),
    substitutionAllowed: boolean().notNull().default(true),
    writtenAt: timestamp({ withTimezone: true }).notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    status: text().$type<PrescriptionStatus>().notNull().default('active'),
    /** SHA-256 of the short verification code printed on the PDF (the code itself is never kept). */
    verificationCodeHash: text().notNull(),
    /** The pharmacy confirmed it received the prescription (from the verification page). */
    receivedAt: timestamp({ withTimezone: true }),
    revokedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    uniqueIndex('prescriptions_verification_unique').on(t.verificationCodeHash),
    index('prescriptions_order_idx').on(t.orderId),
    index('prescriptions_patient_idx').on(t.patientId, t.writtenAt),
    index('prescriptions_pharmacy_idx').on(t.pharmacyId, t.writtenAt),
    check('prescriptions_status', sql`${t.status} in ('active', 'revoked', 'expired')`),
    check('prescriptions_refills', sql`${t.refillsAuthorized} between 0 and 11 and ${t.refillsLeft} between 0 and ${t.refillsAuthorized}`),
    check('prescriptions_positive', sql`${t.quantity} > 0 and ${t.daysSupply} > 0`),
  ],
);

export const TRANSMISSION_STATUSES = ['queued', 'transmitted', 'acknowledged', 'rejected', 'failed'] as const;
export type TransmissionStatus = (typeof TRANSMISSION_STATUSES)[number];

export const prescriptionTransmissions = pgTable(
  'prescription_transmissions',
  {
    id: uuid().primaryKey().defaultRandom(),
    prescriptionId: uuid()
      .notNull()
      .references(() => prescriptions.id, { onDelete: 'cascade' }),
    /** The PrescriptionTransport's name, e.g. "fax". */
    transport: text().notNull(),
    idempotencyKey: text().notNull(),
    status: text().$type<TransmissionStatus>().notNull().default('queued'),
    attempts: integer().notNull().default(0),
    /** Storage key of the document sent (the fax-ready PDF). */
    documentKey: text(),
    /** The transport's own reference (a fax id). */
    externalId: text(),
    lastError: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('prescription_transmissions_key_unique').on(t.idempotencyKey),
    index('prescription_transmissions_prescription_idx').on(t.prescriptionId),
    check('prescription_transmissions_status', sql`${t.status} in ('queued', 'transmitted', 'acknowledged', 'rejected', 'failed')`),
  ],
);

/** Faxes the store sent (the default fax adapter stores them here instead of dialling out). */
export const faxOutbox = pgTable(
  'fax_outbox',
  {
    id: uuid().primaryKey().defaultRandom(),
    toNumber: text().notNull(),
    toName: text().notNull(),
    documentKey: text().notNull(),
    pages: integer().notNull(),
    /** The caller's key: a repeat with the same key is the same fax. */
    idempotencyKey: text().notNull(),
    status: text().notNull().default('stored'),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('fax_outbox_key_unique').on(t.idempotencyKey)],
);
