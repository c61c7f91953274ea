// SPEC §3 store theme configuration and feature flags, resolved per host (white-labelling).
import { DEFAULT_THEME, FEATURE_FLAGS } from '@store/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/app.ts';
import { EVERGREEN_ID, LUMEN_ID } from '../../db/seed/storefronts.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const get = (host: string) => ctx.app.inject({ url: '/api/storefront', headers: { host } });

describe('GET /api/storefront', () => {
  it('serves the default storefront merged over the defaults', async () => {
    const res = await get('localhost:3000');
    expect(res.statusCode).toBe(200);
    const config = res.json();
    expect(config.id).toBe(EVERGREEN_ID);
    expect(config.name).toBe('Evergreen Health');
    // SPEC §9 defaults survive the merge
    expect(config.theme.colors.primary).toBe(DEFAULT_THEME.colors.primary);
    expect(config.theme.spacing).toBe(8);
    expect(config.theme.buttonHeight).toBe(48);
    // SPEC §3 all 13 flags present, default false
    expect(Object.keys(config.flags).sort()).toEqual([...FEATURE_FLAGS].sort());
    expect(config.flags.enableRoundedBorders).toBe(false);
    expect(config.settings.supportEmail).toBe('care@evergreen.example');
  });

  it('resolves another brand from its host name (white-labelling)', async () => {
    const res = await get('Lumen.localhost:3000');
    const config = res.json();
    expect(config.id).toBe(LUMEN_ID);
    expect(config.name).toBe('Lumen Wellness');
    expect(config.theme.colors.primary).toBe('#4b2a86');
    // overrides merge: untouched colours keep their defaults
    expect(config.theme.colors.error).toBe(DEFAULT_THEME.colors.error);
    expect(config.flags.enableRoundedBorders).toBe(true);
    expect(config.flags.hideFeatureInfoImages).toBe(false);
    expect(config.settings.hideBmi).toBe(true);
  });

  it('falls back to the default storefront for an unknown host', async () => {
    const res = await get('unknown.example');
    expect(res.json().id).toBe(EVERGREEN_ID);
  });

  it('serves any number of unknown hosts from the default storefront without caching each one', async () => {
    // issue 13 #8: 30,000 random Host headers kept 27 MB; unknown hosts add no cache entry.
    await get('localhost:3000');
    const before = ctx.app.services.storefronts.cacheSize();
    for (let i = 0; i < 300; i += 1) {
      const res = await get(`random-${i}.unknown.example`);
      expect(res.json().id).toBe(EVERGREEN_ID);
    }
    expect(ctx.app.services.storefronts.cacheSize()).toBe(before);
    expect((await get('lumen.localhost')).json().id).toBe(LUMEN_ID);
    expect(ctx.app.services.storefronts.cacheSize()).toBeLessThanOrEqual(2);
  });

  it('reflects an operator change at once (cache invalidated on write)', async () => {
    expect((await get('lumen.localhost')).json().flags.hideFeatureInfoImages).toBe(false);
    await ctx.app.services.storefronts.updateOverrides(LUMEN_ID, {
      flags: { enableRoundedBorders: true, hideFeatureInfoImages: true },
    });
    const after = (await get('lumen.localhost')).json();
    expect(after.flags.hideFeatureInfoImages).toBe(true);
  });

  it('refuses an override that is not a colour', async () => {
    await expect(
      ctx.app.services.storefronts.updateOverrides(LUMEN_ID, { theme: { colors: { primary: 'red' } } }),
    ).rejects.toThrow();
    expect((await get('lumen.localhost')).json().theme.colors.primary).toBe('#4b2a86');
  });
});
