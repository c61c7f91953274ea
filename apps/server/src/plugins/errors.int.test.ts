// issue 20 (fuzzing): what Fastify itself refuses — an unreadable body, the wrong content type, a
// path that is not valid percent-encoding — is our problem+json in our codes, never the framework's
// error code (FST_ERR_…) or its default error shape.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/app.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const headers = { host: 'localhost:3000', 'x-requested-with': 'fetch' };

describe("Fastify's own refusals", () => {
  it.each([
    ['an empty JSON body', { 'content-type': 'application/json' }, '', 400, 'BAD_REQUEST'],
    ['malformed JSON', { 'content-type': 'application/json' }, '{"a":', 400, 'BAD_REQUEST'],
    [
      'a __proto__ key',
      { 'content-type': 'application/json' },
      '{"__proto__":{"x":1}}',
      400,
      'BAD_REQUEST',
    ],
    [
      'an unsupported content type',
      { 'content-type': 'application/xml' },
      '<a/>',
      415,
      'UNSUPPORTED_MEDIA_TYPE',
    ],
  ])('%s is a problem in our codes', async (_what, extra, payload, status, code) => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { ...headers, ...extra },
      payload,
    });
    expect(res.statusCode).toBe(status);
    expect(res.headers['content-type']).toContain('application/problem+json');
    expect(res.json()).toMatchObject({ status, code });
    expect(res.body).not.toContain('FST_');
  });

  it('a path that is not valid percent-encoding is a 400 problem that does not name the framework', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/orders/%ED%A0%80/rating',
      headers,
    });
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toContain('application/problem+json');
    expect(res.json()).toEqual({
      type: 'about:blank',
      status: 400,
      code: 'BAD_REQUEST',
      detail: 'The request could not be read.',
    });
  });
});
