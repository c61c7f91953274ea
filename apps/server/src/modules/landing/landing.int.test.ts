// SPEC §7 "POST User/InsertQueryStringIntoSessionGUIDRequest: body queryString (LandingPage=...,
// optionally RedirectPage=...) and guid (null) ... the returned guid is stored", and
// "GET /api/getClientIp (same origin): returns clientIp".
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TestBrowser, type TestContext } from '../../../test/app.ts';
import { landingSessions } from '../../db/schema/landing.ts';
import { EVERGREEN_ID } from '../../db/seed/storefronts.ts';
import { LANDING_PAGE_REQUIRED } from './landing.routes.ts';
import { parseLandingQuery } from './landing.service.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const countRows = async () => (await ctx.database.db.select().from(landingSessions)).length;

describe('POST /api/landing-sessions', () => {
  it('stores LandingPage and RedirectPage under a new guid', async () => {
    const res = await new TestBrowser(ctx.app).post('/api/landing-sessions', {
      queryString: '?LandingPage=%2Fweight-loss&RedirectPage=%2Fproducts%2Fsemaglutide-weight-care&utm_source=ad',
      guid: null,
    });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({ landingPage: '/weight-loss', redirectPage: '/products/semaglutide-weight-care' });
    const [row] = await ctx.database.db.select().from(landingSessions).where(eq(landingSessions.guid, body.guid));
    expect(row).toMatchObject({
      storefrontId: EVERGREEN_ID,
      landingPage: '/weight-loss',
      redirectPage: '/products/semaglutide-weight-care',
      queryString: 'LandingPage=%2Fweight-loss&RedirectPage=%2Fproducts%2Fsemaglutide-weight-care&utm_source=ad',
    });
  });

  it('works without RedirectPage', async () => {
    const res = await new TestBrowser(ctx.app).post('/api/landing-sessions', { queryString: 'LandingPage=/' });
    expect(res.statusCode).toBe(201);
    expect(res.json().redirectPage).toBeNull();
  });

  it('updates the capture of a known guid instead of making another', async () => {
    const browser = new TestBrowser(ctx.app);
    const { guid } = (await browser.post('/api/landing-sessions', { queryString: 'LandingPage=/a' })).json();
    const again = await browser.post('/api/landing-sessions', { queryString: 'LandingPage=/b', guid });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ guid, landingPage: '/b' });
  });

  it("makes a new guid for another storefront's guid", async () => {
    const { guid } = (await new TestBrowser(ctx.app).post('/api/landing-sessions', { queryString: 'LandingPage=/a' })).json();
    const lumen = await new TestBrowser(ctx.app, 'lumen.localhost').post('/api/landing-sessions', { queryString: 'LandingPage=/x', guid });
    expect(lumen.statusCode).toBe(201);
    expect(lumen.json().guid).not.toBe(guid);
  });

  const bad: [string, unknown, string, string][] = [
    ['no LandingPage', { queryString: 'utm_source=ad' }, 'queryString', LANDING_PAGE_REQUIRED],
    ['an empty LandingPage', { queryString: 'LandingPage=' }, 'queryString', LANDING_PAGE_REQUIRED],
    ['no query string', {}, 'queryString', LANDING_PAGE_REQUIRED],
    ['an over-long query string', { queryString: `LandingPage=/${'x'.repeat(2000)}` }, 'queryString', 'The query string may be at most 2000 characters.'],
    ['a guid that is not a guid', { queryString: 'LandingPage=/', guid: 'abc' }, 'guid', 'guid must be a guid from an earlier capture, or null.'],
  ];
  it.each(bad)('refuses %s with the field’s message and stores nothing', async (_name, body, field, message) => {
    const before = await countRows();
    const res = await new TestBrowser(ctx.app).post('/api/landing-sessions', body);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toContainEqual({ field, message });
    expect(await countRows()).toBe(before);
  });
});

describe('parseLandingQuery', () => {
  it.each([
    ['LandingPage=/a&RedirectPage=/b', '/a', '/b'],
    ['?landingpage=/a', '/a', null],
    ['redirectPage=/b', null, '/b'],
    ['LandingPage=%20', null, null],
  ])('%s', (query, landing, redirect) => {
    expect(parseLandingQuery(query)).toEqual({ landingPage: landing, redirectPage: redirect });
  });
});

describe('GET /api/client-ip', () => {
  it('answers the caller’s address, never cached', async () => {
    const res = await ctx.app.inject({ url: '/api/client-ip', headers: { host: 'localhost' }, remoteAddress: '203.0.113.7' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ clientIp: '203.0.113.7' });
    expect(res.headers['cache-control']).toBe('no-store');
  });
});
