// issue 13 #9: session cookies are Secure in production whatever the host, and "sign out
// everywhere" ends every session of the patient (this one included), with an audit event.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/app.ts';
import { auditEvents } from '../../db/schema/audit.ts';
import { Browser, registration } from './auth.test-helpers.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

describe('sign out everywhere', () => {
  it('ends both of a patient’s sessions, not another patient’s, and records it', async () => {
    const body = registration();
    const laptop = new Browser(ctx.app);
    expect((await laptop.post('/api/auth/register', body)).statusCode).toBe(201);
    const phone = new Browser(ctx.app);
    expect((await phone.post('/api/auth/login', { email: body.email, password: body.password })).statusCode).toBe(200);
    const someoneElse = new Browser(ctx.app);
    expect((await someoneElse.post('/api/auth/register', registration())).statusCode).toBe(201);
    for (const browser of [laptop, phone]) expect((await browser.get('/api/account/profile')).statusCode).toBe(200);
    const phoneToken = phone.cookie('sid')!;
    const userId = (await phone.get('/api/session')).json().userId as string;

    const res = await phone.post('/api/account/sessions/revoke-all');
    expect(res.statusCode).toBe(204);
    // This browser's cookie is cleared, and the token itself no longer works anywhere.
    expect(phone.cookie('sid')).toBeUndefined();
    const replayed = await ctx.app.inject({ url: '/api/account/profile', headers: { host: 'localhost:3000', cookie: `sid=${phoneToken}` } });
    expect(replayed.statusCode).toBe(401);
    expect((await laptop.get('/api/account/profile')).statusCode).toBe(401);
    expect((await laptop.get('/api/session')).json().kind).toBe('none');
    expect((await someoneElse.get('/api/account/profile')).statusCode).toBe(200);

    const events = await ctx.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'auth.logout_everywhere'), eq(auditEvents.subjectId, userId)));
    expect(events).toHaveLength(1);
  });

  it('is for signed-in people only', async () => {
    const guest = new Browser(ctx.app);
    await guest.post('/api/session/guest');
    expect((await guest.post('/api/account/sessions/revoke-all')).statusCode).toBe(401);
  });
});

describe('session cookies', () => {
  it('are not Secure for plain http on localhost in development (npm start works without TLS)', async () => {
    const res = await new Browser(ctx.app).post('/api/session/guest');
    expect(res.cookies.find((c) => c.name === 'sid')?.secure).toBeFalsy();
  });

  it('are always Secure in production, even on a local host name', async () => {
    // README: NODE_ENV=production marks cookies Secure (the store runs behind HTTPS).
    const prod = await createTestApp({ NODE_ENV: 'production' });
    try {
      const res = await new Browser(prod.app).post('/api/session/guest');
      expect(res.cookies.find((c) => c.name === 'sid')?.secure).toBe(true);
    } finally {
      await prod.close();
    }
  });
});
