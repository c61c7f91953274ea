// issue 15 (security review): the pharmacist's steps attacked — a pharmacist of a pharmacy that is
// nobody's partner reaching a storefront's partner orders, and races: two fills, two ships with
// different tracking numbers, two confirmations of receipt at once. Each step happens once: one
// status move (audited once), one notice to the patient.
import { randomUUID } from 'node:crypto';
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/app.ts';
import { paidConsultOrder, pdfText, prescribingDoctor } from '../../../test/prescribing.ts';
import { auditEvents } from '../../db/schema/audit.ts';
import { users } from '../../db/schema/auth.ts';
import { fulfilments, pharmacyStaff } from '../../db/schema/fulfilment.ts';
import { jobs } from '../../db/schema/jobs.ts';
import { orders } from '../../db/schema/orders.ts';
import { pharmacies } from '../../db/schema/pharmacies.ts';
import { faxOutbox, prescriptions } from '../../db/schema/prescriptions.ts';
import { DEMO_FORMULARY } from '../../db/seed/formulary.ts';
import { DEMO_COMPANY_ID, EVERGREEN_ID } from '../../db/seed/storefronts.ts';

let ctx: TestContext;
let evergreenPartner: string;
beforeAll(async () => {
  ctx = await createTestApp();
  evergreenPartner = (await ctx.app.services.pharmacies.partnerPharmacy(EVERGREEN_ID))!.id;
});
afterAll(() => ctx.close());

/** A signed-in pharmacist (Bearer) on the staff of `pharmacyId`. */
async function pharmacist(pharmacyId: string) {
  const [user] = await ctx.database.db
    .insert(users)
    .values({ companyId: DEMO_COMPANY_ID, storefrontId: EVERGREEN_ID, email: `ph.${randomUUID()}@example.com`, role: 'pharmacist', firstName: 'Pat', lastName: 'Lee' })
    .returning({ id: users.id });
  await ctx.database.db.insert(pharmacyStaff).values({ userId: user!.id, pharmacyId });
  const { token } = await ctx.app.services.sessions.createUserSession(user!.id, EVERGREEN_ID);
  const send = (method: 'GET' | 'POST', url: string, payload?: unknown) =>
    ctx.app.inject({
      method,
      url,
      headers: { host: 'localhost:3000', authorization: `Bearer ${token}`, 'x-requested-with': 'fetch' },
      ...(payload === undefined ? {} : { payload: payload as string }),
    });
  return { get: (url: string) => send('GET', url), post: (url: string, payload?: unknown) => send('POST', url, payload) };
}

/** The real path: a doctor approves the order for `pharmacyId`, the job faxes it; answers the code printed on the fax. */
async function prescribedTo(pharmacyId: string) {
  const doctor = await prescribingDoctor(ctx, ['TX']);
  const { orderId } = await paidConsultOrder(ctx, 'TX');
  await ctx.database.db.update(orders).set({ pharmacyId }).where(eq(orders.id, orderId));
  expect((await doctor.post(`/api/doctor/orders/${orderId}/claim`)).statusCode).toBe(200);
  const approved = await doctor.post(`/api/doctor/orders/${orderId}/approve`, {
    formularyId: DEMO_FORMULARY.metforminEr500,
    quantity: 60,
    daysSupply: 30,
    directions: 'Take 1 tablet by mouth twice daily with meals.',
    refills: 1,
  });
  expect(approved.statusCode, approved.body).toBe(200);
  await ctx.app.services.jobs.drain();
  const [order] = await ctx.database.db.select().from(orders).where(eq(orders.id, orderId));
  expect(order!.status).toBe('prescribed');
  const [rx] = await ctx.database.db.select({ id: prescriptions.id }).from(prescriptions).where(eq(prescriptions.orderId, orderId));
  const [fax] = await ctx.database.db.select().from(faxOutbox).where(eq(faxOutbox.idempotencyKey, `rx:${rx!.id}:1`));
  const code = /\b([2-9A-HJKMNP-Z]{4}-[2-9A-HJKMNP-Z]{5})\b/.exec(pdfText((await ctx.app.services.files.get(fax!.documentKey))!))![1]!;
  return { orderId, code };
}

const statusOf = async (orderId: string) => (await ctx.database.db.select().from(orders).where(eq(orders.id, orderId)))[0]!.status;
const transitions = (orderId: string) =>
  ctx.database.db.select().from(auditEvents).where(and(eq(auditEvents.subjectId, orderId), like(auditEvents.action, 'order.%')));
const noticesOf = async (orderId: string, notice: string) =>
  (await ctx.database.db.select().from(jobs)).filter((j) => JSON.stringify(j.payload).includes(orderId) && JSON.stringify(j.payload).includes(`"${notice}"`));

describe('a pharmacy that is nobody’s partner (issue 15: only the partner fills a storefront’s paid orders)', () => {
  it('does not reach a prescribed order sent to the partner: list, PDF, fill, ship all refused', async () => {
    const [local] = await ctx.database.db.select({ id: pharmacies.id }).from(pharmacies).where(and(eq(pharmacies.isPartner, false), eq(pharmacies.isPatientCreated, false))).limit(1);
    const outsider = await pharmacist(local!.id);
    const { orderId } = await prescribedTo(evergreenPartner);
    const list = await outsider.get('/api/pharmacy/orders?status=all');
    expect(list.statusCode).toBe(200);
    expect((list.json() as { items: { orderId: string }[] }).items.map((i) => i.orderId)).not.toContain(orderId);
    expect((await outsider.get(`/api/pharmacy/orders/${orderId}/prescription.pdf`)).statusCode).toBe(404);
    expect((await outsider.post(`/api/pharmacy/orders/${orderId}/fill`)).statusCode).toBe(404);
    expect((await outsider.post(`/api/pharmacy/orders/${orderId}/ship`, { carrier: 'UPS', trackingNumber: '1Z999AA10123456784' })).statusCode).toBe(404);
    expect(await statusOf(orderId)).toBe('prescribed');
  });
});

describe('racing pharmacy steps (issue 15: each step once, the patient told once)', () => {
  it('two fills at once: one move to fulfilling, one notice; two ships with different tracking numbers: one wins, the other is a 409', async () => {
    const staff = await pharmacist(evergreenPartner);
    const { orderId } = await prescribedTo(evergreenPartner);
    const fills = await Promise.all([staff.post(`/api/pharmacy/orders/${orderId}/fill`), staff.post(`/api/pharmacy/orders/${orderId}/fill`)]);
    expect(fills.map((f) => f.statusCode)).toEqual([200, 200]);
    expect(await statusOf(orderId)).toBe('fulfilling');
    expect((await transitions(orderId)).filter((e) => JSON.stringify(e.details).includes('pharmacy_filled'))).toHaveLength(1);
    expect(await noticesOf(orderId, 'fulfilling')).toHaveLength(1);

    const ships = await Promise.all([
      staff.post(`/api/pharmacy/orders/${orderId}/ship`, { carrier: 'UPS', trackingNumber: '1Z999AA10123456784' }),
      staff.post(`/api/pharmacy/orders/${orderId}/ship`, { carrier: 'FedEx', trackingNumber: '123456789012' }),
    ]);
    expect(ships.map((s) => s.statusCode).sort()).toEqual([200, 409]);
    const [row] = await ctx.database.db.select().from(fulfilments).where(eq(fulfilments.orderId, orderId));
    const winner = ships.findIndex((s) => s.statusCode === 200) === 0 ? '1Z999AA10123456784' : '123456789012';
    expect(row!.trackingNumber).toBe(winner);
    expect(await noticesOf(orderId, 'shipped')).toHaveLength(1);
    expect(await statusOf(orderId)).toBe('shipped');
  });

  it("two confirmations of receipt at once at the patient's own pharmacy: one fulfilment, one move, one notice", async () => {
    const [local] = await ctx.database.db.select({ id: pharmacies.id }).from(pharmacies).where(and(eq(pharmacies.isPartner, false), eq(pharmacies.isPatientCreated, false))).limit(1);
    const { orderId, code } = await prescribedTo(local!.id);
    const receipt = () => ctx.app.inject({ method: 'POST', url: '/api/prescriptions/verify/receipt', headers: { host: 'localhost:3000', 'x-requested-with': 'fetch' }, payload: { code } });
    const answers = await Promise.all([receipt(), receipt(), receipt()]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200]);
    expect(await statusOf(orderId)).toBe('fulfilling');
    expect(await ctx.database.db.select().from(fulfilments).where(eq(fulfilments.orderId, orderId))).toHaveLength(1);
    expect(await noticesOf(orderId, 'ready_for_pickup')).toHaveLength(1);
  });
});

describe('a prescription that must not be filled (issue 15: revoked or expired, the verification page says so)', () => {
  it('refuses to fill it (409), the order stays prescribed and the patient is told nothing', async () => {
    const staff = await pharmacist(evergreenPartner);
    const revoked = await prescribedTo(evergreenPartner);
    await ctx.database.db.update(prescriptions).set({ status: 'revoked', revokedAt: ctx.clock.now }).where(eq(prescriptions.orderId, revoked.orderId));
    const refused = await staff.post(`/api/pharmacy/orders/${revoked.orderId}/fill`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('PRESCRIPTION_REVOKED');
    expect(await statusOf(revoked.orderId)).toBe('prescribed');
    expect(await noticesOf(revoked.orderId, 'fulfilling')).toHaveLength(0);

    const expired = await prescribedTo(evergreenPartner);
    await ctx.database.db.update(prescriptions).set({ expiresAt: new Date(ctx.clock.now.getTime() - 1_000) }).where(eq(prescriptions.orderId, expired.orderId));
    const late = await staff.post(`/api/pharmacy/orders/${expired.orderId}/fill`);
    expect(late.statusCode).toBe(409);
    expect(late.json().code).toBe('PRESCRIPTION_EXPIRED');
    expect(await statusOf(expired.orderId)).toBe('prescribed');
    expect(await ctx.database.db.select().from(fulfilments).where(eq(fulfilments.orderId, expired.orderId))).toHaveLength(0);
  });
});
