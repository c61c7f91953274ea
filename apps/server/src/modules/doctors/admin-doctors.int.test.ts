// issue 18 (people): the operator's doctors. An admin invites a doctor (account + doctor row + a
// single-use, expiring set-your-password link by mail), edits the profile, licences by state,
// weekly availability and exceptions, and the storefront they serve; every change audited with
// before and after; bad input is a 400 beside its field with nothing changed; nobody but an admin
// of the company reaches any of it (404), and no id of another company is accepted.
import { randomUUID } from 'node:crypto';
import { ADMIN_PEOPLE_MESSAGES, MESSAGES, STAFF_INVITE_TTL_HOURS } from '@store/domain';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { otherCompany, signedInAdmin, type AdminClient } from '../../../test/admin.ts';
import { createTestApp, TestBrowser, type TestContext } from '../../../test/app.ts';
import { signedInPatient } from '../../../test/patients.ts';
import { signedInDoctor } from '../../../test/reviews.ts';
import { auditEvents } from '../../db/schema/audit.ts';
import { users } from '../../db/schema/auth.ts';
import { doctors } from '../../db/schema/doctors.ts';
import { EVERGREEN_ID, LUMEN_ID } from '../../db/seed/storefronts.ts';
import { Browser, lastCode, lastMessage } from '../auth/auth.test-helpers.ts';

let ctx: TestContext;
let admin: AdminClient;
let other: Awaited<ReturnType<typeof otherCompany>>;
beforeAll(async () => {
  ctx = await createTestApp({ OTP_RESEND_SECONDS: 0 });
  admin = await signedInAdmin(ctx);
  other = await otherCompany(ctx);
});
afterAll(() => ctx.close());
// A fresh admin session each test: the expiry test moves the clock days on.
beforeEach(async () => {
  ctx.clock.advance(1_000);
  admin = await signedInAdmin(ctx);
});

const PASSWORD = 'Doctor#Invite2026';
const invite = (overrides: Record<string, unknown> = {}) => ({
  firstName: 'Nia',
  lastName: 'Okafor',
  email: `nia.${randomUUID()}@example.com`,
  credentials: 'MD',
  npi: '1234567893',
  timeZone: 'America/Denver',
  storefrontId: null,
  ...overrides,
});

async function invited(overrides: Record<string, unknown> = {}) {
  const body = invite(overrides);
  const res = await admin.post('/api/admin/doctors', body);
  expect(res.statusCode).toBe(201);
  return { id: res.json().id as string, email: body.email as string };
}

const tokenIn = async (email: string) => {
  const mail = await lastMessage(ctx.app, email);
  const token = mail?.body.match(/reset-password#token=([\w-]+)/)?.[1];
  if (!token) throw new Error(`no invite link in the outbox for ${email}`);
  return token;
};

async function lastAudit(action: string, subjectId: string) {
  const [row] = await ctx.database.db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.action, action), eq(auditEvents.subjectId, subjectId)))
    .orderBy(desc(auditEvents.at))
    .limit(1);
  return row;
}

const fields = (res: { json(): { errors?: { field: string; message: string }[] } }) =>
  Object.fromEntries((res.json().errors ?? []).map((e) => [e.field, e.message]));

describe('who reaches /api/admin/doctors (issue 18: 404 to anyone but an admin of the company)', () => {
  it('is a 404 to nobody, a patient and a doctor (valid requests; the schemas run before the identity is known)', async () => {
    const { id } = await invited();
    const patient = await signedInPatient(ctx);
    const doctor = await signedInDoctor(ctx, ['CA']);
    const nobody = new TestBrowser(ctx.app);
    for (const client of [nobody, patient, doctor]) {
      expect((await client.get('/api/admin/doctors')).statusCode).toBe(404);
      expect((await client.get(`/api/admin/doctors/${id}`)).statusCode).toBe(404);
      expect((await client.post('/api/admin/doctors', invite())).statusCode).toBe(404);
      if ('put' in client) expect((await client.put(`/api/admin/doctors/${id}/availability`, { rules: [] })).statusCode).toBe(404);
      expect((await client.post(`/api/admin/doctors/${id}/licenses`, { state: 'TX' })).statusCode).toBe(404);
      expect((await client.delete(`/api/admin/doctors/${id}/licenses/TX`)).statusCode).toBe(404);
    }
  });

  it("gives an admin of another company nothing of ours, read or write, and takes no storefront of theirs", async () => {
    const { id } = await invited();
    const theirs = other.admin;
    expect((await theirs.get(`/api/admin/doctors/${id}`)).statusCode).toBe(404);
    expect((await theirs.put(`/api/admin/doctors/${id}`, { name: 'X Y', credentials: 'MD', npi: '', bio: '', timeZone: 'America/Chicago', active: false })).statusCode).toBe(404);
    expect((await theirs.put(`/api/admin/doctors/${id}/storefront`, { storefrontId: null })).statusCode).toBe(404);
    expect((await theirs.post(`/api/admin/doctors/${id}/licenses`, { state: 'TX' })).statusCode).toBe(404);
    expect((await theirs.put(`/api/admin/doctors/${id}/availability`, { rules: [] })).statusCode).toBe(404);
    expect((await theirs.post(`/api/admin/doctors/${id}/exceptions`, { date: '2027-01-01', allDay: true })).statusCode).toBe(404);
    expect((await theirs.post(`/api/admin/doctors/${id}/invite`)).statusCode).toBe(404);
    const list = (await theirs.get('/api/admin/doctors?pageSize=100')).json();
    expect(list.items.map((d: { id: string }) => d.id)).not.toContain(id);
    const [row] = await ctx.database.db.select().from(doctors).where(eq(doctors.id, id));
    expect(row!.active).toBe(true);

    // Our admin cannot put a doctor on their storefront, nor invite one for it.
    expect((await admin.put(`/api/admin/doctors/${id}/storefront`, { storefrontId: other.storefrontId })).statusCode).toBe(404);
    const email = `x.${randomUUID()}@example.com`;
    expect((await admin.post('/api/admin/doctors', invite({ email, storefrontId: other.storefrontId }))).statusCode).toBe(404);
    expect(await ctx.database.db.select().from(users).where(eq(users.email, email))).toHaveLength(0);
  });
});

describe('inviting a doctor (issue 18: the invite link, then password + code like all staff)', () => {
  it('mails a single-use link; the doctor sets a password, signs in with password and code, and reaches the doctor area', async () => {
    const { id, email } = await invited({ storefrontId: EVERGREEN_ID });
    const listed = (await admin.get(`/api/admin/doctors?q=okafor&pageSize=100`)).json();
    expect(listed.items.find((d: { id: string }) => d.id === id)).toMatchObject({ name: 'Nia Okafor', credentials: 'MD', invitePending: true, storefrontId: EVERGREEN_ID, states: [] });
    const detail = (await admin.get(`/api/admin/doctors/${id}`)).json();
    expect(detail).toMatchObject({ email, npi: '1234567893', timeZone: 'America/Denver', active: true });

    const audit = await lastAudit('admin.doctor.invited', id);
    expect(audit!.actorId).toBe(admin.userId);
    expect(audit!.details).toMatchObject({ before: null, after: { name: 'Nia Okafor', credentials: 'MD', npi: '1234567893', timeZone: 'America/Denver', active: true, storefrontId: EVERGREEN_ID } });
    expect(JSON.stringify(audit!.details)).not.toContain(email);
    expect((await lastAudit('admin.staff.invite_sent', id))!.details).toMatchObject({ delivered: true });

    const mail = await lastMessage(ctx.app, email);
    expect(mail!.subject).toMatch(/invited/i);
    const token = await tokenIn(email);
    const browser = new Browser(ctx.app);
    expect((await browser.post('/api/auth/password-reset/validate', { token })).json()).toEqual({ valid: true });
    const set = await browser.post('/api/auth/password-reset/complete', { token, password: PASSWORD });
    expect(set.statusCode).toBe(200);
    expect(set.json()).toEqual({ staffSignIn: true, redirectTo: '/staff/sign-in' });
    // Single use.
    const again = await new Browser(ctx.app).post('/api/auth/password-reset/complete', { token, password: 'Another#Pass2026' });
    expect(again.statusCode).toBe(400);
    expect(again.json().code).toBe('RESET_LINK_INVALID');

    // The outbox lists newest first by time: the code's mail comes a second after the invitation's.
    ctx.clock.advance(1_000);
    const first = await browser.post('/api/auth/login', { email, password: PASSWORD });
    expect(first.json().secondFactor.required).toBe(true);
    const verified = await browser.post('/api/auth/staff/verify-code', { email, code: await lastCode(ctx.app, email) });
    expect(verified.statusCode).toBe(200);
    expect(verified.json()).toMatchObject({ role: 'doctor' });
    expect((await browser.get('/api/doctor/queue')).statusCode).toBe(200);

    expect((await admin.get(`/api/admin/doctors/${id}`)).json().invitePending).toBe(false);
    // A doctor who set a password gets no new invitation (they reset it themselves).
    const resend = await admin.post(`/api/admin/doctors/${id}/invite`);
    expect(resend.statusCode).toBe(409);
    expect(resend.json().detail).toBe(ADMIN_PEOPLE_MESSAGES.INVITE_ACCEPTED);
  });

  it(`expires the link after ${STAFF_INVITE_TTL_HOURS} hours; a resent link replaces the old one`, async () => {
    const { id, email } = await invited();
    const token = await tokenIn(email);
    ctx.clock.advance(STAFF_INVITE_TTL_HOURS * 3_600_000 + 1_000);
    const browser = new Browser(ctx.app);
    expect((await browser.post('/api/auth/password-reset/validate', { token })).json()).toEqual({ valid: false });
    expect((await browser.post('/api/auth/password-reset/complete', { token, password: PASSWORD })).statusCode).toBe(400);

    admin = await signedInAdmin(ctx);
    expect((await admin.post(`/api/admin/doctors/${id}/invite`)).json()).toEqual({ delivered: true });
    const fresh = await tokenIn(email);
    expect(fresh).not.toBe(token);
    expect((await browser.post('/api/auth/password-reset/validate', { token: fresh })).json()).toEqual({ valid: true });
  });

  it('refuses bad fields beside each field and creates nothing; a known address is a 409 beside email', async () => {
    const email = `bad.${randomUUID()}@example.com`;
    const res = await admin.post('/api/admin/doctors', invite({ email: 'not-an-email', firstName: 'N', npi: '1234567890', timeZone: 'Mars/Olympus', credentials: '' }));
    expect(res.statusCode).toBe(400);
    expect(fields(res)).toMatchObject({
      email: MESSAGES.EMAIL_INVALID,
      firstName: MESSAGES.FIRST_NAME_INVALID,
      npi: MESSAGES.NPI_INVALID,
      timeZone: MESSAGES.TIME_ZONE_INVALID,
      credentials: ADMIN_PEOPLE_MESSAGES.CREDENTIALS_INVALID,
    });
    const before = (await admin.get('/api/admin/doctors?pageSize=100')).json().total;
    const { email: taken } = await invited({ email });
    const dup = await admin.post('/api/admin/doctors', invite({ email: taken.toUpperCase() }));
    expect(dup.statusCode).toBe(409);
    expect(fields(dup)).toEqual({ email: MESSAGES.ACCOUNT_EXISTS_SHORT });
    expect((await admin.get('/api/admin/doctors?pageSize=100')).json().total).toBe(before + 1);
  });
});

describe("a doctor's profile, licences, availability and storefront", () => {
  it('edits the profile with before/after audited; inactive takes them out of the storefront and the review queue', async () => {
    const doctor = await signedInDoctor(ctx, ['CA']);
    const profile = { name: 'Dr. Ana Ruiz-Park', credentials: 'DO', npi: '', bio: 'Family medicine.', timeZone: 'America/Chicago', active: true };
    const res = await admin.put(`/api/admin/doctors/${doctor.id}`, profile);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ name: 'Dr. Ana Ruiz-Park', credentials: 'DO', npi: null, bio: 'Family medicine.' });
    const audit = await lastAudit('admin.doctor.updated', doctor.id);
    expect(audit!.details).toMatchObject({ before: { name: 'Dr. Ana Ruiz', credentials: 'MD', bio: '' }, after: { name: 'Dr. Ana Ruiz-Park', credentials: 'DO', bio: 'Family medicine.' } });
    expect(Object.keys((audit!.details as { after: object }).after).sort()).toEqual(['bio', 'credentials', 'name']);

    const patientSide = new TestBrowser(ctx.app);
    const ids = async () => ((await patientSide.get('/api/doctors?state=CA')).json() as { id: string }[]).map((d) => d.id);
    expect(await ids()).toContain(doctor.id);
    expect((await doctor.get('/api/doctor/queue')).statusCode).toBe(200);
    expect((await admin.put(`/api/admin/doctors/${doctor.id}`, { ...profile, active: false })).statusCode).toBe(200);
    expect(await ids()).not.toContain(doctor.id);
    expect((await doctor.get('/api/doctor/queue')).statusCode).toBe(404);
    expect((await lastAudit('admin.doctor.updated', doctor.id))!.details).toMatchObject({ before: { active: true }, after: { active: false } });
  });

  it('refuses a bad profile beside its fields and changes nothing', async () => {
    const doctor = await signedInDoctor(ctx, []);
    const res = await admin.put(`/api/admin/doctors/${doctor.id}`, { name: 'A', credentials: 'MD', npi: '12', bio: 'x'.repeat(2001), timeZone: 'Nowhere', active: true });
    expect(res.statusCode).toBe(400);
    expect(fields(res)).toMatchObject({ name: ADMIN_PEOPLE_MESSAGES.DOCTOR_NAME_INVALID, npi: MESSAGES.NPI_INVALID, bio: ADMIN_PEOPLE_MESSAGES.BIO_TOO_LONG, timeZone: MESSAGES.TIME_ZONE_INVALID });
    expect((await admin.get(`/api/admin/doctors/${doctor.id}`)).json()).toMatchObject({ name: 'Dr. Ana Ruiz', npi: null, bio: '' });
    expect(await lastAudit('admin.doctor.updated', doctor.id)).toBeUndefined();
  });

  it('adds and removes state licences (the list shows them), refusing a bad state and a second licence in one state', async () => {
    const { id } = await invited();
    const added = await admin.post(`/api/admin/doctors/${id}/licenses`, { state: 'tx', licenseNumber: 'TX-4471' });
    expect(added.statusCode).toBe(201);
    expect(added.json().licenses).toEqual([{ state: 'TX', licenseNumber: 'TX-4471' }]);
    expect((await lastAudit('admin.doctor.license_added', id))!.details).toMatchObject({ before: null, after: { state: 'TX', licenseNumber: 'TX-4471' } });
    const list = (await admin.get('/api/admin/doctors?q=okafor&pageSize=100')).json();
    expect(list.items.find((d: { id: string }) => d.id === id).states).toEqual(['TX']);

    const dup = await admin.post(`/api/admin/doctors/${id}/licenses`, { state: 'TX' });
    expect(dup.statusCode).toBe(409);
    expect(fields(dup)).toEqual({ state: ADMIN_PEOPLE_MESSAGES.LICENSE_EXISTS });
    const bad = await admin.post(`/api/admin/doctors/${id}/licenses`, { state: 'ZZ' });
    expect(bad.statusCode).toBe(400);
    expect(fields(bad)).toEqual({ state: MESSAGES.STATE_INVALID });

    const removed = await admin.delete(`/api/admin/doctors/${id}/licenses/TX`);
    expect(removed.statusCode).toBe(200);
    expect(removed.json().states).toEqual([]);
    expect((await lastAudit('admin.doctor.license_removed', id))!.details).toMatchObject({ before: { state: 'TX', licenseNumber: 'TX-4471' }, after: null });
    expect((await admin.delete(`/api/admin/doctors/${id}/licenses/TX`)).statusCode).toBe(404);
  });

  it('replaces the weekly rules (HH:MM in the doctor zone), refusing overlaps and backwards windows with nothing changed', async () => {
    const { id } = await invited();
    const rules = [
      { weekday: 1, start: '09:00', end: '12:00' },
      { weekday: 1, start: '13:00', end: '17:00' },
      { weekday: 3, start: '08:30', end: '24:00' },
    ];
    const res = await admin.put(`/api/admin/doctors/${id}/availability`, { rules });
    expect(res.statusCode).toBe(200);
    expect(res.json().rules).toEqual(rules);
    expect((await lastAudit('admin.doctor.availability_changed', id))!.details).toMatchObject({
      before: { rules: [] },
      after: { rules: ['1 09:00-12:00', '1 13:00-17:00', '3 08:30-24:00'] },
    });

    const overlap = await admin.put(`/api/admin/doctors/${id}/availability`, { rules: [{ weekday: 2, start: '09:00', end: '12:00' }, { weekday: 2, start: '11:00', end: '13:00' }] });
    expect(overlap.statusCode).toBe(400);
    expect(fields(overlap)).toEqual({ 'rules.1.start': ADMIN_PEOPLE_MESSAGES.WINDOW_OVERLAP });
    const backwards = await admin.put(`/api/admin/doctors/${id}/availability`, { rules: [{ weekday: 2, start: '12:00', end: '09:00' }, { weekday: 9, start: '25:00', end: '26:00' }] });
    expect(backwards.statusCode).toBe(400);
    expect(fields(backwards)).toMatchObject({ 'rules.0.end': ADMIN_PEOPLE_MESSAGES.WINDOW_ORDER, 'rules.1.start': ADMIN_PEOPLE_MESSAGES.TIME_INVALID });
    expect((await admin.get(`/api/admin/doctors/${id}`)).json().rules).toEqual(rules);
  });

  it('adds a day off and a day of its own hours, removes one, and refuses a bad date or window', async () => {
    const { id } = await invited();
    const off = await admin.post(`/api/admin/doctors/${id}/exceptions`, { date: '2027-07-04', allDay: true, note: 'Holiday' });
    expect(off.statusCode).toBe(201);
    const extra = await admin.post(`/api/admin/doctors/${id}/exceptions`, { date: '2027-07-10', allDay: false, start: '10:00', end: '14:00' });
    const list = extra.json().exceptions;
    expect(list).toMatchObject([
      { date: '2027-07-04', start: null, end: null, note: 'Holiday' },
      { date: '2027-07-10', start: '10:00', end: '14:00', note: null },
    ]);
    expect((await lastAudit('admin.doctor.exception_added', id))!.details).toMatchObject({ before: null, after: { date: '2027-07-10', startMinute: 600, endMinute: 840 } });

    const bad = await admin.post(`/api/admin/doctors/${id}/exceptions`, { date: '2027-13-40', allDay: false, start: '14:00', end: '10:00' });
    expect(bad.statusCode).toBe(400);
    expect(fields(bad)).toMatchObject({ date: ADMIN_PEOPLE_MESSAGES.DATE_INVALID, end: ADMIN_PEOPLE_MESSAGES.WINDOW_ORDER });

    const removed = await admin.delete(`/api/admin/doctors/${id}/exceptions/${list[0].id}`);
    expect(removed.json().exceptions).toHaveLength(1);
    expect((await lastAudit('admin.doctor.exception_removed', id))!.details).toMatchObject({ before: { date: '2027-07-04', note: 'Holiday' }, after: null });
    expect((await admin.delete(`/api/admin/doctors/${id}/exceptions/${list[0].id}`)).statusCode).toBe(404);
  });

  it('moves a doctor to one storefront of the company and back to all, audited', async () => {
    const { id } = await invited();
    const one = await admin.put(`/api/admin/doctors/${id}/storefront`, { storefrontId: LUMEN_ID });
    expect(one.json().storefrontId).toBe(LUMEN_ID);
    expect((await lastAudit('admin.doctor.storefront_changed', id))!.details).toEqual({ before: { storefrontId: null }, after: { storefrontId: LUMEN_ID } });
    expect((await admin.put(`/api/admin/doctors/${id}/storefront`, { storefrontId: null })).json().storefrontId).toBeNull();
    expect((await admin.put(`/api/admin/doctors/${id}/storefront`, { storefrontId: randomUUID() })).statusCode).toBe(404);
  });
});

describe('the doctors list', () => {
  it('pages on the server and searches by name', async () => {
    const tag = randomUUID().slice(0, 6);
    for (const n of ['Alpha', 'Bravo', 'Charlie']) await invited({ firstName: `${n}${tag}`, lastName: 'Page' });
    const page1 = (await admin.get(`/api/admin/doctors?q=${tag}&page=1&pageSize=10`)).json();
    expect(page1.total).toBe(3);
    expect(page1.items.map((d: { name: string }) => d.name)).toEqual([`Alpha${tag} Page`, `Bravo${tag} Page`, `Charlie${tag} Page`]);
    const all = (await admin.get('/api/admin/doctors?page=2&pageSize=10')).json();
    expect(all.page).toBe(2);
    expect(all.total).toBeGreaterThan(10);
    expect(all.items.length).toBeLessThanOrEqual(10);
    expect((await admin.get('/api/admin/doctors?pageSize=7')).statusCode).toBe(400);
  });
});
