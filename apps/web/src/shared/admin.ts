// The operator's console (issue 18): what every admin page shares. The operator's company and
// storefronts (GET /api/admin/me), and the storefront a page works on, kept in the address
// (`?storefront=<id>`) so a link or a reload keeps it; the company's default storefront otherwise.
import { type AdminMe, type AdminStorefrontSummary } from '@store/domain';
import { useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import { apiGet } from '@/lib/api';

export const ADMIN_ME_KEY = ['admin', 'me'] as const;

export function useAdminMe() {
  return useQuery({
    queryKey: ADMIN_ME_KEY,
    queryFn: ({ signal }) => apiGet<AdminMe>('/api/admin/me', { signal }),
    staleTime: 30_000,
  });
}

export const STOREFRONT_PARAM = 'storefront';

/**
 * The storefront an admin page works on: `?storefront=` when it is one of the company's, else the
 * default one (or the first). `setStorefront` changes it and keeps the rest of the address.
 */
export function useAdminStorefront(): {
  storefront: AdminStorefrontSummary | null;
  storefronts: AdminStorefrontSummary[];
  setStorefront: (id: string) => void;
  me: ReturnType<typeof useAdminMe>;
} {
  const me = useAdminMe();
  const [params, setParams] = useSearchParams();
  const storefronts = me.data?.storefronts ?? [];
  const wanted = params.get(STOREFRONT_PARAM);
  const storefront =
    storefronts.find((s) => s.id === wanted) ?? storefronts.find((s) => s.isDefault) ?? storefronts[0] ?? null;
  const setStorefront = useCallback(
    (id: string) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          next.set(STOREFRONT_PARAM, id);
          // A page number belongs to the list of the storefront it was on.
          next.delete('page');
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );
  return { storefront, storefronts, setStorefront, me };
}

/** An admin path that keeps the chosen storefront: `adminHref('/admin/catalog', id)`. */
export function adminHref(path: string, storefrontId: string | null | undefined): string {
  return storefrontId ? `${path}?${STOREFRONT_PARAM}=${encodeURIComponent(storefrontId)}` : path;
}

/** `?page=&pageSize=` of an admin list, kept in the address. */
export function pageParams(params: URLSearchParams, defaultSize = 25): { page: number; pageSize: number } {
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const size = Number.parseInt(params.get('pageSize') ?? String(defaultSize), 10);
  return { page, pageSize: [10, 25, 50, 100].includes(size) ? size : defaultSize };
}

/** Money for an admin table: cents → "$12.50". */
export function formatCents(cents: number): string {
  return (cents / 100).toLocaleString('en-US', { style: 'currency', currency: 'USD' });
}
