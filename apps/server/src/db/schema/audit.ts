// Who did what, when and from where (DATA-MODEL.md audit_events). Details never hold PHI: ids,
// reasons and channels only, never names, emails, phone numbers, codes or answers.
import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

export const auditEvents = pgTable(
  'audit_events',
  {
    id: uuid().primaryKey().defaultRandom(),
    at: timestamp({ withTimezone: true }).notNull(),
    /** 'user' | 'guest' | 'anonymous' | 'system' */
    actorType: text().notNull(),
    /** The user id (or guest session id) acting; null when anonymous. No foreign key: the log outlives rows. */
    actorId: text(),
    /** Dotted verb, e.g. `auth.login.succeeded`. */
    action: text().notNull(),
    /** What was acted on, e.g. 'user' + id, or 'email' + a keyed hash for an unknown address. */
    subjectType: text(),
    subjectId: text(),
    storefrontId: uuid(),
    ip: text(),
    requestId: text(),
    details: jsonb().$type<Record<string, unknown>>().notNull().default({}),
  },
  (t) => [
    index('audit_events_actor_idx').on(t.actorId, t.at),
    index('audit_events_subject_idx').on(t.subjectType, t.subjectId, t.at),
    index('audit_events_action_idx').on(t.action, t.at),
    // The operator's audit viewer reads one company's storefronts, newest first (issue 18).
    index('audit_events_storefront_idx').on(t.storefrontId, t.at),
  ],
);
