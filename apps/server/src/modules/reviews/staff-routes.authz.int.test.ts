// issue 15 "Authorization tests over every route of the new modules": every doctor and pharmacy
// route in the OpenAPI document is tried by everyone who must not reach it — nobody, a guest, the
// order's own patient, an admin, a doctor of another storefront, a doctor not licensed in the
// order's state, a pharmacist of another pharmacy — with a valid body, on a real order. Each must
// answer 404 as for an unknown id (never 403, never 400 first); a staff member's own lists (their
// queue, their pharmacy's orders) answer them without the order. The route list comes from the
// document, so a route added later is tried too.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TestBrowser, type TestContext } from '../../../test/app.ts';
import { signedInPatient } from '../../../test/patients.ts';
import { paidForReview, signedInDoctor } from '../../../test/reviews.ts';
import { users } from '../../db/schema/auth.ts';
import { pharmacyStaff } from '../../db/schema/fulfilment.ts';
import { pharmacies } from '../../db/schema/pharmacies.ts';
import { DEMO_FORMULARY } from '../../db/seed/formulary.ts';
import { DEMO_COMPANY_ID, EVERGREEN_ID, LUMEN_ID } from '../../db/seed/storefronts.ts';
import { and, eq } from 'drizzle-orm';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
interface Caller {
  name: string;
  role?: 'doctor' | 'pharmacist';
  send(method: Method, url: string, payload?: unknown): Promise<{ statusCode: number; body: string }>;
}

/** A valid body for each action, so only who asks decides the answer. */
const BODIES: [RegExp, unknown][] = [
  [/\/approve$/, { formularyId: DEMO_FORMULARY.metforminEr500, quantity: 60, daysSupply: 30, directions: 'Take 1 tablet by mouth twice daily with meals.', refills: 1 }],
  [/\/decline$/, { reasonCode: 'other' }],
  [/\/request-info$/, { question: 'Any stomach upset before?' }],
  [/\/ship$/, { carrier: 'UPS', trackingNumber: '1Z999AA10123456784' }],
  [/\/cannot-fill$/, { reason: 'out_of_stock' }],
  [/\/missed$/, {}],
  [/\/note$/, { text: 'Discussed the plan.' }],
  // issue 18: a doctor's sign-off of a questionnaire draft names the definition they read.
  [/\/sign-off$/, { definitionHash: 'a1b2c3d4e5f60718' }],
];

async function bearer(userId: string, storefrontId = EVERGREEN_ID): Promise<Caller['send']> {
  const { token } = await ctx.app.services.sessions.createUserSession(userId, storefrontId);
  const host = storefrontId === LUMEN_ID ? 'lumen.localhost:3000' : 'localhost:3000';
  return (method, url, payload) =>
    ctx.app.inject({ method, url, headers: { host, authorization: `Bearer ${token}`, 'x-requested-with': 'fetch' }, ...(payload === undefined ? {} : { payload: payload as string }) });
}

async function staffUser(role: 'pharmacist' | 'admin') {
  const [user] = await ctx.database.db
    .insert(users)
    .values({ companyId: DEMO_COMPANY_ID, storefrontId: EVERGREEN_ID, email: `${role}.${randomUUID()}@example.com`, role, firstName: 'Sam', lastName: 'Staff' })
    .returning({ id: users.id });
  return user!.id;
}

describe('doctor and pharmacy routes (issue 15 authorization)', () => {
  it('answer 404 to everyone who may not reach them, for a real order', async () => {
    const { orderId, patient } = await paidForReview(ctx, 'CA');
    const doctor = await signedInDoctor(ctx, ['CA']);
    // The order is real and reachable: its doctor may see its formulary and claim it.
    expect((await doctor.get(`/api/doctor/orders/${orderId}/formulary`)).statusCode).toBe(200);
    const uploadId = randomUUID();

    // A pharmacist of a pharmacy the order was not sent to (a directory pharmacy).
    const [elsewhere] = await ctx.database.db.select({ id: pharmacies.id }).from(pharmacies).where(and(eq(pharmacies.isPartner, false), eq(pharmacies.isPatientCreated, false))).limit(1);
    const pharmacistId = await staffUser('pharmacist');
    await ctx.database.db.insert(pharmacyStaff).values({ userId: pharmacistId, pharmacyId: elsewhere!.id });

    const guest = new TestBrowser(ctx.app);
    await guest.request({ method: 'POST', url: '/api/session/guest' });
    const lumenDoctor = await signedInDoctor(ctx, ['CA'], LUMEN_ID);
    const unlicensed = await signedInDoctor(ctx, ['NY']);
    const callers: Caller[] = [
      { name: 'nobody', send: (method, url, payload) => ctx.app.inject({ method, url, headers: { host: 'localhost:3000', 'x-requested-with': 'fetch' }, ...(payload === undefined ? {} : { payload: payload as string }) }) },
      { name: 'a guest', send: (method, url, payload) => guest.request({ method, url, ...(payload === undefined ? {} : { payload: payload as string }) }) },
      { name: 'the order’s patient', send: (method, url, payload) => (method === 'GET' ? patient.get(url) : method === 'DELETE' ? patient.delete(url) : patient.post(url, payload)) },
      { name: 'another patient', send: await bearer((await signedInPatient(ctx)).userId) },
      { name: 'an admin', send: await bearer(await staffUser('admin')) },
      { name: 'a pharmacist of another pharmacy', role: 'pharmacist', send: await bearer(pharmacistId) },
      { name: 'a doctor of another storefront', role: 'doctor', send: (method, url, payload) => (method === 'GET' ? lumenDoctor.get(url) : method === 'DELETE' ? lumenDoctor.delete(url) : lumenDoctor.post(url, payload)) },
      { name: 'a doctor not licensed in the order’s state', role: 'doctor', send: (method, url, payload) => (method === 'GET' ? unlicensed.get(url) : method === 'DELETE' ? unlicensed.delete(url) : unlicensed.post(url, payload)) },
    ];

    const document = (await ctx.app.inject({ method: 'GET', url: '/api/openapi.json', headers: { host: 'localhost:3000' } })).json() as { paths: Record<string, Record<string, unknown>> };
    const routes = Object.entries(document.paths)
      .filter(([path]) => /^\/api\/(doctor|pharmacy)\//.test(path))
      .flatMap(([path, operations]) => Object.keys(operations).map((method) => ({ method: method.toUpperCase() as Method, path })));
    // The queue, the review page, claims, decisions, uploads, formulary, and the pharmacist's orders at least.
    expect(routes.length).toBeGreaterThanOrEqual(15);

    const leaks: string[] = [];
    for (const { method, path } of routes) {
      const url = path
        .replace('{id}', orderId)
        .replace('{uploadId}', uploadId)
        .replace(/\{[^}]+\}/g, randomUUID());
      const body = method === 'GET' || method === 'DELETE' ? undefined : (BODIES.find(([pattern]) => pattern.test(path))?.[1] ?? {});
      for (const caller of callers) {
        const res = await caller.send(method, url, body);
        // A staff member's own lists (their queue, their pharmacy's orders) answer them, without this order.
        const ownList = !path.includes('{') && caller.role === (path.startsWith('/api/doctor/') ? 'doctor' : 'pharmacist');
        if (ownList && res.statusCode === 200 && !res.body.includes(orderId)) continue;
        if (res.statusCode !== 404) leaks.push(`${caller.name}: ${method} ${path} answered ${res.statusCode} ${res.body.slice(0, 120)}`);
      }
    }
    expect(leaks).toEqual([]);
    // Nothing moved: the order still waits for a doctor, unclaimed.
    expect((await doctor.post(`/api/doctor/orders/${orderId}/claim`)).statusCode).toBe(200);
  });
});
