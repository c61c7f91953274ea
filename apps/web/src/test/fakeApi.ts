// The one fake API for component tests: a `fetch` that answers from a list of routes (method, path
// or path pattern, reply; first match wins) and records every call with its JSON body. A call no
// route matches answers 404 problem+json like the server; a reply of 'network' fails like a
// dropped connection.
import { vi } from 'vitest';

export interface FakeCall {
  method: string;
  url: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
}

export type FakeAnswer = { status?: number; body?: unknown } | 'network';
export type FakeRoute = [method: string, path: string | RegExp, reply: (call: FakeCall) => FakeAnswer | Promise<FakeAnswer>];

export function problem(status: number, code: string, detail: string, errors?: { field: string; message: string }[]) {
  return { status, body: { type: 'about:blank', status, code, detail, ...(errors ? { errors } : {}) } };
}

export const notFound = problem(404, 'NOT_FOUND', 'We could not find what you were looking for.');

/** Installs a fetch that answers from `routes`; returns the calls it got and the fetch itself. */
export function fakeApi(routes: FakeRoute[]) {
  const calls: FakeCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    const parsed = new URL(url, 'http://localhost');
    const method = init?.method ?? 'GET';
    const call: FakeCall = {
      method,
      url,
      path: parsed.pathname,
      query: parsed.searchParams,
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
    };
    calls.push(call);
    const route = routes.find(
      ([m, p]) => m === method && (typeof p === 'string' ? p === parsed.pathname : p.test(parsed.pathname)),
    );
    const answer = route ? await route[2](call) : notFound;
    if (answer === 'network') throw new TypeError('Failed to fetch');
    const { status = 200, body } = answer;
    if (status === 204 || body === undefined) return new Response(null, { status: status === 200 ? 204 : status });
    const type = status >= 400 ? 'application/problem+json' : 'application/json';
    return new Response(JSON.stringify(body), { status, headers: { 'content-type': type } });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, fetchMock };
}
