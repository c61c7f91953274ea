// GET /api/account/visit under one query key: the signed-in patient's next booked visit of an order
// (else a paid order's visit waiting for a new time). The account's page shows it with the way into
// the visit, the reschedule page moves it (issue 16); each feature types the part it reads.
import { apiGet } from '@/lib/api';

export const ACCOUNT_VISIT_QUERY_KEY = ['account', 'visit'] as const;

export function fetchAccountVisit<T>(signal?: AbortSignal): Promise<T> {
  return apiGet<T>('/api/account/visit', { signal });
}
