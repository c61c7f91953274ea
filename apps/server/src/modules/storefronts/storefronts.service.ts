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
import { AppError, notFound } from '../../lib/problem.ts';
import { createStorefrontsRepo, type StorefrontRow } from './storefronts.repo.ts';

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

export function createStorefrontService(deps: { db: Db }) {
  const repo = createStorefrontsRepo(deps.db);
  // Cache of resolved configs by host ('' = default) and by id.
  const byHost = new Map<string, Promise<StorefrontConfig>>();
  const byId = new Map<string, Promise<StorefrontConfig>>();

  async function loadForHost(host: string): Promise<StorefrontConfig> {
    const row = (host ? await repo.findByHost(host) : undefined) ?? (await repo.findDefault());
    if (!row) throw new AppError(503, 'NO_STOREFRONT', 'This store is not set up yet.');
    return toConfig(row);
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

  return {
    /** The storefront a request belongs to: by host name, else the default one. */
    resolve(hostHeader: string | undefined): Promise<StorefrontConfig> {
      const host = normalizeHost(hostHeader);
      return cached(byHost, host, () => loadForHost(host));
    },
    getById(id: string): Promise<StorefrontConfig> {
      return cached(byId, id, async () => {
        const row = await repo.findById(id);
        if (!row) throw notFound();
        return toConfig(row);
      });
    },
    async list(): Promise<StorefrontConfig[]> {
      return (await repo.list()).map(toConfig);
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
    invalidate(): void {
      byHost.clear();
      byId.clear();
    },
  };
}
export type StorefrontService = ReturnType<typeof createStorefrontService>;
