// SPEC §5, §7, §8: registration, password login, logout and the session they carry.
import { MESSAGES } from '@store/domain';
import { eq } from 'drizzle-orm';
import type * as argon2 from '@node-rs/argon2';
import { verify } from '@node-rs/argon2';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/app.ts';
import { sessions, users } from '../../db/schema/auth.ts';
import { Browser, GOOD_PASSWORD, registration, uniqueEmail } from './auth.test-helpers.ts';

// The real argon2, watched: an unknown email must cost the same verification as a wrong password.
vi.mock('@node-rs/argon2', async (importOriginal) => {
  const real = await importOriginal<typeof argon2>();
  return { ...real, verify: vi.fn(real.verify) };
});

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

describe('register', () => {
  it('creates the patient, hashes the password with argon2id and logs them in (SPEC §7 register: auto-login)', async () => {
    const browser = new Browser(ctx.app);
    const body = registration({
      landingPage: '/?utm=x',
      redirectPage: '/checkout/summary',
      dateOfBirth: '1990-01-02',
    });
    const res = await browser.post('/api/auth/register', body);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ role: 'patient', redirectTo: '/checkout/summary' });
    expect(res.json().token).toBeUndefined(); // the token lives in the HttpOnly cookie only
    const cookie = res.cookies.find((c) => c.name === 'sid');
    expect(cookie?.httpOnly).toBe(true);
    expect(cookie?.sameSite).toBe('Lax');
    expect((await browser.get('/api/session')).json().kind).toBe('user');

    const [user] = await ctx.database.db.select().from(users).where(eq(users.email, body.email));
    expect(user!.passwordHash).toMatch(/^\$argon2id\$/);
    expect(user!.passwordHash).not.toContain(GOOD_PASSWORD);
    expect(user!).toMatchObject({
      role: 'patient',
      firstName: 'Casey',
      lastName: 'Jordan',
      phone: '5551234567',
      landingPage: '/?utm=x',
      dateOfBirth: '1990-01-02',
    });
    expect(user!.passwordChangedAt).toBeInstanceOf(Date);
  });

  it('refuses a duplicate email, case-insensitively (SPEC §8 duplicate account)', async () => {
    const body = registration();
    expect((await new Browser(ctx.app).post('/api/auth/register', body)).statusCode).toBe(201);
    const again = await new Browser(ctx.app).post('/api/auth/register', {
      ...body,
      email: body.email.toUpperCase(),
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'ACCOUNT_EXISTS', detail: MESSAGES.ACCOUNT_EXISTS });
    expect(again.json().errors).toEqual([{ field: 'email', message: MESSAGES.ACCOUNT_EXISTS }]);
  });

  it.each([
    // SPEC §5 email
    ['email', 'not-an-email', MESSAGES.EMAIL_INVALID],
    // SPEC §5 registration password
    ['password', 'short1!A', null],
    ['password', 'alllowercase1!', MESSAGES.PASSWORD_RULES],
    ['password', 'NoDigits!!', MESSAGES.PASSWORD_RULES],
    ['password', 'NoSpecial123', MESSAGES.PASSWORD_RULES],
    ['password', 'Aa1!' + 'x'.repeat(47), MESSAGES.PASSWORD_RULES],
    ['password', 'Password123!', MESSAGES.PASSWORD_TOO_COMMON],
    // SPEC §5 FirstName / LastName: trimmed, at least 2
    ['firstName', ' A ', MESSAGES.FIRST_NAME_INVALID],
    ['lastName', 'B', MESSAGES.LAST_NAME_INVALID],
    // SPEC §5 PhoneNo: if given, at least 10 characters after trim
    ['phone', ' 555-1234 ', MESSAGES.PHONE_NO_LENGTH],
    ['dateOfBirth', '2999-01-01', MESSAGES.DATE_OF_BIRTH_INVALID],
  ])('answers the spec message for a bad %s (%s)', async (field, value, message) => {
    const res = await new Browser(ctx.app).post(
      '/api/auth/register',
      registration({ [field]: value }),
    );
    if (message === null) {
      // 'short1!A' is 8 characters and meets every rule: accepted.
      expect(res.statusCode).toBe(201);
      return;
    }
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toContainEqual({ field, message });
  });

  it('accepts a registration without a phone (SPEC §5 PhoneNo is optional)', async () => {
    const res = await new Browser(ctx.app).post('/api/auth/register', registration({ phone: '' }));
    expect(res.statusCode).toBe(201);
  });

  it('never answers an off-site redirect (open redirect)', async () => {
    const res = await new Browser(ctx.app).post(
      '/api/auth/register',
      registration({ redirectPage: '//evil.example/x' }),
    );
    expect(res.json().redirectTo).toBeNull();
  });
});

describe('password login', () => {
  async function registered() {
    const body = registration();
    await new Browser(ctx.app).post('/api/auth/register', body);
    return body;
  }

  it('logs in with the right password, whatever the email case (SPEC §7 POST login)', async () => {
    const body = await registered();
    const browser = new Browser(ctx.app);
    const res = await browser.post('/api/auth/login', {
      email: ` ${body.email.toUpperCase()} `,
      password: body.password,
    });
    expect(res.statusCode).toBe(200);
    expect((await browser.get('/api/session')).json()).toMatchObject({
      kind: 'user',
      role: 'patient',
    });
  });

  it('answers the wrong-password message (SPEC §8 wrong login)', async () => {
    const body = await registered();
    const res = await new Browser(ctx.app).post('/api/auth/login', {
      email: body.email,
      password: 'Wrong#Pass99',
    });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({
      code: 'LOGIN_WRONG_PASSWORD',
      detail: MESSAGES.LOGIN_WRONG_PASSWORD,
    });
  });

  it('answers the unknown-email message (SPEC §8 unknown email)', async () => {
    const res = await new Browser(ctx.app).post('/api/auth/login', {
      email: uniqueEmail('nobody'),
      password: 'Whatever#1',
    });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({
      code: 'LOGIN_UNKNOWN_EMAIL',
      detail: MESSAGES.LOGIN_UNKNOWN_EMAIL,
    });
  });

  it('answers the email-format message for a bad email (SPEC §5 applies to login)', async () => {
    const res = await new Browser(ctx.app).post('/api/auth/login', {
      email: 'bad@',
      password: 'x',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toContainEqual({ field: 'email', message: MESSAGES.EMAIL_INVALID });
  });

  it('does the same argon2 work for an unknown email as for a wrong password (a dummy hash is verified), so timing tells nothing', async () => {
    // Counted, not timed: a timing comparison failed on a loaded CI machine with no change to the rule.
    const body = await registered();
    const verifications = async (email: string) => {
      vi.mocked(verify).mockClear();
      const res = await new Browser(ctx.app).post('/api/auth/login', { email, password: 'Wrong#Pass99' });
      expect(res.statusCode).toBe(401);
      return vi.mocked(verify).mock.calls.length;
    };
    expect(await verifications(body.email)).toBe(1);
    expect(await verifications(uniqueEmail('ghost'))).toBe(1);
  });

  it('gives a new token at every login and revokes the browser’s previous session, guest or user', async () => {
    const body = await registered();
    const browser = new Browser(ctx.app);
    await browser.post('/api/session/guest');
    const guestToken = browser.cookie('sid')!;
    await browser.post('/api/auth/login', { email: body.email, password: body.password });
    const firstToken = browser.cookie('sid')!;
    expect(firstToken).not.toBe(guestToken);
    const bearer = (token: string) =>
      ctx.app
        .inject({ url: '/api/session', headers: { authorization: `Bearer ${token}` } })
        .then((r) => r.json().kind);
    expect(await bearer(guestToken)).toBe('none');

    await browser.post('/api/auth/login', { email: body.email, password: body.password });
    const secondToken = browser.cookie('sid')!;
    expect(secondToken).not.toBe(firstToken);
    expect(await bearer(firstToken)).toBe('none');
    expect(await bearer(secondToken)).toBe('user');
  });

  it('hands the token in the body, not a cookie, to an API client that asks for bearer transport', async () => {
    const body = await registered();
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: {
        host: 'localhost:3000',
        'x-requested-with': 'fetch',
        'x-session-transport': 'bearer',
      },
      payload: { email: body.email, password: body.password },
    });
    expect(res.cookies).toHaveLength(0);
    const token = res.json().token as string;
    const me = await ctx.app.inject({
      url: '/api/session',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(me.json().kind).toBe('user');
  });

  it('refuses a login without the CSRF header', async () => {
    const body = await registered();
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: body.email, password: body.password },
    });
    expect(res.statusCode).toBe(403);
  });

  it('records sign-ins and failures in the audit log, without PHI', async () => {
    const body = await registered();
    await new Browser(ctx.app).post('/api/auth/login', {
      email: body.email,
      password: 'Wrong#Pass99',
    });
    await new Browser(ctx.app).post('/api/auth/login', {
      email: body.email,
      password: body.password,
    });
    const [user] = await ctx.database.db.select().from(users).where(eq(users.email, body.email));
    const events = await ctx.app.services.audit.list({ subjectId: user!.id });
    const actions = events.map((e) => e.action);
    expect(actions).toEqual(
      expect.arrayContaining(['auth.registered', 'auth.login.failed', 'auth.login.succeeded']),
    );
    const failed = events.find((e) => e.action === 'auth.login.failed')!;
    expect(failed).toMatchObject({
      storefrontId: expect.any(String),
      ip: expect.any(String),
      details: { method: 'password', reason: 'wrong_password' },
    });
    expect(JSON.stringify(events)).not.toContain(body.email);
    expect(JSON.stringify(events)).not.toContain(body.password);
  });
});

describe('logout', () => {
  it('revokes the session on the server: the old token is 401 afterwards (SPEC §7 POST logout)', async () => {
    const body = registration();
    const browser = new Browser(ctx.app);
    await browser.post('/api/auth/register', body);
    const token = browser.cookie('sid')!;
    const profile = () =>
      ctx.app.inject({
        url: '/api/account/profile',
        headers: { authorization: `Bearer ${token}` },
      });
    expect((await profile()).statusCode).toBe(200);

    const res = await browser.post('/api/auth/logout');
    expect(res.statusCode).toBe(204);
    const cleared = res.cookies.find((c) => c.name === 'sid');
    expect(cleared?.value).toBe('');
    expect(browser.cookie('sid')).toBeUndefined();
    expect((await profile()).statusCode).toBe(401);
    const [row] = await ctx.database.db.select().from(sessions).where(eq(sessions.ip, browser.ip));
    expect(row?.revokedAt).toBeInstanceOf(Date);
  });
});
