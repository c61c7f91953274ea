// issue 15: "Staff sign in with a password plus a one-time code" (DESIGN.md identity). A doctor,
// pharmacist or admin with the right password gets no session but a code by mail (and text when the
// account has a phone); the code starts the session. No other way in — the patient code login,
// a password reset link — gives a staff member a session. Patients sign in as before.
import { randomUUID } from 'node:crypto';
import { MESSAGES } from '@store/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/app.ts';
import { completeStagesButPayment, payWithTestCard } from '../../../test/orders.ts';
import { signedInPatient } from '../../../test/patients.ts';
import { auditEvents } from '../../db/schema/audit.ts';
import { oneTimeCodes, users } from '../../db/schema/auth.ts';
import { DEMO_ACCOUNTS } from '../../db/seed/accounts-info.ts';
import { DEMO_PRODUCTS } from '../../db/seed/store.ts';
import { DEMO_COMPANY_ID, EVERGREEN_ID } from '../../db/seed/storefronts.ts';
import { OTP_MAX_TRIES, OTP_TTL_MS } from './auth.service.ts';
import { Browser, lastCode, lastMessage, wrongCode } from './auth.test-helpers.ts';
import { hashPassword } from './passwords.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ OTP_RESEND_SECONDS: 0 });
});
afterAll(() => ctx.close());
// The outbox lists newest first by time: each test's mail is later than the last test's.
beforeEach(() => ctx.clock.advance(1_000));

const account = (role: 'patient' | 'doctor' | 'pharmacist' | 'admin') =>
  DEMO_ACCOUNTS.find((a) => a.role === role && a.storefront === 'evergreen')!;

/** A fresh staff account of `role` (its own throttles), with the given phone. */
async function staffUser(role: 'doctor' | 'pharmacist' | 'admin', phone: string | null = null) {
  const email = `staff.${randomUUID()}@example.com`;
  const password = 'Staff#Signin2026';
  await ctx.database.db.insert(users).values({
    companyId: DEMO_COMPANY_ID,
    storefrontId: EVERGREEN_ID,
    email,
    role,
    firstName: 'Sam',
    lastName: 'Staff',
    phone,
    passwordHash: await hashPassword(password),
  });
  return { email, password };
}

const codeRow = async (email: string) =>
  (
    await ctx.database.db
      .select()
      .from(oneTimeCodes)
      .where(and(eq(oneTimeCodes.email, email), eq(oneTimeCodes.purpose, 'staff_login')))
  )[0];

/** A patient's paid consult order shipping to CA: it waits in the doctors' review queue. */
async function awaitingReviewInCa(): Promise<string> {
  const patient = await signedInPatient(ctx);
  const orderId = (await patient.post('/api/cart')).json().id as string;
  await patient.patch(`/api/orders/${orderId}/items`, { items: [{ productId: DEMO_PRODUCTS.evergreen.metformin }] });
  await patient.patch(`/api/orders/${orderId}/shipping`, { state: 'CA' });
  await completeStagesButPayment(ctx, orderId);
  const paid = await payWithTestCard(ctx, patient, orderId);
  expect(paid.json().status).toBe('awaiting_review');
  return orderId;
}

describe('staff sign-in: password, then the mailed code (issue 15)', () => {
  it('gives the demo doctor no session for the password, mails a code, and the code opens the review queue', async () => {
    const doctor = account('doctor');
    const orderId = await awaitingReviewInCa();
    const browser = new Browser(ctx.app);

    const first = await browser.post('/api/auth/login', { email: doctor.email, password: doctor.password });
    expect(first.statusCode).toBe(200);
    // The demo doctor has no phone: the code goes by email only.
    expect(first.json()).toEqual({
      secondFactor: { required: true, channels: ['email'], sentTo: { email: 'd****r@evergreen.example' }, expiresInSeconds: OTP_TTL_MS / 1000 },
    });
    expect(first.cookies.find((c) => c.name === 'sid')).toBeUndefined();
    expect((await browser.get('/api/session')).json()).toMatchObject({ kind: 'none', role: null, staff: false });
    expect((await browser.get('/api/doctor/queue')).statusCode).toBe(404);

    const mail = await lastMessage(ctx.app, doctor.email);
    expect(mail?.body).toContain('staff account');
    const code = await lastCode(ctx.app, doctor.email);
    const verified = await browser.post('/api/auth/staff/verify-code', { email: doctor.email, code });
    expect(verified.statusCode).toBe(200);
    expect(verified.json()).toMatchObject({ role: 'doctor', redirectTo: null });
    expect((await browser.get('/api/session')).json()).toMatchObject({ kind: 'user', role: 'doctor', staff: true });

    // The demo doctor is Dr. Kim (licensed in CA, serving Evergreen): the CA order waits for them.
    const queue = await browser.get('/api/doctor/queue');
    expect(queue.statusCode).toBe(200);
    expect((queue.json() as { items: { orderId: string }[] }).items.map((i) => i.orderId)).toContain(orderId);

    // The code works once.
    const again = await new Browser(ctx.app).post('/api/auth/staff/verify-code', { email: doctor.email, code });
    expect(again.statusCode).toBe(400);
    const actions = (await ctx.database.db.select({ action: auditEvents.action }).from(auditEvents)).map((e) => e.action);
    expect(actions).toEqual(expect.arrayContaining(['auth.login.second_factor_required', 'auth.otp.sent', 'auth.login.succeeded']));
  });

  it('signs the demo pharmacist in the same way, to their pharmacy and not the doctors’ queue', async () => {
    const pharmacist = account('pharmacist');
    const browser = new Browser(ctx.app);
    const first = await browser.post('/api/auth/login', { email: pharmacist.email, password: pharmacist.password });
    expect(first.json().secondFactor.required).toBe(true);
    expect((await browser.get('/api/pharmacy/me')).statusCode).toBe(404);
    const verified = await browser.post('/api/auth/staff/verify-code', {
      email: pharmacist.email,
      code: await lastCode(ctx.app, pharmacist.email),
    });
    expect(verified.json()).toMatchObject({ role: 'pharmacist' });
    const me = await browser.get('/api/pharmacy/me');
    expect(me.statusCode).toBe(200);
    expect(me.json().pharmacy.name).toBe('Evergreen Health Mail-Order Pharmacy');
    expect((await browser.get('/api/doctor/queue')).statusCode).toBe(404);
  });

  it('answers GET /api/pharmacy/me with 404 to anyone but a pharmacist', async () => {
    // issue 15 / brief: staff routes answer 404, never 403.
    const patient = await signedInPatient(ctx);
    expect((await patient.get('/api/pharmacy/me')).statusCode).toBe(404);
    const doctor = new Browser(ctx.app);
    const { email, password } = account('doctor');
    expect((await doctor.post('/api/auth/login', { email, password })).json().secondFactor).toBeDefined();
    await doctor.post('/api/auth/staff/verify-code', { email: account('doctor').email, code: await lastCode(ctx.app, account('doctor').email) });
    expect((await doctor.get('/api/session')).json().role).toBe('doctor');
    expect((await doctor.get('/api/pharmacy/me')).statusCode).toBe(404);
    // A pharmacist on no pharmacy's staff has no pharmacy to show.
    const loose = await staffUser('pharmacist');
    const browser = new Browser(ctx.app);
    await browser.post('/api/auth/login', loose);
    await browser.post('/api/auth/staff/verify-code', { email: loose.email, code: await lastCode(ctx.app, loose.email) });
    expect((await browser.get('/api/session')).json().role).toBe('pharmacist');
    expect((await browser.get('/api/pharmacy/me')).statusCode).toBe(404);
  });

  it('sends the code by text too when the staff account has a phone', async () => {
    const admin = await staffUser('admin', '5550107777');
    const browser = new Browser(ctx.app);
    const first = await browser.post('/api/auth/login', admin);
    expect(first.json().secondFactor).toMatchObject({ channels: ['email', 'sms'], sentTo: { sms: '(***) ***-7777' } });
    const bySms = await lastCode(ctx.app, '+15550107777', 'sms');
    expect(bySms).toBe(await lastCode(ctx.app, admin.email));
    const verified = await browser.post('/api/auth/staff/verify-code', { email: admin.email, code: bySms });
    expect(verified.json()).toMatchObject({ role: 'admin' });
  });

  it('counts a wrong code and refuses it; after five wrong tries even the right code is dead', async () => {
    const doctor = await staffUser('doctor');
    const browser = new Browser(ctx.app);
    await browser.post('/api/auth/login', doctor);
    const code = await lastCode(ctx.app, doctor.email);

    const wrong = await browser.post('/api/auth/staff/verify-code', { email: doctor.email, code: wrongCode(code) });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ code: 'PASSCODE_INVALID', detail: MESSAGES.PASSCODE_INVALID });
    expect((await codeRow(doctor.email))?.tries).toBe(1);
    expect((await browser.get('/api/session')).json().kind).toBe('none');

    for (let i = 1; i < OTP_MAX_TRIES; i++) {
      ctx.clock.advance(60_000); // past the account's back-off
      await browser.post('/api/auth/staff/verify-code', { email: doctor.email, code: wrongCode(code) });
    }
    expect((await codeRow(doctor.email))?.tries).toBe(OTP_MAX_TRIES);
    ctx.clock.advance(60_000);
    const right = await browser.post('/api/auth/staff/verify-code', { email: doctor.email, code });
    expect(right.statusCode).toBe(400);
    expect((await browser.get('/api/session')).json().kind).toBe('none');
  });

  it('throttles a burst of wrong codes like the patient code login (429 with Retry-After)', async () => {
    const doctor = await staffUser('doctor');
    const browser = new Browser(ctx.app);
    await browser.post('/api/auth/login', doctor);
    const code = await lastCode(ctx.app, doctor.email);
    const answers: number[] = [];
    for (let i = 0; i < 7; i++) {
      answers.push((await browser.post('/api/auth/staff/verify-code', { email: doctor.email, code: wrongCode(code) })).statusCode);
    }
    expect(answers).toContain(429);
  });

  it('refuses an expired code', async () => {
    const doctor = await staffUser('doctor');
    const browser = new Browser(ctx.app);
    await browser.post('/api/auth/login', doctor);
    const code = await lastCode(ctx.app, doctor.email);
    ctx.clock.advance(OTP_TTL_MS + 1_000);
    const late = await browser.post('/api/auth/staff/verify-code', { email: doctor.email, code });
    expect(late.statusCode).toBe(400);
    expect(late.json().code).toBe('PASSCODE_INVALID');
    expect((await browser.get('/api/session')).json().kind).toBe('none');
  });

  it('gives no code for a wrong password', async () => {
    const doctor = await staffUser('doctor');
    const res = await new Browser(ctx.app).post('/api/auth/login', { email: doctor.email, password: 'Not#ThePassword1' });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('LOGIN_WRONG_PASSWORD');
    expect(await codeRow(doctor.email)).toBeUndefined();
  });

  it('refuses the patient one-time-code login to a staff account with the unknown-email answer', async () => {
    const doctor = account('doctor');
    const unknown = await new Browser(ctx.app).post('/api/auth/otp/send', { email: `nobody.${randomUUID()}@example.com`, channels: ['email'] });
    const staff = await new Browser(ctx.app).post('/api/auth/otp/send', { email: doctor.email, channels: ['email'] });
    expect(staff.statusCode).toBe(404);
    expect(staff.json()).toMatchObject({ code: 'LOGIN_UNKNOWN_EMAIL', detail: unknown.json().detail });

    // Nor does a staff code work on the patient code login.
    const browser = new Browser(ctx.app);
    await browser.post('/api/auth/login', { email: doctor.email, password: doctor.password });
    const code = await lastCode(ctx.app, doctor.email);
    const viaPatient = await browser.post('/api/auth/otp/verify', { email: doctor.email, code });
    expect(viaPatient.statusCode).toBe(400);
    expect((await browser.get('/api/session')).json().kind).toBe('none');
  });

  it('gives a staff member no session from a password reset link: they sign in as staff after it', async () => {
    const doctor = await staffUser('doctor');
    await new Browser(ctx.app).post('/api/auth/password-reset', { email: doctor.email });
    const url = (await lastMessage(ctx.app, doctor.email))?.body.match(/https?:\/\/\S+/)?.[0];
    const token = new URL(url!).hash.replace('#token=', '');
    const browser = new Browser(ctx.app);
    const done = await browser.post('/api/auth/password-reset/complete', { token, password: 'Brand#NewPass77' });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ staffSignIn: true, redirectTo: '/staff/sign-in' });
    expect((await browser.get('/api/session')).json().kind).toBe('none');
    // The new password then leads to the code step.
    const first = await browser.post('/api/auth/login', { email: doctor.email, password: 'Brand#NewPass77' });
    expect(first.json().secondFactor.required).toBe(true);
  });

  it('signs a patient in with the password at once, as before', async () => {
    const patient = account('patient');
    const browser = new Browser(ctx.app);
    const res = await browser.post('/api/auth/login', { email: patient.email, password: patient.password });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ role: 'patient' });
    expect(res.json().secondFactor).toBeUndefined();
    expect((await browser.get('/api/session')).json()).toMatchObject({ kind: 'user', role: 'patient', staff: false });
  });
});
