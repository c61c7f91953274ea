// Mail and SMS kept when no real delivery is configured (DATA-MODEL.md outbox): shown at
// /dev/outbox outside production, so a developer or a browser test can read codes and links.
import { index, integer, jsonb, pgEnum, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** A file sent with a mail: the visit's `visit.ics` (text) or a PDF receipt (base64). */
export interface MailAttachment {
  filename: string;
  /** UTF-8 text, or base64 of binary content when `encoding` is 'base64'. */
  content: string;
  /** e.g. `text/calendar; method=REQUEST`, `application/pdf`. */
  contentType: string;
  encoding?: 'base64' | undefined;
}
import { storefronts } from './storefronts.ts';

export const outboxChannel = pgEnum('outbox_channel', ['email', 'sms']);
export const outboxStatus = pgEnum('outbox_status', ['pending', 'sent', 'failed', 'stored']);

export const outbox = pgTable(
  'outbox',
  {
    id: uuid().primaryKey().defaultRandom(),
    storefrontId: uuid().references(() => storefronts.id, { onDelete: 'set null' }),
    channel: outboxChannel().notNull(),
    to: text().notNull(),
    subject: text(),
    /** Plain-text body (the SMS, or the text part of the mail). */
    body: text().notNull(),
    html: text(),
    /** Mail attachments as sent (the calendar invite). */
    attachments: jsonb().$type<MailAttachment[]>(),
    status: outboxStatus().notNull().default('pending'),
    attempts: integer().notNull().default(0),
    lastError: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp({ withTimezone: true }),
  },
  (t) => [index('outbox_created_idx').on(t.createdAt)],
);
