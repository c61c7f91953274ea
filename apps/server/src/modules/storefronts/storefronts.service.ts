// Resolves a request's storefront from its host and serves the merged configuration. Reads are
// cached in memory (the config is read on every page load) and the cache is dropped on write.
import {
  mergeStorefrontConfig,
  storefrontOverridesSchema,
  type DeepPartial,
  type StorefrontConfig,
  type StorefrontConfigCore,
} from '@store/domain';
import type { Db } from '../../db/client.ts';
import { createFreshness } from '../../lib/freshness.ts';
import { AppError, notFound } from '../../lib/problem.ts';
import { createStorefrontsRepo, type StorefrontRow } from './storefronts.repo.ts';
import { createInProcessChangeBus, type ChangeBus } from '../../lib/changes.ts';

/** Host header → bare lower-case host name: `Lumen.localhost:3000` → `lumen.localhost`. */
export function normalizeHost(hostHeader: string | undefined): string {
  if (!hostHeader) return '';
  const host = hostHeader.trim().toLowerCase();
  if (host.startsWith('[')) return host.slice(0, host.indexOf(']') + 1);
  return host.split(':')[0] ?? '';
}

function toConfig(row: StorefrontRow): StorefrontConfig {
  const core = mergeStorefrontConfig({
    theme: row.theme,
    flags: row.flags,
    settings: row.settings,
    content: row.content,
  } as DeepPartial<StorefrontConfigCore>);
  return { id: row.id, companyId: row.companyId, name: row.name, ...core };
}

/** Registered host names: which storefront each serves, and the default storefront's id. */
interface HostIndex {
  storefrontByHost: Map<string, string>;
  defaultId: string | undefined;
}

/** How stale another instance's publish may be here, at most (issue 18). */
export const STOREFRONT_FRESHNESS_MS = 1000;

export function createStorefrontService(deps: { db: Db; freshnessMs?: number; changes?: ChangeBus }) {
  const repo = createStorefrontsRepo(deps.db);
  // Resolved configs are cached by storefront id only, and the registered hosts are one small map:
  // an unknown Host header resolves to the default storefront without a cache entry of its own, so
  // forged or random hosts cannot grow memory (issue 13 #8).
  const byId = new Map<string, Promise<StorefrontConfig>>();
  let hostIndex: Promise<HostIndex> | null = null;
  let listed: Promise<StorefrontConfig[]> | null = null;
  function dropCaches(): void {
    hostIndex = null;
    listed = null;
    byId.clear();
  }
  // Another instance's publish: at most once a second, compare the storefronts' generation and drop
  // every cached config when it moved (issue 18), so no instance needs a restart.
  const freshness = createFreshness({
    read: () => repo.generation(),
    onChange: dropCaches,
    intervalMs: deps.freshnessMs ?? STOREFRONT_FRESHNESS_MS,
  });
  // With several instances a publish reaches them all at once over the bus (issue 20); the check
  // above stays for a message lost while Redis was away.
  const changes = deps.changes ?? createInProcessChangeBus();
  changes.subscribe('storefront', dropCaches);

  function hosts(): Promise<HostIndex> {
    if (!hostIndex) {
      const loading = (async () => {
        const [rows, fallback] = await Promise.all([repo.hosts(), repo.findDefault()]);
        return { storefrontByHost: new Map(rows.map((r) => [r.host, r.storefrontId])), defaultId: fallback?.id };
      })();
      hostIndex = loading;
      // A failed load is not kept: the next request tries again.
      loading.catch(() => {
        if (hostIndex === loading) hostIndex = null;
      });
    }
    return hostIndex;
  }

  function cached<K>(map: Map<K, Promise<StorefrontConfig>>, key: K, load: () => Promise<StorefrontConfig>) {
    let entry = map.get(key);
    if (!entry) {
      entry = load();
      map.set(key, entry);
      // A failed load is not cached: the next request tries again.
      entry.catch(() => map.delete(key));
    }
    return entry;
  }

  async function getById(id: string): Promise<StorefrontConfig> {
    // Never awaited (see above): a change is served from the next request on.
    void freshness.check();
    return cached(byId, id, async () => {
      const row = await repo.findById(id);
      if (!row) throw notFound();
      return toConfig(row);
    });
  }

  return {
    /** The storefront a request belongs to: by host name, else the default one. */
    async resolve(hostHeader: string | undefined): Promise<StorefrontConfig> {
      // Never awaited: called inside a transaction on PGlite (one connection), waiting on a read
      // outside it would wait forever. A change is served from the next request on.
      void freshness.check();
      const index = await hosts();
      const id = index.storefrontByHost.get(normalizeHost(hostHeader)) ?? index.defaultId;
      if (!id) throw new AppError(503, 'NO_STOREFRONT', 'This store is not set up yet.');
      return getById(id);
    },
    /** The host names registered for a storefront, in name order (the first one is its address in mail). */
    async hostsOf(storefrontId: string): Promise<string[]> {
      // Never awaited: called inside a transaction on PGlite (one connection), waiting on a read
      // outside it would wait forever. A change is served from the next request on.
      void freshness.check();
      const index = await hosts();
      return [...index.storefrontByHost].filter(([, id]) => id === storefrontId).map(([host]) => host);
    },
    /** The storefront served when no host matches (issue 18: shown in the console). */
    async defaultId(): Promise<string | undefined> {
      return (await hosts()).defaultId;
    },
    /** A company's name, or null for an unknown id (issue 18: the console's header). */
    async companyName(companyId: string): Promise<string | null> {
      return (await repo.findCompany(companyId))?.name ?? null;
    },
    /** How many configs the cache holds (tests check that unknown hosts do not add any). */
    cacheSize(): number {
      return byId.size;
    },
    getById,
    /** Every storefront (cached like each config: the doctors' queue reads it on every request). */
    async list(): Promise<StorefrontConfig[]> {
      // Never awaited: called inside a transaction on PGlite (one connection), waiting on a read
      // outside it would wait forever. A change is served from the next request on.
      void freshness.check();
      if (!listed) {
        const loading = repo.list().then((rows) => rows.map(toConfig));
        listed = loading;
        loading.catch(() => {
          if (listed === loading) listed = null;
        });
      }
      return listed;
    },
    /** Store new overrides (validated) and drop every cached config. */
    async updateOverrides(
      id: string,
      patch: { name?: string } & DeepPartial<StorefrontConfigCore>,
    ): Promise<StorefrontConfig> {
      const { name, ...overrides } = patch;
      storefrontOverridesSchema.parse(overrides);
      const row = await repo.update(id, {
        ...(name ? { name } : {}),
        ...(overrides as Partial<Pick<StorefrontRow, 'theme' | 'flags' | 'settings' | 'content'>>),
      });
      if (!row) throw notFound();
      this.invalidate();
      return toConfig(row);
    },
    /** After a committed change: every instance drops its cached configs (at once over Redis, else within a second). */
    invalidate(): void {
      changes.publish('storefront');
    },
  };
}
export type StorefrontService = ReturnType<typeof createStorefrontService>;
