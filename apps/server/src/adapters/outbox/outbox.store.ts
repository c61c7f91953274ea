// The outbox table: messages kept instead of (or as a record of) delivery. The outbox adapters of
// mail and SMS write here when no real delivery is configured; /dev/outbox reads it.
import { desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { outbox, type MailAttachment } from '../../db/schema/notifications.ts';

export type OutboxRow = typeof outbox.$inferSelect;

export interface OutboxEntry {
  storefrontId?: string | null;
  channel: 'email' | 'sms';
  to: string;
  subject?: string | null;
  body: string;
  html?: string | null;
  attachments?: MailAttachment[] | null;
}

export function createOutboxStore(db: Db, now: () => Date) {
  return {
    /** Keep a message as delivered to the outbox (status `stored`). */
    async store(entry: OutboxEntry): Promise<OutboxRow> {
      const at = now();
      const [row] = await db
        .insert(outbox)
        .values({
          storefrontId: entry.storefrontId ?? null,
          channel: entry.channel,
          to: entry.to,
          subject: entry.subject ?? null,
          body: entry.body,
          html: entry.html ?? null,
          attachments: entry.attachments?.length ? entry.attachments : null,
          status: 'stored',
          attempts: 1,
          createdAt: at,
          sentAt: at,
        })
        .returning();
      return row!;
    },
    /** Newest first. */
    list(limit = 100): Promise<OutboxRow[]> {
      return db.select().from(outbox).orderBy(desc(outbox.createdAt), desc(outbox.id)).limit(limit);
    },
    async get(id: string): Promise<OutboxRow | undefined> {
      const rows = await db.select().from(outbox).where(eq(outbox.id, id)).limit(1);
      return rows[0];
    },
  };
}
export type OutboxStore = ReturnType<typeof createOutboxStore>;
