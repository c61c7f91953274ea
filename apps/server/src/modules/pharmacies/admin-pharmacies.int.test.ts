// issue 18 (people): the operator's partner pharmacies and their pharmacists. A partner pharmacy is
// one storefront's mail-order pharmacy (one per storefront); the operator lists, adds and edits the
// company's (NPI with its check digit, phone, fax, address), invites pharmacists by mail (a single-use
// link to set a password, then staff sign-in with a code) and removes them; every change audited with
// before and after; bad input a 400 beside its field with nothing changed; nothing of another company.
import { randomUUID } from 'node:crypto';
import { ADMIN_PEOPLE_MESSAGES, MESSAGES, npiFromFirstNine } from '@store/domain';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { otherCompany, signedInAdmin, type AdminClient } from '../../../test/admin.ts';
import { createTestApp, TestBrowser, type TestContext } from '../../../test/app.ts';
import { signedInPatient } from '../../../test/patients.ts';
import { signedInDoctor } from '../../../test/reviews.ts';
import { auditEvents } from '../../db/schema/audit.ts';
import { users } from '../../db/schema/auth.ts';
import { pharmacies } from '../../db/schema/pharmacies.ts';
import { storefronts } from '../../db/schema/storefronts.ts';
import { DEMO_COMPANY_ID, EVERGREEN_ID } from '../../db/seed/storefronts.ts';
import { Browser, lastCode, lastMessage } from '../auth/auth.test-helpers.ts';

let ctx: TestContext;
let admin: AdminClient;
let other: Awaited<ReturnType<typeof otherCompany>>;
let evergreenPartner: string;
beforeAll(async () => {
  ctx = await createTestApp({ OTP_RESEND_SECONDS: 0 });
  other = await otherCompany(ctx);
  const [row] = await ctx.database.db
    .select({ id: pharmacies.id })
    .from(pharmacies)
    .where(and(eq(pharmacies.isPartner, true), eq(pharmacies.storefrontId, EVERGREEN_ID)));
  evergreenPartner = row!.id;
});
afterAll(() => ctx.close());
beforeEach(async () => {
  ctx.clock.advance(1_000);
  admin = await signedInAdmin(ctx);
});

/** A third storefront of the demo company, with no partner pharmacy yet. */
async function newStorefront(companyId = DEMO_COMPANY_ID): Promise<string> {
  const [row] = await ctx.database.db
    .insert(storefronts)
    .values({ companyId, name: 'Third Brand', slug: `third-${randomUUID().slice(0, 8)}` })
    .returning({ id: storefronts.id });
  ctx.app.services.storefronts.invalidate();
  return row!.id;
}

/** A valid NPI no other pharmacy has (starts with 1, nine random digits then the check digit). */
const freshNpi = () => npiFromFirstNine(`1${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`);
const partner = (storefrontId: string, overrides: Record<string, unknown> = {}) => ({
  name: 'Harbor Mail Pharmacy',
  address: '100 Harbor Way',
  city: 'Austin',
  state: 'TX',
  zip: '78701',
  phone: '(512) 555-0100',
  fax: '512-555-0101',
  npi: freshNpi(),
  storefrontId,
  ...overrides,
});

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

describe('partner pharmacies (issue 18)', () => {
  it("lists the company's partner pharmacies only, paged", async () => {
    const list = await admin.get('/api/admin/pharmacies?pageSize=10');
    expect(list.statusCode).toBe(200);
    const body = list.json();
    expect(body.page).toBe(1);
    expect(body.items.map((p: { id: string }) => p.id)).toContain(evergreenPartner);
    expect(body.items.every((p: { storefrontId: string }) => p.storefrontId !== other.storefrontId)).toBe(true);
    expect((await other.admin.get('/api/admin/pharmacies')).json().items.map((p: { id: string }) => p.id)).not.toContain(evergreenPartner);
  });

  it('adds a partner for a storefront without one, audited; refuses a second partner, a listed NPI and bad fields beside each', async () => {
    const storefrontId = await newStorefront();
    const input = partner(storefrontId);
    const created = await admin.post('/api/admin/pharmacies', input);
    expect(created.statusCode).toBe(201);
    const id = created.json().id as string;
    expect(created.json()).toMatchObject({ name: 'Harbor Mail Pharmacy', phone: '5125550100', fax: '5125550101', npi: input.npi, storefrontId, state: 'TX' });
    expect((await lastAudit('admin.pharmacy.created', id))!.details).toMatchObject({ before: null, after: { name: 'Harbor Mail Pharmacy', npi: input.npi, storefrontId } });
    const [row] = await ctx.database.db.select().from(pharmacies).where(eq(pharmacies.id, id));
    expect(row).toMatchObject({ isPartner: true, isPatientCreated: false });
    expect(row!.latitude).not.toBeNull();

    const second = await admin.post('/api/admin/pharmacies', partner(storefrontId));
    expect(second.statusCode).toBe(409);
    expect(fields(second)).toEqual({ storefrontId: ADMIN_PEOPLE_MESSAGES.PARTNER_EXISTS });
    const sameNpi = await admin.post('/api/admin/pharmacies', partner(await newStorefront(), { npi: input.npi }));
    expect(sameNpi.statusCode).toBe(409);
    expect(fields(sameNpi)).toEqual({ npi: ADMIN_PEOPLE_MESSAGES.NPI_TAKEN });

    const bad = await admin.post('/api/admin/pharmacies', partner(await newStorefront(), { npi: '1234567890', phone: '123', fax: '55', zip: 'ABCDE', state: 'ZZ', name: '' }));
    expect(bad.statusCode).toBe(400);
    expect(fields(bad)).toMatchObject({ npi: MESSAGES.NPI_INVALID, phone: MESSAGES.PHONE_NUMBER_FORMAT, fax: MESSAGES.PHONE_NUMBER_FORMAT, zip: MESSAGES.ZIP_INVALID, state: MESSAGES.STATE_INVALID, name: MESSAGES.PHARMACY_NAME_REQUIRED });
  });

  it('edits a partner with the changed fields audited; a bad edit changes nothing', async () => {
    const storefrontId = await newStorefront();
    const input = partner(storefrontId);
    const id = (await admin.post('/api/admin/pharmacies', input)).json().id as string;
    const edited = await admin.put(`/api/admin/pharmacies/${id}`, { ...input, name: 'Harbor Rx', fax: '' });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ name: 'Harbor Rx', fax: null });
    expect((await lastAudit('admin.pharmacy.updated', id))!.details).toEqual({ before: { name: 'Harbor Mail Pharmacy', fax: '5125550101' }, after: { name: 'Harbor Rx', fax: null } });
    const bad = await admin.put(`/api/admin/pharmacies/${id}`, { ...input, npi: '123' });
    expect(bad.statusCode).toBe(400);
    expect(fields(bad)).toEqual({ npi: MESSAGES.NPI_INVALID });
    expect((await admin.get(`/api/admin/pharmacies/${id}`)).json()).toMatchObject({ name: 'Harbor Rx', npi: input.npi });
    // Moving it onto a storefront that has a partner is refused beside the field.
    const moved = await admin.put(`/api/admin/pharmacies/${id}`, { ...input, storefrontId: EVERGREEN_ID });
    expect(moved.statusCode).toBe(409);
    expect(fields(moved)).toEqual({ storefrontId: ADMIN_PEOPLE_MESSAGES.PARTNER_EXISTS });
  });

  it('is a 404 to nobody, a patient and a doctor, and to an admin of another company (and takes no storefront of theirs)', async () => {
    const patient = await signedInPatient(ctx);
    const doctor = await signedInDoctor(ctx, ['CA']);
    for (const client of [new TestBrowser(ctx.app), patient, doctor]) {
      expect((await client.get('/api/admin/pharmacies')).statusCode).toBe(404);
      expect((await client.get(`/api/admin/pharmacies/${evergreenPartner}`)).statusCode).toBe(404);
      expect((await client.get(`/api/admin/pharmacies/${evergreenPartner}/staff`)).statusCode).toBe(404);
      expect((await client.post('/api/admin/pharmacies', partner(EVERGREEN_ID))).statusCode).toBe(404);
      expect((await client.post(`/api/admin/pharmacies/${evergreenPartner}/staff`, { firstName: 'Pat', lastName: 'Lee', email: `p.${randomUUID()}@example.com` })).statusCode).toBe(404);
    }
    const theirs = other.admin;
    const [before] = await ctx.database.db.select().from(pharmacies).where(eq(pharmacies.id, evergreenPartner));
    expect((await theirs.get(`/api/admin/pharmacies/${evergreenPartner}`)).statusCode).toBe(404);
    expect((await theirs.put(`/api/admin/pharmacies/${evergreenPartner}`, partner(other.storefrontId, { npi: before!.npi }))).statusCode).toBe(404);
    expect((await theirs.get(`/api/admin/pharmacies/${evergreenPartner}/staff`)).statusCode).toBe(404);
    expect((await theirs.post(`/api/admin/pharmacies/${evergreenPartner}/staff`, { firstName: 'Pat', lastName: 'Lee', email: `p.${randomUUID()}@example.com` })).statusCode).toBe(404);
    const [after] = await ctx.database.db.select().from(pharmacies).where(eq(pharmacies.id, evergreenPartner));
    expect(after).toEqual(before);
    // Our admin cannot make a pharmacy the partner of their storefront.
    expect((await admin.post('/api/admin/pharmacies', partner(other.storefrontId))).statusCode).toBe(404);
    // A directory pharmacy is not a partner: 404 here too.
    const [directory] = await ctx.database.db.select({ id: pharmacies.id }).from(pharmacies).where(and(eq(pharmacies.isPartner, false), eq(pharmacies.isPatientCreated, false))).limit(1);
    expect((await admin.get(`/api/admin/pharmacies/${directory!.id}`)).statusCode).toBe(404);
  });
});

describe("a partner pharmacy's pharmacists (issue 18)", () => {
  it('invites a pharmacist by mail; they set a password once, sign in with password and code, and see their pharmacy; removed, they are out', async () => {
    const email = `pharm.${randomUUID()}@example.com`;
    const res = await admin.post(`/api/admin/pharmacies/${evergreenPartner}/staff`, { firstName: 'Pat', lastName: 'Lee', email });
    expect(res.statusCode).toBe(201);
    const userId = res.json().userId as string;
    expect((await lastAudit('admin.pharmacist.invited', evergreenPartner))!.details).toMatchObject({ before: null, after: { userId, role: 'pharmacist' } });
    const staff = (await admin.get(`/api/admin/pharmacies/${evergreenPartner}/staff?pageSize=100`)).json();
    expect(staff.items.find((s: { userId: string }) => s.userId === userId)).toMatchObject({ firstName: 'Pat', lastName: 'Lee', email, invitePending: true });

    const token = (await lastMessage(ctx.app, email))!.body.match(/reset-password#token=([\w-]+)/)![1]!;
    const browser = new Browser(ctx.app);
    expect((await browser.post('/api/auth/password-reset/complete', { token, password: 'Pharm#Invite2026' })).json()).toEqual({ staffSignIn: true, redirectTo: '/staff/sign-in' });
    expect((await browser.post('/api/auth/password-reset/complete', { token, password: 'Pharm#Invite2027' })).statusCode).toBe(400);
    // The outbox lists newest first by time: the code's mail comes a second after the invitation's.
    ctx.clock.advance(1_000);
    await browser.post('/api/auth/login', { email, password: 'Pharm#Invite2026' });
    const verified = await browser.post('/api/auth/staff/verify-code', { email, code: await lastCode(ctx.app, email) });
    expect(verified.json()).toMatchObject({ role: 'pharmacist' });
    expect((await browser.get('/api/pharmacy/me')).statusCode).toBe(200);

    expect((await other.admin.delete(`/api/admin/pharmacies/${evergreenPartner}/staff/${userId}`)).statusCode).toBe(404);
    const removed = await admin.delete(`/api/admin/pharmacies/${evergreenPartner}/staff/${userId}`);
    expect(removed.statusCode).toBe(204);
    expect((await lastAudit('admin.pharmacist.removed', evergreenPartner))!.details).toMatchObject({ before: { userId, role: 'pharmacist' }, after: null });
    expect((await browser.get('/api/pharmacy/me')).statusCode).toBe(404);
    expect((await admin.delete(`/api/admin/pharmacies/${evergreenPartner}/staff/${userId}`)).statusCode).toBe(404);
  });

  it('refuses bad fields beside each and a known address, creating nothing', async () => {
    const bad = await admin.post(`/api/admin/pharmacies/${evergreenPartner}/staff`, { firstName: 'P', lastName: '', email: 'nope' });
    expect(bad.statusCode).toBe(400);
    expect(fields(bad)).toMatchObject({ firstName: MESSAGES.FIRST_NAME_INVALID, lastName: MESSAGES.LAST_NAME_INVALID, email: MESSAGES.EMAIL_INVALID });
    const email = `pharm.${randomUUID()}@example.com`;
    expect((await admin.post(`/api/admin/pharmacies/${evergreenPartner}/staff`, { firstName: 'Pat', lastName: 'Lee', email })).statusCode).toBe(201);
    const dup = await admin.post(`/api/admin/pharmacies/${evergreenPartner}/staff`, { firstName: 'Pat', lastName: 'Lee', email });
    expect(dup.statusCode).toBe(409);
    expect(fields(dup)).toEqual({ email: MESSAGES.ACCOUNT_EXISTS_SHORT });
    expect(await ctx.database.db.select().from(users).where(eq(users.email, email))).toHaveLength(1);
  });
});
