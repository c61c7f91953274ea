// issue 18: the operator's console is an admin's, for their own company only; to anyone else it
// does not exist (404, as for an unknown route).
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { EVERGREEN_ID, LUMEN_ID } from '../../db/seed/storefronts.ts';
import { otherCompany, signedInAdmin } from '../../../test/admin.ts';
import { createTestApp, TestBrowser, type TestContext } from '../../../test/app.ts';
import { signedInPatient } from '../../../test/patients.ts';
import { signedInDoctor } from '../../../test/reviews.ts';

let ctx: TestContext;
beforeEach(async () => {
  ctx = await createTestApp();
});
afterEach(async () => {
  await ctx.close();
});

describe('GET /api/admin/me', () => {
  it("names the admin, their company and only that company's storefronts", async () => {
    const other = await otherCompany(ctx);
    const admin = await signedInAdmin(ctx);
    const me = await admin.get('/api/admin/me');
    expect(me.statusCode).toBe(200);
    expect(me.headers['cache-control']).toBe('no-store');
    const body = me.json();
    expect(body.user).toMatchObject({ id: admin.userId, firstName: 'Ola', lastName: 'Operator' });
    expect(body.company.name).toBe('Demo Health Group');
    const ids = body.storefronts.map((s: { id: string }) => s.id).sort();
    expect(ids).toEqual([EVERGREEN_ID, LUMEN_ID].sort());
    expect(ids).not.toContain(other.storefrontId);
    expect(body.storefronts.find((s: { id: string }) => s.id === LUMEN_ID).hosts).toContain('lumen.localhost');

    const theirs = (await other.admin.get('/api/admin/me')).json();
    expect(theirs.storefronts.map((s: { id: string }) => s.id)).toEqual([other.storefrontId]);
  });

  it('is a 404 to nobody, a guest, a patient and a doctor', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/admin/me', headers: { host: 'localhost:3000' } })).statusCode).toBe(404);
    const guest = new TestBrowser(ctx.app);
    await guest.post('/api/session/guest');
    expect((await guest.get('/api/admin/me')).statusCode).toBe(404);
    const patient = await signedInPatient(ctx);
    expect((await patient.get('/api/admin/me')).statusCode).toBe(404);
    const doctor = await signedInDoctor(ctx, ['CA']);
    expect((await doctor.get('/api/admin/me')).statusCode).toBe(404);
  });
});
