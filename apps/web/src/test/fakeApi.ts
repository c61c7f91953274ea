// A fake API for component tests: answers "METHOD /path" routes, records the requests it got.
// Unknown routes answer 404 problem+json; an answer of 'network' fails like a dropped connection.
import { vi } from 'vitest';

export interface FakeRequest {
  method: string;
  path: string;
  search: URLSearchParams;
  body: unknown;
}
export type FakeAnswer =
  | { status?: number; body?: unknown }
  | 'network'
  | ((request: FakeRequest) => { status?: number; body?: unknown } | 'network');

export function problemAnswer(status: number, code: string, detail: string, errors?: { field: string; message: string }[]) {
  return { status, body: { type: 'about:blank', status, code, detail, ...(errors ? { errors } : {}) } };
}

export function fakeApi(routes: Record<string, FakeAnswer>): FakeRequest[] {
  const requests: FakeRequest[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      const request: FakeRequest = {
        method: init?.method ?? 'GET',
        path: url.pathname,
        search: url.searchParams,
        body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
      };
      requests.push(request);
      const route = routes[`${request.method} ${request.path}`];
      const answer = typeof route === 'function' ? route(request) : (route ?? problemAnswer(404, 'NOT_FOUND', 'We could not find what you were looking for.'));
      if (answer === 'network') throw new TypeError('Failed to fetch');
      const status = answer.status ?? 200;
      return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), {
        status,
        headers: { 'content-type': status >= 400 ? 'application/problem+json' : 'application/json' },
      });
    }),
  );
  return requests;
}
