// Upload rows, always read through their owner (DATA-MODEL.md "Rules that keep data safe").
import { and, eq, inArray, isNull, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { uploads } from '../../db/schema/uploads.ts';
import type { Identity } from '../auth/sessions.service.ts';

export type UploadRow = typeof uploads.$inferSelect;

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
    async byId(id: string): Promise<UploadRow | null> {
      const [row] = await db.select().from(uploads).where(eq(uploads.id, id)).limit(1);
      return row ?? null;
    },
    async ownedIds(identity: Identity, ids: string[]): Promise<string[]> {
      if (ids.length === 0) return [];
      const rows = await db
        .select({ id: uploads.id })
        .from(uploads)
        .where(and(inArray(uploads.id, ids), ownedBy(identity)));
      return rows.map((r) => r.id);
    },
    async attachToConsult(ids: string[], consultId: string): Promise<void> {
      if (ids.length === 0) return;
      await db.update(uploads).set({ consultId }).where(and(inArray(uploads.id, ids), isNull(uploads.consultId)));
    },
    async adoptGuest(guestSessionId: string, userId: string): Promise<void> {
      await db
        .update(uploads)
        .set({ userId })
        .where(and(eq(uploads.guestSessionId, guestSessionId), isNull(uploads.userId)));
    },
  };
}
