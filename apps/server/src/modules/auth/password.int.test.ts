// SPEC §7 reset password email, validate token, reset password, update password, last password
// update, user info and update user info.
import { MESSAGES } from '@store/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/app.ts';
import { passwordResets, users } from '../../db/schema/auth.ts';
import {
  Browser,
  GOOD_PASSWORD,
  lastMessage,
  registration,
  uniqueEmail,
} from './auth.test-helpers.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ OTP_RESEND_SECONDS: 0 });
});
afterAll(() => ctx.close());

async function patient() {
  const body = registration();
  const browser = new Browser(ctx.app);
  expect((await browser.post('/api/auth/register', body)).statusCode).toBe(201);
  return { body, browser };
}

async function resetLink(email: string): Promise<{ url: string; token: string }> {
  const message = await lastMessage(ctx.app, email);
  const url = message?.body.match(/https?:\/\/\S+/)?.[0];
  if (!url) throw new Error('no reset link in the outbox');
  return { url, token: new URL(url).hash.replace('#token=', '') };
}

describe('password reset by emailed link', () => {
  it('emails a single-use link that sets a new password, ends every session and logs in', async () => {
    const { body, browser: oldBrowser } = await patient();
    const res = await new Browser(ctx.app).post('/api/auth/password-reset', { email: body.email });
    expect(res.statusCode).toBe(202);
    expect(res.json().message).toBe(MESSAGES.RESET_LINK_SENT);

    const { url, token } = await resetLink(body.email);
    // The link goes to this storefront's registered host and keeps the token out of server logs.
    expect(url).toMatch(/^http:\/\/localhost:3000\/reset-password#token=[\w-]{43}$/);
    const [row] = await ctx.database.db
      .select()
      .from(passwordResets)
      .innerJoin(users, eq(users.id, passwordResets.userId))
      .where(eq(users.email, body.email));
    expect(row!.password_resets.tokenHash).not.toBe(token);

    const browser = new Browser(ctx.app);
    expect((await browser.post('/api/auth/password-reset/validate', { token })).json()).toEqual({
      valid: true,
    });
    const done = await browser.post('/api/auth/password-reset/complete', {
      token,
      password: 'Brand#NewPass77',
    });
    expect(done.statusCode).toBe(200);
    expect((await browser.get('/api/session')).json().kind).toBe('user');
    // the session from before the reset is over
    expect((await oldBrowser.get('/api/session')).json().kind).toBe('none');

    // single use
    const again = await new Browser(ctx.app).post('/api/auth/password-reset/complete', {
      token,
      password: 'Other#Pass778',
    });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({
      code: 'RESET_LINK_INVALID',
      detail: MESSAGES.RESET_LINK_INVALID,
    });
    expect((await browser.post('/api/auth/password-reset/validate', { token })).json()).toEqual({
      valid: false,
    });

    // the new password works, the old one does not
    expect(
      (
        await new Browser(ctx.app).post('/api/auth/login', {
          email: body.email,
          password: 'Brand#NewPass77',
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (
        await new Browser(ctx.app).post('/api/auth/login', {
          email: body.email,
          password: GOOD_PASSWORD,
        })
      ).json().code,
    ).toBe('LOGIN_WRONG_PASSWORD');
  });

  it('expires after 1 hour', async () => {
    const { body } = await patient();
    await new Browser(ctx.app).post('/api/auth/password-reset', { email: body.email });
    const { token } = await resetLink(body.email);
    ctx.clock.advance(60 * 60_000 + 1_000);
    const res = await new Browser(ctx.app).post('/api/auth/password-reset/complete', {
      token,
      password: 'Brand#NewPass77',
    });
    expect(res.json().code).toBe('RESET_LINK_INVALID');
  });

  it('answers the same for an unknown email and sends nothing', async () => {
    const email = uniqueEmail('ghost');
    const res = await new Browser(ctx.app).post('/api/auth/password-reset', { email });
    expect(res.statusCode).toBe(202);
    expect(res.json().message).toBe(MESSAGES.RESET_LINK_SENT);
    expect(await lastMessage(ctx.app, email)).toBeUndefined();
  });

  it('holds the new password to the registration rules (SPEC §5)', async () => {
    const { body } = await patient();
    await new Browser(ctx.app).post('/api/auth/password-reset', { email: body.email });
    const { token } = await resetLink(body.email);
    const res = await new Browser(ctx.app).post('/api/auth/password-reset/complete', {
      token,
      password: 'weak',
    });
    expect(res.json().errors).toContainEqual({
      field: 'password',
      message: MESSAGES.PASSWORD_RULES,
    });
  });

  it('never puts a forged Host in the link', async () => {
    const { body } = await patient();
    await new Browser(ctx.app, { host: 'evil.example' }).post('/api/auth/password-reset', {
      email: body.email,
    });
    const { url } = await resetLink(body.email);
    expect(new URL(url).hostname).not.toBe('evil.example');
  });

  it('a forged token is refused', async () => {
    const res = await new Browser(ctx.app).post('/api/auth/password-reset/complete', {
      token: 'x'.repeat(43),
      password: 'Brand#NewPass77',
    });
    expect(res.json().detail).toBe(MESSAGES.RESET_LINK_INVALID);
  });

  it('records the request and the reset in the audit log', async () => {
    const { body } = await patient();
    await new Browser(ctx.app).post('/api/auth/password-reset', { email: body.email });
    const { token } = await resetLink(body.email);
    await new Browser(ctx.app).post('/api/auth/password-reset/complete', {
      token,
      password: 'Brand#NewPass77',
    });
    const [user] = await ctx.database.db.select().from(users).where(eq(users.email, body.email));
    const actions = (await ctx.app.services.audit.list({ subjectId: user!.id })).map(
      (e) => e.action,
    );
    expect(actions).toEqual(
      expect.arrayContaining(['auth.password_reset.requested', 'auth.password_reset.completed']),
    );
  });
});

describe('password change (logged in)', () => {
  it('needs the current password, ends the other sessions and keeps this one', async () => {
    const { body, browser } = await patient();
    const other = new Browser(ctx.app);
    await other.post('/api/auth/login', { email: body.email, password: body.password });
    expect((await other.get('/api/session')).json().kind).toBe('user');

    const wrong = await browser.put('/api/account/password', {
      currentPassword: 'Nope#1234',
      newPassword: 'Fresh#Start88',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors).toEqual([
      { field: 'currentPassword', message: MESSAGES.PASSWORD_CURRENT_WRONG },
    ]);

    const before = (await browser.get('/api/account/password')).json().passwordChangedAt;
    ctx.clock.advance(5_000);
    const res = await browser.put('/api/account/password', {
      currentPassword: body.password,
      newPassword: 'Fresh#Start88',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(MESSAGES.PASSWORD_UPDATED);
    expect((await other.get('/api/session')).json().kind).toBe('none');
    expect((await browser.get('/api/session')).json().kind).toBe('user');
    const after = (await browser.get('/api/account/password')).json();
    expect(after.hasPassword).toBe(true);
    expect(new Date(after.passwordChangedAt).getTime()).toBeGreaterThan(new Date(before).getTime());
    expect(
      (
        await new Browser(ctx.app).post('/api/auth/login', {
          email: body.email,
          password: 'Fresh#Start88',
        })
      ).statusCode,
    ).toBe(200);
  });

  it('holds the new password to the registration rules (SPEC §5)', async () => {
    const { body, browser } = await patient();
    const res = await browser.put('/api/account/password', {
      currentPassword: body.password,
      newPassword: 'password',
    });
    expect(res.json().errors).toContainEqual({
      field: 'newPassword',
      message: MESSAGES.PASSWORD_RULES,
    });
  });

  it('is for signed-in patients only', async () => {
    const res = await new Browser(ctx.app).put('/api/account/password', {
      currentPassword: 'x',
      newPassword: 'Fresh#Start88',
    });
    expect(res.statusCode).toBe(401);
  });
});

describe('profile', () => {
  it('shows and updates the patient’s details (SPEC §7 user info, update user info)', async () => {
    const { body, browser } = await patient();
    const profile = await browser.get('/api/account/profile');
    expect(profile.statusCode).toBe(200);
    expect(profile.headers['cache-control']).toBe('no-store');
    expect(profile.json()).toMatchObject({
      email: body.email,
      firstName: 'Casey',
      lastName: 'Jordan',
      phone: '5551234567',
      role: 'patient',
      hasPassword: true,
    });

    const updated = await browser.patch('/api/account/profile', {
      firstName: ' Robin ',
      phone: '(555) 222-3333',
      dateOfBirth: '1985-07-04',
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({
      firstName: 'Robin',
      lastName: 'Jordan',
      phone: '(555) 222-3333',
      dateOfBirth: '1985-07-04',
    });
  });

  it.each([
    ['firstName', 'R', MESSAGES.FIRST_NAME_INVALID],
    ['lastName', ' ', MESSAGES.LAST_NAME_INVALID],
    ['phone', '12345', MESSAGES.PHONE_NO_LENGTH],
    ['dateOfBirth', '1985-13-40', MESSAGES.DATE_OF_BIRTH_INVALID],
  ])('answers the spec message for a bad %s', async (field, value, message) => {
    const { browser } = await patient();
    const res = await browser.patch('/api/account/profile', { [field]: value });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toContainEqual({ field, message });
  });

  it('cannot change the email (it is not a profile field)', async () => {
    const { body, browser } = await patient();
    await browser.patch('/api/account/profile', { email: 'other@example.com', firstName: 'Robin' });
    expect((await browser.get('/api/account/profile')).json().email).toBe(body.email);
  });

  it('is 401 for a guest', async () => {
    const browser = new Browser(ctx.app);
    await browser.post('/api/session/guest');
    expect((await browser.get('/api/account/profile')).statusCode).toBe(401);
  });
});
