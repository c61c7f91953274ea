// Consult questionnaires (issue 8): questionnaires per storefront, their versions (a definition
// validated by the domain's questionnaireDefinitionSchema, frozen once a consult uses it), the
// patient's consult answers per order item, and the medication reference list used by search.
import type { Answers, QuestionnaireDefinition } from '@store/domain';
import { sql } from 'drizzle-orm';
import {
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { sessions, users } from './auth.ts';
import { orderItems, orders } from './orders.ts';
import { prescriptions } from './prescriptions.ts';
import { refillPlans } from './refills.ts';
import { storefronts } from './storefronts.ts';

export const questionnaires = pgTable(
  'questionnaires',
  {
    id: uuid().primaryKey().defaultRandom(),
    storefrontId: uuid()
      .notNull()
      .references(() => storefronts.id, { onDelete: 'cascade' }),
    /** Stable name products refer to (products.questionnaire_ref), e.g. `weight-care`. */
    slug: text().notNull(),
    title: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('questionnaires_storefront_slug_unique').on(t.storefrontId, t.slug)],
);

export const questionnaireVersions = pgTable(
  'questionnaire_versions',
  {
    id: uuid().primaryKey().defaultRandom(),
    questionnaireId: uuid()
      .notNull()
      .references(() => questionnaires.id, { onDelete: 'cascade' }),
    /** 1, 2, 3 … per questionnaire. */
    version: integer().notNull(),
    /** Pages and questions; always parsed by the domain schema before it is written. */
    definition: jsonb().$type<QuestionnaireDefinition>().notNull(),
    /** Null while a draft; the newest published version is the one patients get. */
    publishedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** The operator who made this draft (issue 18); null for seeded versions. */
    createdBy: uuid(),
    /** What changed, in the operator's words. */
    changeNote: text().notNull().default(''),
    /** The operator asked a doctor to sign this draft off (issue 18); cleared when the draft is edited. */
    signOffRequestedAt: timestamp({ withTimezone: true }),
    signOffRequestedBy: uuid(),
    /** A clinician's sign-off, required before publishing (issue 18); cleared when the draft is edited. */
    signedOffBy: uuid(),
    signedOffAt: timestamp({ withTimezone: true }),
    publishedBy: uuid(),
  },
  (t) => [uniqueIndex('questionnaire_versions_number_unique').on(t.questionnaireId, t.version)],
);

/**
 * One patient's answers to the questionnaire of one order item. Owned by a user or a guest
 * session; answers to hidden questions are never stored. Frozen (with its version) at submit.
 */
export const consults = pgTable(
  'consults',
  {
    id: uuid().primaryKey().defaultRandom(),
    storefrontId: uuid()
      .notNull()
      .references(() => storefronts.id, { onDelete: 'cascade' }),
    /** The order item this consult is for (the checkout engine creates it; gone with the item). */
    orderItemId: uuid()
      .notNull()
      .references(() => orderItems.id, { onDelete: 'cascade' }),
    userId: uuid().references(() => users.id, { onDelete: 'cascade' }),
    guestSessionId: uuid().references(() => sessions.id, { onDelete: 'set null' }),
    questionnaireVersionId: uuid()
      .notNull()
      .references(() => questionnaireVersions.id),
    answers: jsonb().$type<Answers>().notNull().default({}),
    /** The page the patient is on, so leaving and coming back resumes there. */
    currentPage: integer().notNull().default(0),
    submittedAt: timestamp({ withTimezone: true }),
    /** The operator's explanation of the disqualifying answer, set at submit. */
    disqualifiedReason: text(),
    disqualifiedQuestionId: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('consults_order_item_unique').on(t.orderItemId),
    index('consults_user_idx').on(t.userId),
    index('consults_guest_idx').on(t.guestSessionId),
    index('consults_version_idx').on(t.questionnaireVersionId),
  ],
);

/**
 * A renewal consult (issue 17): the consult of an order item opened to renew a prescription whose
 * refills ran out or which expired, prefilled from the previous consult's answers. One per
 * prescription (a second "open" answers the same order); gone with its consult (the patient took
 * the product out of the cart). The doctor's review compares the answers with `copiedFromConsultId`.
 */
export const consultRenewals = pgTable(
  'consult_renewals',
  {
    consultId: uuid()
      .primaryKey()
      .references(() => consults.id, { onDelete: 'cascade' }),
    /** The order the renewal consult is part of (the patient's draft when it was opened). */
    orderId: uuid()
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** The prescription being renewed. */
    prescriptionId: uuid()
      .notNull()
      .references(() => prescriptions.id),
    /** The refill plan that asked for it; null when the patient asked (no plan). */
    planId: uuid().references(() => refillPlans.id, { onDelete: 'set null' }),
    /** The order the renewed prescription was written for (its address and pharmacy were copied). */
    sourceOrderId: uuid()
      .notNull()
      .references(() => orders.id),
    /** The consult the answers were copied from; null when there was none to copy. */
    copiedFromConsultId: uuid().references(() => consults.id, { onDelete: 'set null' }),
    /** Questions of the previous consult the current questionnaire no longer asks (their answers were not copied). */
    droppedQuestionIds: jsonb().$type<string[]>().notNull().default([]),
    createdAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('consult_renewals_prescription_unique').on(t.prescriptionId),
    index('consult_renewals_order_idx').on(t.orderId),
  ],
);

/** The medication reference list shipped with the app (medications.data.ts, docs/medications.md). */
export const medications = pgTable(
  'medications',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    name: text().notNull(),
    /** 'generic' or 'brand'. */
    kind: text().$type<'generic' | 'brand'>().notNull(),
    /** For a brand, its generic (active ingredient) name. */
    generic: text(),
  },
  (t) => [uniqueIndex('medications_name_unique').on(sql`lower(${t.name})`)],
);
