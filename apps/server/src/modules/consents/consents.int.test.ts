// SPEC §7 "POST get consents (StorefrontId)" and "POST get application settings"; SPEC §3
// applicationSettings (PharmacyChoice, HideBMI). The storefront comes from the host.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TestBrowser, type TestContext } from '../../../test/app.ts';
import { EVERGREEN_ID } from '../../db/seed/storefronts.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

describe('GET /api/consents', () => {
  it('serves the telehealth consent, privacy practices and terms with their versions', async () => {
    const consents = (await new TestBrowser(ctx.app).get('/api/consents')).json();
    expect(consents.map((c: { kind: string }) => c.kind)).toEqual(['telehealth', 'privacy', 'terms']);
    for (const c of consents) {
      expect(c.version).toBe(1);
      expect(c.title.length).toBeGreaterThan(5);
      expect(c.body).toContain('Evergreen Health');
    }
  });

  it('serves each brand its own texts', async () => {
    const consents = (await new TestBrowser(ctx.app, 'lumen.localhost').get('/api/consents')).json();
    expect(consents[0].body).toContain('Lumen Wellness');
  });

  it('serves the newest version once a new one is published', async () => {
    await ctx.app.services.consents.publish(EVERGREEN_ID, { kind: 'terms', title: 'Terms of use', body: 'Updated terms.' });
    const consents = (await new TestBrowser(ctx.app).get('/api/consents')).json();
    expect(consents.find((c: { kind: string }) => c.kind === 'terms')).toMatchObject({ version: 2, body: 'Updated terms.' });
    expect(consents).toHaveLength(3);
  });
});

describe('GET /api/application-settings', () => {
  it('answers PharmacyChoice and HideBMI of the host’s storefront', async () => {
    expect((await new TestBrowser(ctx.app).get('/api/application-settings')).json()).toEqual({ pharmacyChoice: true, hideBmi: false });
    expect((await new TestBrowser(ctx.app, 'lumen.localhost').get('/api/application-settings')).json()).toEqual({
      pharmacyChoice: false,
      hideBmi: true,
    });
  });
});
