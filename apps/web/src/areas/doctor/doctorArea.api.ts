// The doctor area's first page reads the review queue (GET /api/doctor/queue, issue 15).
import { useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api';

export interface QueueItem {
  orderId: string;
  orderNumber: string;
  storefront: { id: string; name: string };
  state: string | null;
  products: { id: string; title: string }[];
  waitingSince: string;
  dueAt: string;
  claim: { doctorId: string; byMe: boolean; claimedAt: string; leaseExpiresAt: string } | null;
}

export interface ReviewQueue {
  items: QueueItem[];
  total: number;
  page: number;
  pageSize: number;
}

export function useReviewQueue() {
  return useQuery({
    queryKey: ['doctor', 'queue'],
    queryFn: ({ signal }) => apiGet<ReviewQueue>('/api/doctor/queue', { signal }),
  });
}
