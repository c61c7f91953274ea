// The storefront's shipping methods (GET /api/shipping-methods), shared by the cart's estimate and
// the shipping details page (features never import each other).
import type { ShippingMethodView } from '@store/domain';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api';

/** A shipping method of the storefront (packages/domain shippingMethodSchema). */
export type ShippingMethod = ShippingMethodView;

export function useShippingMethods(enabled = true) {
  return useQuery({
    // Not personal: the storefront's list.
    queryKey: ['catalog', 'shipping-methods'],
    queryFn: ({ signal }) => apiGet<ShippingMethod[]>('/api/shipping-methods', { signal }),
    enabled,
    staleTime: 5 * 60_000,
  });
}

/**
 * SPEC §7 product-wise shipping methods (issue 18): the storefront's methods the order's items
 * allow (`order.shipping.allowedMethodIds`; null: all of them).
 */
export function allowedMethods(methods: readonly ShippingMethod[], allowedIds: readonly string[] | null | undefined): ShippingMethod[] {
  return allowedIds ? methods.filter((m) => allowedIds.includes(m.id)) : [...methods];
}
