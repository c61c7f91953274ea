// Booked visits (DATA-MODEL.md appointments; issue 6). A slot is held atomically by a partial unique
// index on (doctor, start) among live bookings: of two patients racing for one slot, one insert wins.
import type { ScheduledVisitType } from '@store/domain';
import { sql } from 'drizzle-orm';
import {
  index,
  integer,
  pgEnum,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { sessions, users } from './auth.ts';
import { doctors } from './doctors.ts';
import { orders } from './orders.ts';
import { storefronts } from './storefronts.ts';

export const APPOINTMENT_STATUSES = ['booked', 'cancelled', 'rescheduled', 'completed', 'missed'] as const;
export type AppointmentStatus = (typeof APPOINTMENT_STATUSES)[number];
/** Statuses that hold their slot. */
export const LIVE_APPOINTMENT_STATUSES = ['booked', 'completed', 'missed'] as const satisfies readonly AppointmentStatus[];

export const appointmentStatus = pgEnum('appointment_status', APPOINTMENT_STATUSES);

export const appointments = pgTable(
  'appointments',
  {
    id: uuid().primaryKey().defaultRandom(),
    storefrontId: uuid()
      .notNull()
      .references(() => storefronts.id),
    /**
     * The order the visit belongs to (checkout booking). Null for a standalone API booking, and
     * while a guest's merged-away cart is re-pointed at sign-in (scheduling.adoptGuest).
     */
    orderId: uuid().references(() => orders.id, { onDelete: 'set null' }),
    doctorId: uuid()
      .notNull()
      .references(() => doctors.id),
    startsAt: timestamp({ withTimezone: true }).notNull(),
    endsAt: timestamp({ withTimezone: true }).notNull(),
    status: appointmentStatus().notNull().default('booked'),
    /** 1 video, 2 phone (SPEC §2 visit types); null when not known yet. */
    visitType: smallint().$type<ScheduledVisitType>(),
    /** SPEC §3 Schedule invitee: name, email, number. */
    inviteeName: text().notNull(),
    inviteeEmail: text().notNull(),
    inviteePhone: text().notNull(),
    /** The patient's IANA zone, for showing times in mail. */
    patientTimeZone: text().notNull(),
    /** SHA-256 of the reschedule link's token; the token itself is never stored. */
    rescheduleTokenHash: text().unique(),
    /** The link stops working after the visit. */
    tokenExpiresAt: timestamp({ withTimezone: true }),
    /** The calendar invite's UID: the same across reschedules, with SEQUENCE counting changes. */
    calendarUid: text().notNull(),
    sequence: integer().notNull().default(0),
    /** The booking this one replaced (status `rescheduled`). */
    rescheduledFromId: uuid().references((): AnyPgColumn => appointments.id),
    createdByUserId: uuid().references(() => users.id, { onDelete: 'set null' }),
    guestSessionId: uuid().references(() => sessions.id, { onDelete: 'set null' }),
    cancelledAt: timestamp({ withTimezone: true }),
    /**
     * When the pay step's "visit scheduled" mail (with a fresh link) went out: set with the new
     * token in one transaction, so a retried mail job neither mails twice nor kills the link sent.
     */
    scheduledMailedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('appointments_doctor_start_live')
      .on(t.doctorId, t.startsAt)
      .where(sql`${t.status} in ('booked', 'completed', 'missed')`),
    // One booked visit per order: two rebooks racing for one order cannot both win (issue 13).
    // Only `booked`: a missed visit stays beside the one booked again.
    uniqueIndex('appointments_order_booked')
      .on(t.orderId)
      .where(sql`${t.status} = 'booked'`),
    index('appointments_doctor_time_idx').on(t.doctorId, t.startsAt),
    index('appointments_order_idx').on(t.orderId),
  ],
);
