// The platform contract every module relies on: health, OpenAPI, problem+json errors, limits,
// security headers, CSRF defence and the built web app served with SPA fallback.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { MESSAGES } from '@store/domain';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TestBrowser, type TestContext } from '../test/app.ts';

let ctx: TestContext;
let webDir: string;

beforeAll(async () => {
  webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'web-dist-'));
  fs.mkdirSync(path.join(webDir, 'assets'));
  fs.writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><title>store</title><div id="root"></div>');
  fs.writeFileSync(path.join(webDir, 'assets', 'index-abc123.js'), 'console.log(1)');
  // What the build writes beside a large asset (vite.config.ts precompress).
  const big = `export const words = ${JSON.stringify('lorem ipsum '.repeat(500))};`;
  fs.writeFileSync(path.join(webDir, 'assets', 'vendor-def456.js'), big);
  fs.writeFileSync(path.join(webDir, 'assets', 'vendor-def456.js.br'), zlib.brotliCompressSync(big));
  fs.writeFileSync(path.join(webDir, 'assets', 'vendor-def456.js.gz'), zlib.gzipSync(big));
  ctx = await createTestApp({ WEB_DIST_DIR: webDir, BODY_LIMIT_BYTES: 1024 }, (app) => {
    // Routes that exist only in this test to exercise validation and crash handling.
    app.post(
      '/api/test/echo',
      { schema: { body: z.object({ email: z.email(MESSAGES.EMAIL_INVALID), age: z.number().int() }) } },
      async (request) => request.body,
    );
    app.get('/api/test/crash', async () => {
      throw new Error('secret stack detail: password=hunter2');
    });
  });
});
afterAll(async () => {
  await ctx.close();
  fs.rmSync(webDir, { recursive: true, force: true });
});

describe('health', () => {
  it('reports the database as reachable', async () => {
    const res = await ctx.app.inject({ url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', database: 'up' });
  });
});

describe('OpenAPI', () => {
  it('is generated from the route schemas', async () => {
    const res = await ctx.app.inject({ url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.paths['/api/storefront'].get.responses['200']).toBeDefined();
    expect(doc.paths['/api/health']).toBeDefined();
  });

  it('serves interactive docs', async () => {
    const res = await ctx.app.inject({ url: '/api/docs/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
  });
});

describe('errors are problem+json', () => {
  const browser = () => new TestBrowser(ctx.app);

  it('answers an unknown API route with a 404 problem', async () => {
    const res = await ctx.app.inject({ url: '/api/no-such-thing' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toContain('application/problem+json');
    expect(res.json()).toMatchObject({ status: 404, code: 'NOT_FOUND', detail: MESSAGES.NOT_FOUND });
  });

  it('names each bad field with its message', async () => {
    const res = await browser().post('/api/test/echo', { email: 'not-an-email' });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.code).toBe('VALIDATION_FAILED');
    expect(body.errors).toEqual(
      expect.arrayContaining([
        { field: 'email', message: MESSAGES.EMAIL_INVALID },
        expect.objectContaining({ field: 'age' }),
      ]),
    );
  });

  it('refuses a body over the limit with 413', async () => {
    const res = await browser().post('/api/test/echo', { email: 'a@b.co', age: 1, pad: 'x'.repeat(2000) });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ status: 413, code: 'PAYLOAD_TOO_LARGE' });
  });

  it('never reveals internals in a 5xx', async () => {
    const res = await ctx.app.inject({ url: '/api/test/crash' });
    expect(res.statusCode).toBe(500);
    expect(res.body).not.toContain('secret');
    expect(res.body).not.toContain('hunter2');
    expect(res.json()).toMatchObject({ status: 500, code: 'INTERNAL', detail: MESSAGES.INTERNAL });
    expect(res.json().requestId).toBe(res.headers['x-request-id']);
  });

  it('answers malformed JSON with a 400 problem', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'content-type': 'application/json', 'x-requested-with': 'fetch' },
      payload: '{"email":',
    });
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toContain('application/problem+json');
  });
});

describe('security', () => {
  it('sends security headers', async () => {
    const res = await ctx.app.inject({ url: '/api/health' });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['x-frame-options']).toBeDefined();
  });

  it('keeps CORS closed by default', async () => {
    const res = await ctx.app.inject({
      method: 'OPTIONS',
      url: '/api/storefront',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' },
    });
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('refuses a state-changing request without the CSRF header', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/test/echo', payload: { email: 'a@b.co', age: 1 } });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('CSRF_REJECTED');
  });

  it('refuses a state-changing request from another origin', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { host: 'localhost:3000', origin: 'https://evil.example', 'x-requested-with': 'fetch' },
      payload: { email: 'a@b.co', age: 1 },
    });
    expect(res.statusCode).toBe(403);
  });

  it('accepts a same-origin request with the header', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { host: 'localhost:3000', origin: 'http://localhost:3000', 'x-requested-with': 'fetch' },
      payload: { email: 'a@b.co', age: 1 },
    });
    expect(res.statusCode).toBe(200);
  });
});

describe('web app', () => {
  it('falls back to index.html for client-side routes', async () => {
    for (const url of ['/', '/checkout/summary', '/no/such/page']) {
      const res = await ctx.app.inject({ url, headers: { accept: 'text/html' } });
      expect(res.statusCode, url).toBe(200);
      expect(res.body).toContain('<div id="root">');
      expect(res.headers['cache-control']).toBe('no-cache');
    }
  });

  it('caches hashed assets for a year', async () => {
    const res = await ctx.app.inject({ url: '/assets/index-abc123.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('answers a missing asset with 404, not the page', async () => {
    const res = await ctx.app.inject({ url: '/assets/missing.js' });
    expect(res.statusCode).toBe(404);
  });

  it('returns the request id on every response', async () => {
    const res = await ctx.app.inject({ url: '/api/health', headers: { 'x-request-id': 'abc-123' } });
    expect(res.headers['x-request-id']).toBe('abc-123');
  });

  // issue 19: compression on the wire.
  it('sends an asset the build compressed as its brotli or gzip file, per what the browser accepts', async () => {
    const br = await ctx.app.inject({ url: '/assets/vendor-def456.js', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toContain('lorem ipsum');
    expect(br.rawPayload.length).toBeLessThan(1000);
    const gz = await ctx.app.inject({ url: '/assets/vendor-def456.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    const plain = await ctx.app.inject({ url: '/assets/vendor-def456.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toContain('lorem ipsum');
  });

  it('compresses API JSON over 1 KB, and leaves a small answer as it is', async () => {
    const large = await ctx.app.inject({ url: '/api/openapi.json', headers: { 'accept-encoding': 'br, gzip' } });
    expect(large.statusCode).toBe(200);
    expect(large.headers['content-encoding']).toBe('br');
    const json = JSON.parse(zlib.brotliDecompressSync(large.rawPayload).toString());
    expect(json.openapi).toMatch(/^3\./);
    const small = await ctx.app.inject({ url: '/api/health', headers: { 'accept-encoding': 'br, gzip' } });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json()).toEqual({ status: 'ok', database: 'up' });
  });
});
