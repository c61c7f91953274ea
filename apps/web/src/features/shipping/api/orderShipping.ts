// The order's shipping details in checkout (issue 5): the storefront's shipping methods, the method
// of the order (PATCH /api/orders/:id/shipping re-prices it on the server) and the order's address
// (PUT /api/orders/:id/shipping-address, a saved address or a new one). Answers replace the cart.
import type { UsAddress } from '@store/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, apiGet, apiPatch, apiPut, isApiError } from '@/lib/api';
import { CART_QUERY_KEY, type Cart } from '@/lib/cart';

export interface ShippingMethod {
  id: string;
  carrier: string;
  name: string;
  costCents: number;
  minDays: number;
  maxDays: number;
  freeAboveCents: number | null;
}

/** The order view with its shipping address (`Cart.shippingAddress`) and pharmacy. */
export type OrderWithAddress = Cart & { pharmacyId?: string | null };

export function useShippingMethods() {
  return useQuery({
    queryKey: ['catalog', 'shipping-methods'],
    queryFn: ({ signal }) => apiGet<ShippingMethod[]>('/api/shipping-methods', { signal }),
    staleTime: 5 * 60_000,
  });
}

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
