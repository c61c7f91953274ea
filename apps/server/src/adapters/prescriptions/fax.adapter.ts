// Fax delivery (issue 15: "fax delivery through a FaxAdapter whose default stores the fax in the
// fax_outbox table: stored and visible in the outbox"). The outbox fax adapter dials nobody: it keeps
// the fax (a storage key to the PDF) in `fax_outbox`, idempotent by the caller's key, and the
// development outbox viewer lists it. A real fax service implements the same FaxAdapter.
import { desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { faxOutbox } from '../../db/schema/prescriptions.ts';
import type { PrescriptionTransport, SendResult } from './prescription-transport.ts';

export type FaxRow = typeof faxOutbox.$inferSelect;

export interface FaxInput {
  idempotencyKey: string;
  toNumber: string;
  toName: string;
  documentKey: string;
  pages: number;
}

export interface FaxAdapter {
  readonly name: string;
  /** Sends (or keeps) the fax; a repeat with the same key answers the first fax. */
  send(input: FaxInput): Promise<{ id: string; status: 'queued' | 'sent' | 'stored' | 'failed'; error?: string }>;
}

/** The default: faxes are stored in fax_outbox (development, tests, and until a fax service is configured). */
export function createOutboxFaxAdapter(db: Db, now: () => Date) {
  return {
    name: 'outbox',
    async send(input: FaxInput) {
      const [inserted] = await db
        .insert(faxOutbox)
        .values({ ...input, status: 'stored', createdAt: now() })
        .onConflictDoNothing({ target: faxOutbox.idempotencyKey })
        .returning();
      const row = inserted ?? (await db.select().from(faxOutbox).where(eq(faxOutbox.idempotencyKey, input.idempotencyKey)))[0]!;
      return { id: row.id, status: 'stored' as const };
    },
    /** The stored faxes, newest first (the /dev/fax-outbox viewer). */
    async list(limit = 100): Promise<FaxRow[]> {
      return db.select().from(faxOutbox).orderBy(desc(faxOutbox.createdAt)).limit(limit);
    },
    async byId(id: string): Promise<FaxRow | null> {
      const [row] = await db.select().from(faxOutbox).where(eq(faxOutbox.id, id));
      return row ?? null;
    },
  } satisfies FaxAdapter & Record<string, unknown>;
}
export type OutboxFaxAdapter = ReturnType<typeof createOutboxFaxAdapter>;

const NO_FAX = 'The pharmacy has no fax number on file.';

/** The fax transport: the prescription PDF to the pharmacy's fax number through a FaxAdapter. */
export function createFaxTransport(fax: FaxAdapter): PrescriptionTransport {
  return {
    capabilities: () => ({ name: 'fax', acknowledges: false, electronic: false, requiresFax: true }),
    async send({ idempotencyKey, document, pharmacy }): Promise<SendResult> {
      if (!pharmacy.fax) return { status: 'rejected', error: NO_FAX };
      const sent = await fax.send({ idempotencyKey, toNumber: pharmacy.fax, toName: pharmacy.name, documentKey: document.key, pages: document.pages });
      if (sent.status === 'failed') return { status: 'failed', externalId: sent.id, error: sent.error ?? 'The fax could not be sent.' };
      if (sent.status === 'queued') return { status: 'queued', externalId: sent.id };
      return { status: 'transmitted', externalId: sent.id };
    },
  };
}
