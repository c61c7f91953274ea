// issue 17 attack probes (helper "probe"): the patient's account as an attacker would use it —
// another patient's ids in paths and bodies, races on limits and money, odd input, leaks — each
// written as the safe behaviour it must keep.
import { randomUUID } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { isoDay } from '@store/domain';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TestBrowser, type TestContext } from '../../test/app.ts';
import { signedInPatient } from '../../test/patients.ts';
import { prescribingDoctor } from '../../test/prescribing.ts';
import { completeStagesButPayment, payWithTestCard } from '../../test/orders.ts';
import { prescribedOrder } from '../../test/refills.ts';
import { patientUpload } from '../../test/reviews.ts';
import { DEMO_COMPANY_ID, EVERGREEN_ID, LUMEN_ID } from '../db/seed/storefronts.ts';
import { DEMO_PRODUCTS } from '../db/seed/store.ts';
import { users } from '../db/schema/auth.ts';
import { pharmacyStaff } from '../db/schema/fulfilment.ts';
import { orders } from '../db/schema/orders.ts';
import { accessLog } from '../db/schema/access-log.ts';
import { phoneOrderRequests } from '../db/schema/phone-orders.ts';
import { payments } from '../db/schema/payments.ts';
import { prescriptions } from '../db/schema/prescriptions.ts';
import { createReorder } from './reorder.ts';
import { refillCycles, refillPlans } from '../db/schema/refills.ts';

let ctx: TestContext;
const DAY = 24 * 60 * 60_000;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());


async function refillCharges(prescriptionId: string) {
  const plans = await ctx.database.db.select({ id: refillPlans.id }).from(refillPlans).where(eq(refillPlans.prescriptionId, prescriptionId));
  if (plans.length === 0) return { captured: 0, cycles: [] as { cycle: number; status: string }[] };
  const cycles = await ctx.database.db.select().from(refillCycles).where(inArray(refillCycles.planId, plans.map((p) => p.id)));
  const orderIds = cycles.flatMap((c) => (c.orderId ? [c.orderId] : []));
  const captured = orderIds.length === 0 ? [] : await ctx.database.db.select().from(payments).where(and(inArray(payments.orderId, orderIds), eq(payments.status, 'captured')));
  return { captured: captured.length, cycles: cycles.map((c) => ({ cycle: c.cycle, status: c.status })) };
}

describe('races on refills and money (issue 17 refills: refills never below zero, one charge per cycle)', () => {
  it('two reorders at once on a prescription with one refill left: one refill charged, none beyond what the doctor allowed', async () => {
    const { orderId, patient, prescription } = await prescribedOrder(ctx, { refills: 1 });
    const results = await Promise.all([patient.post(`/api/orders/${orderId}/reorder`), patient.post(`/api/orders/${orderId}/reorder`), patient.post(`/api/orders/${orderId}/reorder`)]);
    for (const r of results) expect([200, 409, 422]).toContain(r.statusCode);
    const [rx] = await ctx.database.db.select().from(prescriptions).where(eq(prescriptions.id, prescription.id));
    expect(rx!.refillsLeft).toBe(0);
    const { captured } = await refillCharges(prescription.id);
    // Exactly the one refill the prescription allowed was charged.
    expect(captured).toBe(1);
  });

  it('a reorder that checked the prescription just before another reorder used its last refill does not charge a refill the doctor never allowed', async () => {
    const { orderId, patient, prescription } = await prescribedOrder(ctx, { refills: 1 });
    const s = ctx.app.services;
    // Request A reads the prescription (refillable), then waits while request B refills it.
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    let checked!: () => void;
    const hasChecked = new Promise<void>((r) => (checked = r));
    const slow = createReorder({
      db: ctx.database.db,
      now: () => ctx.clock.now,
      orders: s.orders,
      prescriptions: {
        ofPatient: (...a: Parameters<typeof s.prescriptions.ofPatient>) => s.prescriptions.ofPatient(...a),
        ofOrder: async (...a: Parameters<typeof s.prescriptions.ofOrder>) => {
          const rx = await s.prescriptions.ofOrder(...a);
          checked();
          await gate;
          return rx;
        },
      },
      refills: s.refills,
      renewal: s.refillRenewal,
      cart: s.cart,
    });
    const storefront = await s.storefronts.getById(EVERGREEN_ID);
    const identity = { kind: 'user' as const, userId: patient.userId, storefrontId: EVERGREEN_ID, sessionId: patient.sessionId, role: 'patient' as const };
    const a = slow.reorder(storefront, identity, orderId);
    await hasChecked;
    const b = await patient.post(`/api/orders/${orderId}/reorder`);
    expect(b.json()).toMatchObject({ kind: 'refill' });
    release();
    const resultA = await a.catch((e: unknown) => e);
    const [rx] = await ctx.database.db.select().from(prescriptions).where(eq(prescriptions.id, prescription.id));
    expect(rx!.refillsLeft).toBe(0);
    // One refill allowed, one refill charged: A did not charge a second one.
    expect((await refillCharges(prescription.id)).captured).toBe(1);
    // A found no refill left: the products go to the cart as for any used-up prescription, and no
    // one-time plan is left behind blocking an auto-refill of a renewed prescription.
    expect(resultA).toMatchObject({ kind: 'cart' });
    const live = await ctx.database.db.select().from(refillPlans).where(and(eq(refillPlans.prescriptionId, prescription.id), sql`${refillPlans.status} <> 'ended'`));
    expect(live).toEqual([]);
  });
});

// ---- ids of another patient, another brand, a guest, no session, a doctor ------------------------

const TX_ADDRESS = { fullName: 'Rosa Diaz', line1: '12 Elm St', line2: null, city: 'Austin', state: 'TX', zip: '78701', phone: '5125550100' };

/** What an attacker could change of A's account, read straight from the database. */
async function snapshotOf(a: Awaited<ReturnType<typeof prescribedOrder>>, planId: string) {
  const [order] = await ctx.database.db.select().from(orders).where(eq(orders.id, a.orderId));
  const [plan] = await ctx.database.db.select().from(refillPlans).where(eq(refillPlans.id, planId));
  const [rx] = await ctx.database.db.select().from(prescriptions).where(eq(prescriptions.id, a.prescription.id));
  const cycles = await ctx.database.db.select().from(refillCycles).where(eq(refillCycles.planId, planId));
  const paid = await ctx.database.db.select({ id: payments.id, status: payments.status }).from(payments).where(eq(payments.userId, a.patient.userId));
  return {
    address: [order!.shipFullName, order!.shipLine1, order!.shipCity, order!.shipState, order!.shipZip, order!.taxCents, order!.totalCents, order!.status],
    plan: [plan!.status, plan!.statusReason, plan!.nextDate.toISOString(), plan!.nextCycle, plan!.cardId],
    refillsLeft: rx!.refillsLeft,
    cycles: cycles.length,
    payments: paid.map((p) => `${p.id}:${p.status}`).sort(),
  };
}

describe("patient B, the same person on another brand, a guest, no session and a doctor reach none of A's account (issue 17 authorization)", () => {
  let a: Awaited<ReturnType<typeof prescribedOrder>>;
  let planId: string;
  let addressId: string;
  let uploadId: string;
  beforeAll(async () => {
    a = await prescribedOrder(ctx, { refills: 3 });
    planId = (await a.patient.post('/api/refills', { orderId: a.orderId })).json().id;
    addressId = (await a.patient.post('/api/addresses', { ...TX_ADDRESS, line1: '77 Private Rd' })).json().id;
    uploadId = await patientUpload(ctx, a.patient);
  });

  /** Every call naming one of A's records, as `who` sends it. */
  const attacks = (who: { get(u: string): Promise<LightMyRequestResponse>; post(u: string, b?: unknown): Promise<LightMyRequestResponse>; put(u: string, b?: unknown): Promise<LightMyRequestResponse>; patch(u: string, b?: unknown): Promise<LightMyRequestResponse>; delete(u: string): Promise<LightMyRequestResponse> }) => [
    ['GET order', () => who.get(`/api/account/orders/${a.orderId}`)],
    ['PUT address (new)', () => who.put(`/api/account/orders/${a.orderId}/shipping-address`, { address: { ...TX_ADDRESS, line1: '1 Attacker Way' } })],
    ['PUT address (A’s saved)', () => who.put(`/api/account/orders/${a.orderId}/shipping-address`, { savedAddressId: addressId })],
    ['receipt', () => who.get(`/api/orders/${a.orderId}/receipt.pdf`)],
    ['reorder', () => who.post(`/api/orders/${a.orderId}/reorder`)],
    ['GET plan', () => who.get(`/api/refills/${planId}`)],
    ['move', () => who.patch(`/api/refills/${planId}`, { nextDate: isoDay(new Date(ctx.clock.now.getTime() + 9 * DAY)) })],
    ['skip', () => who.post(`/api/refills/${planId}/skip`)],
    ['card', () => who.put(`/api/refills/${planId}/card`, { cardId: null })],
    ['card (A’s)', () => who.put(`/api/refills/${planId}/card`, { cardId: a.cardId })],
    ['deactivate', () => who.post(`/api/refills/${planId}/deactivate`)],
    ['DELETE plan', () => who.delete(`/api/refills/${planId}`)],
    ['activate A’s order', () => who.post('/api/refills', { orderId: a.orderId })],
    ['activate A’s order with A’s card', () => who.post('/api/refills', { orderId: a.orderId, cardId: a.cardId })],
    ['prescription pdf', () => who.get(`/api/records/prescriptions/${a.prescription.id}/pdf`)],
    ['upload', () => who.get(`/api/uploads/${uploadId}`)],
    ['renewal (rx)', () => who.get(`/api/prescriptions/${a.prescription.id}/renewal`)],
    ['renew', () => who.post(`/api/prescriptions/${a.prescription.id}/renew`)],
    ['renewal (order)', () => who.get(`/api/orders/${a.orderId}/prescription-renewal`)],
  ] as const;

  async function expectNothingReached(who: Parameters<typeof attacks>[0], statuses: number[] = [404]) {
    const before = await snapshotOf(a, planId);
    for (const [name, call] of attacks(who)) {
      const res = await call();
      expect(statuses, `${name}: ${res.statusCode} ${res.body.slice(0, 200)}`).toContain(res.statusCode);
      expect(res.body, name).not.toContain('77 Private Rd');
    }
    expect(await snapshotOf(a, planId)).toEqual(before);
  }

  it('patient B: 404 everywhere, nothing of A changed', async () => {
    await expectNothingReached(await signedInPatient(ctx));
  });

  it('patient B with A’s card, saved address and upload inside bodies of B’s own order and plan: 404, nothing changed', async () => {
    const b = await prescribedOrder(ctx, { refills: 2 });
    const before = await snapshotOf(a, planId);
    expect((await b.patient.post('/api/refills', { orderId: b.orderId, cardId: a.cardId })).statusCode).toBe(404);
    const bPlan = (await b.patient.post('/api/refills', { orderId: b.orderId })).json();
    expect((await b.patient.put(`/api/refills/${bPlan.id}/card`, { cardId: a.cardId })).statusCode).toBe(404);
    const [bOrderBefore] = await ctx.database.db.select().from(orders).where(eq(orders.id, b.orderId));
    expect((await b.patient.put(`/api/account/orders/${b.orderId}/shipping-address`, { savedAddressId: addressId })).statusCode).toBe(404);
    const [bOrderAfter] = await ctx.database.db.select().from(orders).where(eq(orders.id, b.orderId));
    expect(bOrderAfter!.shipLine1).toBe(bOrderBefore!.shipLine1);
    expect((await b.patient.get(`/api/refills/${bPlan.id}`)).json().card).toBeNull();
    // And A cannot take B's card either.
    expect((await a.patient.put(`/api/refills/${planId}/card`, { cardId: b.cardId })).statusCode).toBe(404);
    expect(await snapshotOf(a, planId)).toEqual(before);
  });

  it('the same patient signed in on the other brand (Lumen) reaches none of the Evergreen records by id, and their lists there hold nothing of Evergreen', async () => {
    // One account per company (users_company_email_unique): the same user, a session on Lumen.
    const { token } = await ctx.app.services.sessions.createUserSession(a.patient.userId, LUMEN_ID);
    const send = (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE') => (url: string, payload?: unknown) =>
      ctx.app.inject({ method, url, headers: { host: 'lumen.localhost:3000', 'x-requested-with': 'fetch', authorization: `Bearer ${token}` }, ...(payload === undefined ? {} : { payload: payload as string }) });
    const lumen = { get: send('GET'), post: send('POST'), put: send('PUT'), patch: send('PATCH'), delete: send('DELETE') };
    await expectNothingReached(lumen);
    expect((await lumen.get('/api/account/orders?scope=previous')).json().total).toBe(0);
    expect((await lumen.get('/api/account/orders')).json().total).toBe(0);
    expect((await lumen.get('/api/refills')).json().plans).toEqual([]);
    expect((await lumen.get('/api/refills/eligible')).json().orders).toEqual([]);
    expect((await lumen.get('/api/records/labs')).json().labs).toEqual([]);
    const docs = await lumen.get('/api/records/documents');
    expect(docs.statusCode, docs.body).toBe(200);
    expect(docs.json().documents).toEqual([]);
  });

  it('a guest session: 404 for records, 401 for the lists; no session the same', async () => {
    const guest = new TestBrowser(ctx.app);
    await guest.post('/api/session/guest');
    await expectNothingReached(guest, [401, 404]);
    for (const url of ['/api/account/orders', '/api/refills', '/api/refills/eligible', '/api/account/access-log']) {
      expect((await guest.get(url)).statusCode, url).toBe(401);
    }
    const none = new TestBrowser(ctx.app);
    await expectNothingReached(none, [401, 404]);
  });

  it('a doctor (even the prescriber) on the patient routes: 404, nothing changed', async () => {
    const doctor = await prescribingDoctor(ctx, ['TX'], '1234567893');
    const { token } = await ctx.app.services.sessions.createUserSession(doctor.userId, EVERGREEN_ID);
    const send = (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE') => (url: string, payload?: unknown) =>
      ctx.app.inject({ method, url, headers: { host: 'localhost:3000', 'x-requested-with': 'fetch', authorization: `Bearer ${token}` }, ...(payload === undefined ? {} : { payload: payload as string }) });
    await expectNothingReached({ get: send('GET'), post: send('POST'), put: send('PUT'), patch: send('PATCH'), delete: send('DELETE') }, [401, 404]);
    expect((await doctor.get('/api/account/access-log')).statusCode).toBe(404);
  });
});

// ---- odd input: 400 with a clear message, never 500, nothing written -------------------------------

describe('odd input on the account routes (issue 17): 400 with the field named, never 500, nothing written', () => {
  it('pages and filters out of range or of the wrong type', async () => {
    const { patient } = await prescribedOrder(ctx, { refills: 1 });
    for (const url of [
      '/api/account/orders?page=-1',
      '/api/account/orders?page=0',
      '/api/account/orders?page=abc',
      '/api/account/orders?page=1e400',
      '/api/account/orders?page=99999999999999999999',
      '/api/account/orders?page=1.5',
      '/api/account/orders?scope=everything',
      '/api/records/documents?kind=passwords',
      '/api/records/documents?kind=upload&kind=receipt',
      '/api/records/documents?page=-3',
      '/api/records/documents?page=%00',
      '/api/account/access-log?page=0',
      '/api/account/access-log?page=NaN',
    ]) {
      const res = await patient.get(url);
      expect(res.statusCode, `${url}: ${res.body}`).toBe(400);
      expect(res.headers['content-type']).toContain('application/problem+json');
      expect(res.json().detail ?? res.json().title).toEqual(expect.any(String));
    }
    // A far page inside the bounds is simply empty.
    const far = await patient.get('/api/account/orders?scope=previous&page=10000');
    expect(far.statusCode).toBe(200);
    expect(far.json().items).toEqual([]);
    expect((await patient.get('/api/records/documents?page=10000')).json().documents).toEqual([]);
    expect((await patient.get('/api/account/access-log?page=10000')).json().items).toEqual([]);
  });

  it('refill dates that are not dates, and bodies of the wrong shape', async () => {
    const { orderId, patient } = await prescribedOrder(ctx, { refills: 2, validForDays: 90 });
    const plan = (await patient.post('/api/refills', { orderId })).json();
    const [before] = await ctx.database.db.select().from(refillPlans).where(eq(refillPlans.id, plan.id));
    for (const body of [{ nextDate: '2031-02-30' }, { nextDate: 'tomorrow' }, { nextDate: '' }, { nextDate: 20310101 }, { nextDate: null }, {}, { nextDate: '9999-12-31' }, { nextDate: '0000-01-01' }, { nextDate: '2031-1-1' }, { nextDate: '２０３１-０１-０１' }]) {
      const res = await patient.patch(`/api/refills/${plan.id}`, body);
      expect(res.statusCode, `${JSON.stringify(body)}: ${res.body}`).toBe(400);
    }
    for (const body of ['not json', '[]', JSON.stringify({ orderId: 'x'.repeat(200_000) }), JSON.stringify({ orderId, cardId: 'not-a-uuid' })]) {
      const res = await ctx.app.inject({ method: 'POST', url: '/api/refills', headers: { host: 'localhost:3000', 'x-requested-with': 'fetch', authorization: `Bearer ${patient.token}`, 'content-type': 'application/json' }, payload: body });
      expect([400, 413], `${body.slice(0, 40)}: ${res.body}`).toContain(res.statusCode);
    }
    const [after] = await ctx.database.db.select().from(refillPlans).where(eq(refillPlans.id, plan.id));
    expect(after).toEqual(before);
  });

  it('an address change with both kinds, a huge field, an injection-looking id, or unicode', async () => {
    const { orderId, patient } = await prescribedOrder(ctx, { refills: 1 });
    const [before] = await ctx.database.db.select().from(orders).where(eq(orders.id, orderId));
    const both = await patient.put(`/api/account/orders/${orderId}/shipping-address`, { savedAddressId: randomUUID(), address: TX_ADDRESS });
    expect(both.statusCode).toBe(400);
    const huge = await patient.put(`/api/account/orders/${orderId}/shipping-address`, { address: { ...TX_ADDRESS, line1: 'A'.repeat(100_000) } });
    expect([400, 413]).toContain(huge.statusCode);
    expect((await patient.put(`/api/account/orders/${orderId}/shipping-address`, { savedAddressId: "' OR 1=1 --" })).statusCode).toBe(404);
    expect((await patient.put(`/api/account/orders/${orderId}/shipping-address`, {})).statusCode).toBe(400);
    const [unchanged] = await ctx.database.db.select().from(orders).where(eq(orders.id, orderId));
    expect(unchanged).toEqual(before);
    // Unicode names and streets are an address like any other (same state: taken).
    const ok = await patient.put(`/api/account/orders/${orderId}/shipping-address`, { address: { ...TX_ADDRESS, fullName: 'Zoë Ñúñez-Łukasz', line1: '12 Calle Año Nuevo' } });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().shippingAddress).toMatchObject({ fullName: 'Zoë Ñúñez-Łukasz', line1: '12 Calle Año Nuevo' });
  });

  it('a phone-order request: a name with line breaks cannot add mail headers, unicode is kept, an overlong need is refused', async () => {
    const send = (payload: unknown, ip: string) =>
      ctx.app.inject({ method: 'POST', url: '/api/phone-orders', remoteAddress: ip, headers: { host: 'localhost:3000', 'x-requested-with': 'fetch' }, payload: payload as string });
    const base = { name: 'José Núñez', phone: '5125550100', need: 'Refill of my cream ✓', bestTime: 'Morning (9am–12pm)' };
    const ok = await send(base, '198.51.100.20');
    expect(ok.statusCode, ok.body).toBe(201);
    const [row] = await ctx.database.db.select().from(phoneOrderRequests).where(eq(phoneOrderRequests.id, ok.json().id));
    expect(row).toMatchObject({ name: 'José Núñez', need: 'Refill of my cream ✓' });
    const crlf = await send({ ...base, name: 'Bob\r\nBcc: all@example.com Smith' }, '198.51.100.21');
    if (crlf.statusCode === 201) {
      const [stored] = await ctx.database.db.select().from(phoneOrderRequests).where(eq(phoneOrderRequests.id, crlf.json().id));
      expect(stored!.name).not.toMatch(/[\r\n]/);
    } else {
      expect(crlf.statusCode).toBe(400);
    }
    const long = await send({ ...base, need: 'x'.repeat(5000) }, '198.51.100.22');
    expect(long.statusCode).toBe(400);
    expect(long.json().errors[0].field).toBe('need');
  });
});

// ---- leaks ----------------------------------------------------------------------------------------

describe('what the account answers never includes (issue 17 information leaks)', () => {
  it('no full card number, storage key, gateway id, hash or another patient’s data in the account’s answers; files private and attachments', async () => {
    const a = await prescribedOrder(ctx, { refills: 2 });
    const b = await prescribedOrder(ctx, { refills: 2 });
    await a.patient.post('/api/refills', { orderId: a.orderId });
    await patientUpload(ctx, a.patient);
    const [bOrder] = await ctx.database.db.select().from(orders).where(eq(orders.id, b.orderId));
    const [bPayment] = await ctx.database.db.select().from(payments).where(eq(payments.orderId, a.orderId));
    const bodies: string[] = [];
    for (const url of [
      '/api/account/orders',
      '/api/account/orders?scope=previous',
      `/api/account/orders/${a.orderId}`,
      '/api/refills',
      '/api/refills/eligible',
      '/api/records/documents',
      '/api/records/labs',
      '/api/account/access-log',
      `/api/orders/${a.orderId}/prescription-renewal`,
    ]) {
      const res = await a.patient.get(url);
      expect(res.statusCode, url).toBe(200);
      expect(String(res.headers['cache-control']), url).toContain('no-store');
      bodies.push(res.body);
    }
    const all = bodies.join('\n');
    expect(all).not.toContain('4242424242424242');
    expect(all).not.toMatch(/storage_?key|documentKey|gatewayIntentId|gatewaySourceId|previousHash|"hash"|tok_|pi_/i);
    if (bPayment?.gatewayIntentId) expect(all).not.toContain(bPayment.gatewayIntentId);
    expect(all).not.toContain(b.orderId);
    expect(all).not.toContain(b.patient.userId);
    expect(all).not.toContain(bOrder!.id);
    // Files: private, never stored by a shared cache, downloaded as attachments.
    for (const url of [`/api/records/prescriptions/${a.prescription.id}/pdf`]) {
      const res = await a.patient.get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('private, no-store');
      expect(String(res.headers['content-disposition']), url).toMatch(/^attachment;/);
    }
    // The receipt listed among the documents is health data too (medication, address): never stored
    // by any cache (no-store; it is shown inline, as checkout's confirmation has always opened it).
    const receipt = await a.patient.get(`/api/orders/${a.orderId}/receipt.pdf`);
    expect(receipt.statusCode).toBe(200);
    expect(String(receipt.headers['cache-control'])).toContain('no-store');
  });

  it('the patient reading their own records writes nothing to the access log', async () => {
    const a = await prescribedOrder(ctx, { refills: 2 });
    const uploadId = await patientUpload(ctx, a.patient);
    const count = async () => (await ctx.database.db.select({ n: sql<number>`count(*)::int` }).from(accessLog).where(eq(accessLog.patientId, a.patient.userId)))[0]!.n;
    const before = await count();
    for (const url of ['/api/records/documents', '/api/records/labs', `/api/records/prescriptions/${a.prescription.id}/pdf`, `/api/uploads/${uploadId}`, `/api/account/orders/${a.orderId}`, '/api/account/access-log']) {
      expect((await a.patient.get(url)).statusCode, url).toBe(200);
    }
    expect(await count()).toBe(before);
  });

  it('no code path of the app changes or removes access-log rows (append-only)', async () => {
    const { execSync } = await import('node:child_process');
    const hits = execSync(`grep -rnE "(update|delete)\\(accessLog\\)|(UPDATE|DELETE FROM|TRUNCATE) +\\"?access_log" src || true`, { cwd: `${import.meta.dirname}/../..`, encoding: 'utf8' });
    expect(hits.split('\n').filter((l) => l && !l.includes('.test.ts'))).toEqual([]);
  });
});

// ---- more races -----------------------------------------------------------------------------------

describe('races (issue 17): one live plan per prescription, skip against the job, the phone-order throttle, an address against shipping', () => {
  it('activating the same plan three times at once makes one plan', async () => {
    const { orderId, patient, prescription } = await prescribedOrder(ctx, { refills: 2 });
    const results = await Promise.all([1, 2, 3].map(() => patient.post('/api/refills', { orderId })));
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409, 409]);
    const live = await ctx.database.db.select().from(refillPlans).where(and(eq(refillPlans.prescriptionId, prescription.id), sql`${refillPlans.status} <> 'ended'`));
    expect(live).toHaveLength(1);
  });

  it('skipping the refill while the job renews it: either skipped and not charged, or charged and the skip refused', async () => {
    for (let round = 0; round < 3; round++) {
      const { orderId, patient, prescription } = await prescribedOrder(ctx, { refills: 3 });
      const plan = (await patient.post('/api/refills', { orderId })).json();
      // Due now.
      await ctx.database.db.update(refillPlans).set({ nextDate: new Date(ctx.clock.now.getTime() - 60_000) }).where(eq(refillPlans.id, plan.id));
      const [skip] = await Promise.all([patient.post(`/api/refills/${plan.id}/skip`), ctx.app.services.refillRenewal.run()]);
      expect([200, 409]).toContain(skip.statusCode);
      const { captured, cycles } = await refillCharges(prescription.id);
      const first = cycles.find((c) => c.cycle === 1)!;
      const [rx] = await ctx.database.db.select().from(prescriptions).where(eq(prescriptions.id, prescription.id));
      if (skip.statusCode === 200) {
        expect(first.status).toBe('skipped');
        expect(captured).toBe(0);
        expect(rx!.refillsLeft).toBe(3);
      } else {
        expect(first.status).toBe('charged');
        expect(captured).toBe(1);
        expect(rx!.refillsLeft).toBe(2);
      }
    }
  });

  it('eight phone-order requests at once from one address: at most five stored, the rest 429', async () => {
    const body = { name: 'Ana Torres', phone: '5125550100', need: 'Hair care', bestTime: 'Evening (5pm–8pm)' };
    const results = await Promise.all(
      Array.from({ length: 8 }, () => ctx.app.inject({ method: 'POST', url: '/api/phone-orders', remoteAddress: '203.0.113.77', headers: { host: 'localhost:3000', 'x-requested-with': 'fetch' }, payload: body })),
    );
    const created = results.filter((r) => r.statusCode === 201).length;
    expect(results.every((r) => r.statusCode === 201 || r.statusCode === 429)).toBe(true);
    expect(created).toBeLessThanOrEqual(5);
    const ids = results.filter((r) => r.statusCode === 201).map((r) => r.json().id as string);
    const stored = ids.length === 0 ? [] : await ctx.database.db.select().from(phoneOrderRequests).where(inArray(phoneOrderRequests.id, ids));
    expect(stored).toHaveLength(created);
  });

  it('changing the address while the pharmacist ships it: the change is taken before the shipment or refused after it, never lost', async () => {
    const patient = await signedInPatient(ctx);
    const orderId = (await patient.post('/api/cart')).json().id as string;
    await patient.patch(`/api/orders/${orderId}/items`, { items: [{ productId: DEMO_PRODUCTS.evergreen.minoxidil }] });
    expect((await patient.put(`/api/orders/${orderId}/shipping-address`, { address: TX_ADDRESS })).statusCode).toBe(200);
    await completeStagesButPayment(ctx, orderId);
    expect((await payWithTestCard(ctx, patient, orderId)).json().status).toBe('paid');
    const partner = (await ctx.app.services.pharmacies.partnerPharmacy(EVERGREEN_ID))!.id;
    const [user] = await ctx.database.db.insert(users).values({ companyId: DEMO_COMPANY_ID, storefrontId: EVERGREEN_ID, email: `rph.${randomUUID()}@example.com`, role: 'pharmacist', firstName: 'Ray', lastName: 'Ph' }).returning({ id: users.id });
    await ctx.database.db.insert(pharmacyStaff).values({ userId: user!.id, pharmacyId: partner });
    const { token } = await ctx.app.services.sessions.createUserSession(user!.id, EVERGREEN_ID);
    const staff = (url: string, payload?: unknown) => ctx.app.inject({ method: 'POST', url, headers: { host: 'localhost:3000', 'x-requested-with': 'fetch', authorization: `Bearer ${token}` }, ...(payload === undefined ? {} : { payload: payload as string }) });
    expect((await staff(`/api/pharmacy/orders/${orderId}/fill`)).statusCode).toBe(200);
    // Checkout's own address route is closed once paid: it cannot be used to go around the rule.
    expect((await patient.put(`/api/orders/${orderId}/shipping-address`, { address: { ...TX_ADDRESS, line1: '3 Side Door' } })).statusCode).toBe(409);
    const [change, ship] = await Promise.all([
      patient.put(`/api/account/orders/${orderId}/shipping-address`, { address: { ...TX_ADDRESS, line1: '9 Race Ln' } }),
      staff(`/api/pharmacy/orders/${orderId}/ship`, { carrier: 'UPS', trackingNumber: '1Z999AA10123456784' }),
    ]);
    expect(ship.statusCode).toBe(200);
    expect([200, 409]).toContain(change.statusCode);
    const [row] = await ctx.database.db.select().from(orders).where(eq(orders.id, orderId));
    expect(row!.status).toBe('shipped');
    expect(row!.shipLine1).toBe(change.statusCode === 200 ? '9 Race Ln' : '12 Elm St');
    if (change.statusCode === 409) expect(change.json().code).toBe('ADDRESS_SHIPPED');
    // After it shipped, no change is taken.
    expect((await patient.put(`/api/account/orders/${orderId}/shipping-address`, { address: { ...TX_ADDRESS, line1: '10 Late Ln' } })).statusCode).toBe(409);
  });
});

