// Files patients upload (issue 8 "Uploads"): stored outside the web root by the storage adapter
// under a random key; the name the patient's device gave is kept for display only.
import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { sessions, users } from './auth.ts';
import { consults } from './consults.ts';
import { storefronts } from './storefronts.ts';

export const uploads = pgTable(
  'uploads',
  {
    id: uuid().primaryKey().defaultRandom(),
    storefrontId: uuid()
      .notNull()
      .references(() => storefronts.id, { onDelete: 'cascade' }),
    userId: uuid().references(() => users.id, { onDelete: 'cascade' }),
    guestSessionId: uuid().references(() => sessions.id, { onDelete: 'set null' }),
    /** Set when a submitted consult's answers refer to it (lets the reviewing doctor see it). */
    consultId: uuid().references(() => consults.id, { onDelete: 'set null' }),
    /** Random; never derived from the file's name. */
    storageKey: text().notNull().unique(),
    /** From the file's content (magic bytes), never from its name or the browser's claim. */
    contentType: text().notNull(),
    sizeBytes: integer().notNull(),
    sha256: text().notNull(),
    /** As the patient's device named it; shown, never used as a path. */
    originalName: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('uploads_user_idx').on(t.userId),
    index('uploads_guest_idx').on(t.guestSessionId),
    index('uploads_consult_idx').on(t.consultId),
  ],
);
