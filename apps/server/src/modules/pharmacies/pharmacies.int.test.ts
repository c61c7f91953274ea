// Issue 5 pharmacy choice: search by ZIP (nearest first from the ZIP centroid), city or name; map
// markers; the partner pharmacy; the patient's own pharmacy (NPI check digit) seen only by them.
import { distanceMiles, isValidNpi, MESSAGES } from '@store/domain';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TestBrowser, type TestContext } from '../../../test/app.ts';
import { users } from '../../db/schema/auth.ts';
import { pharmacies } from '../../db/schema/pharmacies.ts';
import { DEMO_COMPANY_ID, EVERGREEN_ID } from '../../db/seed/storefronts.ts';
import type { Pharmacy } from './pharmacies.service.ts';
import { zipCentroid } from './zip-centroids.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

async function guest(host?: string) {
  const browser = new TestBrowser(ctx.app, host);
  expect((await browser.post('/api/session/guest')).statusCode).toBe(200);
  return browser;
}

/** A signed-in patient: a user row and a session token sent as a bearer. */
async function patient(email: string) {
  const [user] = await ctx.database.db
    .insert(users)
    .values({ companyId: DEMO_COMPANY_ID, storefrontId: EVERGREEN_ID, email, firstName: 'Pat', lastName: 'Lee' })
    .returning({ id: users.id });
  const { token } = await ctx.app.services.sessions.createUserSession(user!.id, EVERGREEN_ID);
  const browser = new TestBrowser(ctx.app);
  const headers = { authorization: `Bearer ${token}` };
  return {
    userId: user!.id,
    get: (url: string) => browser.request({ method: 'GET', url, headers }),
    post: (url: string, payload?: unknown) => browser.request({ method: 'POST', url, payload: payload as never, headers }),
  };
}

const ownPharmacy = {
  name: 'Cornerstone Compounding',
  address: '77 Congress Ave',
  city: 'Austin',
  state: 'TX',
  zip: '78701',
  phone: '(512) 555-0199',
  fax: '512-555-0198',
  npi: '1234567893',
};

describe('demo directory', () => {
  it('holds a few hundred pharmacies across the demo states with valid NPIs and 10-digit phones', async () => {
    // issue 5 "Demo data: a few hundred believable pharmacies spread across the demo states"
    const rows = await ctx.database.db.select().from(pharmacies).where(eq(pharmacies.isPatientCreated, false));
    const directory = rows.filter((r) => !r.isPartner);
    expect(directory.length).toBeGreaterThanOrEqual(300);
    const states = new Set(directory.map((r) => r.state));
    for (const state of ['CA', 'NY', 'TX', 'FL', 'IL', 'WA', 'CO', 'AZ', 'GA', 'PA']) expect(states).toContain(state);
    expect(rows.every((r) => isValidNpi(r.npi))).toBe(true);
    expect(new Set(rows.map((r) => r.npi)).size).toBe(rows.length);
    expect(rows.every((r) => /^\d{10}$/.test(r.phone) && /^\d{10}$/.test(r.fax ?? ''))).toBe(true);
    // each pharmacy sits near the centroid of its own ZIP, in its own state
    for (const r of directory) {
      const c = zipCentroid(r.zip)!;
      expect(c.state).toBe(r.state);
      expect(distanceMiles(c, { lat: r.latitude!, lng: r.longitude! })).toBeLessThan(1);
    }
  });
});

describe('GET /api/pharmacies by ZIP', () => {
  it('returns pharmacies nearest first with their distance in miles from the ZIP centroid', async () => {
    // issue 5 "pharmacy search by ZIP returns nearest first"
    const browser = await guest();
    const res = await browser.get('/api/pharmacies?zip=78701');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    const items: Pharmacy[] = body.items;
    expect(body.origin).toMatchObject({ zip: '78701', label: 'Austin, TX 78701' });
    expect(body.radiusMiles).toBe(50);
    expect(items.length).toBeGreaterThanOrEqual(10);
    const centroid = zipCentroid('78701')!;
    const distances = items.map((p) => p.distanceMiles!);
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
    for (const p of items) {
      expect(p.pharmacyAddress.state).toBe('TX');
      expect(p.distanceMiles).toBeCloseTo(distanceMiles(centroid, p.location!), 1);
      expect(p.distanceMiles).toBeLessThanOrEqual(50);
      expect(p.isPartner).toBe(false);
    }
    expect(distances[0]).toBeLessThan(1);
  });

  it('pages on from where the last page ended', async () => {
    const browser = await guest();
    const first = (await browser.get('/api/pharmacies?zip=10001&pageSize=5')).json();
    const second = (await browser.get('/api/pharmacies?zip=10001&pageSize=5&page=2')).json();
    expect(first.items).toHaveLength(5);
    expect(second.items).toHaveLength(5);
    expect(first.total).toBe(second.total);
    expect(first.total).toBeGreaterThan(10);
    const firstIds = new Set(first.items.map((p: Pharmacy) => p.id));
    expect(second.items.some((p: Pharmacy) => firstIds.has(p.id))).toBe(false);
    expect(second.items[0].distanceMiles).toBeGreaterThanOrEqual(first.items[4].distanceMiles);
  });

  it('narrows by radius and finds nothing far from every pharmacy', async () => {
    const browser = await guest();
    const near = (await browser.get('/api/pharmacies?zip=10001&radiusMiles=3')).json();
    expect(near.items.every((p: Pharmacy) => p.distanceMiles! <= 3)).toBe(true);
    // Billings, Montana: no demo pharmacy within 50 miles → an empty page, not an error
    const none = await browser.get('/api/pharmacies?zip=59101');
    expect(none.statusCode).toBe(200);
    expect(none.json()).toMatchObject({ items: [], total: 0 });
  });

  it.each<[string, string, string]>([
    // issue 5 search needs a ZIP, city or name
    ['', 'zip', MESSAGES.PHARMACY_SEARCH_EMPTY],
    ['?zip=&city=&name=', 'zip', MESSAGES.PHARMACY_SEARCH_EMPTY],
    ['?zip=787', 'zip', MESSAGES.ZIP_INVALID],
    ['?zip=00000', 'zip', MESSAGES.ZIP_UNKNOWN],
    ['?name=a', 'name', MESSAGES.MEDICATION_SEARCH_MIN],
  ])('refuses %j with the field message', async (query, field, message) => {
    const res = await (await guest()).get(`/api/pharmacies${query}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([{ field, message }]);
  });
});

describe('GET /api/pharmacies by city or name', () => {
  it.each<[string]>([['city=austin'], ['city=Austin,%20TX'], ['city=AUSTIN&state=TX']])(
    'finds the pharmacies of a city (%s), by name',
    async (query) => {
      // issue 5 "pharmacy search (by ZIP, city or name ...)"
      const body = (await (await guest()).get(`/api/pharmacies?${query}`)).json();
      expect(body.total).toBeGreaterThan(0);
      expect(body.items.every((p: Pharmacy) => p.pharmacyAddress.city === 'Austin' && p.pharmacyAddress.state === 'TX')).toBe(true);
      const names = body.items.map((p: Pharmacy) => p.name);
      expect(names).toEqual([...names].sort());
      expect(body.items[0].distanceMiles).toBeNull();
    },
  );

  it('finds by part of the name, case-insensitively, and treats % literally', async () => {
    const browser = await guest();
    const body = (await browser.get('/api/pharmacies?name=APOTHECARY&pageSize=50')).json();
    expect(body.total).toBeGreaterThan(0);
    expect(body.items.every((p: Pharmacy) => /apothecary/i.test(p.name))).toBe(true);
    expect((await browser.get('/api/pharmacies?name=%25%25')).json().total).toBe(0);
  });

  it('measures from a point when given one', async () => {
    const body = (await (await guest()).get('/api/pharmacies?name=pharmacy&near=47.6062,-122.3321')).json();
    expect(body.items[0].pharmacyAddress.state).toBe('WA');
    const distances = body.items.map((p: Pharmacy) => p.distanceMiles);
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
  });
});

describe('GET /api/pharmacies/map', () => {
  it('returns markers within the radius, nearest first, and the configured tiles', async () => {
    // issue 5 "pharmacy map (Leaflet + OpenStreetMap tiles, URL configurable; markers ...)"
    const res = await (await guest()).get('/api/pharmacies/map?zip=10001&radiusMiles=10');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.center).toMatchObject({ zip: '10001' });
    expect(body.markers.length).toBeGreaterThan(5);
    expect(body.markers.length).toBe(body.total);
    const d = body.markers.map((m: { distanceMiles: number }) => m.distanceMiles);
    expect(d).toEqual([...d].sort((a, b) => a - b));
    expect(d.at(-1)).toBeLessThanOrEqual(10);
    for (const m of body.markers) expect(m).toMatchObject({ id: expect.any(String), name: expect.any(String), lat: expect.any(Number), lng: expect.any(Number) });
    expect(body.tiles.url).toBe('https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png');
    expect(body.tiles.attribution).toContain('OpenStreetMap');
  });

  it('uses MAP_TILE_URL when set', async () => {
    const other = await createTestApp({ MAP_TILE_URL: 'https://tiles.example/{z}/{x}/{y}.png' });
    try {
      const res = await new TestBrowser(other.app).get('/api/pharmacies/map?zip=80202');
      expect(res.json().tiles.url).toBe('https://tiles.example/{z}/{x}/{y}.png');
    } finally {
      await other.close();
    }
  });
});

describe('partner pharmacy', () => {
  it("gives each storefront its own mail-order partner, kept out of local search", async () => {
    const evergreen = (await (await guest()).get('/api/pharmacies/partner')).json();
    const lumen = (await (await guest('lumen.localhost')).get('/api/pharmacies/partner')).json();
    expect(evergreen).toMatchObject({ name: 'Evergreen Health Mail-Order Pharmacy', isPartner: true });
    expect(lumen).toMatchObject({ name: 'Lumen Wellness Mail-Order Pharmacy', isPartner: true });
    expect(isValidNpi(evergreen.npi)).toBe(true);
    const search = (await (await guest()).get(`/api/pharmacies?zip=${evergreen.pharmacyAddress.zip}&pageSize=50`)).json();
    expect(search.items.map((p: Pharmacy) => p.id)).not.toContain(evergreen.id);
    // the service the checkout engine calls
    expect((await ctx.app.services.pharmacies.partnerPharmacy(EVERGREEN_ID))?.id).toBe(evergreen.id);
    // one storefront's partner is not another's to choose
    const lumenGuest = await guest('lumen.localhost');
    expect((await lumenGuest.get(`/api/pharmacies/${evergreen.id}`)).statusCode).toBe(404);
    expect((await lumenGuest.get(`/api/pharmacies/${lumen.id}`)).statusCode).toBe(200);
  });
});

describe("POST /api/pharmacies (the patient's own pharmacy)", () => {
  it('stores it as patient-created, owned by the guest, and finds it nearby', async () => {
    // issue 5 "adding the patient's own pharmacy ... stored as patient-created"
    const browser = await guest();
    const res = await browser.post('/api/pharmacies', ownPharmacy);
    expect(res.statusCode).toBe(201);
    const created: Pharmacy = res.json();
    expect(created).toMatchObject({
      isPatientCreated: true,
      isPartner: false,
      name: 'Cornerstone Compounding',
      npi: '1234567893',
      phone: '5125550199',
      fax: '5125550198',
      pharmacyAddress: { address: '77 Congress Ave', city: 'Austin', state: 'TX', zip: '78701' },
    });
    expect(created.location).not.toBeNull();
    expect((await browser.get(`/api/pharmacies/${created.id}`)).json().id).toBe(created.id);
    const search = (await browser.get('/api/pharmacies?zip=78701&name=cornerstone')).json();
    expect(search.items.map((p: Pharmacy) => p.id)).toEqual([created.id]);

    // adding the same NPI again updates it rather than adding a second one
    const again = await browser.post('/api/pharmacies', { ...ownPharmacy, name: 'Cornerstone Compounding Rx' });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ id: created.id, name: 'Cornerstone Compounding Rx' });
  });

  it("keeps one patient's pharmacy from everyone else", async () => {
    // issue 5 "others' patient-created pharmacies are not returned to them"; DATA-MODEL a miss is 404
    const owner = await guest();
    const created: Pharmacy = (await owner.post('/api/pharmacies', { ...ownPharmacy, npi: '1881029668', name: 'Hidden Hollow Pharmacy' })).json();
    const stranger = await guest();
    expect((await stranger.get(`/api/pharmacies/${created.id}`)).statusCode).toBe(404);
    const search = (await stranger.get('/api/pharmacies?name=hidden%20hollow')).json();
    expect(search.total).toBe(0);
    const map = (await stranger.get('/api/pharmacies/map?zip=78701')).json();
    expect(map.markers.map((m: Pharmacy) => m.id)).not.toContain(created.id);
    const stranger2 = await patient('stranger@example.com');
    expect((await stranger2.get(`/api/pharmacies/${created.id}`)).statusCode).toBe(404);
    await expect(
      ctx.app.services.pharmacies.getPharmacyForOrder(created.id, { kind: 'guest', sessionId: '00000000-0000-4000-8000-00000000dead', storefrontId: EVERGREEN_ID }),
    ).rejects.toMatchObject({ status: 404 });
  });

  it('refuses a wrong NPI check digit with the NPI message and writes nothing', async () => {
    // issue 5 "NPI check digit"
    const browser = await guest();
    const before = await ctx.database.db.select({ n: count() }).from(pharmacies);
    const res = await browser.post('/api/pharmacies', { ...ownPharmacy, npi: '1234567890' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([{ field: 'npi', message: 'Please enter a valid 10-digit NPI.' }]);
    const after = await ctx.database.db.select({ n: count() }).from(pharmacies);
    expect(after[0]!.n).toBe(before[0]!.n);
  });

  it('gives each bad field its own message', async () => {
    const res = await (await guest()).post('/api/pharmacies', { name: '', address: '', city: '', state: 'XX', zip: '1', phone: '12', fax: '34', npi: '' });
    expect(res.statusCode).toBe(400);
    const byField = Object.fromEntries(res.json().errors.map((e: { field: string; message: string }) => [e.field, e.message]));
    expect(byField).toEqual({
      name: MESSAGES.PHARMACY_NAME_REQUIRED,
      address: MESSAGES.ADDRESS_LINE1_REQUIRED,
      city: MESSAGES.CITY_REQUIRED,
      state: MESSAGES.STATE_INVALID,
      zip: MESSAGES.ZIP_INVALID,
      phone: MESSAGES.PHONE_NUMBER_FORMAT,
      fax: MESSAGES.PHONE_NUMBER_FORMAT,
      npi: MESSAGES.NPI_INVALID,
    });
  });

  it('needs a session (guest or patient)', async () => {
    const res = await new TestBrowser(ctx.app).post('/api/pharmacies', ownPharmacy);
    expect(res.statusCode).toBe(401);
  });

  it("passes a guest's pharmacies to the patient they sign in as", async () => {
    const browser = await guest();
    const created: Pharmacy = (await browser.post('/api/pharmacies', { ...ownPharmacy, npi: '1508214131', name: 'Adopted Pharmacy' })).json();
    const user = await patient('adopter@example.com');
    expect((await user.get(`/api/pharmacies/${created.id}`)).statusCode).toBe(404);
    const [row] = await ctx.database.db.select().from(pharmacies).where(eq(pharmacies.id, created.id));
    expect(await ctx.app.services.pharmacies.adoptGuestPharmacies(row!.guestSessionId!, user.userId)).toBe(1);
    expect((await user.get(`/api/pharmacies/${created.id}`)).statusCode).toBe(200);
    // a patient adds their own pharmacy too
    const mine = await user.post('/api/pharmacies', { ...ownPharmacy, npi: '1932714870', name: 'Patient Own Pharmacy' });
    expect(mine.statusCode).toBe(201);
    expect((await ctx.app.services.pharmacies.getPharmacyForOrder(mine.json().id, { kind: 'user', userId: user.userId, role: 'patient', sessionId: 'x', storefrontId: EVERGREEN_ID })).name).toBe('Patient Own Pharmacy');
  });

  it('answers 404 for an id that is not a pharmacy', async () => {
    const browser = await guest();
    expect((await browser.get('/api/pharmacies/not-a-uuid')).statusCode).toBe(404);
    expect((await browser.get('/api/pharmacies/00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
  });
});
