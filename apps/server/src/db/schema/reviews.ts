// A doctor's review of a paid consult order (DATA-MODEL.md review_claims, decisions, info_requests;
// issue 15). One claim row per order: claiming takes (or renews) its lease, and a lease that lapsed
// lets the next doctor take the row over, so two doctors never hold one order.
import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { questionnaireVersions } from './consults.ts';
import { doctors } from './doctors.ts';
import { orders } from './orders.ts';

export const reviewClaims = pgTable('review_claims', {
  orderId: uuid()
    .primaryKey()
    .references(() => orders.id, { onDelete: 'cascade' }),
  doctorId: uuid()
    .notNull()
    .references(() => doctors.id),
  claimedAt: timestamp({ withTimezone: true }).notNull(),
  leaseExpiresAt: timestamp({ withTimezone: true }).notNull(),
  /** Given back (decided, or released by the doctor) before the lease ran out. */
  releasedAt: timestamp({ withTimezone: true }),
});

export const DECISION_KINDS = ['approve', 'decline', 'needs_info'] as const;
export type DecisionKind = (typeof DECISION_KINDS)[number];

export const decisions = pgTable(
  'decisions',
  {
    id: uuid().primaryKey().defaultRandom(),
    orderId: uuid()
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    doctorId: uuid()
      .notNull()
      .references(() => doctors.id),
    kind: text().$type<DecisionKind>().notNull(),
    /** A decline's reason from the list (DECLINE_REASONS). */
    reasonCode: text(),
    /** What the patient reads: a kind explanation, never the clinical note. */
    noteForPatient: text(),
    /** Only doctors read this. */
    clinicalNote: text(),
    at: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    index('decisions_order_idx').on(t.orderId, t.at),
    check('decisions_kind', sql`${t.kind} in ('approve', 'decline', 'needs_info')`),
  ],
);

export const infoRequests = pgTable(
  'info_requests',
  {
    id: uuid().primaryKey().defaultRandom(),
    orderId: uuid()
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    doctorId: uuid()
      .notNull()
      .references(() => doctors.id),
    question: text().notNull(),
    askedAt: timestamp({ withTimezone: true }).notNull(),
    answer: text(),
    /** Uploads the patient attached to the answer (their own; checked by the uploads service). */
    answerUploadIds: uuid().array().notNull().default(sql`'{}'::uuid[]`),
    answeredAt: timestamp({ withTimezone: true }),
  },
  (t) => [index('info_requests_order_idx').on(t.orderId, t.askedAt)],
);

/**
 * Answers of a questionnaire version an operator marked for the doctor's attention. `answers`
 * empty: any answer to the question is flagged.
 */
export const flaggedAnswers = pgTable(
  'flagged_answers',
  {
    id: uuid().primaryKey().defaultRandom(),
    questionnaireVersionId: uuid()
      .notNull()
      .references(() => questionnaireVersions.id, { onDelete: 'cascade' }),
    questionId: text().notNull(),
    answers: text().array().notNull().default(sql`'{}'::text[]`),
    /** Why the doctor should look (shown beside the answer). */
    note: text().notNull().default(''),
  },
  (t) => [index('flagged_answers_version_idx').on(t.questionnaireVersionId)],
);
