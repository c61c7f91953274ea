// The patient's visit and rating calls (issue 16; SPEC §7 "patient visit details", "POST
// welcome-back for schedule visit, missed visit, visit about to start"): GET /api/orders/:id/visit,
// GET/POST /api/orders/:id/rating, and the paid order's number, status and receipt for what
// happens next. Types from the domain's schemas the server answers with.
import type { OrderRating, PatientVisit, RatingInput } from '@store/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiPost, isApiError } from '@/lib/api';

export type { OrderRating, PatientVisit, RatingInput };

export const visitKeys = {
  visit: (orderId: string) => ['orders', orderId, 'visit'] as const,
  rating: (orderId: string) => ['orders', orderId, 'rating'] as const,
  purchase: (orderId: string) => ['orders', orderId, 'payment'] as const,
};

/** How often the visit is read again: gently while far off, more often near and during its window. */
export function visitPollMs(visit: PatientVisit | undefined): number | false {
  if (!visit) return false;
  if (visit.status === 'booked') return visit.phase === 'scheduled' ? 60_000 : 15_000;
  // A missed visit changes when it is booked again (here or from another tab).
  return visit.status === 'missed' ? 60_000 : false;
}

/** The patient's own order's visit; a 404 (not theirs, unknown, no visit) is an error to show. */
export function usePatientVisit(orderId: string, enabled: boolean) {
  return useQuery({
    queryKey: visitKeys.visit(orderId),
    queryFn: ({ signal }) =>
      apiGet<PatientVisit>(`/api/orders/${encodeURIComponent(orderId)}/visit`, { signal }),
    enabled: enabled && orderId !== '',
    refetchInterval: (query) => visitPollMs(query.state.data),
    refetchOnWindowFocus: true,
  });
}

export const isNotFound = (error: unknown) => isApiError(error) && error.status === 404;

export function useOrderRating(orderId: string, enabled: boolean) {
  return useQuery({
    queryKey: visitKeys.rating(orderId),
    queryFn: ({ signal }) =>
      apiGet<OrderRating>(`/api/orders/${encodeURIComponent(orderId)}/rating`, { signal }),
    enabled: enabled && orderId !== '',
  });
}

/** SPEC §1 "rate doctors": once per order; the answer is the saved rating. */
export function useRateDoctor(orderId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: RatingInput) =>
      apiPost<OrderRating>(`/api/orders/${encodeURIComponent(orderId)}/rating`, input),
    onSuccess: (rating) => queryClient.setQueryData(visitKeys.rating(orderId), rating),
  });
}

/** The paid order as the confirmation shows it: number, status, receipt (GET /api/orders/:id/payment). */
export interface PaidOrder {
  orderId: string;
  orderNumber: string;
  status: string;
  receiptUrl: string;
}

export function usePaidOrder(orderId: string, enabled: boolean) {
  return useQuery({
    queryKey: visitKeys.purchase(orderId),
    queryFn: ({ signal }) =>
      apiGet<PaidOrder>(`/api/orders/${encodeURIComponent(orderId)}/payment`, { signal }),
    enabled: enabled && orderId !== '',
  });
}
