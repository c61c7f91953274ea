// Pharmacy search, map markers, the partner pharmacy and the patient's own pharmacy (/api/pharmacies).
import type { z } from 'zod';
import { type PatientPharmacy, type PharmacyView, type pharmacyOriginSchema, type pharmacySearchResultSchema, type pharmacyMapSchema } from '@store/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiPost, apiPut } from '@/lib/api';
import { CART_QUERY_KEY } from '@/shared/cart';

/** SPEC §3 Pharmacy, with its location and the distance from the search's ZIP (packages/domain pharmacySchema). */
export type Pharmacy = PharmacyView;
export type SearchOrigin = z.infer<typeof pharmacyOriginSchema>;
export type PharmacySearchResult = z.infer<typeof pharmacySearchResultSchema>;
export type PharmacyMapData = z.infer<typeof pharmacyMapSchema>;
export type PharmacyMarker = PharmacyMapData['markers'][number];

export interface PharmacyQuery {
  zip?: string | undefined;
  city?: string | undefined;
  name?: string | undefined;
}

export const pharmacyKeys = {
  all: ['pharmacies'] as const,
  search: (query: PharmacyQuery, page: number, pageSize: number) => ['pharmacies', 'search', query, page, pageSize] as const,
  map: (zip: string, radiusMiles: number) => ['pharmacies', 'map', zip, radiusMiles] as const,
  partner: ['pharmacies', 'partner'] as const,
};

function searchParams(values: Record<string, string | number | undefined>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(values)) {
    if (value !== undefined && value !== '') params.set(key, String(value));
  }
  return params.toString();
}

/** One page of results; the previous page stays on screen while the next loads. */
export function usePharmacySearch(query: PharmacyQuery | null, page: number, pageSize = 10) {
  return useQuery({
    queryKey: pharmacyKeys.search(query ?? {}, page, pageSize),
    queryFn: ({ signal }) =>
      apiGet<PharmacySearchResult>(`/api/pharmacies?${searchParams({ ...query, page, pageSize })}`, { signal }),
    enabled: query !== null,
    placeholderData: keepPreviousData,
  });
}

export function usePharmacyMap(zip: string | null, radiusMiles: number) {
  return useQuery({
    queryKey: pharmacyKeys.map(zip ?? '', radiusMiles),
    queryFn: ({ signal }) =>
      apiGet<PharmacyMapData>(`/api/pharmacies/map?${searchParams({ zip: zip ?? '', radiusMiles })}`, { signal }),
    enabled: zip !== null,
  });
}

/** The storefront's mail-order pharmacy ("ship from the partner pharmacy"). */
export function usePartnerPharmacy() {
  return useQuery({
    queryKey: pharmacyKeys.partner,
    queryFn: ({ signal }) => apiGet<Pharmacy>('/api/pharmacies/partner', { signal }),
  });
}

/** Adds the patient's own pharmacy (stored as patient-created, seen only by them). */
export function useAddPharmacy() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (pharmacy: PatientPharmacy) => apiPost<Pharmacy>('/api/pharmacies', pharmacy),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: pharmacyKeys.all }),
  });
}

/** A pharmacy the caller may choose (directory, partner or their own), e.g. the order's. */
export function usePharmacy(id: string | null) {
  return useQuery({
    queryKey: ['pharmacies', 'one', id],
    queryFn: ({ signal }) => apiGet<Pharmacy>(`/api/pharmacies/${encodeURIComponent(id ?? '')}`, { signal }),
    enabled: id !== null,
  });
}

/**
 * The order's pharmacy (PUT /api/orders/:id/pharmacy): one the caller may choose, or the partner.
 * The server completes the Pharmacy stage; the answer replaces the cart.
 */
export function useSetOrderPharmacy(orderId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (choice: { pharmacyId: string } | { partner: true }) =>
      apiPut<unknown>(`/api/orders/${encodeURIComponent(orderId)}/pharmacy`, choice),
    onSuccess: (order) => client.setQueryData(CART_QUERY_KEY, order),
  });
}
