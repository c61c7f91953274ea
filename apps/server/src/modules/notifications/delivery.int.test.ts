// Delivery (issue 4): mail over SMTP arrives at a real SMTP server (smtp-server, in-process), SMS
// goes to the HTTP gateway as JSON {to, body}; without either, messages land in the outbox,
// which /dev/outbox shows outside production. Mail is branded per storefront.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { MESSAGES } from '@store/domain';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/app.ts';
import { Browser, registration } from '../auth/auth.test-helpers.ts';

interface Received {
  from: string;
  to: string[];
  raw: string;
}

function startSmtp(options: { reject?: boolean } = {}) {
  const received: Received[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        if (options.reject) {
          const err = new Error('mailbox unavailable') as Error & { responseCode: number };
          err.responseCode = 550;
          callback(err);
          return;
        }
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  return new Promise<{ url: string; received: Received[]; close: () => Promise<void> }>(
    (resolve) => {
      server.listen(0, '127.0.0.1', () => {
        const { port } = server.server.address() as AddressInfo;
        resolve({
          url: `smtp://127.0.0.1:${port}`,
          received,
          close: () => new Promise((r) => server.close(() => r())),
        });
      });
    },
  );
}

function startSmsGateway(status = 202) {
  const received: { auth: string | undefined; body: unknown }[] = [];
  const server = http.createServer((req, res) => {
    let data = '';
    req.on('data', (c) => (data += c));
    req.on('end', () => {
      received.push({ auth: req.headers.authorization, body: JSON.parse(data) });
      res.writeHead(status, { 'content-type': 'application/json' }).end('{}');
    });
  });
  return new Promise<{ url: string; received: typeof received; close: () => Promise<void> }>(
    (resolve) => {
      server.listen(0, '127.0.0.1', () => {
        const { port } = server.address() as AddressInfo;
        resolve({
          url: `http://127.0.0.1:${port}/messages`,
          received,
          close: () => new Promise((r) => server.close(() => r())),
        });
      });
    },
  );
}

/** Decode a quoted-printable MIME body well enough to search it. */
const unfold = (raw: string) =>
  raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_m, h: string) => String.fromCharCode(parseInt(h, 16)));

/** A store whose mail goes to a local SMTP server and whose texts go to a local SMS gateway, for one describe block. */
function storeWithDelivery(
  options: {
    rejectMail?: boolean;
    smsStatus?: number;
    config?: Parameters<typeof createTestApp>[0];
  } = {},
) {
  const env = {} as {
    ctx: TestContext;
    smtp: Awaited<ReturnType<typeof startSmtp>>;
    sms: Awaited<ReturnType<typeof startSmsGateway>>;
  };
  beforeAll(async () => {
    env.smtp = await startSmtp({ reject: options.rejectMail ?? false });
    env.sms = await startSmsGateway(options.smsStatus);
    env.ctx = await createTestApp({
      SMTP_URL: env.smtp.url,
      SMS_URL: env.sms.url,
      ...options.config,
    });
  });
  afterAll(async () => {
    await env.ctx.close();
    await env.smtp.close();
    await env.sms.close();
  });
  return env;
}

describe('with SMTP_URL and SMS_URL', () => {
  const env = storeWithDelivery({
    config: { SMS_TOKEN: 'gateway-token', MAIL_FROM: 'care@store.example' },
  });
  it('delivers the passcode mail to the SMTP server, branded for the storefront', async () => {
    const body = registration();
    await new Browser(env.ctx.app).post('/api/auth/register', body);
    const res = await new Browser(env.ctx.app).post('/api/auth/otp/send', {
      email: body.email,
      channels: ['email', 'sms'],
    });
    expect(res.statusCode).toBe(200);

    const mail = env.smtp.received.find((m) => m.to.includes(body.email))!;
    expect(mail).toBeDefined();
    expect(mail.from).toBe('care@store.example');
    const text = unfold(mail.raw);
    expect(text).toMatch(/From: "?Evergreen Health"? <care@store\.example>/);
    expect(text).toContain('Subject: Your Evergreen Health passcode');
    expect(text).toContain('#1b4d3e');
    const code = text.match(/\b(\d{6})\b/)?.[1];
    expect(code).toMatch(/^\d{6}$/);

    const text2 = env.sms.received.at(-1)!;
    expect(text2.auth).toBe('Bearer gateway-token');
    expect(text2.body).toEqual({ to: '+15551234567', body: expect.stringContaining(code!) });

    // nothing was kept in the outbox: real delivery happened
    expect(await env.ctx.app.services.notifications.outbox()).toHaveLength(0);
    // and the code from the mail logs in
    expect(
      (await new Browser(env.ctx.app).post('/api/auth/otp/verify', { email: body.email, code }))
        .statusCode,
    ).toBe(200);
  });

  it('brands Lumen mail with Lumen’s name and colour', async () => {
    const body = registration();
    const lumen = new Browser(env.ctx.app, { host: 'lumen.localhost:3000' });
    await lumen.post('/api/auth/register', body);
    await lumen.post('/api/auth/password-reset', { email: body.email });
    const mail = env.smtp.received.find((m) => m.to.includes(body.email))!;
    const text = unfold(mail.raw);
    expect(text).toContain('Lumen Wellness');
    expect(text).toContain('#4b2a86');
    expect(text).toContain('http://lumen.localhost:3000/reset-password#token=');
  });

  it('the /dev/outbox page is off in production', async () => {
    const prod = await createTestApp({ NODE_ENV: 'production' });
    try {
      expect((await prod.app.inject({ url: '/dev/outbox' })).statusCode).toBe(404);
      expect((await prod.app.inject({ url: '/dev/outbox.json' })).statusCode).toBe(404);
    } finally {
      await prod.close();
    }
  });
});

describe('when delivery fails', () => {
  const env = storeWithDelivery({ rejectMail: true, smsStatus: 500 });
  it('answers "Error sending OTP to Email." and "Error sending OTP to SMS." (SPEC §8)', async () => {
    const body = registration();
    await new Browser(env.ctx.app).post('/api/auth/register', body);
    const email = await new Browser(env.ctx.app).post('/api/auth/otp/send', {
      email: body.email,
      channels: ['email'],
    });
    expect(email.statusCode).toBe(424);
    expect(email.json()).toMatchObject({
      code: 'OTP_EMAIL_FAILED',
      detail: MESSAGES.OTP_EMAIL_FAILED,
    });

    env.ctx.clock.advance(31_000);
    const smsOnly = await new Browser(env.ctx.app).post('/api/auth/otp/send', {
      email: body.email,
      channels: ['sms'],
    });
    expect(smsOnly.statusCode).toBe(424);
    expect(smsOnly.json()).toMatchObject({
      code: 'OTP_SMS_FAILED',
      detail: MESSAGES.OTP_SMS_FAILED,
    });

    env.ctx.clock.advance(31_000);
    const both = await new Browser(env.ctx.app).post('/api/auth/otp/send', {
      email: body.email,
      channels: ['sms', 'email'],
    });
    expect(both.statusCode).toBe(424);
    expect(both.json().errors).toEqual([
      { field: 'channels.sms', message: MESSAGES.OTP_SMS_FAILED },
      { field: 'channels.email', message: MESSAGES.OTP_EMAIL_FAILED },
    ]);
    const failures = await env.ctx.app.services.audit.list({ action: 'auth.otp.send_failed' });
    expect(failures.length).toBe(3);
  });
});

describe('the outbox (no SMTP_URL, no SMS_URL)', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  it('keeps mail and SMS, newest first, as JSON and as a page with clickable links', async () => {
    const body = registration();
    await new Browser(ctx.app).post('/api/auth/register', body);
    await new Browser(ctx.app).post('/api/auth/otp/send', {
      email: body.email,
      channels: ['sms', 'email'],
    });
    ctx.clock.advance(1_000);
    await new Browser(ctx.app).post('/api/auth/password-reset', { email: body.email });

    const json = await ctx.app.inject({ url: '/dev/outbox.json' });
    expect(json.statusCode).toBe(200);
    const messages = json.json().messages as {
      channel: string;
      to: string;
      subject: string | null;
      body: string;
      status: string;
      sentAt: string;
    }[];
    // newest first: the reset mail, then the passcode's mail and SMS (sent at the same moment)
    expect(messages[0]!.channel).toBe('email');
    expect(
      messages
        .slice(1)
        .map((m) => m.channel)
        .sort(),
    ).toEqual(['email', 'sms']);
    expect(messages[0]!.subject).toBe('Reset your Evergreen Health password');
    expect(messages.find((m) => m.channel === 'sms')).toMatchObject({
      channel: 'sms',
      to: '+15551234567',
      status: 'stored',
    });
    expect(messages.find((m) => m.channel === 'sms')!.body).toMatch(
      /^Evergreen Health: Your passcode is \d{6}/,
    );

    const page = await ctx.app.inject({ url: '/dev/outbox' });
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toMatch(/<a href="http:\/\/localhost:3000\/reset-password#token=[\w-]+">/);
    expect(page.body.indexOf('Reset your Evergreen Health password')).toBeLessThan(
      page.body.indexOf('Your Evergreen Health passcode'),
    );
  });
});

describe('when SMS fails but email works', () => {
  const env = storeWithDelivery({ smsStatus: 500 });
  it('sends the code by email and reports "Error sending OTP to SMS." beside it (SPEC §8)', async () => {
    const body = registration();
    await new Browser(env.ctx.app).post('/api/auth/register', body);
    const res = await new Browser(env.ctx.app).post('/api/auth/otp/send', {
      email: body.email,
      channels: ['sms', 'email'],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().failures).toEqual([
      { channel: 'sms', code: 'OTP_SMS_FAILED', message: MESSAGES.OTP_SMS_FAILED },
    ]);
    expect(res.json().sentTo.email).toBeDefined();
  });
});
