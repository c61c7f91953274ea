// Background work (DESIGN.md "background work"): a small queue on the same database, claimed with
// FOR UPDATE SKIP LOCKED so any number of server processes share it and a job survives a restart.
// Used for work a request should not wait for: the order confirmation mail with its PDF receipt.
import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgEnum, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

export const jobStatus = pgEnum('job_status', ['queued', 'running', 'done', 'failed']);

export const jobs = pgTable(
  'jobs',
  {
    id: uuid().primaryKey().defaultRandom(),
    /** The handler's name, e.g. `order-confirmation`. */
    name: text().notNull(),
    payload: jsonb().$type<Record<string, unknown>>().notNull(),
    status: jobStatus().notNull().default('queued'),
    /** At most one live or finished job per key (a repeated pay enqueues the same mail once). */
    singletonKey: text(),
    attempts: integer().notNull().default(0),
    /** 20 attempts with the back-off (5 s doubling, capped at an hour) span about 11 hours. */
    maxAttempts: integer().notNull().default(20),
    runAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** A running job whose lock lapsed (its process died) is claimed again. */
    lockedUntil: timestamp({ withTimezone: true }),
    lastError: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index('jobs_due_idx').on(t.status, t.runAt),
    uniqueIndex('jobs_singleton_key_idx').on(t.singletonKey).where(sql`${t.singletonKey} is not null`),
  ],
);
