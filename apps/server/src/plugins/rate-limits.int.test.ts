// issue 20: the front-line per-IP request limit on sign-in, codes, registration, uploads,
// pharmacies, addresses and card tokens (@fastify/rate-limit): one request over the family's limit
// per minute is answered 429 with the spec's message and Retry-After; with REDIS_URL every
// instance counts the same requests.
import { MESSAGES } from '@store/domain';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TestBrowser, type TestContext } from '../../test/app.ts';
import { createInstances, type Instances } from '../../test/instances.ts';
import type { App } from '../app.ts';

const LIMIT = 3;
const login = (app: App, remoteAddress = '203.0.113.7') =>
  new TestBrowser(app).request({ method: 'POST', url: '/api/auth/login', payload: { email: 'nobody@example.com', password: 'not-the-password' }, remoteAddress });

function expectRateLimited(response: LightMyRequestResponse) {
  expect(response.statusCode).toBe(429);
  expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
  expect(response.json()).toMatchObject({ status: 429, code: 'RATE_LIMITED', detail: MESSAGES.RATE_LIMITED });
  const retryAfter = Number(response.headers['retry-after']);
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  expect(retryAfter).toBeLessThanOrEqual(60);
}

describe('one instance, counts in the process', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({ RATE_LIMIT_SIGN_IN_PER_MINUTE: LIMIT, RATE_LIMIT_PHARMACIES_PER_MINUTE: LIMIT });
  });
  afterAll(() => ctx.close());

  it('answers sign-in attempts normally up to the limit, then 429 with the spec message and Retry-After; another address is not held back', async () => {
    for (let i = 0; i < LIMIT; i++) expect((await login(ctx.app)).statusCode).not.toBe(429);
    expectRateLimited(await login(ctx.app));
    expect((await login(ctx.app, '198.51.100.20')).statusCode).not.toBe(429);
  });

  it('counts each family on its own: a pharmacy search is not a sign-in', async () => {
    const address = '203.0.113.50';
    for (let i = 0; i < LIMIT + 1; i++) await login(ctx.app, address);
    const search = () => new TestBrowser(ctx.app).request({ method: 'GET', url: '/api/pharmacies?zip=10001', remoteAddress: address });
    for (let i = 0; i < LIMIT; i++) expect((await search()).statusCode).not.toBe(429);
    expectRateLimited(await search());
  });

  it('leaves routes with no family alone', async () => {
    const address = '203.0.113.51';
    for (let i = 0; i < LIMIT * 3; i++) {
      expect((await new TestBrowser(ctx.app).request({ method: 'GET', url: '/api/session', remoteAddress: address })).statusCode).toBe(200);
    }
  });
});

describe('two instances sharing Redis', () => {
  let both: Instances;
  beforeAll(async () => {
    both = await createInstances(2, { redis: true, name: 'rate-limits', overrides: { RATE_LIMIT_SIGN_IN_PER_MINUTE: LIMIT } });
  });
  afterAll(() => both.close());

  it('count the same requests: the limit is reached across instances, and the counter is in Redis under the prefix', async () => {
    const [one, two] = both.instances.map((i) => i.app) as [App, App];
    expect((await login(one)).statusCode).not.toBe(429);
    expect((await login(two)).statusCode).not.toBe(429);
    expect((await login(one)).statusCode).not.toBe(429);
    // The fourth request of the minute, wherever it lands.
    expectRateLimited(await login(two));
    expectRateLimited(await login(one));
    const keys = await one.services.redis!.client.keys(`${both.prefix}rate-limit:*`);
    expect(keys.length).toBeGreaterThan(0);
  });
});
