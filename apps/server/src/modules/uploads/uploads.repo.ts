// Upload rows, always read through their owner (DATA-MODEL.md "Rules that keep data safe").
import { and, eq, gte, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { uploads } from '../../db/schema/uploads.ts';
import type { Identity } from '../auth/sessions.service.ts';

export type UploadRow = typeof uploads.$inferSelect;

/** The consult a file answer belongs to, with its owner (a person, or a guest session). */
export interface ConsultOwner {
  id: string;
  storefrontId: string;
  userId: string | null;
  guestSessionId: string | null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Rows the identity owns: a person's own, or a guest session's that no person has adopted. */
export function ownedBy(identity: Identity): SQL {
  return identity.kind === 'user'
    ? and(eq(uploads.userId, identity.userId), eq(uploads.storefrontId, identity.storefrontId))!
    : and(eq(uploads.guestSessionId, identity.sessionId), isNull(uploads.userId), eq(uploads.storefrontId, identity.storefrontId))!;
}

export function createUploadsRepo(db: DbOrTx) {
  return {
    async insert(values: typeof uploads.$inferInsert): Promise<UploadRow> {
      const [row] = await db.insert(uploads).values(values).returning();
      return row!;
    },
    /** Holds the owner's uploads for the rest of the transaction (counted, then recorded, one at a time). */
    async lockOwner(identity: Identity): Promise<void> {
      const owner = identity.kind === 'user' ? `user:${identity.userId}` : `guest:${identity.sessionId}`;
      await db.execute(sql`select pg_advisory_xact_lock(hashtext(${'uploads:' + owner}))`);
    },
    /** How many files and bytes the owner has uploaded since then, and when the oldest of them came. */
    async usageSince(identity: Identity, since: Date): Promise<{ files: number; bytes: number; oldest: Date | null }> {
      const [row] = await db
        .select({
          files: sql<number>`count(*)::int`,
          bytes: sql<number>`coalesce(sum(${uploads.sizeBytes}), 0)::bigint`,
          oldest: sql<string | null>`min(${uploads.createdAt})`,
        })
        .from(uploads)
        .where(and(ownedBy(identity), gte(uploads.createdAt, since)));
      return { files: Number(row?.files ?? 0), bytes: Number(row?.bytes ?? 0), oldest: row?.oldest ? new Date(row.oldest) : null };
    },
    async byIds(ids: readonly string[]): Promise<UploadRow[]> {
      const valid = [...new Set(ids.filter((id) => UUID.test(id)))];
      if (valid.length === 0) return [];
      return db.select().from(uploads).where(inArray(uploads.id, valid));
    },
    /** issue 17 health records: a person's own uploads on their storefront, newest first. */
    async ofUser(userId: string, storefrontId: string, limit: number): Promise<UploadRow[]> {
      return db
        .select()
        .from(uploads)
        .where(and(eq(uploads.userId, userId), eq(uploads.storefrontId, storefrontId)))
        .orderBy(sql`${uploads.createdAt} desc`)
        .limit(limit);
    },
    async byId(id: string): Promise<UploadRow | null> {
      if (!UUID.test(id)) return null;
      const [row] = await db.select().from(uploads).where(eq(uploads.id, id)).limit(1);
      return row ?? null;
    },
    /**
     * The identity's own uploads among these ids, with the consult each is already part of. Locked
     * (FOR UPDATE) when asked, so two consults frozen at once cannot both take the same file.
     */
    async owned(identity: Identity, ids: string[], lock = false): Promise<{ id: string; consultId: string | null }[]> {
      // Anything that is not a uuid names no upload (and must not reach a uuid column as a 500).
      const valid = [...new Set(ids.filter((id) => UUID.test(id)))];
      if (valid.length === 0) return [];
      const query = db
        .select({ id: uploads.id, consultId: uploads.consultId })
        .from(uploads)
        .where(and(inArray(uploads.id, valid), ownedBy(identity)));
      return lock ? query.for('update') : query;
    },
    /** Links the consult owner's files, not yet part of another consult, to it. */
    async attachToConsult(ids: string[], consult: ConsultOwner): Promise<void> {
      const valid = ids.filter((id) => UUID.test(id));
      if (valid.length === 0 || (!consult.userId && !consult.guestSessionId)) return;
      const owner = consult.userId
        ? eq(uploads.userId, consult.userId)
        : and(eq(uploads.guestSessionId, consult.guestSessionId!), isNull(uploads.userId));
      await db
        .update(uploads)
        .set({ consultId: consult.id })
        .where(
          and(
            inArray(uploads.id, valid),
            eq(uploads.storefrontId, consult.storefrontId),
            owner,
            or(isNull(uploads.consultId), eq(uploads.consultId, consult.id)),
          ),
        );
    },
    async adoptGuest(guestSessionId: string, userId: string): Promise<void> {
      await db
        .update(uploads)
        .set({ userId })
        .where(and(eq(uploads.guestSessionId, guestSessionId), isNull(uploads.userId)));
    },
  };
}
