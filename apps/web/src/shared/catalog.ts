// The storefront's catalog, shared by the home page, the shop and the cart (features never import
// each other). Prices are integer cents from the server; format them only for display.
import { useQuery } from '@tanstack/react-query';
import type { ProductCategory, ProductView, VisitType } from '@store/domain';
import { apiGet } from '@/lib/api';

export type { ProductCategory, ProductType, VisitType } from '@store/domain';

/** GET /api/products (SPEC §3 cart item fields of a product). */
export type Product = ProductView;

/** The shelf names of the categories, in shelf order. */
export const CATEGORY_LABELS: Record<ProductCategory, string> = {
  weight: 'Weight care',
  hair: 'Hair',
  sexual_health: 'Sexual health',
  skin: 'Skin',
  labs: 'Labs',
  otc: 'Everyday health',
};

export const VISIT_TYPE_LABELS: Record<VisitType, string> = {
  1: 'Video visit with a doctor',
  2: 'Phone visit with a doctor',
  3: 'Online review by a doctor, no appointment needed',
};

export const PRODUCTS_QUERY_KEY = ['products'] as const;

export function useProducts() {
  return useQuery({
    queryKey: PRODUCTS_QUERY_KEY,
    queryFn: ({ signal }) => apiGet<Product[]>('/api/products', { signal }),
    staleTime: 5 * 60_000,
  });
}

export function useProduct(slug: string | undefined) {
  return useQuery({
    queryKey: [...PRODUCTS_QUERY_KEY, slug],
    queryFn: ({ signal }) => apiGet<Product>(`/api/products/${encodeURIComponent(slug ?? '')}`, { signal }),
    enabled: Boolean(slug),
    staleTime: 5 * 60_000,
  });
}

/** The quantity a product starts with (SPEC §3: defaultQuantity when the quantity is flexible). */
export function initialQuantity(product: Pick<Product, 'flexibleQuantity' | 'defaultQuantity' | 'qtyRange'>): number {
  return product.flexibleQuantity ? product.defaultQuantity : product.qtyRange.min;
}

/** A "per 30 days" read-out for refilled products, or null. */
export function cycleLabel(product: Pick<Product, 'refillCycleDays'>): string | null {
  if (!product.refillCycleDays) return null;
  return product.refillCycleDays === 30 ? 'per month' : `per 30 days (refilled every ${product.refillCycleDays} days)`;
}
