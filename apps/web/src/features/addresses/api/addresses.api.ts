// The signed-in patient's address book (issue 17 "Addresses page"; SPEC §7 saved addresses, add,
// edit shipping address): GET/POST /api/addresses, PATCH/DELETE /api/addresses/:id, and
// POST /api/addresses/:id/use, which makes one the most recent — the default checkout preselects.
import type { SavedAddressView, savedAddressesSchema, UsAddress } from '@store/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiDelete, apiGet, apiPatch, apiPost } from '@/lib/api';

export type SavedAddress = SavedAddressView;
export type SavedAddressGroups = z.infer<typeof savedAddressesSchema>;

/** The same key the checkout's address picker reads, so both stay in step. */
export const addressBookKey = ['addresses'] as const;

export function useAddressBook(options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: addressBookKey,
    queryFn: ({ signal }) => apiGet<SavedAddressGroups>('/api/addresses', { signal }),
    enabled: options.enabled ?? true,
  });
}

function useBookMutation<V, R>(mutationFn: (variables: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => queryClient.invalidateQueries({ queryKey: addressBookKey }) });
}

export const useAddAddress = () => useBookMutation((address: UsAddress) => apiPost<SavedAddress>('/api/addresses', address));
export const useEditAddress = () =>
  useBookMutation(({ id, address }: { id: string; address: UsAddress }) => apiPatch<SavedAddress>(`/api/addresses/${encodeURIComponent(id)}`, address));
export const useRemoveAddress = () => useBookMutation((id: string) => apiDelete(`/api/addresses/${encodeURIComponent(id)}`));
/** Makes it the most recent address: the default the checkout preselects. */
export const useMakeDefault = () => useBookMutation((id: string) => apiPost<SavedAddress>(`/api/addresses/${encodeURIComponent(id)}/use`));
