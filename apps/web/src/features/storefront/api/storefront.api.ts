import type { StorefrontConfig } from '@store/domain';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api';

export const storefrontQueryKey = ['storefront'] as const;

/** The merged config of the storefront the server resolved from this host name. */
export function useStorefront() {
  return useQuery({
    queryKey: storefrontQueryKey,
    queryFn: ({ signal }) => apiGet<StorefrontConfig>('/api/storefront', { signal }),
    // The config changes only when an operator edits it; a reload picks that up.
    staleTime: Infinity,
    gcTime: Infinity,
    refetchOnWindowFocus: false,
  });
}
