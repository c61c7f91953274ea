// A patient's rating of their doctor (DATA-MODEL.md doctor_ratings; issue 16). Bios show the real
// average and count, kept on the doctor's row in the rating's own transaction.
import { sql } from 'drizzle-orm';
import { check, index, pgTable, smallint, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';
import { doctors } from './doctors.ts';
import { orders } from './orders.ts';

/** A patient's rating of the doctor who saw or reviewed their order: once per order (DATA-MODEL.md doctor_ratings). */
export const doctorRatings = pgTable(
  'doctor_ratings',
  {
    id: uuid().primaryKey().defaultRandom(),
    orderId: uuid()
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    doctorId: uuid()
      .notNull()
      .references(() => doctors.id),
    patientUserId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** 1 to 5. */
    stars: smallint().notNull(),
    comment: text(),
    at: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('doctor_ratings_order_unique').on(t.orderId),
    index('doctor_ratings_doctor_idx').on(t.doctorId),
    check('doctor_ratings_stars', sql`${t.stars} between 1 and 5`),
  ],
);
