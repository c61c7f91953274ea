// Landing capture (SPEC §7 "InsertQueryStringIntoSessionGUIDRequest"): the query string an ad or
// e-mail link brought the visitor with (LandingPage, optionally RedirectPage) is stored under a
// guid the browser keeps; a cart created later carries that guid.
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { landingSessions } from '../../db/schema/landing.ts';

export const LANDING_QUERY_MAX = 2000;

/** LandingPage and RedirectPage from a query string (leading '?' optional, keys case-insensitive). */
export function parseLandingQuery(queryString: string): { landingPage: string | null; redirectPage: string | null } {
  const params = new URLSearchParams(queryString.trim().replace(/^\?/, ''));
  let landingPage: string | null = null;
  let redirectPage: string | null = null;
  for (const [key, value] of params) {
    const k = key.toLowerCase();
    if (k === 'landingpage' && value.trim()) landingPage ??= value.trim();
    if (k === 'redirectpage' && value.trim()) redirectPage ??= value.trim();
  }
  return { landingPage, redirectPage };
}

export function createLandingService(deps: { db: Db; now: () => Date }) {
  const { db, now } = deps;
  return {
    /**
     * Stores the capture. With the guid of an earlier capture of this storefront the row is
     * updated (a second landing in the same browser); otherwise a new guid is made.
     */
    async capture(
      storefrontId: string,
      input: { queryString: string; landingPage: string; redirectPage: string | null; guid?: string | null },
    ): Promise<{ guid: string; created: boolean }> {
      const at = now();
      if (input.guid) {
        const [updated] = await db
          .update(landingSessions)
          .set({
            queryString: input.queryString,
            landingPage: input.landingPage,
            redirectPage: input.redirectPage,
            updatedAt: at,
          })
          .where(and(eq(landingSessions.guid, input.guid), eq(landingSessions.storefrontId, storefrontId)))
          .returning({ guid: landingSessions.guid });
        if (updated) return { guid: updated.guid, created: false };
      }
      const [row] = await db
        .insert(landingSessions)
        .values({
          storefrontId,
          queryString: input.queryString,
          landingPage: input.landingPage,
          redirectPage: input.redirectPage,
          createdAt: at,
          updatedAt: at,
        })
        .returning({ guid: landingSessions.guid });
      return { guid: row!.guid, created: true };
    },

    /** Whether a guid was captured on this storefront (orders only keep known guids). */
    async exists(storefrontId: string, guid: string): Promise<boolean> {
      const rows = await db
        .select({ guid: landingSessions.guid })
        .from(landingSessions)
        .where(and(eq(landingSessions.guid, guid), eq(landingSessions.storefrontId, storefrontId)))
        .limit(1);
      return rows.length > 0;
    },

    async get(storefrontId: string, guid: string) {
      const [row] = await db
        .select()
        .from(landingSessions)
        .where(and(eq(landingSessions.guid, guid), eq(landingSessions.storefrontId, storefrontId)))
        .limit(1);
      return row;
    },
  };
}
export type LandingService = ReturnType<typeof createLandingService>;
