// A guest who registers in the middle of checkout keeps what they made as a guest (SPEC §2: the
// Register stage comes after Consult, Shipping and Pharmacy). Here: the pharmacy they added.
import { npiFromFirstNine } from '@store/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TestBrowser, type TestContext } from '../../../test/app.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

describe('guest adoption at sign-in', () => {
  it("keeps the guest's own pharmacy visible after registering", async () => {
    const browser = new TestBrowser(ctx.app);
    await browser.post('/api/session/guest');
    const added = await browser.post('/api/pharmacies', {
      name: 'Corner Drug Store',
      address: '12 Elm Street',
      city: 'Austin',
      state: 'TX',
      zip: '78701',
      phone: '5125550142',
      fax: '5125550143',
      npi: npiFromFirstNine('123456789'),
    });
    expect(added.statusCode).toBe(201);
    const pharmacyId = added.json().id as string;

    const registered = await browser.post('/api/auth/register', {
      email: `adopt-${Date.now()}@example.com`,
      password: 'Quiet#River42',
      firstName: 'Ada',
      lastName: 'Guest',
    });
    expect(registered.statusCode).toBe(201);

    const after = await browser.get(`/api/pharmacies/${pharmacyId}`);
    expect(after.statusCode).toBe(200);
    expect(after.json().name).toBe('Corner Drug Store');

    // and nobody else sees it
    const stranger = new TestBrowser(ctx.app);
    await stranger.post('/api/session/guest');
    expect((await stranger.get(`/api/pharmacies/${pharmacyId}`)).statusCode).toBe(404);
  });
});
