// The doctor's review calls (issue 15): the queue, claiming an order (a lease renewed while the page
// is open), the review page's data, the formulary, and the three decisions. Types come from the
// domain's API schemas, so the server and this page read the same shapes.
import type { ApproveInput, DeclineInput, FormularyOption, InfoRequestInput, ReviewClaim, ReviewDetail, ReviewQueue } from '@store/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiDelete, apiGet, apiPost } from '@/lib/api';

export interface QueueFilters {
  storefrontId?: string;
  productId?: string;
  state?: string;
  status?: string;
  page?: number;
}

export const doctorReviewKeys = {
  all: ['doctor-review'] as const,
  queue: (filters: QueueFilters) => ['doctor-review', 'queue', filters] as const,
  order: (orderId: string) => ['doctor-review', 'order', orderId] as const,
  formulary: (orderId: string) => ['doctor-review', 'formulary', orderId] as const,
};

const orderPath = (orderId: string) => `/api/doctor/orders/${encodeURIComponent(orderId)}`;

/** Where a file of the order under review is served (to the doctor holding the claim). */
export const reviewUploadUrl = (orderId: string, uploadId: string) => `${orderPath(orderId)}/uploads/${encodeURIComponent(uploadId)}`;

/** At most this long between renewals of the open review page's claim (the lease is about 15 minutes). */
export const CLAIM_RENEW_MS = 5 * 60_000;

/** The open review page stops renewing its claim after this long without the doctor touching it. */
export const CLAIM_IDLE_MS = 15 * 60_000;

/**
 * When to renew a claim next: halfway to its lease's end (never later than CLAIM_RENEW_MS, never
 * sooner than a second), so a shorter lease than usual is still renewed in time.
 */
export function renewDelayMs(leaseExpiresAt: string | undefined, now = Date.now()): number {
  if (!leaseExpiresAt) return CLAIM_RENEW_MS;
  return Math.max(1_000, Math.min(CLAIM_RENEW_MS, (new Date(leaseExpiresAt).getTime() - now) / 2));
}

export function queueQuery(filters: QueueFilters): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) if (value !== undefined && value !== '') params.set(key, String(value));
  const query = params.toString();
  return query ? `?${query}` : '';
}

export function useReviewQueue(filters: QueueFilters) {
  return useQuery({
    queryKey: doctorReviewKeys.queue(filters),
    queryFn: ({ signal }) => apiGet<ReviewQueue>(`/api/doctor/queue${queueQuery(filters)}`, { signal }),
    // Other doctors claim and decide: keep the list fresh while it is open.
    refetchInterval: 60_000,
  });
}

export const doctorReviewApi = {
  claim: (orderId: string) => apiPost<ReviewClaim>(`${orderPath(orderId)}/claim`),
  release: (orderId: string) => apiDelete(`${orderPath(orderId)}/claim`),
  approve: (orderId: string, input: ApproveInput) => apiPost<{ status: string }>(`${orderPath(orderId)}/approve`, input),
  requestInfo: (orderId: string, input: InfoRequestInput) => apiPost<{ status: string }>(`${orderPath(orderId)}/request-info`, input),
  decline: (orderId: string, input: DeclineInput) => apiPost<{ status: string }>(`${orderPath(orderId)}/decline`, input),
  markMissed: (appointmentId: string) => apiPost<{ status: 'visit_missed'; orderId: string }>(`/api/doctor/visits/${encodeURIComponent(appointmentId)}/missed`),
};

/**
 * issue 15: the patient did not attend a visit that has started — the doctor marks it missed (the
 * order waits 3 days for a new time). The queue's copy of today's visits shows it missed at once.
 */
export function useMarkMissed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (appointmentId: string) => doctorReviewApi.markMissed(appointmentId),
    onSuccess: (_answer, appointmentId) =>
      queryClient.setQueriesData<ReviewQueue>({ queryKey: [...doctorReviewKeys.all, 'queue'] }, (old) =>
        old ? { ...old, todayVisits: old.todayVisits.map((v) => (v.appointmentId === appointmentId ? { ...v, status: 'missed' } : v)) } : old,
      ),
  });
}

export function useClaimOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (orderId: string) => doctorReviewApi.claim(orderId),
    onSettled: () => queryClient.invalidateQueries({ queryKey: [...doctorReviewKeys.all, 'queue'] }),
  });
}

/** The review page's data; only answered while this doctor holds the claim (so enable it after claiming). */
export function useReviewDetail(orderId: string, enabled: boolean) {
  return useQuery({
    queryKey: doctorReviewKeys.order(orderId),
    queryFn: ({ signal }) => apiGet<ReviewDetail>(orderPath(orderId), { signal }),
    enabled,
    // Health data: not kept once the page is left.
    gcTime: 0,
  });
}

export function useFormulary(orderId: string, enabled: boolean) {
  return useQuery({
    queryKey: doctorReviewKeys.formulary(orderId),
    queryFn: async ({ signal }) => (await apiGet<{ options: FormularyOption[] }>(`${orderPath(orderId)}/formulary`, { signal })).options,
    enabled,
  });
}
