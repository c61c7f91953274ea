// Who looked at a patient's health data (DESIGN.md identity; DATA-MODEL.md access_log). Append
// only: each row carries the hash of the one before it, and a trigger refuses UPDATE and DELETE,
// so an entry cannot be changed or removed without breaking the chain.
import { bigserial, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

export const accessLog = pgTable(
  'access_log',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    actorUserId: uuid().notNull(),
    /** doctor | pharmacist | admin | patient */
    actorRole: text().notNull(),
    patientId: uuid(),
    storefrontId: uuid(),
    /** What was read, e.g. "upload", "consult_answers", "prescription". */
    what: text().notNull(),
    recordId: text().notNull(),
    /** Why, e.g. "review_claim:<order id>". */
    reason: text().notNull(),
    at: timestamp({ withTimezone: true }).notNull(),
    previousHash: text().notNull(),
    hash: text().notNull(),
  },
  (t) => [index('access_log_patient_idx').on(t.patientId, t.at), index('access_log_actor_idx').on(t.actorUserId, t.at)],
);
