// The consents a patient accepts (telehealth consent, notice of privacy practices, terms), one
// current version of each per storefront, and the application settings of SPEC §3.
import { and, desc, eq } from 'drizzle-orm';
import type { StorefrontConfig } from '@store/domain';
import type { Db } from '../../db/client.ts';
import { CONSENT_KINDS, consents, type ConsentKind } from '../../db/schema/consents.ts';

export interface Consent {
  id: string;
  kind: ConsentKind;
  title: string;
  body: string;
  version: number;
}

export function createConsentsService(deps: { db: Db }) {
  const { db } = deps;
  const cache = new Map<string, Promise<Consent[]>>();
  return {
    /** The latest version of each kind, in a fixed order. */
    current(storefrontId: string): Promise<Consent[]> {
      let loaded = cache.get(storefrontId);
      if (!loaded) {
        loaded = (async () => {
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
        })();
        cache.set(storefrontId, loaded);
        loaded.catch(() => cache.delete(storefrontId));
      }
      return loaded;
    },
    /** A new version of a consent; earlier versions stay for the record. */
    async publish(storefrontId: string, input: { kind: ConsentKind; title: string; body: string }): Promise<Consent> {
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
      cache.delete(storefrontId);
      return { id: row!.id, kind: row!.kind, title: row!.title, body: row!.body, version: row!.version };
    },
    /** SPEC §3 applicationSettings (PharmacyChoice, HideBMI) from the storefront's settings. */
    applicationSettings(storefront: StorefrontConfig): { pharmacyChoice: boolean; hideBmi: boolean } {
      return { pharmacyChoice: storefront.settings.pharmacyChoice, hideBmi: storefront.settings.hideBmi };
    },
  };
}
export type ConsentsService = ReturnType<typeof createConsentsService>;
