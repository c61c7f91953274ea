// The order's shipping details in checkout (issue 5): the method of the order (PATCH /api/orders/:id/shipping re-prices it on the server) and the order's address
// (PUT /api/orders/:id/shipping-address, a saved address or a new one). Answers replace the cart.
// Saved shipping addresses of the signed-in patient (GET/POST/PATCH/DELETE /api/addresses).
import type { z } from 'zod';
import { type UsAddress, type UsAddressPatch, type SavedAddressView, type savedAddressesSchema } from '@store/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, apiDelete, apiGet, apiPatch, apiPost, apiPut, isApiError } from '@/lib/api';
import { CART_QUERY_KEY, type Cart } from '@/shared/cart';
import type { ShippingMethod } from '@/shared/shippingMethods';

/** The order view with its shipping address (`Cart.shippingAddress`) and pharmacy. */
export type OrderWithAddress = Cart & { pharmacyId?: string | null };

/** "Arrives in 3–5 business days" (SPEC §7 shipping methods with delivery estimate). */
export function deliveryEstimate(method: Pick<ShippingMethod, 'minDays' | 'maxDays'>): string {
  const days =
    method.minDays === method.maxDays ? `${method.minDays}` : `${method.minDays}–${method.maxDays}`;
  return `Arrives in ${days} business day${method.maxDays === 1 ? '' : 's'}`;
}

/** The server names the address's fields `address.<field>`; the form knows them bare. */
function unprefixed(error: unknown): unknown {
  if (!isApiError(error) || !error.fieldErrors.some((e) => e.field.startsWith('address.')))
    return error;
  return new ApiError(error.status, {
    code: error.code,
    detail: error.detail,
    errors: error.fieldErrors.map((e) => ({ ...e, field: e.field.replace(/^address\./, '') })),
  });
}

export function useSetOrderMethod(orderId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (methodId: string) =>
      apiPatch<Cart>(`/api/orders/${orderId}/shipping`, { methodId }),
    onSuccess: (order) => client.setQueryData(CART_QUERY_KEY, order),
  });
}

export type ShippingAddressChoice =
  | { savedAddressId: string; methodId?: string | undefined }
  | { address: UsAddress; save?: boolean | undefined; methodId?: string | undefined };

export function useSetOrderAddress(orderId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (choice: ShippingAddressChoice) => {
      try {
        return await apiPut<OrderWithAddress>(`/api/orders/${orderId}/shipping-address`, choice);
      } catch (error) {
        throw unprefixed(error);
      }
    },
    onSuccess: (order) => client.setQueryData(CART_QUERY_KEY, order),
  });
}

/** A saved address (packages/domain savedAddressSchema); SPEC §9 groups "MOST RECENT ADDRESS" and "OTHER SAVED ADDRESSES". */
export type SavedAddress = SavedAddressView;
export type SavedAddressGroups = z.infer<typeof savedAddressesSchema>;

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
