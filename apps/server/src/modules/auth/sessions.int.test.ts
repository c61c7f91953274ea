// SPEC §6 guests get a guest session from the server (no credentials in the browser); sessions
// are opaque, stored hashed, time out, and are scoped to their storefront.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TestBrowser, type TestContext } from '../../../test/app.ts';
import { sessions } from '../../db/schema/auth.ts';
import { users } from '../../db/schema/auth.ts';
import { DEMO_COMPANY_ID, EVERGREEN_ID } from '../../db/seed/storefronts.ts';
import { hashToken } from './sessions.service.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

describe('guest session', () => {
  it('is issued as an HttpOnly SameSite cookie and remembered', async () => {
    const browser = new TestBrowser(ctx.app);
    expect((await browser.get('/api/session')).json().kind).toBe('none');
    const res = await browser.post('/api/session/guest');
    expect(res.statusCode).toBe(200);
    const cookie = res.cookies.find((c) => c.name === 'sid');
    expect(cookie?.httpOnly).toBe(true);
    expect(cookie?.sameSite).toBe('Lax');
    expect(cookie?.value.length).toBeGreaterThanOrEqual(43); // 256 bits in base64url
    expect((await browser.get('/api/session')).json().kind).toBe('guest');
    // asking again keeps the same session rather than minting another
    const again = await browser.post('/api/session/guest');
    expect(again.cookies.find((c) => c.name === 'sid')).toBeUndefined();
  });

  it('stores only a hash of the token', async () => {
    const browser = new TestBrowser(ctx.app);
    await browser.post('/api/session/guest');
    const token = browser.cookie('sid')!;
    const byToken = await ctx.database.db.select().from(sessions).where(eq(sessions.tokenHash, token));
    expect(byToken).toHaveLength(0);
    const byHash = await ctx.database.db.select().from(sessions).where(eq(sessions.tokenHash, hashToken(token)));
    expect(byHash).toHaveLength(1);
  });

  it('marks the cookie Secure outside localhost', async () => {
    const browser = new TestBrowser(ctx.app, 'store.example.com');
    const res = await browser.post('/api/session/guest');
    expect(res.cookies.find((c) => c.name === 'sid')?.secure).toBe(true);
  });

  it('is not valid on another storefront', async () => {
    const browser = new TestBrowser(ctx.app, 'localhost:3000');
    await browser.post('/api/session/guest');
    const token = browser.cookie('sid')!;
    const other = await ctx.app.inject({
      url: '/api/session',
      headers: { host: 'lumen.localhost:3000', cookie: `sid=${token}` },
    });
    expect(other.json().kind).toBe('none');
  });

  it('ignores an unknown token', async () => {
    const res = await ctx.app.inject({ url: '/api/session', headers: { cookie: 'sid=forged-token' } });
    expect(res.json().kind).toBe('none');
  });
});

describe('signed-in session lifetime', () => {
  it('ends after 30 idle minutes and after 12 hours in all; revocation is immediate', async () => {
    const [user] = await ctx.database.db
      .insert(users)
      .values({ companyId: DEMO_COMPANY_ID, storefrontId: EVERGREEN_ID, email: 'life@example.com' })
      .returning();
    const service = ctx.app.services.sessions;
    const bearer = (token: string) =>
      ctx.app.inject({ url: '/api/session', headers: { authorization: `Bearer ${token}` } }).then((r) => r.json().kind);

    const idle = await service.createUserSession(user!.id, EVERGREEN_ID);
    expect(await bearer(idle.token)).toBe('user');
    ctx.clock.advance(31 * 60_000);
    expect(await bearer(idle.token)).toBe('none');

    // used every 20 minutes it stays alive, but not past 12 hours
    const busy = await service.createUserSession(user!.id, EVERGREEN_ID);
    for (let elapsed = 0; elapsed < 11 * 60; elapsed += 20) {
      ctx.clock.advance(20 * 60_000);
      expect(await bearer(busy.token)).toBe('user');
    }
    ctx.clock.advance(80 * 60_000);
    expect(await bearer(busy.token)).toBe('none');

    const revoked = await service.createUserSession(user!.id, EVERGREEN_ID);
    await service.revoke(revoked.sessionId);
    expect(await bearer(revoked.token)).toBe('none');
  });
});
