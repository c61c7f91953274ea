// issue 18: an operator's storefront bundle — name, host names, theme, flags, settings, texts and
// consents — created, edited as a draft, published and rolled back. The bundle spans two modules
// (storefronts: the live row, its hosts and its versions; consents: the versions patients accept),
// so each step is one transaction here with its audit event (before and after, configuration only).
// After the commit this process drops its caches; every other process notices within a second
// (the storefronts' and consents' freshness checks), so nothing needs a restart.
import {
  changedFields,
  DEFAULT_CONFIG_CORE,
  flattenForAudit,
  MESSAGES,
  type AdminPage,
  type AdminPageQuery,
  type AdminStorefrontDetail,
  type CreateStorefrontInput,
  type StorefrontBundle,
  type StorefrontConsent,
  type StorefrontDraftInput,
  type StorefrontVersionSummary,
} from '@store/domain';
import type { Db, DbOrTx } from '../db/client.ts';
import { AppError } from '../lib/problem.ts';
import type { AdminActor } from '../modules/admin/admin-access.ts';
import type { AuditService } from '../modules/audit/audit.service.ts';
import type { AuthService } from '../modules/auth/auth.service.ts';
import type { ConsentsService } from '../modules/consents/consents.service.ts';
import {
  bundleOfVersion,
  type StorefrontVersionRow,
  type StorefrontVersionsService,
} from '../modules/storefronts/storefront-versions.service.ts';

type Admin = Pick<AdminActor, 'userId' | 'companyId' | 'audit'>;

const consentsOf = (list: { kind: StorefrontConsent['kind']; title: string; body: string }[]): StorefrontConsent[] =>
  list.map(({ kind, title, body }) => ({ kind, title, body }));

function audited(bundle: StorefrontBundle | null, extra: Record<string, unknown> = {}): Record<string, unknown> | null {
  return bundle ? flattenForAudit({ ...bundle, ...extra }) : null;
}

export function createStorefrontBundles(deps: {
  db: Db;
  now: () => Date;
  versions: StorefrontVersionsService;
  consents: Pick<ConsentsService, 'currentIn' | 'publishChangedIn' | 'invalidate'>;
  audit: Pick<AuditService, 'record'>;
  auth: Pick<AuthService, 'getProfile'>;
}) {
  const { db, now, versions, consents, audit } = deps;

  function transaction<T>(run: (tx: DbOrTx) => Promise<T>): Promise<T> {
    return db.transaction(async (txRaw) => run(txRaw as unknown as DbOrTx));
  }

  /** What patients see now; `lock` holds the storefront's row for a write. */
  async function liveBundleIn(tx: DbOrTx, storefrontId: string, lock = true) {
    const row = lock ? await versions.lockIn(tx, storefrontId) : await versions.rowIn(tx, storefrontId);
    const live = await versions.liveIn(tx, row);
    return { row, bundle: { ...live, consents: consentsOf(await consents.currentIn(tx, storefrontId)) } satisfies StorefrontBundle };
  }

  async function record(
    tx: DbOrTx,
    admin: Admin,
    storefrontId: string,
    action: string,
    subject: { type: string; id: string },
    before: Record<string, unknown> | null,
    after: Record<string, unknown> | null,
    details: Record<string, string | number | boolean | null> = {},
  ) {
    await audit.record({ action, subject, ...admin.audit, storefrontId, details, change: changedFields(before, after) }, tx);
  }

  /** Copies `version` onto the live storefront, its hosts and consents, in `tx`. */
  async function goLive(tx: DbOrTx, admin: Admin, version: StorefrontVersionRow, at: Date) {
    const bundle = bundleOfVersion(version);
    await versions.assertHostsFreeIn(tx, bundle.hosts, version.storefrontId);
    await versions.publishIn(tx, version, { by: admin.userId, at });
    await consents.publishChangedIn(tx, version.storefrontId, bundle.consents);
    return bundle;
  }

  function afterCommit(storefrontId: string) {
    versions.invalidate();
    consents.invalidate(storefrontId);
  }

  async function personName(id: string | null, names: Map<string, Promise<{ id: string; name: string } | null>>) {
    if (!id) return null;
    let found = names.get(id);
    if (!found) {
      found = deps.auth
        .getProfile(id)
        .then((p) => ({ id, name: `${p.firstName ?? ''} ${p.lastName ?? ''}`.trim() || 'An operator' }))
        .catch(() => ({ id, name: 'A former operator' }));
      names.set(id, found);
    }
    return found;
  }

  const bundles = {
    /** What patients see now and the open draft. */
    async detail(storefrontId: string): Promise<AdminStorefrontDetail> {
      return transaction(async (tx) => {
        const { row, bundle } = await liveBundleIn(tx, storefrontId, false);
        const [draft, liveVersion] = await Promise.all([versions.draftIn(tx, storefrontId), versions.liveNumberIn(tx, storefrontId)]);
        return {
          id: row.id,
          slug: row.slug,
          isDefault: row.isDefault,
          live: bundle,
          liveVersion,
          draft: draft
            ? { id: draft.id, version: draft.version, note: draft.note, createdAt: draft.createdAt.toISOString(), bundle: bundleOfVersion(draft) }
            : null,
        };
      });
    },

    /**
     * A new storefront of the admin's company: the defaults, its name and host names in a first
     * draft (version 1) with the consents of the storefront the admin works on to start from.
     * Nothing is served on its hosts until it is published.
     */
    async create(admin: Admin, input: CreateStorefrontInput): Promise<AdminStorefrontDetail> {
      const at = now();
      const id = await transaction(async (tx) => {
        await versions.assertHostsFreeIn(tx, input.hosts, null);
        const row = await versions.createIn(tx, { companyId: admin.companyId, name: input.name, slug: input.slug, at });
        const startingConsents = admin.audit.storefrontId ? consentsOf(await consents.currentIn(tx, admin.audit.storefrontId)) : [];
        const bundle: StorefrontBundle = { name: input.name, hosts: input.hosts, ...DEFAULT_CONFIG_CORE, consents: startingConsents };
        const draft = await versions.saveDraftIn(tx, row.id, bundle, { note: 'Created', by: admin.userId, at });
        await record(tx, admin, row.id, 'storefront.created', { type: 'storefront', id: row.id }, null, audited(bundle, { slug: input.slug, version: draft.version }));
        return row.id;
      });
      afterCommit(id);
      return bundles.detail(id);
    },

    /** Saves the draft (starting one from the input when none is open). A published version is never edited. */
    async saveDraft(admin: Admin, storefrontId: string, input: StorefrontDraftInput): Promise<AdminStorefrontDetail> {
      const { note, ...bundle } = input;
      await transaction(async (tx) => {
        const { bundle: live } = await liveBundleIn(tx, storefrontId);
        await versions.assertHostsFreeIn(tx, bundle.hosts, storefrontId);
        // A consent patients have accepted is changed by a new version, never withdrawn.
        const kept = new Set(bundle.consents.map((c) => c.kind));
        if (live.consents.some((c) => !kept.has(c.kind))) {
          throw new AppError(400, 'VALIDATION_FAILED', MESSAGES.VALIDATION_FAILED, {
            errors: [{ field: 'consents', message: 'A published consent cannot be removed; change its text instead.' }],
          });
        }
        const existing = await versions.draftIn(tx, storefrontId);
        const before = existing ? bundleOfVersion(existing) : live;
        const draft = await versions.saveDraftIn(tx, storefrontId, bundle, { note, by: admin.userId, at: now() });
        await record(tx, admin, storefrontId, 'storefront.draft_saved', { type: 'storefront_version', id: draft.id }, audited(before), audited(bundle), {
          version: draft.version,
        });
      });
      return bundles.detail(storefrontId);
    },

    /** Publishes the open draft: live row, hosts and consents in one transaction, audited. */
    async publish(admin: Admin, storefrontId: string, versionId: string): Promise<AdminStorefrontDetail> {
      await transaction(async (tx) => {
        const { bundle: before } = await liveBundleIn(tx, storefrontId);
        const version = await versions.versionIn(tx, storefrontId, versionId);
        if (version.publishedAt) {
          throw new AppError(409, 'VERSION_PUBLISHED', 'This version is already published. Edit the storefront to start a new draft.');
        }
        const after = await goLive(tx, admin, version, now());
        await record(tx, admin, storefrontId, 'storefront.published', { type: 'storefront_version', id: version.id }, audited(before), audited(after), {
          version: version.version,
        });
      });
      afterCommit(storefrontId);
      return bundles.detail(storefrontId);
    },

    /** Publishes an earlier version again, as a new version (the open draft, if any, stays a draft). */
    async rollback(admin: Admin, storefrontId: string, versionId: string): Promise<AdminStorefrontDetail> {
      await transaction(async (tx) => {
        const { bundle: before } = await liveBundleIn(tx, storefrontId);
        const earlier = await versions.versionIn(tx, storefrontId, versionId);
        if (!earlier.publishedAt) throw new AppError(409, 'VERSION_NOT_PUBLISHED', 'Only a version that was published can be rolled back to. Publish the draft instead.');
        if (earlier.version === (await versions.liveNumberIn(tx, storefrontId))) {
          throw new AppError(409, 'VERSION_LIVE', 'This version is what patients see now.');
        }
        const at = now();
        const bundle = bundleOfVersion(earlier);
        const again = await versions.insertPublishedIn(tx, storefrontId, bundle, {
          note: `Rolled back to version ${earlier.version}`,
          by: admin.userId,
          at,
        });
        const after = await goLive(tx, admin, again, at);
        await record(tx, admin, storefrontId, 'storefront.rolled_back', { type: 'storefront_version', id: again.id }, audited(before), audited(after), {
          version: again.version,
          fromVersion: earlier.version,
        });
      });
      afterCommit(storefrontId);
      return bundles.detail(storefrontId);
    },

    /** The storefront's versions, newest first, with who made and published each. */
    async versionsPage(storefrontId: string, query: AdminPageQuery): Promise<AdminPage<StorefrontVersionSummary>> {
      const [{ rows, total }, live] = await Promise.all([versions.versionsPage(storefrontId, query), versions.liveNumberIn(undefined, storefrontId)]);
      const names = new Map<string, Promise<{ id: string; name: string } | null>>();
      const items = await Promise.all(
        rows.map(async (r) => ({
          id: r.id,
          version: r.version,
          status: !r.publishedAt ? ('draft' as const) : r.version === live ? ('live' as const) : ('published' as const),
          note: r.note,
          createdAt: r.createdAt.toISOString(),
          createdBy: await personName(r.createdBy, names),
          publishedAt: r.publishedAt?.toISOString() ?? null,
          publishedBy: await personName(r.publishedBy, names),
        })),
      );
      return { items, total, page: query.page, pageSize: query.pageSize };
    },
  };
  return bundles;
}
export type StorefrontBundles = ReturnType<typeof createStorefrontBundles>;
