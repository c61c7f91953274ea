// Login, code and reset endpoints are rate-limited per IP and per account, with back-off, and the
// counters live in the database (several machines see the same counts).
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/app.ts';
import { authThrottleEvents } from '../../db/schema/auth.ts';
import { Browser, lastCode, registration, uniqueEmail, wrongCode } from './auth.test-helpers.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({
    AUTH_FAILURES_PER_IP_PER_HOUR: 8,
    AUTH_SENDS_PER_IP_PER_HOUR: 6,
    REGISTRATIONS_PER_IP_PER_HOUR: 50,
  });
});
afterAll(() => ctx.close());

async function patient() {
  const body = registration();
  expect((await new Browser(ctx.app).post('/api/auth/register', body)).statusCode).toBe(201);
  return body;
}

describe('per account', () => {
  it('backs off after 5 wrong passwords, even from many IPs, and the right password waits too', async () => {
    const body = await patient();
    for (let i = 0; i < 5; i++) {
      const res = await new Browser(ctx.app).post('/api/auth/login', {
        email: body.email,
        password: 'Wrong#Pass99',
      });
      expect(res.json().code).toBe('LOGIN_WRONG_PASSWORD');
    }
    const blocked = await new Browser(ctx.app).post('/api/auth/login', {
      email: body.email,
      password: body.password,
    });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().code).toBe('RATE_LIMITED');
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    ctx.clock.advance(3_000);
    expect(
      (
        await new Browser(ctx.app).post('/api/auth/login', {
          email: body.email,
          password: body.password,
        })
      ).statusCode,
    ).toBe(200);
  });

  it('the wait grows with each failure (back-off well before 100)', async () => {
    const body = await patient();
    const waits: number[] = [];
    for (let i = 0; i < 10; i++) {
      let res = await new Browser(ctx.app).post('/api/auth/login', {
        email: body.email,
        password: 'Wrong#Pass99',
      });
      if (res.statusCode === 429) {
        waits.push(Number(res.headers['retry-after']));
        ctx.clock.advance(Number(res.headers['retry-after']) * 1000);
        res = await new Browser(ctx.app).post('/api/auth/login', {
          email: body.email,
          password: 'Wrong#Pass99',
        });
      }
      expect(res.json().code).toBe('LOGIN_WRONG_PASSWORD');
    }
    expect(waits).toEqual([2, 4, 8, 16, 32]);
  });

  it('a refused attempt is not counted (it does not lengthen the lock)', async () => {
    const body = await patient();
    for (let i = 0; i < 5; i++)
      await new Browser(ctx.app).post('/api/auth/login', {
        email: body.email,
        password: 'Wrong#Pass99',
      });
    for (let i = 0; i < 5; i++) {
      expect(
        (
          await new Browser(ctx.app).post('/api/auth/login', {
            email: body.email,
            password: 'Wrong#Pass99',
          })
        ).statusCode,
      ).toBe(429);
    }
    ctx.clock.advance(2_000);
    expect(
      (
        await new Browser(ctx.app).post('/api/auth/login', {
          email: body.email,
          password: body.password,
        })
      ).statusCode,
    ).toBe(200);
  });

  it('code failures count against the same account', async () => {
    const body = await patient();
    for (let i = 0; i < 5; i++)
      await new Browser(ctx.app).post('/api/auth/login', {
        email: body.email,
        password: 'Wrong#Pass99',
      });
    const res = await new Browser(ctx.app).post('/api/auth/otp/verify', {
      email: body.email,
      code: '000000',
    });
    expect(res.statusCode).toBe(429);
  });

  it('a burst of parallel guesses cannot slip past the back-off', async () => {
    const body = await patient();
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        new Browser(ctx.app).post('/api/auth/login', {
          email: body.email,
          password: 'Wrong#Pass99',
        }),
      ),
    );
    const tried = results.filter((r) => r.statusCode === 401).length;
    expect(tried).toBeLessThanOrEqual(6);
    expect(results.filter((r) => r.statusCode === 429).length).toBeGreaterThanOrEqual(14);
  });

  it('keeps its counters in the database, keyed without the email', async () => {
    const body = await patient();
    await new Browser(ctx.app).post('/api/auth/login', {
      email: body.email,
      password: 'Wrong#Pass99',
    });
    const rows = await ctx.database.db
      .select()
      .from(authThrottleEvents)
      .where(eq(authThrottleEvents.bucket, 'auth-fail-account'));
    expect(rows.length).toBeGreaterThan(0);
    expect(JSON.stringify(rows)).not.toContain(body.email);
  });

  it('a success clears the account’s failures', async () => {
    const body = await patient();
    for (let i = 0; i < 4; i++)
      await new Browser(ctx.app).post('/api/auth/login', {
        email: body.email,
        password: 'Wrong#Pass99',
      });
    await new Browser(ctx.app).post('/api/auth/login', {
      email: body.email,
      password: body.password,
    });
    for (let i = 0; i < 5; i++) {
      expect(
        (
          await new Browser(ctx.app).post('/api/auth/login', {
            email: body.email,
            password: 'Wrong#Pass99',
          })
        ).statusCode,
      ).toBe(401);
    }
  });
});

describe('per IP', () => {
  it('stops an IP after its failures for the hour, across accounts, then lets it in again', async () => {
    const ip = '203.0.113.7';
    for (let i = 0; i < 8; i++) {
      const res = await new Browser(ctx.app, { ip }).post('/api/auth/login', {
        email: uniqueEmail('spray'),
        password: 'Wrong#Pass99',
      });
      expect(res.statusCode).toBe(401);
    }
    const body = await patient();
    const blocked = await new Browser(ctx.app, { ip }).post('/api/auth/login', {
      email: body.email,
      password: body.password,
    });
    expect(blocked.statusCode).toBe(429);
    // another IP is not affected
    expect(
      (
        await new Browser(ctx.app).post('/api/auth/login', {
          email: body.email,
          password: body.password,
        })
      ).statusCode,
    ).toBe(200);
    ctx.clock.advance(60 * 60_000 + 1_000);
    expect(
      (
        await new Browser(ctx.app, { ip }).post('/api/auth/login', {
          email: body.email,
          password: body.password,
        })
      ).statusCode,
    ).toBe(200);
  });

  it('limits code and reset sends per IP per hour', async () => {
    const ip = '203.0.113.9';
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) {
      const body = await patient();
      const url = i % 2 ? '/api/auth/password-reset' : '/api/auth/otp/send';
      statuses.push(
        (await new Browser(ctx.app, { ip }).post(url, { email: body.email, channels: ['email'] }))
          .statusCode,
      );
    }
    expect(statuses.slice(0, 6).every((s) => s === 200 || s === 202)).toBe(true);
    expect(statuses[6]).toBe(429);
  });
});

describe('code sends per patient', () => {
  it('waits 30 s between sends and allows 5 an hour', async () => {
    const body = await patient();
    const send = () =>
      new Browser(ctx.app).post('/api/auth/otp/send', { email: body.email, channels: ['email'] });
    expect((await send()).statusCode).toBe(200);
    const tooSoon = await send();
    expect(tooSoon.statusCode).toBe(429);
    expect(Number(tooSoon.headers['retry-after'])).toBe(30);
    for (let i = 0; i < 4; i++) {
      ctx.clock.advance(31_000);
      expect((await send()).statusCode).toBe(200);
    }
    ctx.clock.advance(31_000);
    expect((await send()).statusCode).toBe(429);
  });

  it('the limit does not stop the code already sent', async () => {
    const body = await patient();
    await new Browser(ctx.app).post('/api/auth/otp/send', {
      email: body.email,
      channels: ['email'],
    });
    const code = await lastCode(ctx.app, body.email);
    expect(
      (
        await new Browser(ctx.app).post('/api/auth/otp/send', {
          email: body.email,
          channels: ['email'],
        })
      ).statusCode,
    ).toBe(429);
    await new Browser(ctx.app).post('/api/auth/otp/verify', {
      email: body.email,
      code: wrongCode(code),
    });
    expect(
      (await new Browser(ctx.app).post('/api/auth/otp/verify', { email: body.email, code }))
        .statusCode,
    ).toBe(200);
  });
});
