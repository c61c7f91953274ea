// Shared by the auth module's integration tests: a browser with its own IP address (so per-IP
// limits of one test do not leak into the next), and readers for the outbox.
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import type { App } from '../../app.ts';
import { TestBrowser, type TestContext } from '../../../test/app.ts';

let nextIp = 1;
export function freshIp(): string {
  const n = nextIp++;
  return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
}

export class Browser extends TestBrowser {
  readonly ip: string;
  constructor(app: App, options: { ip?: string; host?: string } = {}) {
    super(app, options.host ?? 'localhost:3000');
    this.ip = options.ip ?? freshIp();
  }
  override request(options: InjectOptions & { url: string }): Promise<LightMyRequestResponse> {
    return super.request({ remoteAddress: this.ip, ...options });
  }
}

let emailCounter = 0;
export function uniqueEmail(prefix = 'patient'): string {
  emailCounter += 1;
  return `${prefix}.${Date.now().toString(36)}.${emailCounter}@example.com`;
}

export const GOOD_PASSWORD = 'Maple#Harbor42';

export function registration(overrides: Record<string, unknown> = {}) {
  return {
    email: uniqueEmail(),
    password: GOOD_PASSWORD,
    firstName: 'Casey',
    lastName: 'Jordan',
    phone: '5551234567',
    ...overrides,
  };
}

/** The newest outbox message to `to` on `channel`. */
export async function lastMessage(app: App, to: string, channel: 'email' | 'sms' = 'email') {
  const rows = await app.services.notifications.outbox(500);
  return rows.find((r) => r.channel === channel && r.to.toLowerCase() === to.toLowerCase());
}

export async function lastCode(
  app: App,
  to: string,
  channel: 'email' | 'sms' = 'email',
): Promise<string> {
  const message = await lastMessage(app, to, channel);
  const code = message?.body.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`no passcode in the outbox for ${to}`);
  return code;
}

export function wrongCode(code: string): string {
  return String((Number(code) + 1) % 1_000_000).padStart(6, '0');
}

/** A staff member's two-step sign-in (issue 15): the password, then the code from the outbox. */
export async function signInStaff(
  browser: TestBrowser,
  ctx: TestContext,
  account: { email: string; password: string },
) {
  const { app } = ctx;
  // The outbox lists newest first by time: this code's mail must be later than an earlier one.
  ctx.clock.advance(1_000);
  const first = await browser.post('/api/auth/login', { email: account.email, password: account.password });
  if (first.statusCode !== 200 || !first.json().secondFactor)
    throw new Error(`staff password step answered ${first.statusCode} ${first.body}`);
  const code = await lastCode(app, account.email);
  const verified = await browser.post('/api/auth/staff/verify-code', { email: account.email, code });
  if (verified.statusCode !== 200)
    throw new Error(`staff code step answered ${verified.statusCode} ${verified.body}`);
  return verified;
}
