// SPEC §4 OTP login is two steps (send code, verify code); §7 send/verify login OTP and register
// with OTP; §8 invalid passcode and send failures; §9 passcode validity 10 minutes.
import { MESSAGES } from '@store/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/app.ts';
import { oneTimeCodes, users } from '../../db/schema/auth.ts';
import {
  Browser,
  lastCode,
  lastMessage,
  registration,
  uniqueEmail,
  wrongCode,
} from './auth.test-helpers.ts';

let ctx: TestContext;
beforeAll(async () => {
  // No resend cooldown here except where a test asks for it (the cooldown has its own file below).
  ctx = await createTestApp({ OTP_RESEND_SECONDS: 0, OTP_SENDS_PER_HOUR: 50 });
});
afterAll(() => ctx.close());

async function patient(overrides: Record<string, unknown> = {}) {
  const body = registration(overrides);
  const res = await new Browser(ctx.app).post('/api/auth/register', body);
  expect(res.statusCode).toBe(201);
  return body;
}

describe('login by one-time code', () => {
  it('sends a 6-digit code by SMS and email and logs in with it (SPEC §7 send / verify login OTP)', async () => {
    const body = await patient();
    const browser = new Browser(ctx.app);
    const sent = await browser.post('/api/auth/otp/send', {
      email: body.email,
      channels: ['sms', 'email'],
    });
    expect(sent.statusCode).toBe(200);
    // hints of where it went, never the full address
    expect(sent.json().sentTo).toEqual({
      email: expect.stringMatching(/^p\*+\d@example\.com$/),
      sms: '(***) ***-4567',
    });
    expect(sent.json().expiresInSeconds).toBe(600);

    const emailCode = await lastCode(ctx.app, body.email, 'email');
    const smsCode = await lastCode(ctx.app, '+15551234567', 'sms');
    expect(emailCode).toMatch(/^\d{6}$/);
    expect(smsCode).toBe(emailCode);
    const mail = await lastMessage(ctx.app, body.email);
    expect(mail?.html).toContain('Evergreen Health'); // branded (SPEC §3 store front name)
    expect(mail?.html).toContain('#1b4d3e'); // the storefront's primary colour

    const res = await browser.post('/api/auth/otp/verify', { email: body.email, code: emailCode });
    expect(res.statusCode).toBe(200);
    expect((await browser.get('/api/session')).json().kind).toBe('user');
  });

  it('stores only a keyed hash of the code', async () => {
    const body = await patient();
    await new Browser(ctx.app).post('/api/auth/otp/send', {
      email: body.email,
      channels: ['email'],
    });
    const code = await lastCode(ctx.app, body.email);
    const [row] = await ctx.database.db
      .select()
      .from(oneTimeCodes)
      .where(eq(oneTimeCodes.email, body.email));
    expect(row!.codeHash).not.toContain(code);
    expect(row!.channels).toEqual(['email']);
    expect(
      await lastMessage(ctx.app, '+15551234567', 'sms').then((m) => m?.body.includes(code)),
    ).toBeFalsy();
  });

  it('sends only on the channels chosen', async () => {
    const body = await patient({ phone: '5559870000' });
    const res = await new Browser(ctx.app).post('/api/auth/otp/send', {
      email: body.email,
      channels: ['sms'],
    });
    expect(res.json().sentTo).toEqual({ sms: '(***) ***-0000' });
    expect(await lastMessage(ctx.app, body.email)).toBeUndefined();
  });

  it('a code works once (single use)', async () => {
    const body = await patient();
    await new Browser(ctx.app).post('/api/auth/otp/send', {
      email: body.email,
      channels: ['email'],
    });
    const code = await lastCode(ctx.app, body.email);
    expect(
      (await new Browser(ctx.app).post('/api/auth/otp/verify', { email: body.email, code }))
        .statusCode,
    ).toBe(200);
    const again = await new Browser(ctx.app).post('/api/auth/otp/verify', {
      email: body.email,
      code,
    });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({
      code: 'PASSCODE_INVALID',
      detail: MESSAGES.PASSCODE_INVALID,
    });
  });

  it('a wrong code answers the invalid-passcode message (SPEC §8)', async () => {
    const body = await patient();
    await new Browser(ctx.app).post('/api/auth/otp/send', {
      email: body.email,
      channels: ['email'],
    });
    const code = await lastCode(ctx.app, body.email);
    const res = await new Browser(ctx.app).post('/api/auth/otp/verify', {
      email: body.email,
      code: wrongCode(code),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'PASSCODE_INVALID',
      detail: MESSAGES.PASSCODE_INVALID,
    });
    expect(res.json().errors).toEqual([{ field: 'code', message: MESSAGES.PASSCODE_INVALID }]);
  });

  it('after 5 wrong tries the code is dead: the 6th try fails even with the right code', async () => {
    const body = await patient();
    const browser = new Browser(ctx.app);
    await browser.post('/api/auth/otp/send', { email: body.email, channels: ['email'] });
    const code = await lastCode(ctx.app, body.email);
    for (let i = 0; i < 5; i++) {
      // a fresh IP each time and a clock that moves past the back-off, so only the code's own limit is in play
      ctx.clock.advance(30_000);
      const res = await new Browser(ctx.app).post('/api/auth/otp/verify', {
        email: body.email,
        code: wrongCode(code),
      });
      expect(res.json().code).toBe('PASSCODE_INVALID');
    }
    ctx.clock.advance(30_000); // still well inside the 10 minutes
    const sixth = await new Browser(ctx.app).post('/api/auth/otp/verify', {
      email: body.email,
      code,
    });
    expect(sixth.statusCode).toBe(400);
    expect(sixth.json().detail).toBe(MESSAGES.PASSCODE_INVALID);
  });

  it('an expired code fails: valid 10 minutes (SPEC §9)', async () => {
    const body = await patient();
    await new Browser(ctx.app).post('/api/auth/otp/send', {
      email: body.email,
      channels: ['email'],
    });
    const code = await lastCode(ctx.app, body.email);
    ctx.clock.advance(10 * 60_000 + 1_000);
    const res = await new Browser(ctx.app).post('/api/auth/otp/verify', {
      email: body.email,
      code,
    });
    expect(res.json()).toMatchObject({
      code: 'PASSCODE_INVALID',
      detail: MESSAGES.PASSCODE_INVALID,
    });
  });

  it('a code sent 9 minutes ago still works', async () => {
    const body = await patient();
    await new Browser(ctx.app).post('/api/auth/otp/send', {
      email: body.email,
      channels: ['email'],
    });
    const code = await lastCode(ctx.app, body.email);
    ctx.clock.advance(9 * 60_000);
    expect(
      (await new Browser(ctx.app).post('/api/auth/otp/verify', { email: body.email, code }))
        .statusCode,
    ).toBe(200);
  });

  it('a code for patient A does not log in patient B', async () => {
    const a = await patient();
    const b = await patient();
    await new Browser(ctx.app).post('/api/auth/otp/send', { email: a.email, channels: ['email'] });
    await new Browser(ctx.app).post('/api/auth/otp/send', { email: b.email, channels: ['email'] });
    const codeA = await lastCode(ctx.app, a.email);
    const codeB = await lastCode(ctx.app, b.email);
    if (codeA === codeB) return; // one in a million: nothing to tell apart
    const res = await new Browser(ctx.app).post('/api/auth/otp/verify', {
      email: b.email,
      code: codeA,
    });
    expect(res.json().code).toBe('PASSCODE_INVALID');
    // ...and B's own code still works: A's attempt was only one wrong try
    expect(
      (await new Browser(ctx.app).post('/api/auth/otp/verify', { email: b.email, code: codeB }))
        .statusCode,
    ).toBe(200);
  });

  it('a new send replaces the live code: one live code per patient', async () => {
    const body = await patient();
    await new Browser(ctx.app).post('/api/auth/otp/send', {
      email: body.email,
      channels: ['email'],
    });
    const first = await lastCode(ctx.app, body.email);
    ctx.clock.advance(1_000); // the outbox lists newest first by time
    await new Browser(ctx.app).post('/api/auth/otp/send', {
      email: body.email,
      channels: ['email'],
    });
    const second = await lastCode(ctx.app, body.email);
    const rows = await ctx.database.db
      .select()
      .from(oneTimeCodes)
      .where(eq(oneTimeCodes.email, body.email));
    expect(rows).toHaveLength(1);
    if (first !== second) {
      expect(
        (
          await new Browser(ctx.app).post('/api/auth/otp/verify', {
            email: body.email,
            code: first,
          })
        ).statusCode,
      ).toBe(400);
    }
    expect(
      (await new Browser(ctx.app).post('/api/auth/otp/verify', { email: body.email, code: second }))
        .statusCode,
    ).toBe(200);
  });

  it('an unknown email cannot be sent a code (SPEC §8 unknown email)', async () => {
    const res = await new Browser(ctx.app).post('/api/auth/otp/send', {
      email: uniqueEmail('nobody'),
      channels: ['email'],
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({
      code: 'LOGIN_UNKNOWN_EMAIL',
      detail: MESSAGES.LOGIN_UNKNOWN_EMAIL,
    });
  });

  it.each([
    ['/api/auth/otp/send', { email: 'nope', channels: ['email'] }],
    ['/api/auth/otp/verify', { email: 'nope', code: '123456' }],
    ['/api/auth/register/otp/send', { email: 'nope' }],
    ['/api/auth/password-reset', { email: 'nope' }],
  ])('%s answers the email-format message (SPEC §5)', async (url, payload) => {
    const res = await new Browser(ctx.app).post(url, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toContainEqual({ field: 'email', message: MESSAGES.EMAIL_INVALID });
  });

  it('a code that is not 6 digits answers the invalid-passcode message', async () => {
    const res = await new Browser(ctx.app).post('/api/auth/otp/verify', {
      email: uniqueEmail(),
      code: '12ab',
    });
    expect(res.json().errors).toContainEqual({ field: 'code', message: MESSAGES.PASSCODE_INVALID });
  });

  it('SMS to an account without a phone fails with "Error sending OTP to SMS." (SPEC §8)', async () => {
    const body = await patient({ phone: '' });
    const res = await new Browser(ctx.app).post('/api/auth/otp/send', {
      email: body.email,
      channels: ['sms'],
    });
    expect(res.statusCode).toBe(424);
    expect(res.json()).toMatchObject({ code: 'OTP_SMS_FAILED', detail: MESSAGES.OTP_SMS_FAILED });
  });

  it('SMS and email to an account without a phone sends the email, with no SMS error beside it', async () => {
    // SPEC §8 "Error sending OTP to SMS." is for an SMS that fails, not one that cannot be asked for.
    const body = await patient({ phone: '' });
    const res = await new Browser(ctx.app).post('/api/auth/otp/send', {
      email: body.email,
      channels: ['sms', 'email'],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().failures).toEqual([]);
    expect(res.json().sentTo.email).toBeDefined();
    expect(res.json().sentTo.sms).toBeUndefined();
  });

  it('records code sends and failed verifications in the audit log', async () => {
    const body = await patient();
    await new Browser(ctx.app).post('/api/auth/otp/send', {
      email: body.email,
      channels: ['email'],
    });
    const [user] = await ctx.database.db.select().from(users).where(eq(users.email, body.email));
    const events = await ctx.app.services.audit.list({ subjectId: user!.id });
    expect(events.find((e) => e.action === 'auth.otp.sent')?.details).toMatchObject({
      purpose: 'login',
      channels: 'email',
    });
    const code = await lastCode(ctx.app, body.email);
    await new Browser(ctx.app).post('/api/auth/otp/verify', {
      email: body.email,
      code: wrongCode(code),
    });
    const failed = await ctx.app.services.audit.list({ action: 'auth.login.failed' });
    expect(
      failed.some((e) => e.details.method === 'otp' && e.details.reason === 'code_wrong'),
    ).toBe(true);
    expect(JSON.stringify(failed)).not.toContain(code);
  });
});

describe('register by one-time code (email first, code second)', () => {
  it('emails a code, then the code creates the account and logs in (SPEC §7 register with OTP)', async () => {
    const email = uniqueEmail('otpnew');
    const browser = new Browser(ctx.app);
    const sent = await browser.post('/api/auth/register/otp/send', { email });
    expect(sent.statusCode).toBe(200);
    expect(sent.json().sentTo.email).toBeDefined();
    const code = await lastCode(ctx.app, email);
    const res = await browser.post('/api/auth/register/otp/verify', {
      email,
      code,
      firstName: 'Drew',
      lastName: 'Park',
    });
    expect(res.statusCode).toBe(201);
    expect((await browser.get('/api/session')).json().kind).toBe('user');
    const profile = (await browser.get('/api/account/profile')).json();
    expect(profile).toMatchObject({
      email,
      firstName: 'Drew',
      lastName: 'Park',
      hasPassword: false,
    });
  });

  it('refuses an email that already has an account (SPEC §8 duplicate account)', async () => {
    const body = await patient();
    const res = await new Browser(ctx.app).post('/api/auth/register/otp/send', {
      email: body.email,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().detail).toBe(MESSAGES.ACCOUNT_EXISTS);
  });

  it('a wrong code creates nothing', async () => {
    const email = uniqueEmail('otpwrong');
    await new Browser(ctx.app).post('/api/auth/register/otp/send', { email });
    const code = await lastCode(ctx.app, email);
    const res = await new Browser(ctx.app).post('/api/auth/register/otp/verify', {
      email,
      code: wrongCode(code),
    });
    expect(res.json().detail).toBe(MESSAGES.PASSCODE_INVALID);
    expect(await ctx.database.db.select().from(users).where(eq(users.email, email))).toHaveLength(
      0,
    );
  });

  it('a login code cannot register and a registration code cannot log in', async () => {
    const email = uniqueEmail('otpmix');
    await new Browser(ctx.app).post('/api/auth/register/otp/send', { email });
    const code = await lastCode(ctx.app, email);
    const res = await new Browser(ctx.app).post('/api/auth/otp/verify', { email, code });
    expect(res.json().detail).toBe(MESSAGES.PASSCODE_INVALID);
  });
});
