// The storefront's shipping methods (GET /api/shipping-methods), shared by the cart's estimate and
// the shipping details page (features never import each other).
import { useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api';

export interface ShippingMethod {
  id: string;
  carrier: string;
  name: string;
  costCents: number;
  minDays: number;
  maxDays: number;
  freeAboveCents: number | null;
}

export function useShippingMethods(enabled = true) {
  return useQuery({
    // Not personal: the storefront's list.
    queryKey: ['catalog', 'shipping-methods'],
    queryFn: ({ signal }) => apiGet<ShippingMethod[]>('/api/shipping-methods', { signal }),
    enabled,
    staleTime: 5 * 60_000,
  });
}
