// SPEC §7 "shipping addresses and methods", "POST get tax settings (storefrontId)": served per
// storefront (from the host), cached and refreshed on write.
import { describe, expect, it, beforeAll, afterAll } from 'vitest';
import { createTestApp, TestBrowser, type TestContext } from '../../../test/app.ts';
import { DEMO_SHIPPING } from '../../db/seed/store.ts';
import { EVERGREEN_ID } from '../../db/seed/storefronts.ts';
import { shippingCostFor } from './shipping.service.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

describe('GET /api/shipping-methods', () => {
  it('lists the storefront’s methods, cheapest first, with carrier, cost, days and free threshold', async () => {
    const res = await new TestBrowser(ctx.app).get('/api/shipping-methods');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      { id: DEMO_SHIPPING.evergreenStandard, carrier: 'USPS', name: 'Standard', costCents: 0, minDays: 3, maxDays: 5, freeAboveCents: null },
      { id: DEMO_SHIPPING.evergreenTwoDay, carrier: 'UPS', name: '2nd Day Air', costCents: 1499, minDays: 2, maxDays: 2, freeAboveCents: null },
      { id: DEMO_SHIPPING.evergreenOvernight, carrier: 'FedEx', name: 'Overnight', costCents: 2999, minDays: 1, maxDays: 1, freeAboveCents: null },
    ]);
  });

  it('serves each brand its own methods', async () => {
    const lumen = (await new TestBrowser(ctx.app, 'lumen.localhost').get('/api/shipping-methods')).json();
    expect(lumen.map((m: { id: string }) => m.id)).toEqual([DEMO_SHIPPING.lumenStandard, DEMO_SHIPPING.lumenExpress]);
    expect(lumen[0].freeAboveCents).toBe(7500);
  });

  it('reflects a change at once', async () => {
    await ctx.app.services.shipping.updateMethod(EVERGREEN_ID, DEMO_SHIPPING.evergreenOvernight, { active: false });
    const methods = (await new TestBrowser(ctx.app).get('/api/shipping-methods')).json();
    expect(methods).toHaveLength(2);
    await ctx.app.services.shipping.updateMethod(EVERGREEN_ID, DEMO_SHIPPING.evergreenOvernight, { active: true });
  });
});

describe('GET /api/tax-settings', () => {
  it('lists the rate per state and whether it applies to consult fees', async () => {
    const rates = (await new TestBrowser(ctx.app).get('/api/tax-settings')).json();
    expect(rates).toContainEqual({ state: 'CA', ratePercent: 7.25, appliesToConsultFee: false });
    expect(rates).toContainEqual({ state: 'NJ', ratePercent: 6.625, appliesToConsultFee: false });
    expect(rates).toContainEqual({ state: 'NY', ratePercent: 4, appliesToConsultFee: true });
    expect(rates.length).toBeGreaterThanOrEqual(5);
  });

  it('reflects a new rate at once', async () => {
    await ctx.app.services.shipping.setTaxRate(EVERGREEN_ID, { state: 'OR', ratePercent: 1.5, appliesToConsultFee: false });
    const rates = (await new TestBrowser(ctx.app).get('/api/tax-settings')).json();
    expect(rates).toContainEqual({ state: 'OR', ratePercent: 1.5, appliesToConsultFee: false });
  });
});

describe('shippingCostFor', () => {
  const method = { id: 'm', carrier: 'USPS', name: 'Standard', costCents: 595, minDays: 3, maxDays: 6, freeAboveCents: 7500 };
  it.each([
    [0, 595],
    [7499, 595],
    [7500, 0],
    [20000, 0],
  ])('merchandise %i costs %i', (merchandise, cost) => {
    expect(shippingCostFor(method, merchandise)).toBe(cost);
  });
  it('is never free without a threshold', () => {
    expect(shippingCostFor({ ...method, freeAboveCents: null }, 1_000_000)).toBe(595);
  });
});
