// issue 20: the OpenAPI document as a client generator expects it — every operation has a unique
// operationId, a security requirement derived from the route's real guard (plugins/access.ts), and
// problem+json error responses.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/app.ts';

type Json = Record<string, unknown>;
interface Operation {
  method: string;
  path: string;
  operation: Json;
}

const METHODS = ['get', 'put', 'post', 'delete', 'patch'];
const COOKIE = { sessionCookie: [] };
const COOKIE_AND_HEADER = { sessionCookie: [], csrfHeader: [] };
const BEARER = { bearer: [] };

let ctx: TestContext;
let document: Json & {
  paths: Record<string, Json>;
  components: Json & { responses: Record<string, Json>; securitySchemes: Record<string, Json> };
};
let operations: Operation[];

function find(method: string, path: string): Json {
  const found = operations.find((o) => o.method === method && o.path === path);
  if (!found) throw new Error(`${method} ${path} is not in the document`);
  return found.operation;
}

beforeAll(async () => {
  ctx = await createTestApp({}, (app) => {
    // A route added after the app is built gets its guard and its document entry from its access.
    app.get(
      '/api/test-only/mine',
      { config: { access: 'user' }, schema: { summary: 'test only' } },
      async () => ({ ok: true }),
    );
    // A route with no schema at all is still an operation with an id, security and errors.
    app.post('/api/test-only/bare', { config: { access: 'public' } }, async () => ({ ok: true }));
  });
  document = ctx.app.swagger() as typeof document;
  operations = Object.entries(document.paths).flatMap(([path, item]) =>
    METHODS.filter((m) => item[m]).map((method) => ({
      method,
      path,
      operation: item[method] as Json,
    })),
  );
});

afterAll(async () => {
  await ctx?.close();
});

describe('the OpenAPI document (issue 20)', () => {
  it('gives every operation a unique operationId; a collision fails here, naming both routes', () => {
    expect(operations.length).toBeGreaterThan(200);
    const byId = new Map<string, string[]>();
    for (const { method, path, operation } of operations) {
      const id = operation.operationId as string | undefined;
      expect(id, `${method} ${path} has no operationId`).toMatch(/^[a-z][A-Za-z0-9]*$/);
      byId.set(id!, [...(byId.get(id!) ?? []), `${method.toUpperCase()} ${path}`]);
    }
    const collisions = [...byId].filter(([, routes]) => routes.length > 1);
    expect(collisions).toEqual([]);
  });

  it('keeps paths in OpenAPI form and hides nothing but hidden routes', () => {
    expect(Object.keys(document.paths).every((path) => !path.includes(':'))).toBe(true);
    expect(document.paths['/api/orders/{id}']).toBeDefined();
    expect(document.paths['/api/openapi.json']).toBeUndefined();
  });

  it('gives every operation a security requirement and an x-access (an undeclared route fails here)', () => {
    const missing = operations
      .filter(
        ({ operation }) =>
          !Array.isArray(operation.security) || typeof operation['x-access'] !== 'string',
      )
      .map(({ method, path }) => `${method.toUpperCase()} ${path}`);
    expect(missing).toEqual([]);
  });

  it('documents problem+json error responses on every operation', () => {
    const problemResponse = (response: Json): boolean => {
      const resolved =
        typeof response.$ref === 'string'
          ? document.components.responses[response.$ref.replace('#/components/responses/', '')]
          : response;
      const schema = (resolved?.content as Json | undefined)?.['application/problem+json'] as
        Json | undefined;
      return (schema?.schema as Json | undefined)?.$ref === '#/components/schemas/Problem';
    };
    for (const { method, path, operation } of operations) {
      const responses = operation.responses as Record<string, Json>;
      const errors = Object.entries(responses).filter(
        ([status]) => /^[45]/.test(status) && status !== '503',
      );
      expect(errors.length, `${method} ${path}`).toBeGreaterThan(0);
      for (const [status, response] of errors)
        expect(problemResponse(response), `${method} ${path} ${status}`).toBe(true);
      expect(responses['500'], `${method} ${path}`).toBeDefined();
    }
    const schemas = document.components.schemas as Record<string, Json>;
    expect(schemas.Problem?.required).toEqual(['type', 'status', 'code', 'detail']);
  });

  it('names the errors a route can give: 400 for its schemas, 401/404 for its guard, 403 for CSRF, its own 409', () => {
    const statuses = (method: string, path: string) =>
      Object.keys(find(method, path).responses as Json).sort();
    expect(statuses('get', '/api/products')).toEqual(['200', '500']);
    expect(statuses('get', '/api/account/profile')).toEqual(['200', '401', '500']);
    expect(statuses('get', '/api/orders/{id}')).toEqual(expect.arrayContaining(['400', '404']));
    expect(statuses('post', '/api/appointments')).toEqual(
      expect.arrayContaining(['400', '401', '403', '409']),
    );
    expect(
      (find('post', '/api/appointments').responses as Record<string, Json>)['409']?.description,
    ).toMatch(/SLOT_TAKEN/);
  });

  it('carries the security of the real guard on representative routes', () => {
    // The public catalogue: nothing.
    expect(find('get', '/api/products').security).toEqual([]);
    expect(find('get', '/api/products')['x-access']).toBe('public');
    // The patient's order: the session cookie (named as the real cookie) or the same token as bearer.
    expect(find('get', '/api/orders/{id}').security).toEqual([COOKIE, BEARER]);
    expect(find('get', '/api/orders/{id}')['x-access']).toBe('owner');
    // The doctor's queue and the operator's console: a session, anyone else 404.
    expect(find('get', '/api/doctor/queue').security).toEqual([COOKIE, BEARER]);
    expect(find('get', '/api/doctor/queue')['x-access']).toBe('doctor');
    expect(find('get', '/api/admin/orders')['x-access']).toBe('admin');
    expect(find('post', '/api/admin/orders/{orderId}/cancel').security).toEqual([
      COOKIE_AND_HEADER,
      BEARER,
    ]);
    // A state-changing request with the cookie needs the X-Requested-With header; bearer does not.
    expect(find('post', '/api/orders/{id}/pay').security).toEqual([COOKIE_AND_HEADER, BEARER]);
    // Signing in needs no session, but still the header (or a bearer token).
    expect(find('post', '/api/auth/login').security).toEqual([
      { csrfHeader: [] },
      COOKIE_AND_HEADER,
      BEARER,
    ]);
    const schemes = document.components.securitySchemes;
    expect(schemes.sessionCookie).toMatchObject({ type: 'apiKey', in: 'cookie', name: 'sid' });
    expect(schemes.csrfHeader).toMatchObject({
      type: 'apiKey',
      in: 'header',
      name: 'X-Requested-With',
    });
    expect(schemes.bearer).toMatchObject({ type: 'http', scheme: 'bearer' });
  });

  it('documents a route with no schema too', () => {
    expect(find('post', '/api/test-only/bare')).toMatchObject({
      operationId: 'createTestOnlyBare',
      security: [{ csrfHeader: [] }, BEARER],
    });
  });

  it('enforces the declared access: a route documented as needing a session answers 401 without one', async () => {
    expect(find('get', '/api/test-only/mine').security).toEqual([COOKIE, BEARER]);
    const response = await ctx.app.inject({ method: 'GET', url: '/api/test-only/mine' });
    expect(response.statusCode).toBe(401);
    expect(response.headers['content-type']).toMatch(/application\/problem\+json/);
  });

  it('matches behaviour: every GET documented as needing a session refuses a caller with none (401 or 404), public ones never say 401', async () => {
    const checked: string[] = [];
    for (const { method, path, operation } of operations) {
      if (method !== 'get') continue;
      const parameters = (operation.parameters as Json[] | undefined) ?? [];
      // A required query is validated before the guard (400 first); those routes are left out.
      if (parameters.some((p) => p.in === 'query' && p.required)) continue;
      const url = path.replace(/\{[^}]+\}/g, () => randomUUID());
      const response = await ctx.app.inject({ method: 'GET', url });
      const needsSession =
        (operation.security as Json[]).length > 0 &&
        !(operation.security as Json[]).some((s) => Object.keys(s).length === 0);
      if (needsSession)
        expect([401, 404], `${path} answered ${response.statusCode}`).toContain(
          response.statusCode,
        );
      else expect(response.statusCode, path).not.toBe(401);
      checked.push(path);
    }
    expect(checked.length).toBeGreaterThan(60);
  });
});
