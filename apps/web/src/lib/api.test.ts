import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, ConnectionError, apiDelete, apiGet, apiPatch, apiPost, apiPut } from './api';

function jsonResponse(status: number, body: unknown, type = 'application/json'): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': type } });
}

function mockFetch(impl: (input: RequestInfo | URL, init?: RequestInit) => Promise<Response>) {
  const fn = vi.fn(impl);
  vi.stubGlobal('fetch', fn);
  return fn;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('api client', () => {
  it('GETs JSON with credentials and without the CSRF header', async () => {
    const fetchMock = mockFetch(async () => jsonResponse(200, { name: 'Demo' }));
    await expect(apiGet<{ name: string }>('/api/storefront')).resolves.toEqual({ name: 'Demo' });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/storefront');
    expect(init?.method).toBe('GET');
    expect(init?.credentials).toBe('include');
    expect(init?.body).toBeUndefined();
    const headers = init?.headers as Record<string, string>;
    expect(headers['X-Requested-With']).toBeUndefined();
    expect(headers['Content-Type']).toBeUndefined();
  });

  it.each([
    ['POST', () => apiPost('/api/things', { a: 1 })],
    ['PUT', () => apiPut('/api/things/1', { a: 1 })],
    ['PATCH', () => apiPatch('/api/things/1', { a: 1 })],
  ] as const)('%s sends a JSON body, credentials and X-Requested-With', async (method, call) => {
    const fetchMock = mockFetch(async () => jsonResponse(200, { ok: true }));
    await expect(call()).resolves.toEqual({ ok: true });
    const init = fetchMock.mock.calls[0]![1]!;
    expect(init.method).toBe(method);
    expect(init.credentials).toBe('include');
    expect(init.body).toBe('{"a":1}');
    const headers = init.headers as Record<string, string>;
    expect(headers['X-Requested-With']).toBe('fetch');
    expect(headers['Content-Type']).toBe('application/json');
  });

  it('DELETE sends the CSRF header and resolves undefined on 204', async () => {
    const fetchMock = mockFetch(async () => new Response(null, { status: 204 }));
    await expect(apiDelete('/api/things/1')).resolves.toBeUndefined();
    const init = fetchMock.mock.calls[0]![1]!;
    expect(init.method).toBe('DELETE');
    expect((init.headers as Record<string, string>)['X-Requested-With']).toBe('fetch');
  });

  it('passes the abort signal through', async () => {
    const fetchMock = mockFetch(async () => jsonResponse(200, {}));
    const controller = new AbortController();
    await apiGet('/api/x', { signal: controller.signal });
    expect(fetchMock.mock.calls[0]![1]!.signal).toBe(controller.signal);
  });

  it('turns a problem response into an ApiError with code, detail and field errors', async () => {
    mockFetch(async () =>
      jsonResponse(
        422,
        {
          status: 422,
          code: 'VALIDATION_FAILED',
          detail: 'Some fields need your attention.',
          errors: [{ field: 'email', message: 'Bad email' }],
        },
        'application/problem+json',
      ),
    );
    const error = await apiPost('/api/register', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    const apiError = error as ApiError;
    expect(apiError.status).toBe(422);
    expect(apiError.code).toBe('VALIDATION_FAILED');
    expect(apiError.detail).toBe('Some fields need your attention.');
    expect(apiError.message).toBe('Some fields need your attention.');
    expect(apiError.fieldErrors).toEqual([{ field: 'email', message: 'Bad email' }]);
    expect(apiError.fieldError('email')).toBe('Bad email');
    expect(apiError.fieldError('password')).toBeUndefined();
  });

  it('falls back to the spec wording when a 4xx has no problem body', async () => {
    mockFetch(
      async () => new Response('nope', { status: 404, headers: { 'content-type': 'text/plain' } }),
    );
    const error = (await apiGet('/api/missing').catch((e: unknown) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.code).toBe('HTTP_404');
    expect(error.detail).toBe('Request failed with status code 404');
    expect(error.fieldErrors).toEqual([]);
  });

  it.each([500, 502, 503])('treats status %i as a connection error', async (status) => {
    mockFetch(async () =>
      jsonResponse(
        status,
        { status, code: 'INTERNAL', detail: 'boom' },
        'application/problem+json',
      ),
    );
    const error = (await apiGet('/api/x').catch((e: unknown) => e)) as ConnectionError;
    expect(error).toBeInstanceOf(ConnectionError);
    expect(error.connectionError).toBe(true);
    expect(error.status).toBe(status);
  });

  it('treats a network failure as a connection error with no status', async () => {
    mockFetch(async () => {
      throw new TypeError('Failed to fetch');
    });
    const error = (await apiGet('/api/x').catch((e: unknown) => e)) as ConnectionError;
    expect(error).toBeInstanceOf(ConnectionError);
    expect(error.status).toBeNull();
    expect(error.cause).toBeInstanceOf(TypeError);
  });

  it('treats a 2xx that is not JSON as a connection error', async () => {
    mockFetch(
      async () =>
        new Response('<!doctype html>', { status: 200, headers: { 'content-type': 'text/html' } }),
    );
    await expect(apiGet('/api/x')).rejects.toBeInstanceOf(ConnectionError);
  });

  it('lets an abort through untouched so queries can cancel', async () => {
    mockFetch(async () => {
      throw new DOMException('The operation was aborted.', 'AbortError');
    });
    const error = await apiGet('/api/x').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DOMException);
    expect((error as DOMException).name).toBe('AbortError');
  });
});
