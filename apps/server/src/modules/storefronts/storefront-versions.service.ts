// The storefronts module's side of the operator's console (issue 18): the company's storefronts,
// drafts of a storefront's bundle, and publishing a version onto the live row and its host names.
// Every write takes the caller's transaction (the `storefront-bundles` workflow adds the consents
// and the audit event to it) and locks the storefront's row first, so two operators' writes to one
// storefront run one after the other.
import {
  configOverrides,
  HOST_TAKEN_MESSAGE,
  MESSAGES,
  mergeStorefrontConfig,
  pageOffset,
  SLUG_TAKEN_MESSAGE,
  type AdminPage,
  type AdminPageQuery,
  type AdminStorefrontListItem,
  type DeepPartial,
  type StorefrontBundle,
  type StorefrontConfigCore,
  type StorefrontConsent,
} from '@store/domain';
import type { Db, DbOrTx } from '../../db/client.ts';
import { AppError, notFound } from '../../lib/problem.ts';
import { createStorefrontVersionsRepo, type StorefrontVersionRow } from './storefront-versions.repo.ts';
import type { StorefrontRow } from './storefronts.repo.ts';
import type { StorefrontService } from './storefronts.service.ts';

export type { StorefrontVersionRow };

function validationFailed(errors: { field: string; message: string }[]): AppError {
  return new AppError(400, 'VALIDATION_FAILED', MESSAGES.VALIDATION_FAILED, { errors });
}

function coreOf(source: Pick<StorefrontRow, 'theme' | 'flags' | 'settings' | 'content'>): StorefrontConfigCore {
  return mergeStorefrontConfig({
    theme: source.theme,
    flags: source.flags,
    settings: source.settings,
    content: source.content,
  } as DeepPartial<StorefrontConfigCore>);
}

/** A version's bundle (stored complete; merged over the defaults in case a field was added since). */
export function bundleOfVersion(row: StorefrontVersionRow): StorefrontBundle {
  return { name: row.name, hosts: row.hosts, ...coreOf(row), consents: row.consents as StorefrontConsent[] };
}

export function createStorefrontVersionsService(deps: { db: Db; storefronts: Pick<StorefrontService, 'invalidate'> }) {
  const repoOf = (tx?: DbOrTx) => createStorefrontVersionsRepo(tx ?? deps.db);

  return {
    /** One page of the company's storefronts, in name order. */
    async page(companyId: string, query: AdminPageQuery): Promise<AdminPage<AdminStorefrontListItem>> {
      const repo = repoOf();
      const { rows, total } = await repo.pageForCompany(companyId, pageOffset(query), query.pageSize);
      const ids = rows.map((r) => r.id);
      const [hosts, numbers] = await Promise.all([repo.hostsOf(ids), repo.versionNumbers(ids)]);
      return {
        items: rows.map((r) => ({
          id: r.id,
          name: r.name,
          slug: r.slug,
          hosts: hosts.get(r.id) ?? [],
          isDefault: r.isDefault,
          liveVersion: numbers.get(r.id)?.live ?? null,
          draftVersion: numbers.get(r.id)?.draft ?? null,
          updatedAt: r.updatedAt.toISOString(),
        })),
        total,
        page: query.page,
        pageSize: query.pageSize,
      };
    },

    /** The storefront's row, locked until the transaction ends (404 when absent). */
    async lockIn(tx: DbOrTx, storefrontId: string): Promise<StorefrontRow> {
      const row = await repoOf(tx).lockStorefront(storefrontId);
      if (!row) throw notFound();
      return row;
    },

    /** The storefront's row, unlocked (404 when absent). */
    async rowIn(tx: DbOrTx | undefined, storefrontId: string): Promise<StorefrontRow> {
      const row = await repoOf(tx).findStorefront(storefrontId);
      if (!row) throw notFound();
      return row;
    },

    /** What patients see now, without its consents (those are the consents module's). */
    async liveIn(tx: DbOrTx | undefined, row: StorefrontRow): Promise<Omit<StorefrontBundle, 'consents'>> {
      const hosts = (await repoOf(tx).hostsOf([row.id])).get(row.id) ?? [];
      return { name: row.name, hosts, ...coreOf(row) };
    },

    draftIn(tx: DbOrTx | undefined, storefrontId: string): Promise<StorefrontVersionRow | undefined> {
      return repoOf(tx).draftOf(storefrontId);
    },
    liveNumberIn(tx: DbOrTx | undefined, storefrontId: string): Promise<number | null> {
      return repoOf(tx).liveVersionNumber(storefrontId);
    },
    /** A version of this storefront (404 for another storefront's or an unknown id). */
    async versionIn(tx: DbOrTx | undefined, storefrontId: string, versionId: string): Promise<StorefrontVersionRow> {
      const row = await repoOf(tx).find(storefrontId, versionId);
      if (!row) throw notFound();
      return row;
    },
    versionsPage(storefrontId: string, query: AdminPageQuery) {
      return repoOf().page(storefrontId, pageOffset(query), query.pageSize);
    },

    /** Host names must be another storefront's: a field message beside each one taken. */
    async assertHostsFreeIn(tx: DbOrTx, hosts: string[], storefrontId: string | null): Promise<void> {
      const taken = await repoOf(tx).hostsTakenElsewhere(hosts, storefrontId);
      if (taken.size === 0) return;
      throw validationFailed(
        hosts.flatMap((host, index) => (taken.has(host) ? [{ field: `hosts.${index}`, message: HOST_TAKEN_MESSAGE }] : [])),
      );
    },

    /** A new storefront of the company: defaults, no host name served until its first publish. */
    async createIn(tx: DbOrTx, input: { companyId: string; name: string; slug: string; at: Date }): Promise<StorefrontRow> {
      const repo = repoOf(tx);
      if (await repo.slugTaken(input.slug)) throw validationFailed([{ field: 'slug', message: SLUG_TAKEN_MESSAGE }]);
      return repo.insertStorefront(input);
    },

    /** Writes the draft (the open one, else a new version numbered after the last). */
    async saveDraftIn(
      tx: DbOrTx,
      storefrontId: string,
      bundle: StorefrontBundle,
      meta: { note: string; by: string; at: Date },
    ): Promise<StorefrontVersionRow> {
      const repo = repoOf(tx);
      const values = {
        name: bundle.name,
        hosts: bundle.hosts,
        theme: bundle.theme,
        flags: bundle.flags,
        settings: bundle.settings,
        content: bundle.content,
        consents: bundle.consents,
        note: meta.note,
      };
      const draft = await repo.draftOf(storefrontId);
      if (draft) return repo.updateDraft(draft.id, values);
      return repo.insertVersion({ storefrontId, version: await repo.nextNumber(storefrontId), ...values, createdBy: meta.by, createdAt: meta.at });
    },

    /** A new version, published at once (a rollback: an earlier version's bundle again). */
    async insertPublishedIn(
      tx: DbOrTx,
      storefrontId: string,
      bundle: StorefrontBundle,
      meta: { note: string; by: string; at: Date },
    ): Promise<StorefrontVersionRow> {
      const repo = repoOf(tx);
      return repo.insertVersion({
        storefrontId,
        version: await repo.nextNumber(storefrontId),
        name: bundle.name,
        hosts: bundle.hosts,
        theme: bundle.theme,
        flags: bundle.flags,
        settings: bundle.settings,
        content: bundle.content,
        consents: bundle.consents,
        note: meta.note,
        createdBy: meta.by,
        createdAt: meta.at,
        publishedAt: meta.at,
        publishedBy: meta.by,
      });
    },

    /**
     * Copies a version onto the live storefront and its host names (stored as overrides over the
     * defaults) and marks it published. Call `invalidate` once the transaction commits.
     */
    async publishIn(tx: DbOrTx, version: StorefrontVersionRow, meta: { by: string; at: Date }): Promise<void> {
      const repo = repoOf(tx);
      const bundle = bundleOfVersion(version);
      const overrides = configOverrides(bundle);
      await repo.updateLive(
        version.storefrontId,
        {
          name: bundle.name,
          theme: overrides.theme ?? {},
          flags: overrides.flags ?? {},
          settings: overrides.settings ?? {},
          content: overrides.content ?? {},
        },
        meta.at,
      );
      await repo.replaceHosts(version.storefrontId, bundle.hosts);
      if (!version.publishedAt) await repo.markPublished(version.id, meta.by, meta.at);
    },

    /** Every instance drops its cached configs (issue 20: at once over Redis; else within a second). */
    invalidate(): void {
      deps.storefronts.invalidate();
    },
  };
}
export type StorefrontVersionsService = ReturnType<typeof createStorefrontVersionsService>;
