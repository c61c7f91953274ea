// Saved shipping addresses of the signed-in patient (GET/POST/PATCH/DELETE /api/addresses).
import type { UsAddress, UsAddressPatch } from '@store/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiDelete, apiGet, apiPatch, apiPost } from '@/lib/api';

export interface SavedAddress {
  id: string;
  fullName: string;
  line1: string;
  line2: string | null;
  city: string;
  state: string;
  zip: string;
  /** 10 digits. */
  phone: string;
  lastUsedAt: string | null;
  createdAt: string;
}

/** SPEC §9 groups: "MOST RECENT ADDRESS" and "OTHER SAVED ADDRESSES". */
export interface SavedAddressGroups {
  mostRecent: SavedAddress | null;
  otherSaved: SavedAddress[];
}

export const addressKeys = { all: ['addresses'] as const };

export function useSavedAddresses(options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: addressKeys.all,
    queryFn: ({ signal }) => apiGet<SavedAddressGroups>('/api/addresses', { signal }),
    enabled: options.enabled ?? true,
  });
}

function useAddressMutation<V>(mutationFn: (variables: V) => Promise<SavedAddress | void>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: addressKeys.all }),
  });
}

export function useCreateAddress() {
  return useAddressMutation((address: UsAddress) => apiPost<SavedAddress>('/api/addresses', address));
}

export function useUpdateAddress() {
  return useAddressMutation(({ id, patch }: { id: string; patch: UsAddressPatch }) =>
    apiPatch<SavedAddress>(`/api/addresses/${encodeURIComponent(id)}`, patch),
  );
}

export function useDeleteAddress() {
  return useAddressMutation((id: string) => apiDelete(`/api/addresses/${encodeURIComponent(id)}`));
}

/** Ship to this address: the server marks it used (it becomes the most recent). */
export function useMarkAddressUsed() {
  return useAddressMutation((id: string) =>
    apiPost<SavedAddress>(`/api/addresses/${encodeURIComponent(id)}/use`),
  );
}
