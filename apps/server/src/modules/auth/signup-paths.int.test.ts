// SPEC §1, §6, §7: the other ways in — join-the-movement, a provider's invite link, an ECP
// (e-prescribing) link with people id and guid, registration by intake email and intake validation.
import { randomBytes, randomUUID } from 'node:crypto';
import { MESSAGES } from '@store/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/app.ts';
import { ecpInvitations, users } from '../../db/schema/auth.ts';
import { products } from '../../db/schema/catalog.ts';
import { DEMO_ACCOUNTS, DEMO_ECP } from '../../db/seed/accounts-info.ts';
import { EVERGREEN_ID } from '../../db/seed/storefronts.ts';
import {
  Browser,
  GOOD_PASSWORD,
  lastMessage,
  registration,
  signInStaff,
  uniqueEmail,
} from './auth.test-helpers.ts';
import { signInvite } from './invites.ts';

let ctx: TestContext;
const SECRET = randomBytes(32).toString('base64url');
beforeAll(async () => {
  ctx = await createTestApp({ AUTH_SECRET: SECRET });
});
afterAll(() => ctx.close());

const doctorAccount = DEMO_ACCOUNTS.find((a) => a.role === 'doctor')!;
const userByEmail = async (email: string) =>
  (await ctx.database.db.select().from(users).where(eq(users.email, email)))[0];

async function doctorInvite(days?: number) {
  const doctor = new Browser(ctx.app);
  // Staff sign in with the password plus the mailed code (issue 15).
  await signInStaff(doctor, ctx, doctorAccount);
  const res = await doctor.post('/api/auth/invites', days ? { days } : {});
  expect(res.statusCode).toBe(201);
  return res.json() as { token: string; url: string; expiresAt: string };
}

async function ecpInvitation(overrides: Partial<typeof ecpInvitations.$inferInsert> = {}) {
  const [row] = await ctx.database.db
    .insert(ecpInvitations)
    .values({
      guid: randomUUID(),
      peopleId: `P-${Math.floor(Math.random() * 1e9)}`,
      storefrontId: EVERGREEN_ID,
      email: uniqueEmail('ecp'),
      firstName: 'Jamie',
      lastName: 'Reyes',
      phone: '5550001111',
      productId: null,
      ...overrides,
    })
    .returning();
  return row!;
}

describe('join the movement', () => {
  it('registers with the marketing choice and logs in (SPEC §7 register join-the-movement)', async () => {
    const body = registration({ marketingOptIn: true });
    const browser = new Browser(ctx.app);
    const res = await browser.post('/api/auth/register/join', body);
    expect(res.statusCode).toBe(201);
    expect((await browser.get('/api/session')).json().kind).toBe('user');
    expect(await userByEmail(body.email)).toMatchObject({
      signupSource: 'join',
      marketingOptIn: true,
    });
  });

  it('answers the duplicate-account message', async () => {
    const body = registration();
    await new Browser(ctx.app).post('/api/auth/register', body);
    const res = await new Browser(ctx.app).post('/api/auth/register/join', body);
    expect(res.json().detail).toBe(MESSAGES.ACCOUNT_EXISTS);
  });
});

describe('provider invite link', () => {
  it('a doctor makes a signed, expiring link; the patient sees who invited them and registers', async () => {
    const invite = await doctorInvite();
    expect(invite.url).toMatch(/^http:\/\/localhost:3000\/register\/invite\?invite=/);
    expect(new Date(invite.expiresAt).getTime() - ctx.clock.now.getTime()).toBe(30 * 86_400_000);

    const browser = new Browser(ctx.app);
    const seen = await browser.post('/api/auth/invites/inspect', { invite: invite.token });
    expect(seen.json().doctorName).toBe(`Dr. ${doctorAccount.firstName} ${doctorAccount.lastName}`);

    const body = registration();
    const res = await browser.post('/api/auth/register/invite', { ...body, invite: invite.token });
    expect(res.statusCode).toBe(201);
    const doctor = await userByEmail(doctorAccount.email);
    expect(await userByEmail(body.email)).toMatchObject({
      signupSource: 'invite',
      invitedByUserId: doctor!.id,
    });
  });

  it('only a doctor can make one', async () => {
    const browser = new Browser(ctx.app);
    await browser.post('/api/auth/register', registration());
    expect((await browser.post('/api/auth/invites', {})).statusCode).toBe(403);
    expect((await new Browser(ctx.app).post('/api/auth/invites', {})).statusCode).toBe(401);
  });

  it('refuses an expired, tampered, foreign-key or other-storefront invite', async () => {
    const invite = await doctorInvite(1);
    const [body, mac] = invite.token.split('.');
    const tampered = `${body!.slice(0, -2)}AA.${mac}`;
    const doctor = await userByEmail(doctorAccount.email);
    const foreign = signInvite('another-servers-secret-of-32-chars!!', {
      doctorId: doctor!.id,
      storefrontId: EVERGREEN_ID,
      expiresAt: new Date(Date.now() + 86_400_000),
    });
    for (const token of [tampered, foreign, 'nonsense', `${body}.`]) {
      const res = await new Browser(ctx.app).post('/api/auth/register/invite', {
        ...registration(),
        invite: token,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'INVITE_INVALID', detail: MESSAGES.INVITE_INVALID });
    }
    const lumen = await new Browser(ctx.app, { host: 'lumen.localhost:3000' }).post(
      '/api/auth/invites/inspect',
      { invite: invite.token },
    );
    expect(lumen.json().code).toBe('INVITE_INVALID');

    ctx.clock.advance(86_400_000 + 1_000);
    const expired = await new Browser(ctx.app).post('/api/auth/register/invite', {
      ...registration(),
      invite: invite.token,
    });
    expect(expired.json().code).toBe('INVITE_INVALID');
  });

  it('an invite naming a patient, not a doctor, is refused', async () => {
    const patient = await userByEmail(DEMO_ACCOUNTS[0]!.email);
    const res = await new Browser(ctx.app).post('/api/auth/invites/inspect', {
      invite: signInvite(SECRET, {
        doctorId: patient!.id,
        storefrontId: EVERGREEN_ID,
        expiresAt: new Date(ctx.clock.now.getTime() + 1e7),
      }),
    });
    expect(res.json().code).toBe('INVITE_INVALID');
  });
});

describe('ECP (e-prescribing) link', () => {
  it('shows the prescribed product and pre-filled details of the seeded demo link (SPEC §7 GET ECP info)', async () => {
    const res = await new Browser(ctx.app).get(
      `/api/ecp?peopleId=${DEMO_ECP.peopleId}&guid=${DEMO_ECP.guid}`,
    );
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toMatchObject({
      peopleId: DEMO_ECP.peopleId,
      patient: {
        email: DEMO_ECP.email,
        firstName: DEMO_ECP.firstName,
        lastName: DEMO_ECP.lastName,
        phone: DEMO_ECP.phone,
      },
      accountExists: false,
    });
    // The link names a product of the store's catalog (seeded before the accounts).
    const [product] = await ctx.database.db
      .select({ id: products.id })
      .from(products)
      .innerJoin(ecpInvitations, eq(ecpInvitations.productId, products.id))
      .where(eq(ecpInvitations.guid, DEMO_ECP.guid));
    expect(res.json().productId).toBe(product!.id);
    expect(res.json().product).toMatchObject({
      id: product!.id,
      title: expect.any(String),
      priceCents: expect.any(Number),
    });
  });

  it('registers the patient as ECP (isECP, ERxGUID) and uses the link up (SPEC §7 register ECP variant)', async () => {
    const invitation = await ecpInvitation();
    const browser = new Browser(ctx.app);
    const res = await browser.post('/api/auth/register', {
      ...registration({ email: invitation.email }),
      isEcp: true,
      erxGuid: invitation.guid,
      peopleId: invitation.peopleId,
    });
    expect(res.statusCode).toBe(201);
    expect((await browser.get('/api/session')).json().kind).toBe('user');
    const user = await userByEmail(invitation.email);
    expect(user).toMatchObject({ isEcp: true, erxGuid: invitation.guid, signupSource: 'ecp' });
    const [used] = await ctx.database.db
      .select()
      .from(ecpInvitations)
      .where(eq(ecpInvitations.id, invitation.id));
    expect(used).toMatchObject({ used: true, usedByUserId: user!.id });

    const again = await new Browser(ctx.app).get(
      `/api/ecp?peopleId=${invitation.peopleId}&guid=${invitation.guid}`,
    );
    expect(again.statusCode).toBe(404);
    expect(again.json().detail).toBe(MESSAGES.ECP_LINK_INVALID);
  });

  it('refuses a wrong guid, a wrong people id, another storefront or another email', async () => {
    const invitation = await ecpInvitation();
    const attempts = [
      `/api/ecp?peopleId=${invitation.peopleId}&guid=${randomUUID()}`,
      `/api/ecp?peopleId=nope&guid=${invitation.guid}`,
    ];
    for (const url of attempts) expect((await new Browser(ctx.app).get(url)).statusCode).toBe(404);
    const lumen = await new Browser(ctx.app, { host: 'lumen.localhost:3000' }).get(
      `/api/ecp?peopleId=${invitation.peopleId}&guid=${invitation.guid}`,
    );
    expect(lumen.statusCode).toBe(404);
    const otherEmail = await new Browser(ctx.app).post('/api/auth/register', {
      ...registration(),
      isEcp: true,
      erxGuid: invitation.guid,
      peopleId: invitation.peopleId,
    });
    expect(otherEmail.statusCode).toBe(404);
    expect(otherEmail.json().code).toBe('ECP_LINK_INVALID');
  });

  it('a patient who already has an account logs in and claims the prescription', async () => {
    const body = registration();
    await new Browser(ctx.app).post('/api/auth/register', body);
    const invitation = await ecpInvitation({ email: body.email });
    expect(
      (
        await new Browser(ctx.app).get(
          `/api/ecp?peopleId=${invitation.peopleId}&guid=${invitation.guid}`,
        )
      ).json().accountExists,
    ).toBe(true);

    const browser = new Browser(ctx.app);
    await browser.post('/api/auth/login', { email: body.email, password: GOOD_PASSWORD });
    const res = await browser.post('/api/ecp/claim', {
      peopleId: invitation.peopleId,
      guid: invitation.guid,
    });
    expect(res.statusCode).toBe(200);
    expect(await userByEmail(body.email)).toMatchObject({ isEcp: true, erxGuid: invitation.guid });
    // someone else's prescription is a 404
    const other = await ecpInvitation();
    expect(
      (await browser.post('/api/ecp/claim', { peopleId: other.peopleId, guid: other.guid }))
        .statusCode,
    ).toBe(404);
  });

  it('an expired link is refused', async () => {
    const invitation = await ecpInvitation({ expiresAt: new Date(ctx.clock.now.getTime() - 1000) });
    expect(
      (
        await new Browser(ctx.app).get(
          `/api/ecp?peopleId=${invitation.peopleId}&guid=${invitation.guid}`,
        )
      ).statusCode,
    ).toBe(404);
  });
});

describe('intake', () => {
  it('validates an intake by people id with its guid (SPEC §7 validate intake by people id)', async () => {
    const invitation = await ecpInvitation();
    const ok = await new Browser(ctx.app).post('/api/ecp/intake/validate', {
      peopleId: invitation.peopleId,
      guid: invitation.guid,
    });
    expect(ok.json()).toEqual({ valid: true, accountExists: false });
    const bad = await new Browser(ctx.app).post('/api/ecp/intake/validate', {
      peopleId: invitation.peopleId,
      guid: randomUUID(),
    });
    expect(bad.json()).toEqual({ valid: false, accountExists: false });
  });

  it('registration by intake email sends the ECP link to the address on file, and says the same either way', async () => {
    const invitation = await ecpInvitation();
    const res = await new Browser(ctx.app).post('/api/ecp/intake/email', {
      email: invitation.email.toUpperCase(),
    });
    expect(res.statusCode).toBe(202);
    expect(res.json().message).toBe(MESSAGES.INTAKE_LINK_SENT);
    const mail = await lastMessage(ctx.app, invitation.email);
    expect(mail?.body).toContain(`/ecp?peopleId=${invitation.peopleId}&guid=${invitation.guid}`);

    const unknown = uniqueEmail('nointake');
    const none = await new Browser(ctx.app).post('/api/ecp/intake/email', { email: unknown });
    expect(none.statusCode).toBe(202);
    expect(none.json().message).toBe(MESSAGES.INTAKE_LINK_SENT);
    expect(await lastMessage(ctx.app, unknown)).toBeUndefined();
  });
});
