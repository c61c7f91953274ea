// The pharmacist's orders and their steps (issue 15 "Fulfilment"; docs/api-map.md "Pharmacy"):
// GET /api/pharmacy/orders, POST …/fill, …/ship, …/deliver, …/cannot-fill, GET …/prescription.pdf.
import type { CannotFillInput, PharmacyOrder, PharmacyOrderList, PharmacyOrderStatus, PharmacyRefundResult, PharmacyTab, ShipInput } from '@store/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiPost } from '@/lib/api';

export type { PharmacyOrder, PharmacyOrderList, PharmacyOrderStatus, PharmacyTab };

export const PHARMACY_ORDERS_KEY = ['pharmacy', 'orders'] as const;

export const fulfilmentApi = {
  orders: (tab: PharmacyTab, page: number, signal?: AbortSignal) =>
    apiGet<PharmacyOrderList>(`/api/pharmacy/orders?status=${tab}&page=${page}`, signal ? { signal } : {}),
  fill: (orderId: string) => apiPost<{ status: PharmacyOrderStatus }>(`/api/pharmacy/orders/${orderId}/fill`),
  ship: (orderId: string, body: ShipInput) => apiPost<{ status: PharmacyOrderStatus }>(`/api/pharmacy/orders/${orderId}/ship`, body),
  deliver: (orderId: string) => apiPost<{ status: PharmacyOrderStatus }>(`/api/pharmacy/orders/${orderId}/deliver`),
  cannotFill: (orderId: string, body: CannotFillInput) => apiPost<PharmacyRefundResult>(`/api/pharmacy/orders/${orderId}/cannot-fill`, body),
};

/** Where the browser opens the prescription PDF (the session cookie goes with it). */
export const prescriptionPdfUrl = (orderId: string) => `/api/pharmacy/orders/${orderId}/prescription.pdf`;

export interface PharmacistPharmacy {
  pharmacy: { id: string; name: string; phone: string; address: string; city: string; state: string; zip: string };
}

/** The pharmacy the signed-in pharmacist works at (GET /api/pharmacy/me). */
export function usePharmacistPharmacy() {
  return useQuery({
    queryKey: ['pharmacy', 'me'],
    queryFn: ({ signal }) => apiGet<PharmacistPharmacy>('/api/pharmacy/me', { signal }),
  });
}

/** One tab's page of orders, with the counts of every tab; the previous page shows while the next loads. */
export function usePharmacyOrders(tab: PharmacyTab, page: number) {
  return useQuery({
    queryKey: [...PHARMACY_ORDERS_KEY, tab, page],
    queryFn: ({ signal }) => fulfilmentApi.orders(tab, page, signal),
    placeholderData: keepPreviousData,
  });
}

/** A step on one order; every tab's list and counts are read again after it. */
export function useFulfilmentStep<TArgs>(step: (args: TArgs) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: step,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: PHARMACY_ORDERS_KEY }),
  });
}
