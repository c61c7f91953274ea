// issue 17 refills (docs/decisions/009-refill-orders.md): a refill order made by the renewal job has
// no prescription of its own; the pharmacist sees the prescription its refill was sent on (the
// original one) in the list and as the PDF, each read access-logged, and fills and ships it like
// any prescribed order.
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/app.ts';
import { prescribedOrder } from '../../../test/refills.ts';
import { users } from '../../db/schema/auth.ts';
import { fulfilments, pharmacyStaff } from '../../db/schema/fulfilment.ts';
import { orders } from '../../db/schema/orders.ts';
import { refillCycles } from '../../db/schema/refills.ts';
import { DEMO_COMPANY_ID, EVERGREEN_ID } from '../../db/seed/storefronts.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

/** A signed-in pharmacist of `pharmacyId` (Bearer). */
async function pharmacistOf(pharmacyId: string) {
  const [user] = await ctx.database.db
    .insert(users)
    .values({ companyId: DEMO_COMPANY_ID, storefrontId: EVERGREEN_ID, email: `pharmacist.${randomUUID()}@example.com`, role: 'pharmacist', firstName: 'Pat', lastName: 'Lee' })
    .returning({ id: users.id });
  await ctx.database.db.insert(pharmacyStaff).values({ userId: user!.id, pharmacyId });
  const { token } = await ctx.app.services.sessions.createUserSession(user!.id, EVERGREEN_ID);
  const send = (method: 'GET' | 'POST', url: string, payload?: unknown) =>
    ctx.app.inject({ method, url, headers: { host: 'localhost:3000', 'x-requested-with': 'fetch', authorization: `Bearer ${token}` }, ...(payload === undefined ? {} : { payload: payload as string }) });
  return { userId: user!.id, get: (url: string) => send('GET', url), post: (url: string, payload?: unknown) => send('POST', url, payload) };
}

const statusOf = async (orderId: string) => (await ctx.database.db.select({ status: orders.status }).from(orders).where(eq(orders.id, orderId)))[0]!.status;

describe("a refill order at the pharmacy (issue 17 refills: 'transmits the refill to the pharmacy')", () => {
  it('shows the refill its prescription, access-logged, and lets the pharmacy fill and ship it', async () => {
    const { orderId: sourceId, patient, pharmacy, prescription } = await prescribedOrder(ctx, { refills: 2 });
    const plan = (await patient.post('/api/refills', { orderId: sourceId })).json();
    ctx.clock.now = new Date(new Date(plan.nextDate).getTime() + 60_000);
    await ctx.app.services.refillRenewal.run();
    await ctx.app.services.jobs.drain();
    const [cycle] = await ctx.database.db.select().from(refillCycles).where(eq(refillCycles.planId, plan.id));
    const refillId = cycle!.orderId!;
    expect(cycle!.status).toBe('transmitted');
    expect(await statusOf(refillId)).toBe('prescribed');

    const pharmacist = await pharmacistOf(pharmacy.id);
    const list = await pharmacist.get('/api/pharmacy/orders?status=to_fill');
    expect(list.statusCode, list.body).toBe(200);
    const row = (list.json().items as { orderId: string; status: string; prescription: { id: string; medication: string; directions: string; quantity: number } | null }[]).find((i) => i.orderId === refillId);
    expect(row).toMatchObject({ status: 'to_fill', prescription: { id: prescription.id, medication: prescription.medication, directions: prescription.directions, quantity: prescription.quantity } });
    // The list's read of the prescription is in the patient's access log, for this refill order.
    expect(await ctx.app.services.accessLog.forPatient(patient.userId)).toContainEqual(
      expect.objectContaining({ actorUserId: pharmacist.userId, actorRole: 'pharmacist', what: 'prescription', reason: `pharmacy_fill:${refillId}` }),
    );
    const pdf = await pharmacist.get(`/api/pharmacy/orders/${refillId}/prescription.pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');

    expect((await pharmacist.post(`/api/pharmacy/orders/${refillId}/fill`)).statusCode).toBe(200);
    expect(await statusOf(refillId)).toBe('fulfilling');
    const [fulfilment] = await ctx.database.db.select().from(fulfilments).where(eq(fulfilments.orderId, refillId));
    expect(fulfilment).toMatchObject({ status: 'filled', prescriptionId: prescription.id, pharmacyId: pharmacy.id });
    const shipped = await pharmacist.post(`/api/pharmacy/orders/${refillId}/ship`, { carrier: 'UPS', trackingNumber: '1Z999AA10123456784' });
    expect(shipped.statusCode, shipped.body).toBe(200);
    expect(await statusOf(refillId)).toBe('shipped');
    // The original order is untouched by its refill's fulfilment.
    expect(await statusOf(sourceId)).toBe('prescribed');
  });
});
