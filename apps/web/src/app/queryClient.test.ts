import { onlineManager } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, ConnectionError } from '@/lib/api';
import { createQueryClient, shouldRetry } from './queryClient';

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

describe('changes made offline', () => {
  afterEach(() => {
    onlineManager.setOnline(true);
  });

  it('are sent at once and fail (SPEC §8 Connection), not held and sent later', async () => {
    onlineManager.setOnline(false);
    const client = createQueryClient();
    const send = vi.fn(() => Promise.reject(new ConnectionError(null)));
    const mutation = client.getMutationCache().build(client, { mutationFn: send });
    await expect(mutation.execute(undefined)).rejects.toBeInstanceOf(ConnectionError);
    expect(send).toHaveBeenCalledTimes(1);
    expect(mutation.state.isPaused).toBe(false);
  });
});
