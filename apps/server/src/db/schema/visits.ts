// A visit as it happens (DATA-MODEL.md visits, visit_notes; issue 16): one row per booked
// appointment, made when the patient or the doctor first arrives. Who arrived when, who admitted
// the patient, who ended it and how it went (a call-quality summary from getStats(); no media is
// ever recorded). The private visit note is the doctor's alone.
import { sql } from 'drizzle-orm';
import { check, index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';
import { doctors } from './doctors.ts';
import { orders } from './orders.ts';
import { appointments } from './scheduling.ts';

export const VISIT_OUTCOMES = ['completed', 'missed_by_patient', 'missed_by_doctor'] as const;
export type VisitOutcome = (typeof VISIT_OUTCOMES)[number];

/** One side's call-quality summary, as the browser measured it (see domain visits). */
export type VisitQualityBySide = Partial<Record<'patient' | 'doctor', Record<string, unknown>>>;

export const visits = pgTable(
  'visits',
  {
    id: uuid().primaryKey().defaultRandom(),
    appointmentId: uuid()
      .notNull()
      .references(() => appointments.id, { onDelete: 'cascade' }),
    orderId: uuid().references(() => orders.id, { onDelete: 'set null' }),
    doctorId: uuid()
      .notNull()
      .references(() => doctors.id),
    /** The patient's account (the order's owner). */
    patientUserId: uuid().references(() => users.id, { onDelete: 'set null' }),
    patientJoinedAt: timestamp({ withTimezone: true }),
    doctorJoinedAt: timestamp({ withTimezone: true }),
    /** The doctor let the patient in from the waiting room. */
    admittedAt: timestamp({ withTimezone: true }),
    /** Both were in the call (admitted and connected) for the first time. */
    startedAt: timestamp({ withTimezone: true }),
    endedAt: timestamp({ withTimezone: true }),
    /** 'doctor', 'patient' or 'system' (the missed-visit sweep). */
    endedBy: text(),
    outcome: text().$type<VisitOutcome>(),
    /** The video call fell back to the phone ("the doctor will call you"). */
    phoneFallbackAt: timestamp({ withTimezone: true }),
    quality: jsonb().$type<VisitQualityBySide>().notNull().default({}),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('visits_appointment_unique').on(t.appointmentId),
    index('visits_order_idx').on(t.orderId),
    check('visits_outcome', sql`${t.outcome} is null or ${t.outcome} in ('completed', 'missed_by_patient', 'missed_by_doctor')`),
  ],
);

/** The doctor's private note on a visit; only doctors read it. One note per visit, edited until signed. */
export const visitNotes = pgTable(
  'visit_notes',
  {
    visitId: uuid()
      .primaryKey()
      .references(() => visits.id, { onDelete: 'cascade' }),
    doctorId: uuid()
      .notNull()
      .references(() => doctors.id),
    text: text().notNull(),
    signedAt: timestamp({ withTimezone: true }),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
);

/**
 * A reminder sent for a booked visit: one row per (appointment, kind), inserted in the transaction
 * that queues the mail and text, so a sweep run twice (or by two workers) reminds once.
 */
export const visitReminders = pgTable(
  'visit_reminders',
  {
    appointmentId: uuid()
      .notNull()
      .references(() => appointments.id, { onDelete: 'cascade' }),
    /** '24h' or '15m' (domain VISIT_REMINDERS). */
    kind: text().notNull(),
    sentAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('visit_reminders_once').on(t.appointmentId, t.kind)],
);
