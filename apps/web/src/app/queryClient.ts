import { QueryClient } from '@tanstack/react-query';
import { isApiError } from '@/lib/api';

/** Queries retry connection failures (no response, 5xx) twice; a 4xx answer will not change, so never. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (isApiError(error)) return false;
  return failureCount < 2;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: shouldRetry,
        staleTime: 30_000,
        refetchOnWindowFocus: false,
      },
      // State-changing calls are not repeated behind the patient's back, and are sent even when the
      // browser says it is offline: the default ('online') would hold a Save or Pay as a spinner
      // until the connection returns and then send it unasked; sent now, it fails with the
      // connection message at once.
      mutations: { retry: false, networkMode: 'always' },
    },
  });
}
