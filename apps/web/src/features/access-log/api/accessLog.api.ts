// "Who looked at my records" (issue 17): GET /api/account/access-log?page=N, the signed-in
// patient's entries newest first, already in words.
import type { AccessLogPage } from '@store/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api';

export const accessLogKeys = { page: (page: number) => ['account', 'access-log', page] as const };

export function useAccessLog(page: number, options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: accessLogKeys.page(page),
    queryFn: ({ signal }) => apiGet<AccessLogPage>(`/api/account/access-log?page=${page}`, { signal }),
    placeholderData: keepPreviousData,
    enabled: options.enabled ?? true,
  });
}
