// Storefront versions and the writes of the operator's console (issue 18): the company's
// storefronts page by page, host names taken, drafts, publishing onto the live row and its hosts.
import { and, asc, count, desc, eq, inArray, isNotNull, isNull, max, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { storefrontHosts, storefronts, storefrontVersions } from '../../db/schema/storefronts.ts';

export type StorefrontVersionRow = typeof storefrontVersions.$inferSelect;
export type NewStorefrontVersion = typeof storefrontVersions.$inferInsert;
type LivePatch = Pick<typeof storefronts.$inferInsert, 'name' | 'theme' | 'flags' | 'settings' | 'content'>;

export function createStorefrontVersionsRepo(db: DbOrTx) {
  return {
    async pageForCompany(companyId: string, offset: number, limit: number) {
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(storefronts)
          .where(eq(storefronts.companyId, companyId))
          .orderBy(asc(storefronts.name), asc(storefronts.id))
          .limit(limit)
          .offset(offset),
        db.select({ n: count() }).from(storefronts).where(eq(storefronts.companyId, companyId)),
      ]);
      return { rows, total: total?.n ?? 0 };
    },
    /** Live and draft version numbers of each storefront. */
    async versionNumbers(ids: string[]): Promise<Map<string, { live: number | null; draft: number | null }>> {
      const result = new Map<string, { live: number | null; draft: number | null }>();
      if (ids.length === 0) return result;
      const rows = await db
        .select({
          storefrontId: storefrontVersions.storefrontId,
          live: sql<number | null>`max(${storefrontVersions.version}) filter (where ${storefrontVersions.publishedAt} is not null)`,
          draft: sql<number | null>`max(${storefrontVersions.version}) filter (where ${storefrontVersions.publishedAt} is null)`,
        })
        .from(storefrontVersions)
        .where(inArray(storefrontVersions.storefrontId, ids))
        .groupBy(storefrontVersions.storefrontId);
      for (const r of rows) result.set(r.storefrontId, { live: r.live === null ? null : Number(r.live), draft: r.draft === null ? null : Number(r.draft) });
      return result;
    },
    async hostsOf(ids: string[]): Promise<Map<string, string[]>> {
      const result = new Map<string, string[]>();
      if (ids.length === 0) return result;
      const rows = await db
        .select()
        .from(storefrontHosts)
        .where(inArray(storefrontHosts.storefrontId, ids))
        .orderBy(asc(storefrontHosts.host));
      for (const r of rows) result.set(r.storefrontId, [...(result.get(r.storefrontId) ?? []), r.host]);
      return result;
    },
    /** Which of `hosts` another storefront (not `storefrontId`) serves. */
    async hostsTakenElsewhere(hosts: string[], storefrontId: string | null): Promise<Set<string>> {
      if (hosts.length === 0) return new Set();
      const rows = await db
        .select({ host: storefrontHosts.host })
        .from(storefrontHosts)
        .where(and(inArray(storefrontHosts.host, hosts), storefrontId ? ne(storefrontHosts.storefrontId, storefrontId) : undefined));
      return new Set(rows.map((r) => r.host));
    },
    async slugTaken(slug: string): Promise<boolean> {
      const rows = await db.select({ id: storefronts.id }).from(storefronts).where(eq(storefronts.slug, slug)).limit(1);
      return rows.length > 0;
    },
    /** The storefront's row, locked for the rest of the transaction (one console write at a time). */
    async lockStorefront(id: string) {
      const rows = await db.select().from(storefronts).where(eq(storefronts.id, id)).for('update');
      return rows[0];
    },
    async findStorefront(id: string) {
      const rows = await db.select().from(storefronts).where(eq(storefronts.id, id)).limit(1);
      return rows[0];
    },
    async insertStorefront(values: { companyId: string; name: string; slug: string; at: Date }) {
      const [row] = await db
        .insert(storefronts)
        .values({ companyId: values.companyId, name: values.name, slug: values.slug, createdAt: values.at, updatedAt: values.at })
        .returning();
      return row!;
    },
    /** Always moves updated_at forward (even under a frozen test clock): other instances see it. */
    async updateLive(id: string, patch: LivePatch, at: Date) {
      await db
        .update(storefronts)
        .set({ ...patch, updatedAt: sql`greatest(${at.toISOString()}::timestamptz, ${storefronts.updatedAt} + interval '1 millisecond')` })
        .where(eq(storefronts.id, id));
    },
    async replaceHosts(storefrontId: string, hosts: string[]) {
      await db.delete(storefrontHosts).where(eq(storefrontHosts.storefrontId, storefrontId));
      if (hosts.length > 0) await db.insert(storefrontHosts).values(hosts.map((host) => ({ host, storefrontId })));
    },
    async draftOf(storefrontId: string): Promise<StorefrontVersionRow | undefined> {
      const rows = await db
        .select()
        .from(storefrontVersions)
        .where(and(eq(storefrontVersions.storefrontId, storefrontId), isNull(storefrontVersions.publishedAt)))
        .orderBy(desc(storefrontVersions.version))
        .limit(1);
      return rows[0];
    },
    async liveVersionNumber(storefrontId: string): Promise<number | null> {
      const [row] = await db
        .select({ v: max(storefrontVersions.version) })
        .from(storefrontVersions)
        .where(and(eq(storefrontVersions.storefrontId, storefrontId), isNotNull(storefrontVersions.publishedAt)));
      return row?.v ?? null;
    },
    async find(storefrontId: string, versionId: string): Promise<StorefrontVersionRow | undefined> {
      const rows = await db
        .select()
        .from(storefrontVersions)
        .where(and(eq(storefrontVersions.storefrontId, storefrontId), eq(storefrontVersions.id, versionId)))
        .limit(1);
      return rows[0];
    },
    async nextNumber(storefrontId: string): Promise<number> {
      const [row] = await db.select({ v: max(storefrontVersions.version) }).from(storefrontVersions).where(eq(storefrontVersions.storefrontId, storefrontId));
      return (row?.v ?? 0) + 1;
    },
    async insertVersion(values: NewStorefrontVersion): Promise<StorefrontVersionRow> {
      const [row] = await db.insert(storefrontVersions).values(values).returning();
      return row!;
    },
    async updateDraft(id: string, values: Partial<NewStorefrontVersion>): Promise<StorefrontVersionRow> {
      const [row] = await db
        .update(storefrontVersions)
        .set(values)
        .where(and(eq(storefrontVersions.id, id), isNull(storefrontVersions.publishedAt)))
        .returning();
      return row!;
    },
    async markPublished(id: string, by: string, at: Date): Promise<void> {
      await db.update(storefrontVersions).set({ publishedAt: at, publishedBy: by }).where(eq(storefrontVersions.id, id));
    },
    async page(storefrontId: string, offset: number, limit: number) {
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(storefrontVersions)
          .where(eq(storefrontVersions.storefrontId, storefrontId))
          .orderBy(desc(storefrontVersions.version))
          .limit(limit)
          .offset(offset),
        db.select({ n: count() }).from(storefrontVersions).where(eq(storefrontVersions.storefrontId, storefrontId)),
      ]);
      return { rows, total: total?.n ?? 0 };
    },
  };
}
export type StorefrontVersionsRepo = ReturnType<typeof createStorefrontVersionsRepo>;
