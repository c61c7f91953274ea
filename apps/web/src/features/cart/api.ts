// Shipping methods for the cart's estimate (GET /api/shipping-methods).
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

export function useShippingMethods(enabled: boolean) {
  return useQuery({
    // Not personal: the storefront's list.
    queryKey: ['catalog', 'shipping-methods'],
    queryFn: ({ signal }) => apiGet<ShippingMethod[]>('/api/shipping-methods', { signal }),
    enabled,
    staleTime: 5 * 60_000,
  });
}
