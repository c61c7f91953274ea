// SPEC §7 "Doctors, doctor bio"; issue 6 "only doctors licensed in the shipping state offered".
import { MESSAGES } from '@store/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TestBrowser, type TestContext } from '../../../test/app.ts';
import { DEMO_DOCTOR_IDS } from '../../db/seed/doctors.ts';

let ctx: TestContext;
let evergreen: TestBrowser;
let lumen: TestBrowser;
beforeAll(async () => {
  ctx = await createTestApp();
  evergreen = new TestBrowser(ctx.app);
  lumen = new TestBrowser(ctx.app, 'lumen.localhost:3000');
});
afterAll(() => ctx.close());

const names = (body: { name: string }[]) => body.map((d) => d.name);

describe('GET /api/doctors?state=', () => {
  it.each([
    // Dr. Whitaker (IL, TX, GA, CO) is on leave; Priya Natarajan sees Lumen patients only.
    ['AZ', ['Dr. Daniel Kim', 'Dr. Sofia Ramirez']],
    ['IL', ['Dr. Elena Petrov', 'Dr. Marcus Bell']],
    ['NY', ['Dr. Amara Okafor', 'Dr. Elena Petrov']],
    ['CO', ['Dr. Sofia Ramirez']],
    ['WA', ['Dr. Daniel Kim']],
    ['OH', []],
  ])('lists only active doctors licensed in %s', async (state, expected) => {
    const res = await evergreen.get(`/api/doctors?state=${state}`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(names(body).sort()).toEqual([...expected].sort());
    for (const doctor of body) expect(doctor.states).toContain(state);
  });

  it("offers a storefront's own doctors only on that storefront", async () => {
    const onLumen = (await lumen.get('/api/doctors?state=AZ')).json();
    expect(names(onLumen)).toContain('Priya Natarajan');
    expect(onLumen.find((d: { name: string }) => d.name === 'Priya Natarajan')).toMatchObject({
      credentials: 'NP-C',
      timeZone: 'America/Phoenix',
      photoUrl: '/images/doctors/priya-natarajan.svg',
    });
  });

  it('accepts a lower-case state and refuses one that is not a state', async () => {
    expect(names((await evergreen.get('/api/doctors?state=az')).json()).sort()).toEqual(['Dr. Daniel Kim', 'Dr. Sofia Ramirez']);
    const bad = await evergreen.get('/api/doctors?state=XX');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].message).toBe(MESSAGES.STATE_INVALID);
  });

  it('lists every active doctor of the storefront without a state, by name', async () => {
    const body = (await evergreen.get('/api/doctors')).json();
    expect(names(body)).toEqual([
      'Dr. Amara Okafor',
      'Dr. Daniel Kim',
      'Dr. Elena Petrov',
      'Dr. Marcus Bell',
      'Dr. Sofia Ramirez',
    ]);
    expect(body[0]).toMatchObject({ averageRating: null, ratingCount: 0, specialties: ['Internal medicine', 'Weight management'] });
    expect(body[0].bio).toBeUndefined(); // the bio comes with the bio dialog
  });
});

describe('GET /api/doctors/:id', () => {
  it("gives the bio dialog's data", async () => {
    const res = await evergreen.get(`/api/doctors/${DEMO_DOCTOR_IDS.okafor}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      name: 'Dr. Amara Okafor',
      credentials: 'MD',
      states: ['FL', 'GA', 'NY', 'PA'],
      timeZone: 'America/New_York',
    });
    expect(res.json().bio).toMatch(/^Dr. Okafor is a board-certified internist/);
  });

  it.each([
    ['an inactive doctor', DEMO_DOCTOR_IDS.whitaker],
    ["another storefront's doctor", DEMO_DOCTOR_IDS.natarajan],
    ['an unknown id', '00000000-0000-4000-8000-00000000dfff'],
    ['a malformed id', 'not-a-uuid'],
  ])('answers 404 for %s', async (_label, id) => {
    const res = await evergreen.get(`/api/doctors/${id}`);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'NOT_FOUND', detail: MESSAGES.NOT_FOUND });
  });
});
