// The operator's console (issue 18): what every admin list and page shares. Lists are paged on the
// server (page from 1, a page size from ADMIN_PAGE_SIZES); the console's company and storefronts.
import { z } from 'zod';

export const ADMIN_PAGE_SIZES = [10, 25, 50, 100] as const;
export const ADMIN_DEFAULT_PAGE_SIZE = 25;

/** `?page=&pageSize=` of every admin list. */
export const adminPageQuerySchema = z.object({
  page: z.coerce.number<string | number>().int().min(1).max(100_000).default(1),
  pageSize: z.coerce
    .number<string | number>()
    .int()
    .refine((n) => (ADMIN_PAGE_SIZES as readonly number[]).includes(n), { error: 'Choose 10, 25, 50 or 100 rows a page.' })
    .default(ADMIN_DEFAULT_PAGE_SIZE),
});
export type AdminPageQuery = z.output<typeof adminPageQuerySchema>;

/** One page of a list: its rows, how many there are in all, and which page this is. */
export function adminPageSchema<T extends z.ZodType>(item: T, id: string) {
  return z
    .object({
      items: z.array(item),
      total: z.number().int().min(0),
      page: z.number().int().min(1),
      pageSize: z.number().int().min(1),
    })
    .meta({ id });
}
export interface AdminPage<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
}

/** Rows to skip for a page (SQL OFFSET). */
export function pageOffset(query: Pick<AdminPageQuery, 'page' | 'pageSize'>): number {
  return (query.page - 1) * query.pageSize;
}

export const adminStorefrontSummarySchema = z
  .object({
    id: z.uuid(),
    name: z.string(),
    /** Lower-case host names; the first is the storefront's address in mail. */
    hosts: z.array(z.string()),
    isDefault: z.boolean(),
  })
  .meta({ id: 'AdminStorefrontSummary' });
export type AdminStorefrontSummary = z.infer<typeof adminStorefrontSummarySchema>;

/** GET /api/admin/me: the signed-in operator, their company and its storefronts. */
export const adminMeSchema = z
  .object({
    user: z.object({ id: z.uuid(), firstName: z.string(), lastName: z.string() }),
    company: z.object({ id: z.uuid(), name: z.string() }),
    storefronts: z.array(adminStorefrontSummarySchema),
  })
  .meta({ id: 'AdminMe' });
export type AdminMe = z.infer<typeof adminMeSchema>;

/** `:storefrontId` in an admin path: one of the operator's company's storefronts (else 404). */
export const adminStorefrontParamsSchema = z.object({ storefrontId: z.uuid() });

/** A change's before and after as the audit log keeps them (fields that changed only). */
export interface AuditChange {
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

/** The fields whose values differ between two records (a created or deleted record: all of them). */
export function changedFields(
  before: Record<string, unknown> | null,
  after: Record<string, unknown> | null,
): AuditChange {
  if (!before || !after) return { before, after };
  const b: Record<string, unknown> = {};
  const a: Record<string, unknown> = {};
  for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
    if (JSON.stringify(before[key]) !== JSON.stringify(after[key])) {
      b[key] = before[key] ?? null;
      a[key] = after[key] ?? null;
    }
  }
  return { before: b, after: a };
}
