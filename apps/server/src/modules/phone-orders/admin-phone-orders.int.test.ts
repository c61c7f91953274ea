// issue 18: the operator's console lists a storefront's phone-order requests (SPEC §7 phone-order
// request) and marks them handled; an operator reading a signed-in patient's request is in that
// patient's access log; another company's admin, patients and doctors get 404.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { otherCompany, signedInAdmin } from '../../../test/admin.ts';
import { createTestApp, type TestContext } from '../../../test/app.ts';
import { signedInPatient } from '../../../test/patients.ts';
import { auditEvents } from '../../db/schema/audit.ts';
import { phoneOrderRequests } from '../../db/schema/phone-orders.ts';
import { EVERGREEN_ID, LUMEN_ID } from '../../db/seed/storefronts.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const valid = { name: 'Jordan Avery', phone: '(512) 555-0134', need: 'A refill of my Metformin 500 mg', bestTime: 'Morning (9am–12pm)' };
let ip = 20;
const guestRequest = (host = 'localhost:3000', body = valid) =>
  ctx.app.inject({ method: 'POST', url: '/api/phone-orders', remoteAddress: `203.0.113.${ip++}`, headers: { host, 'x-requested-with': 'fetch' }, payload: body });

describe('phone-order requests in the operator console (issue 18)', () => {
  it('lists new requests newest first with counts, marks one handled (audited), and moves it to handled', async () => {
    const first = (await guestRequest(undefined, { ...valid, name: 'Avery First' })).json().id as string;
    ctx.clock.advance(60_000);
    const second = (await guestRequest(undefined, { ...valid, name: 'Blake Second' })).json().id as string;
    await guestRequest('lumen.localhost:3000', { ...valid, name: 'Lumen Person' });
    const admin = await signedInAdmin(ctx);
    const list = await admin.get(`/api/admin/storefronts/${EVERGREEN_ID}/phone-orders`);
    expect(list.statusCode).toBe(200);
    const body = list.json();
    expect(body.items.map((r: { id: string }) => r.id).slice(0, 2)).toEqual([second, first]);
    expect(body.items.map((r: { name: string }) => r.name)).not.toContain('Lumen Person');
    expect(body.items[0]).toMatchObject({ name: 'Blake Second', phone: '5125550134', need: valid.need, bestTime: valid.bestTime, status: 'new', fromPatient: false, handledBy: null });
    expect(body.counts.new).toBeGreaterThanOrEqual(2);

    const handled = await admin.post(`/api/admin/storefronts/${EVERGREEN_ID}/phone-orders/${first}/handled`);
    expect(handled.statusCode).toBe(200);
    expect(handled.json()).toMatchObject({ id: first, status: 'handled', handledBy: 'Ola Operator' });
    // Again: already handled, so nothing to do.
    expect((await admin.post(`/api/admin/storefronts/${EVERGREEN_ID}/phone-orders/${first}/handled`)).statusCode).toBe(404);
    // Through another storefront's path: 404, as for an unknown request.
    expect((await admin.post(`/api/admin/storefronts/${LUMEN_ID}/phone-orders/${second}/handled`)).statusCode).toBe(404);

    const after = (await admin.get(`/api/admin/storefronts/${EVERGREEN_ID}/phone-orders?status=handled`)).json();
    expect(after.items.map((r: { id: string }) => r.id)).toContain(first);
    const [event] = await ctx.database.db.select().from(auditEvents).where(eq(auditEvents.subjectId, first));
    expect(event).toMatchObject({ action: 'phone_order.handled', actorId: admin.userId, storefrontId: EVERGREEN_ID });
    expect(event!.details).toMatchObject({ before: { status: 'new' }, after: { status: 'handled' } });
  });

  it("puts an operator's read of a signed-in patient's request in that patient's access log", async () => {
    const patient = await signedInPatient(ctx);
    const sent = await patient.post('/api/phone-orders', valid);
    expect(sent.statusCode).toBe(201);
    const admin = await signedInAdmin(ctx);
    const list = (await admin.get(`/api/admin/storefronts/${EVERGREEN_ID}/phone-orders?pageSize=100`)).json();
    expect(list.items.find((r: { id: string }) => r.id === sent.json().id)).toMatchObject({ fromPatient: true });
    const log = (await patient.get('/api/account/access-log')).json();
    expect(log.items[0]).toMatchObject({ role: 'admin', who: 'Ola Operator', what: 'Your phone-order request', why: 'Calling you back about your phone-order request' });
  });

  it("is a 404 to another company's admin, and refuses a bad status or page size", async () => {
    const id = (await guestRequest()).json().id as string;
    const other = await otherCompany(ctx);
    expect((await other.admin.get(`/api/admin/storefronts/${EVERGREEN_ID}/phone-orders`)).statusCode).toBe(404);
    expect((await other.admin.post(`/api/admin/storefronts/${EVERGREEN_ID}/phone-orders/${id}/handled`)).statusCode).toBe(404);
    expect((await other.admin.post(`/api/admin/storefronts/${other.storefrontId}/phone-orders/${id}/handled`)).statusCode).toBe(404);
    const [row] = await ctx.database.db.select().from(phoneOrderRequests).where(eq(phoneOrderRequests.id, id));
    expect(row!.status).toBe('new');
    const admin = await signedInAdmin(ctx);
    expect((await admin.get(`/api/admin/storefronts/${EVERGREEN_ID}/phone-orders?status=old`)).statusCode).toBe(400);
    expect((await admin.get(`/api/admin/storefronts/${EVERGREEN_ID}/phone-orders?pageSize=7`)).statusCode).toBe(400);
  });
});
