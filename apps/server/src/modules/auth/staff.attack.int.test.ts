// issue 15 (security review): ways around the staff code step attacked — one staff member's code
// typed with another's email, registering the staff email again on the company's other storefront,
// a staff session carried to another storefront's host, a session made before the account became
// staff, and the /dev fax outbox in production.
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/app.ts';
import { users } from '../../db/schema/auth.ts';
import { doctorLicenses, doctors } from '../../db/schema/doctors.ts';
import { DEMO_COMPANY_ID, EVERGREEN_ID } from '../../db/seed/storefronts.ts';
import { Browser, GOOD_PASSWORD, lastCode, registration, signInStaff } from './auth.test-helpers.ts';
import { hashPassword } from './passwords.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ OTP_RESEND_SECONDS: 0 });
});
afterAll(() => ctx.close());
beforeEach(() => ctx.clock.advance(1_000));

/** A fresh Evergreen doctor with a password, licensed in CA. */
async function staffDoctor() {
  const email = `staff.${randomUUID()}@example.com`;
  const password = 'Staff#Signin2026';
  const [user] = await ctx.database.db
    .insert(users)
    .values({ companyId: DEMO_COMPANY_ID, storefrontId: EVERGREEN_ID, email, role: 'doctor', firstName: 'Sam', lastName: 'Staff', passwordHash: await hashPassword(password) })
    .returning({ id: users.id });
  const [doctor] = await ctx.database.db
    .insert(doctors)
    .values({ companyId: DEMO_COMPANY_ID, userId: user!.id, name: 'Dr. Sam Staff', credentials: 'MD', timeZone: 'America/Chicago' })
    .returning({ id: doctors.id });
  await ctx.database.db.insert(doctorLicenses).values({ doctorId: doctor!.id, state: 'CA' });
  return { email, password, userId: user!.id };
}

describe('the staff code step cannot be gone around (issue 15: password plus code, no other way)', () => {
  it("does not sign one staff member in with another's code", async () => {
    const alice = await staffDoctor();
    const bob = await staffDoctor();
    const aliceBrowser = new Browser(ctx.app);
    const bobBrowser = new Browser(ctx.app);
    expect((await aliceBrowser.post('/api/auth/login', { email: alice.email, password: alice.password })).json().secondFactor).toBeDefined();
    ctx.clock.advance(1_000);
    expect((await bobBrowser.post('/api/auth/login', { email: bob.email, password: bob.password })).json().secondFactor).toBeDefined();
    const aliceCode = await lastCode(ctx.app, alice.email);
    // Alice's code typed for Bob, from Bob's browser and from Alice's.
    const crossed = await bobBrowser.post('/api/auth/staff/verify-code', { email: bob.email, code: aliceCode });
    const crossedToo = await aliceBrowser.post('/api/auth/staff/verify-code', { email: bob.email, code: aliceCode });
    // Unless the two codes happen to be equal (one in a million), neither signs Bob in.
    if (aliceCode !== (await lastCode(ctx.app, bob.email))) {
      expect(crossed.statusCode).toBe(400);
      expect(crossedToo.statusCode).toBe(400);
      expect((await bobBrowser.get('/api/doctor/queue')).statusCode).toBe(404);
    }
    // Alice's code still opens only Alice's session.
    expect((await aliceBrowser.post('/api/auth/staff/verify-code', { email: alice.email, code: aliceCode })).statusCode).toBe(200);
    expect((await aliceBrowser.get('/api/session')).json().userId).toBe(alice.userId);
  });

  it("refuses to register the staff member's email again on the company's other storefront", async () => {
    const staff = await staffDoctor();
    const lumen = new Browser(ctx.app, { host: 'lumen.localhost:3000' });
    const again = await lumen.post('/api/auth/register', registration({ email: staff.email, password: GOOD_PASSWORD }));
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('ACCOUNT_EXISTS');
    expect((await lumen.post('/api/auth/register/otp/send', { email: staff.email })).statusCode).toBe(409);
    expect((await lumen.get('/api/doctor/queue')).statusCode).toBe(404);
  });

  it("does not carry a staff session to another storefront's host", async () => {
    const staff = await staffDoctor();
    const browser = new Browser(ctx.app);
    const signedIn = await signInStaff(browser, ctx, staff);
    expect((await browser.get('/api/doctor/queue')).statusCode).toBe(200);
    const setCookie = ([] as string[]).concat(signedIn.headers['set-cookie'] ?? []).find((c) => c.startsWith('sid='))!;
    const cookie = setCookie.slice('sid='.length).split(';')[0]!;
    const onLumen = await ctx.app.inject({ method: 'GET', url: '/api/doctor/queue', headers: { host: 'lumen.localhost:3000', cookie: `sid=${cookie}`, 'x-requested-with': 'fetch' } });
    expect(onLumen.statusCode).toBe(404);
    const bearerOnLumen = await ctx.app.inject({ method: 'GET', url: '/api/doctor/queue', headers: { host: 'lumen.localhost:3000', authorization: `Bearer ${cookie}` } });
    expect(bearerOnLumen.statusCode).toBe(404);
  });
});

describe('a session made before the account became staff (issue 15: staff sessions start only at the code step)', () => {
  it('does not act as a doctor: the promoted account signs in again with password and code', async () => {
    const patient = new Browser(ctx.app);
    const details = registration();
    expect((await patient.post('/api/auth/register', details)).statusCode).toBe(201);
    const [user] = await ctx.database.db.select().from(users).where(eq(users.email, details.email.toLowerCase()));
    // An operator makes the account a doctor (no route does this; it is done in the database).
    await ctx.database.db.update(users).set({ role: 'doctor' }).where(eq(users.id, user!.id));
    const [doctor] = await ctx.database.db
      .insert(doctors)
      .values({ companyId: DEMO_COMPANY_ID, userId: user!.id, name: 'Dr. New', credentials: 'MD', timeZone: 'America/Chicago' })
      .returning({ id: doctors.id });
    await ctx.database.db.insert(doctorLicenses).values({ doctorId: doctor!.id, state: 'CA' });
    // The session the patient signed in with (password alone) opens no staff route.
    expect((await patient.get('/api/doctor/queue')).statusCode).toBe(404);
    // Signing in as staff (password, then code) does.
    const staffBrowser = new Browser(ctx.app);
    await signInStaff(staffBrowser, ctx, { email: details.email, password: details.password });
    expect((await staffBrowser.get('/api/doctor/queue')).statusCode).toBe(200);
  });
});

describe('the /dev fax outbox (issue 15: outside production only)', () => {
  it('is not served in production', async () => {
    const prod = await createTestApp({ NODE_ENV: 'production' });
    try {
      expect((await prod.app.inject({ url: '/dev/fax-outbox', headers: { host: 'localhost:3000' } })).statusCode).toBe(404);
      expect((await prod.app.inject({ url: `/dev/fax-outbox/${randomUUID()}.pdf`, headers: { host: 'localhost:3000' } })).statusCode).toBe(404);
    } finally {
      await prod.close();
    }
  });
});
