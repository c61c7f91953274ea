// issue 18 "Authorization tests: an admin of one company reaches nothing of another; patients and
// doctors reach no admin route (404)". Every /api/admin operation in the OpenAPI document is tried
// by nobody, a guest, a patient, a doctor and a pharmacist, with an empty body: each answers 404 as
// for an unknown route (never 400 first, which would confirm the route). Then an admin of another
// company tries every operation with our real ids (our storefront, product, order …): 404 again
// (or, for an empty body refused before any lookup, the very answer unknown ids get), and nothing
// of ours changed. The list comes from the document, so a route added later is tried too.
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { otherCompany, signedInAdmin } from '../../../test/admin.ts';
import { createTestApp, TestBrowser, type TestContext } from '../../../test/app.ts';
import { signedInPatient } from '../../../test/patients.ts';
import { paidForReview, signedInDoctor } from '../../../test/reviews.ts';
import { auditEvents } from '../../db/schema/audit.ts';
import { doctors } from '../../db/schema/doctors.ts';
import { coupons } from '../../db/schema/promotions.ts';
import { shippingMethods } from '../../db/schema/shipping.ts';
import { users } from '../../db/schema/auth.ts';
import { pharmacyStaff } from '../../db/schema/fulfilment.ts';
import { pharmacies } from '../../db/schema/pharmacies.ts';
import { DEMO_PRODUCTS } from '../../db/seed/store.ts';
import { DEMO_COMPANY_ID, EVERGREEN_ID } from '../../db/seed/storefronts.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
interface Operation {
  method: Method;
  path: string;
}

async function adminOperations(): Promise<Operation[]> {
  const doc = (await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as { paths: Record<string, Record<string, unknown>> };
  const ops: Operation[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    if (!path.startsWith('/api/admin')) continue;
    for (const method of Object.keys(methods)) {
      if (['get', 'post', 'put', 'patch', 'delete'].includes(method)) ops.push({ method: method.toUpperCase() as Method, path });
    }
  }
  return ops;
}

/** `/api/admin/storefronts/{storefrontId}/products/{productId}` with the ids given by parameter name (else a random one). */
function fill(path: string, ids: Record<string, string>): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => ids[name] ?? randomUUID());
}

async function bearer(userId: string, host = 'localhost:3000') {
  const { token } = await ctx.app.services.sessions.createUserSession(userId, EVERGREEN_ID);
  return (method: Method, url: string, payload?: unknown) =>
    ctx.app.inject({ method, url, headers: { host, authorization: `Bearer ${token}`, 'x-requested-with': 'fetch' }, ...(payload === undefined ? {} : { payload: payload as string }) });
}

describe('the operator console’s routes (issue 18 authorization)', () => {
  it('are in the OpenAPI document, tagged admin', async () => {
    const ops = await adminOperations();
    expect(ops.length).toBeGreaterThan(0);
    expect(ops).toContainEqual({ method: 'GET', path: '/api/admin/me' });
  });

  it('answer 404 to nobody, a guest, a patient, a doctor and a pharmacist, even with a bad body', async () => {
    const ops = await adminOperations();
    const guest = new TestBrowser(ctx.app);
    await guest.post('/api/session/guest');
    const patient = await signedInPatient(ctx);
    const doctor = await signedInDoctor(ctx, ['CA']);
    const [pharmacistUser] = await ctx.database.db
      .insert(users)
      .values({ companyId: DEMO_COMPANY_ID, storefrontId: EVERGREEN_ID, email: `ph.${randomUUID()}@example.com`, role: 'pharmacist', firstName: 'Pat', lastName: 'Pharm' })
      .returning({ id: users.id });
    const [pharmacy] = await ctx.database.db.select({ id: pharmacies.id }).from(pharmacies).where(eq(pharmacies.isPartner, true)).limit(1);
    await ctx.database.db.insert(pharmacyStaff).values({ userId: pharmacistUser!.id, pharmacyId: pharmacy!.id });
    const callers: [string, (method: Method, url: string, payload?: unknown) => Promise<{ statusCode: number; body: string }>][] = [
      ['nobody', (method, url, payload) => ctx.app.inject({ method, url, headers: { host: 'localhost:3000', 'x-requested-with': 'fetch' }, ...(payload === undefined ? {} : { payload: payload as string }) })],
      ['a guest', (method, url, payload) => guest.request({ method, url, ...(payload === undefined ? {} : { payload: payload as string }) })],
      ['a patient', await bearer(patient.userId)],
      ['a doctor', await bearer(doctor.userId)],
      ['a pharmacist', await bearer(pharmacistUser!.id)],
    ];
    const ids = { storefrontId: EVERGREEN_ID };
    const leaks: string[] = [];
    for (const op of ops) {
      for (const [name, send] of callers) {
        const url = fill(op.path, ids);
        const res = await send(op.method, url, op.method === 'GET' || op.method === 'DELETE' ? undefined : {});
        if (res.statusCode !== 404) leaks.push(`${name} ${op.method} ${url} → ${res.statusCode} ${res.body.slice(0, 120)}`);
      }
    }
    expect(leaks).toEqual([]);
  });

  it("answer 404 to another company's admin for every one of our ids, and change nothing", async () => {
    const ops = await adminOperations();
    const { orderId } = await paidForReview(ctx, 'CA');
    const ours = await signedInAdmin(ctx);
    const other = await otherCompany(ctx);
    // Our real ids by the path parameter names the routes use.
    const [doctor] = await ctx.database.db.select({ id: doctors.id, userId: doctors.userId }).from(doctors).where(eq(doctors.companyId, DEMO_COMPANY_ID)).limit(1);
    const [partner] = await ctx.database.db.select({ id: pharmacies.id }).from(pharmacies).where(eq(pharmacies.isPartner, true)).limit(1);
    const [pharmacist] = await ctx.database.db.select({ userId: pharmacyStaff.userId }).from(pharmacyStaff).where(eq(pharmacyStaff.pharmacyId, partner!.id)).limit(1);
    const ids: Record<string, string> = {
      storefrontId: EVERGREEN_ID,
      productId: DEMO_PRODUCTS.evergreen.metformin,
      orderId,
      doctorId: doctor!.id,
      pharmacyId: partner!.id,
      userId: pharmacist?.userId ?? randomUUID(),
      state: 'CA',
      couponId: (await ctx.database.db.select({ id: coupons.id }).from(coupons).where(eq(coupons.storefrontId, EVERGREEN_ID)).limit(1))[0]!.id,
      methodId: (await ctx.database.db.select({ id: shippingMethods.id }).from(shippingMethods).where(eq(shippingMethods.storefrontId, EVERGREEN_ID)).limit(1))[0]!.id,
    };
    const before = (await ctx.database.db.select({ id: auditEvents.id }).from(auditEvents).where(eq(auditEvents.actorId, other.admin.userId))).length;
    const leaks: string[] = [];
    for (const op of ops) {
      if (op.path === '/api/admin/me') continue;
      const url = fill(op.path, ids);
      if (!op.path.includes('{')) continue; // company-wide lists: checked below for not showing our rows
      const call = (target: string) => other.admin[op.method === 'GET' ? 'get' : op.method === 'POST' ? 'post' : op.method === 'PUT' ? 'put' : op.method === 'PATCH' ? 'patch' : 'delete'](target, op.method === 'GET' || op.method === 'DELETE' ? undefined : {});
      const res = await call(url);
      // An empty body may be refused (400) before any id is looked at: that answer must then be
      // the same as for ids that exist nowhere, so it tells nothing about ours.
      if (res.statusCode !== 404) {
        const unknown = await call(fill(op.path, {}));
        if (res.statusCode !== unknown.statusCode || res.statusCode < 400) leaks.push(`${op.method} ${url} → ${res.statusCode} (unknown ids: ${unknown.statusCode}) ${res.body.slice(0, 120)}`);
      }
    }
    expect(leaks).toEqual([]);
    // Company-wide lists answer the other company's admin without any of our rows.
    for (const op of ops) {
      if (op.method !== 'GET' || op.path.includes('{') || op.path === '/api/admin/me') continue;
      const res = await other.admin.get(op.path);
      expect(res.statusCode, `${op.path} ${res.body.slice(0, 200)}`).toBeLessThan(500);
      for (const id of [EVERGREEN_ID, orderId, ours.userId, doctor!.id, partner!.id]) expect(res.body, `${op.path} shows ${id}`).not.toContain(id);
    }
    // Nothing the other admin tried was recorded as a change they made (their own CSV exports of
    // their own company's lists are recorded as exports, and hold none of our rows: checked above).
    const after = (await ctx.database.db.select({ id: auditEvents.id, action: auditEvents.action }).from(auditEvents).where(eq(auditEvents.actorId, other.admin.userId)));
    expect(after.filter((e) => !e.action.endsWith('.exported')).length - before).toBe(0);
  });
});
