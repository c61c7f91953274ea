// Issue 5 saved addresses: grouped as SPEC §9 "MOST RECENT ADDRESS" / "OTHER SAVED ADDRESSES";
// add, edit, use, delete; validation messages from the domain with nothing written; another
// patient's address is a 404.
import { MAX_SAVED_ADDRESSES, MESSAGES } from '@store/domain';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInPatient } from '../../../test/patients.ts';
import { createTestApp, TestBrowser, type TestContext } from '../../../test/app.ts';
import { addresses } from '../../db/schema/addresses.ts';
import type { SavedAddress } from './addresses.service.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const patient = (email: string) => signedInPatient(ctx, { email });

const home = {
  fullName: 'Jane Doe',
  line1: '12 Oak Street',
  line2: 'Apt 4',
  city: 'Austin',
  state: 'TX',
  zip: '78701',
  phone: '(512) 555-0134',
};
const work = { ...home, line1: '500 Congress Ave', line2: '', zip: '78702', phone: '512-555-0150' };
const mom = { ...home, fullName: 'Mary Doe', line1: '9 Elm Rd', city: 'Denver', state: 'co', zip: '80202' };

const ownRows = async (userId: string) =>
  (await ctx.database.db.select({ n: count() }).from(addresses).where(eq(addresses.userId, userId)))[0]!.n;

describe('saved addresses', () => {
  it('adds addresses and lists the most recent apart from the others', async () => {
    // SPEC §9 "Address groups: MOST RECENT ADDRESS, OTHER SAVED ADDRESSES"
    const jane = await patient('jane.addresses@example.com');
    expect((await jane.get('/api/addresses')).json()).toEqual({ mostRecent: null, otherSaved: [] });

    const created = await jane.post('/api/addresses', home);
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      fullName: 'Jane Doe',
      line1: '12 Oak Street',
      line2: 'Apt 4',
      city: 'Austin',
      state: 'TX',
      zip: '78701',
      phone: '5125550134', // SPEC §5 PhoneNumber: the 10 digits
      lastUsedAt: null,
    });
    ctx.clock.advance(1000);
    const w: SavedAddress = (await jane.post('/api/addresses', work)).json();
    expect(w.line2).toBeNull();
    ctx.clock.advance(1000);
    const m: SavedAddress = (await jane.post('/api/addresses', mom)).json();
    expect(m.state).toBe('CO');

    // nothing used yet: the latest saved is the most recent
    let list = (await jane.get('/api/addresses')).json();
    expect(list.mostRecent.id).toBe(m.id);
    expect(list.otherSaved.map((a: SavedAddress) => a.id)).toEqual([w.id, created.json().id]);

    // using one makes it the most recent
    ctx.clock.advance(1000);
    const used = await jane.post(`/api/addresses/${created.json().id}/use`);
    expect(used.statusCode).toBe(200);
    expect(used.json().lastUsedAt).toBe(ctx.clock.now.toISOString());
    list = (await jane.get('/api/addresses')).json();
    expect(list.mostRecent.id).toBe(created.json().id);
    expect(list.otherSaved.map((a: SavedAddress) => a.id)).toEqual([m.id, w.id]);

    // the checkout engine reads one back for the order's snapshot
    expect((await ctx.app.services.addresses.getAddressForUser(w.id, jane.userId)).line1).toBe('500 Congress Ave');
  });

  it('edits and deletes an address', async () => {
    const sam = await patient('sam.addresses@example.com');
    const a: SavedAddress = (await sam.post('/api/addresses', home)).json();
    const edited = await sam.patch(`/api/addresses/${a.id}`, { line2: '', city: ' Round Rock ', zip: '78664' });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ id: a.id, line1: '12 Oak Street', line2: null, city: 'Round Rock', zip: '78664', fullName: 'Jane Doe' });
    const kept = await sam.patch(`/api/addresses/${a.id}`, { fullName: 'Sam  Doe' });
    expect(kept.json()).toMatchObject({ fullName: 'Sam Doe', city: 'Round Rock' });

    expect((await sam.delete(`/api/addresses/${a.id}`)).statusCode).toBe(204);
    expect((await sam.get('/api/addresses')).json()).toEqual({ mostRecent: null, otherSaved: [] });
    expect((await sam.delete(`/api/addresses/${a.id}`)).statusCode).toBe(404);
  });

  it('gives each field its message from the domain and writes nothing', async () => {
    // issue 5 "address validation messages" (SPEC §5 FullName, PhoneNumber; US state; ZIP format)
    const kim = await patient('kim.addresses@example.com');
    const res = await kim.post('/api/addresses', {
      fullName: 'Kim',
      line1: ' ',
      line2: 'x'.repeat(101),
      city: '',
      state: 'Texas',
      zip: '787',
      phone: '512-555-013',
    });
    expect(res.statusCode).toBe(400);
    const byField = Object.fromEntries(res.json().errors.map((e: { field: string; message: string }) => [e.field, e.message]));
    expect(byField).toEqual({
      fullName: MESSAGES.FULL_NAME_INVALID,
      line1: MESSAGES.ADDRESS_LINE1_REQUIRED,
      line2: MESSAGES.ADDRESS_LINE_TOO_LONG,
      city: MESSAGES.CITY_REQUIRED,
      state: MESSAGES.STATE_INVALID,
      zip: MESSAGES.ZIP_INVALID,
      phone: 'Invalid format. Please enter 10 digits.',
    });
    expect(await ownRows(kim.userId)).toBe(0);

    const a: SavedAddress = (await kim.post('/api/addresses', home)).json();
    const bad = await kim.patch(`/api/addresses/${a.id}`, { zip: '7870', city: 'Dallas' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual([{ field: 'zip', message: MESSAGES.ZIP_INVALID }]);
    expect((await kim.get('/api/addresses')).json().mostRecent.city).toBe('Austin');
  });

  it("answers 404 for another patient's address, whatever is asked", async () => {
    // issue 5 "another patient's saved address cannot be used (404)"; DATA-MODEL a miss is a 404
    const owner = await patient('owner.addresses@example.com');
    const other = await patient('other.addresses@example.com');
    const a: SavedAddress = (await owner.post('/api/addresses', home)).json();

    expect((await other.post(`/api/addresses/${a.id}/use`)).statusCode).toBe(404);
    expect((await other.patch(`/api/addresses/${a.id}`, { city: 'Houston' })).statusCode).toBe(404);
    expect((await other.delete(`/api/addresses/${a.id}`)).statusCode).toBe(404);
    expect((await other.get('/api/addresses')).json()).toEqual({ mostRecent: null, otherSaved: [] });
    await expect(ctx.app.services.addresses.getAddressForUser(a.id, other.userId)).rejects.toMatchObject({ status: 404, code: 'NOT_FOUND' });
    expect((await other.post('/api/addresses/not-an-id/use')).statusCode).toBe(404);

    // untouched for its owner
    const mine = (await owner.get('/api/addresses')).json();
    expect(mine.mostRecent).toMatchObject({ id: a.id, city: 'Austin', lastUsedAt: null });
  });

  it('is for signed-in patients only (guests keep the address on the order)', async () => {
    const guest = new TestBrowser(ctx.app);
    await guest.post('/api/session/guest');
    expect((await guest.get('/api/addresses')).statusCode).toBe(401);
    expect((await guest.post('/api/addresses', home)).statusCode).toBe(401);
  });

  it(`keeps at most ${MAX_SAVED_ADDRESSES} addresses per patient`, async () => {
    const lots = await patient('lots.addresses@example.com');
    for (let i = 0; i < MAX_SAVED_ADDRESSES; i += 1) {
      expect((await lots.post('/api/addresses', { ...home, line1: `${i + 1} Oak Street` })).statusCode).toBe(201);
    }
    const over = await lots.post('/api/addresses', home);
    expect(over.statusCode).toBe(409);
    expect(over.json().detail).toBe(MESSAGES.ADDRESS_LIMIT);
    expect(await ownRows(lots.userId)).toBe(MAX_SAVED_ADDRESSES);
  });
});
