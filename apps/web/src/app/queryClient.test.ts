import { describe, expect, it } from 'vitest';
import { ApiError, ConnectionError } from '@/lib/api';
import { shouldRetry } from './queryClient';

describe('query retries', () => {
  it('never retries a 4xx answer', () => {
    expect(shouldRetry(0, new ApiError(404))).toBe(false);
    expect(shouldRetry(0, new ApiError(401))).toBe(false);
  });

  it('retries connection failures twice', () => {
    expect(shouldRetry(0, new ConnectionError(null))).toBe(true);
    expect(shouldRetry(1, new ConnectionError(503))).toBe(true);
    expect(shouldRetry(2, new ConnectionError(503))).toBe(false);
  });
});
