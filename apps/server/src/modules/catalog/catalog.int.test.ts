// SPEC §3 cart item fields of a product, SPEC §7 "Product: price with consult, shipping states,
// states list"; the catalog is per storefront and cached until a write.
import { priceWithConsult, pricePerCycle, Stage, US_STATES } from '@store/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TestBrowser, type TestContext } from '../../../test/app.ts';
import { DEMO_PRODUCTS } from '../../db/seed/store.ts';
import { EVERGREEN_ID } from '../../db/seed/storefronts.ts';

let ctx: TestContext;
let browser: TestBrowser;
beforeAll(async () => {
  ctx = await createTestApp();
  browser = new TestBrowser(ctx.app);
});
afterAll(() => ctx.close());

describe('GET /api/products', () => {
  it('lists the storefront’s products with every field of SPEC §3', async () => {
    const res = await browser.get('/api/products');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    const products = res.json();
    expect(products.length).toBeGreaterThanOrEqual(10);
    const categories = new Set(products.map((p: { category: string }) => p.category));
    for (const c of ['weight', 'hair', 'sexual_health', 'skin', 'labs', 'otc']) expect(categories).toContain(c);
    const sema = products.find((p: { id: string }) => p.id === DEMO_PRODUCTS.evergreen.semaglutide);
    expect(sema).toMatchObject({
      slug: 'semaglutide-weight-care',
      type: 'prescription',
      priceCents: 24900,
      consultFeeCents: 4900,
      consultRequired: true,
      consultAttached: true,
      visitType: 1,
      qtyRange: { min: 1, max: 1 },
      defaultQuantity: 1,
      refillCycleDays: 28,
      thumbnail: '/products/semaglutide-weight-care.svg',
      checkoutStages: Stage.Consult | Stage.Shipping | Stage.Pharmacy | Stage.Scheduling | Stage.Payment,
      questionnaireId: 'weight-care-intake',
    });
    // SPEC §7 price with consult, and price per cycle, from the domain rules
    expect(sema.priceWithConsultCents).toBe(priceWithConsult(24900, 4900));
    expect(sema.pricePerCycleCents).toBe(pricePerCycle(24900, 28));
    expect(sema.shipsTo).not.toContain('AK');
    expect(sema.shipsTo).toContain('CA');
  });

  it('gives a placeholder image to a product without one (SPEC §3)', async () => {
    const products = (await browser.get('/api/products')).json();
    const visit = products.find((p: { id: string }) => p.id === DEMO_PRODUCTS.evergreen.doctorVisit);
    expect(visit.thumbnail).toBe('/products/placeholder.svg');
  });

  it('spreads consult products over the three visit types, and OTC products need only Shipping and Payment', async () => {
    const products = (await browser.get('/api/products')).json() as {
      consultRequired: boolean;
      visitType: number | null;
      type: string;
      checkoutStages: number;
    }[];
    const visitTypes = new Set(products.filter((p) => p.consultRequired).map((p) => p.visitType));
    expect([...visitTypes].sort()).toEqual([1, 2, 3]);
    for (const p of products.filter((p) => p.type === 'otc')) {
      expect(p.checkoutStages).toBe(Stage.Shipping | Stage.Payment);
    }
  });

  it('serves each brand its own catalog (white-labelling)', async () => {
    const lumen = (await new TestBrowser(ctx.app, 'lumen.localhost:3000').get('/api/products')).json();
    const evergreen = (await browser.get('/api/products')).json();
    expect(lumen.map((p: { id: string }) => p.id)).toContain(DEMO_PRODUCTS.lumen.hairDuo);
    expect(lumen.map((p: { id: string }) => p.id)).not.toContain(DEMO_PRODUCTS.evergreen.semaglutide);
    expect(evergreen.map((p: { id: string }) => p.id)).not.toContain(DEMO_PRODUCTS.lumen.hairDuo);
  });

  it('reflects a change at once (cache dropped on write) and hides inactive products', async () => {
    await ctx.app.services.catalog.updateProduct(DEMO_PRODUCTS.evergreen.vitaminD, { priceCents: 1599 });
    let list = (await browser.get('/api/products')).json();
    expect(list.find((p: { id: string }) => p.id === DEMO_PRODUCTS.evergreen.vitaminD).priceCents).toBe(1599);
    await ctx.app.services.catalog.updateProduct(DEMO_PRODUCTS.evergreen.vitaminD, { active: false });
    list = (await browser.get('/api/products')).json();
    expect(list.find((p: { id: string }) => p.id === DEMO_PRODUCTS.evergreen.vitaminD)).toBeUndefined();
    expect((await browser.get('/api/products/vitamin-d3-2000')).statusCode).toBe(404);
    await ctx.app.services.catalog.updateProduct(DEMO_PRODUCTS.evergreen.vitaminD, { active: true, priceCents: 1499 });
  });
});

describe('GET /api/products/:slug', () => {
  it('answers one product with price with consult, price per cycle and shipping states', async () => {
    const res = await browser.get('/api/products/finasteride-1mg');
    expect(res.statusCode).toBe(200);
    const p = res.json();
    expect(p.id).toBe(DEMO_PRODUCTS.evergreen.finasteride);
    expect(p.priceWithConsultCents).toBe(2200 + 2500);
    expect(p.pricePerCycleCents).toBe(2200);
    expect(p.qtyRange).toEqual({ min: 1, max: 6 });
    expect(p.defaultQuantity).toBe(3);
    expect(p.flexibleQuantity).toBe(true);
    expect(p.shipsTo).toHaveLength(US_STATES.length);
  });

  it('is a 404 for an unknown slug and for another brand’s product', async () => {
    expect((await browser.get('/api/products/no-such-thing')).json()).toMatchObject({ status: 404, code: 'NOT_FOUND' });
    expect((await browser.get('/api/products/hair-regrowth-duo')).statusCode).toBe(404);
  });

  it('refuses an over-long slug (URI too long), not a crash', async () => {
    const res = await browser.get(`/api/products/${'x'.repeat(201)}`);
    expect(res.statusCode).toBe(414);
  });
});

describe('GET /api/states', () => {
  it('lists the 50 states and DC', async () => {
    const states = (await browser.get('/api/states')).json();
    expect(states).toHaveLength(51);
    expect(states[0]).toEqual({ code: 'AL', name: 'Alabama' });
  });

  it('lists the states one product ships to, by id or slug (SPEC §7 shipping states)', async () => {
    const byId = (await browser.get(`/api/states?productId=${DEMO_PRODUCTS.evergreen.a1cKit}`)).json();
    const codes = byId.map((s: { code: string }) => s.code);
    expect(codes).not.toContain('NY');
    expect(codes).toHaveLength(48);
    const bySlug = (await browser.get('/api/states?productId=at-home-a1c-test')).json();
    expect(bySlug).toEqual(byId);
  });

  it('is a 404 for a product of another storefront', async () => {
    expect((await browser.get(`/api/states?productId=${DEMO_PRODUCTS.lumen.hairDuo}`)).statusCode).toBe(404);
  });
});

describe('the catalog cache', () => {
  it('serves repeated reads from memory', async () => {
    const a = await ctx.app.services.catalog.listProductsJson(EVERGREEN_ID);
    const b = await ctx.app.services.catalog.listProductsJson(EVERGREEN_ID);
    expect(a).toBe(b);
  });
});
