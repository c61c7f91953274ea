// A fake API for component tests: routes by method and path, records every call with its JSON body.
import axe from 'axe-core';
import { expect, vi } from 'vitest';

export interface ApiCall {
  method: string;
  url: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
}

type Reply = { status?: number; body?: unknown } | Promise<{ status?: number; body?: unknown }>;
export type ApiRoute = [method: string, path: string | RegExp, reply: (call: ApiCall) => Reply];

export function problem(status: number, code: string, detail: string, errors?: { field: string; message: string }[]) {
  return { status, body: { type: 'about:blank', status, code, detail, ...(errors ? { errors } : {}) } };
}

/** Installs a fetch that answers from `routes` (first match); unmatched calls fail the test. */
export function mockApi(routes: ApiRoute[]) {
  const calls: ApiCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    const parsed = new URL(url, 'http://localhost');
    const method = init?.method ?? 'GET';
    const call: ApiCall = {
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
    if (!route) throw new Error(`Unexpected ${method} ${url}`);
    const { status = 200, body } = await route[2](call);
    if (status === 204 || body === undefined) return new Response(null, { status: status === 200 ? 204 : status });
    const type = status >= 400 ? 'application/problem+json' : 'application/json';
    return new Response(JSON.stringify(body), { status, headers: { 'content-type': type } });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, fetchMock };
}

/** axe-core over the rendered markup (jsdom has no layout, so colour contrast is not judged here). */
export async function expectNoAxeViolations(container: Element) {
  const results = await axe.run(container, { rules: { 'color-contrast': { enabled: false }, region: { enabled: false } } });
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}
