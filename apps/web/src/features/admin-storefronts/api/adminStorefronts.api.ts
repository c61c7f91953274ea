// issue 18: every server call of the console's storefront pages (list, create, the editor's draft,
// publish, roll back, versions). Types come from the domain's schemas the server answers with.
import type {
  AdminPage,
  AdminStorefrontDetail,
  AdminStorefrontListItem,
  CreateStorefrontInput,
  StorefrontDraftInput,
  StorefrontVersionSummary,
} from '@store/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiPost, apiPut } from '@/lib/api';
import { ADMIN_ME_KEY } from '@/shared/admin';

const KEY = ['admin', 'storefronts'] as const;
const path = (id: string) => `/api/admin/storefronts/${encodeURIComponent(id)}`;

export function useStorefrontList(page: number, pageSize: number) {
  return useQuery({
    queryKey: [...KEY, 'list', page, pageSize],
    queryFn: ({ signal }) => apiGet<AdminPage<AdminStorefrontListItem>>(`/api/admin/storefronts?page=${page}&pageSize=${pageSize}`, { signal }),
    placeholderData: (previous) => previous,
  });
}

export function useStorefrontDetail(id: string) {
  return useQuery({
    queryKey: [...KEY, 'detail', id],
    queryFn: ({ signal }) => apiGet<AdminStorefrontDetail>(path(id), { signal }),
    // The editor's form starts from it: a background refetch must not reset what is being typed.
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });
}

export function useStorefrontVersions(id: string, page: number, pageSize: number) {
  return useQuery({
    queryKey: [...KEY, 'versions', id, page, pageSize],
    queryFn: ({ signal }) => apiGet<AdminPage<StorefrontVersionSummary>>(`${path(id)}/versions?page=${page}&pageSize=${pageSize}`, { signal }),
    placeholderData: (previous) => previous,
  });
}

/** After a change: the new detail in the cache, the lists and the console's storefront picker refetched. */
function useAfterChange() {
  const client = useQueryClient();
  return async (detail: AdminStorefrontDetail) => {
    client.setQueryData([...KEY, 'detail', detail.id], detail);
    await Promise.all([
      client.invalidateQueries({ queryKey: [...KEY, 'list'] }),
      client.invalidateQueries({ queryKey: [...KEY, 'versions', detail.id] }),
      client.invalidateQueries({ queryKey: ADMIN_ME_KEY }),
    ]);
  };
}

export function useCreateStorefront() {
  const after = useAfterChange();
  return useMutation({
    mutationFn: (input: CreateStorefrontInput) => apiPost<AdminStorefrontDetail>('/api/admin/storefronts', input),
    onSuccess: after,
  });
}

export function useSaveDraft(id: string) {
  const after = useAfterChange();
  return useMutation({
    mutationFn: (input: StorefrontDraftInput) => apiPut<AdminStorefrontDetail>(`${path(id)}/draft`, input),
    onSuccess: after,
  });
}

export function usePublishVersion(id: string) {
  const after = useAfterChange();
  return useMutation({
    mutationFn: (versionId: string) => apiPost<AdminStorefrontDetail>(`${path(id)}/versions/${encodeURIComponent(versionId)}/publish`),
    onSuccess: after,
  });
}

export function useRollback(id: string) {
  const after = useAfterChange();
  return useMutation({
    mutationFn: (versionId: string) => apiPost<AdminStorefrontDetail>(`${path(id)}/versions/${encodeURIComponent(versionId)}/rollback`),
    onSuccess: after,
  });
}
