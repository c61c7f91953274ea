// The consents a patient accepts (telehealth consent, notice of privacy practices, terms), one
// current version of each per storefront, and the application settings of SPEC §3.
import { and, count, desc, eq } from 'drizzle-orm';
import type { StorefrontConfig } from '@store/domain';
import type { Db, DbOrTx } from '../../db/client.ts';
import { createFreshness } from '../../lib/freshness.ts';
import { CONSENT_KINDS, consents, type ConsentKind } from '../../db/schema/consents.ts';
import { createInProcessChangeBus, type ChangeBus } from '../../lib/changes.ts';

export interface Consent {
  id: string;
  kind: ConsentKind;
  title: string;
  body: string;
  version: number;
}

async function latestOf(db: DbOrTx, storefrontId: string): Promise<Consent[]> {
  const rows = await db
    .select()
    .from(consents)
    .where(eq(consents.storefrontId, storefrontId))
    .orderBy(consents.kind, desc(consents.version));
  const latest = new Map<ConsentKind, Consent>();
  for (const row of rows) {
    if (!latest.has(row.kind)) {
      latest.set(row.kind, { id: row.id, kind: row.kind, title: row.title, body: row.body, version: row.version });
    }
  }
  return CONSENT_KINDS.flatMap((kind) => (latest.has(kind) ? [latest.get(kind)!] : []));
}

async function insertVersion(db: DbOrTx, storefrontId: string, input: { kind: ConsentKind; title: string; body: string }): Promise<Consent> {
  const [last] = await db
    .select({ version: consents.version })
    .from(consents)
    .where(and(eq(consents.storefrontId, storefrontId), eq(consents.kind, input.kind)))
    .orderBy(desc(consents.version))
    .limit(1);
  const [row] = await db
    .insert(consents)
    .values({ storefrontId, ...input, version: (last?.version ?? 0) + 1 })
    .returning();
  return { id: row!.id, kind: row!.kind, title: row!.title, body: row!.body, version: row!.version };
}

export function createConsentsService(deps: { db: Db; freshnessMs?: number; changes?: ChangeBus }) {
  const { db } = deps;
  const cache = new Map<string, Promise<Consent[]>>();
  // Consents are only ever added (a new version), so their count tells another instance's publish
  // (issue 18): looked at most once a second, the cache dropped when it moved.
  const freshness = createFreshness({
    read: async () => String((await db.select({ n: count() }).from(consents))[0]?.n ?? 0),
    onChange: () => cache.clear(),
    intervalMs: deps.freshnessMs ?? 1000,
  });
  // A new version on any instance reaches them all at once over the bus (issue 20); the count
  // check above stays for a message lost while Redis was away.
  const changes = deps.changes ?? createInProcessChangeBus();
  changes.subscribe('consents', (storefrontId) => (storefrontId ? cache.delete(storefrontId) : cache.clear()));
  return {
    /** The latest version of each kind, in a fixed order. */
    async current(storefrontId: string): Promise<Consent[]> {
      // Never awaited: called inside a transaction on PGlite (one connection), waiting on a read
      // outside it would wait forever. A change is served from the next request on.
      void freshness.check();
      let loaded = cache.get(storefrontId);
      if (!loaded) {
        loaded = latestOf(db, storefrontId);
        cache.set(storefrontId, loaded);
        loaded.catch(() => cache.delete(storefrontId));
      }
      return loaded;
    },
    /** A new version of a consent; earlier versions stay for the record. */
    async publish(storefrontId: string, input: { kind: ConsentKind; title: string; body: string }): Promise<Consent> {
      const consent = await insertVersion(db, storefrontId, input);
      changes.publish('consents', storefrontId);
      return consent;
    },
    /** The latest version of each kind, read in the caller's transaction (not cached). */
    currentIn(tx: DbOrTx, storefrontId: string): Promise<Consent[]> {
      return latestOf(tx, storefrontId);
    },
    /**
     * Issue 18, a storefront bundle published: a new version of each consent whose title or text
     * changed (patients accept the new one at their next payment), in the caller's transaction.
     * A kind left out stays as it is: a consent patients accepted is never withdrawn this way.
     * Call `invalidate` after the transaction commits.
     */
    async publishChangedIn(
      tx: DbOrTx,
      storefrontId: string,
      wanted: readonly { kind: ConsentKind; title: string; body: string }[],
    ): Promise<Consent[]> {
      const current = new Map((await latestOf(tx, storefrontId)).map((c) => [c.kind, c]));
      const published: Consent[] = [];
      for (const consent of wanted) {
        const now = current.get(consent.kind);
        if (now && now.title === consent.title && now.body === consent.body) continue;
        published.push(await insertVersion(tx, storefrontId, consent));
      }
      return published;
    },
    /** After a committed change: every instance drops the storefront's cached consents. */
    invalidate(storefrontId: string): void {
      changes.publish('consents', storefrontId);
    },
    /** SPEC §3 applicationSettings (PharmacyChoice, HideBMI) from the storefront's settings. */
    applicationSettings(storefront: StorefrontConfig): { pharmacyChoice: boolean; hideBmi: boolean } {
      return { pharmacyChoice: storefront.settings.pharmacyChoice, hideBmi: storefront.settings.hideBmi };
    },
  };
}
export type ConsentsService = ReturnType<typeof createConsentsService>;
