// The patient's orders in My account (issue 17; SPEC §7 previous orders, recent orders v1 and v2,
// order details, details for customer receipt, edit shipping address, reorder): every call of the
// orders feature. Types from the domain's schemas the server answers with.
import type { AccountOrderDetails, AccountOrderList, AccountOrderScope, ChangeShippingAddressBody } from '@store/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiPost, apiPut } from '@/lib/api';
import { CART_QUERY_KEY } from '@/shared/cart';
import { invalidateCheckout } from '@/shared/checkout';

export type { AccountOrderDetails, AccountOrderList, AccountOrderScope };

/** POST /api/orders/:id/reorder (the refills part of issue 17): where the reorder went. */
export interface ReorderResult {
  kind: 'cart' | 'refill';
  orderId: string | null;
  planId: string | null;
  path: string;
  message: string;
}

export const orderKeys = {
  all: ['account-orders'] as const,
  list: (scope: AccountOrderScope, page: number) => ['account-orders', 'list', scope, page] as const,
  details: (id: string) => ['account-orders', 'details', id] as const,
};

export function useAccountOrders(scope: AccountOrderScope, page: number, enabled = true) {
  return useQuery({
    queryKey: orderKeys.list(scope, page),
    queryFn: ({ signal }) => apiGet<AccountOrderList>(`/api/account/orders?scope=${scope}&page=${page}`, { signal }),
    enabled,
    placeholderData: (previous) => previous,
  });
}

export function useAccountOrder(id: string, enabled = true) {
  return useQuery({
    queryKey: orderKeys.details(id),
    queryFn: ({ signal }) => apiGet<AccountOrderDetails>(`/api/account/orders/${encodeURIComponent(id)}`, { signal }),
    enabled: enabled && id !== '',
  });
}

/** SPEC §7 edit shipping address: the answer is the order as it now stands. */
export function useChangeShippingAddress(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ChangeShippingAddressBody) =>
      apiPut<AccountOrderDetails>(`/api/account/orders/${encodeURIComponent(id)}/shipping-address`, body),
    onSuccess: (details) => {
      queryClient.setQueryData(orderKeys.details(id), details);
      void queryClient.invalidateQueries({ queryKey: ['account-orders', 'list'] });
    },
  });
}

/**
 * SPEC §7 reorder: the same products in a new cart, or a refill of the prescription. The server
 * changed the cart (or opened a refill), so every read of them is re-read before the patient lands
 * on `path`: the shared cart and checkout (a stale cart would still point at an old order: its
 * Remove would 404 and the home page would keep offering it), the orders, and the refills page's
 * reads (its query root, 'refills', named here because features do not import each other).
 */
export function useReorder(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiPost<ReorderResult>(`/api/orders/${encodeURIComponent(id)}/reorder`),
    onSuccess: () =>
      Promise.all([
        invalidateCheckout(queryClient),
        // Re-read now even when no page shows the cart yet, so /cart does not open on the old one.
        queryClient.refetchQueries({ queryKey: CART_QUERY_KEY }),
        queryClient.invalidateQueries({ queryKey: orderKeys.all }),
        queryClient.invalidateQueries({ queryKey: ['refills'] }),
      ]),
  });
}
