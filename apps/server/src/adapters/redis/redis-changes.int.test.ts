// issue 20: "cache invalidation by pub/sub (storefront config, catalog, shipping, tax, consents: a
// change is served by every instance within a second)". Two instances on one database and one
// Redis; the operator changes a price, a shipping method, a tax rate and the storefront's name
// through the first, and a shopper on the second is served the change within a second. Without
// Redis the second instance keeps serving its cached catalog: the bus is what carries the change.
import type { AdminProductInput, AdminProductView, StorefrontDraftFormValues } from '@store/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInAdmin, type AdminClient } from '../../../test/admin.ts';
import { createInstances, type Instances } from '../../../test/instances.ts';
import type { App } from '../../app.ts';
import { DEMO_PRODUCTS, DEMO_SHIPPING } from '../../db/seed/store.ts';
import { EVERGREEN_ID } from '../../db/seed/storefronts.ts';

const E = DEMO_PRODUCTS.evergreen;
const admin = (path = '') => `/api/admin/storefronts/${EVERGREEN_ID}${path}`;
const HOST = { host: 'localhost:3000' };

const shopperGet = async (app: App, url: string) => {
  const res = await app.inject({ url, headers: HOST });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const priceOn = async (app: App, id: string) => ((await shopperGet(app, '/api/products')) as { id: string; priceCents: number }[]).find((p) => p.id === id)?.priceCents;
const methodCostOn = async (app: App, id: string) => ((await shopperGet(app, '/api/shipping-methods')) as { id: string; costCents: number }[]).find((m) => m.id === id)?.costCents;
const taxOn = async (app: App, state: string) => ((await shopperGet(app, '/api/tax-settings')) as { state: string; ratePercent: number }[]).find((t) => t.state === state)?.ratePercent;
const nameOn = async (app: App) => ((await shopperGet(app, '/api/storefront')) as { name: string }).name;

/** Polls `read` until it gives `wanted` or 3 s pass; answers (and prints) how long that took (ms). */
async function servedWithin<T>(what: string, read: () => Promise<T>, wanted: T): Promise<number> {
  const started = performance.now();
  while ((await read()) !== wanted && performance.now() - started < 3000) await new Promise((r) => setTimeout(r, 20));
  expect(await read()).toBe(wanted);
  const ms = performance.now() - started;
  console.info(`issue 20: ${what} served by the other instance ${ms.toFixed(0)} ms after the change`);
  return ms;
}

async function changePrice(operator: AdminClient, priceCents: number) {
  const before = (await operator.get(admin(`/products/${E.vitaminD}`))).json() as AdminProductView;
  const { id: _id, storefrontId: _s, updatedAt: _u, shipsTo, ...input } = before;
  const res = await operator.put(admin(`/products/${E.vitaminD}`), { ...input, shipsTo: shipsTo as AdminProductInput['shipsTo'], priceCents });
  expect(res.statusCode, res.body).toBe(200);
}

describe('two instances sharing Redis', () => {
  let both: Instances;
  let one: App;
  let two: App;
  let operator: AdminClient;
  beforeAll(async () => {
    both = await createInstances(2, { redis: true, name: 'changes', overrides: { JOB_WORKER: false } });
    [one, two] = both.instances.map((i) => i.app) as [App, App];
    operator = await signedInAdmin(both.instances[0]!);
  });
  afterAll(() => both.close());

  it("serves the operator's new product price on the other instance within a second", async () => {
    const before = await priceOn(two, E.vitaminD);
    expect(before).toBeDefined();
    await changePrice(operator, before! + 111);
    expect(await servedWithin('product price', () => priceOn(two, E.vitaminD), before! + 111)).toBeLessThan(1000);
    // And on the instance that made it, at once.
    expect(await priceOn(one, E.vitaminD)).toBe(before! + 111);
  });

  it("serves a shipping method's new price and a new tax rate on the other instance within a second", async () => {
    const cost = await methodCostOn(two, DEMO_SHIPPING.evergreenTwoDay);
    expect(cost).toBeDefined();
    const res = await operator.put(admin(`/shipping-methods/${DEMO_SHIPPING.evergreenTwoDay}`), {
      carrier: 'UPS', name: '2nd Day Air', costCents: cost! + 200, minDays: 2, maxDays: 2, freeAboveCents: null, sortOrder: 1, active: true,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await servedWithin('shipping method price', () => methodCostOn(two, DEMO_SHIPPING.evergreenTwoDay), cost! + 200)).toBeLessThan(1000);

    expect(await taxOn(two, 'OR')).toBeUndefined();
    expect((await operator.put(admin('/tax-rates/OR'), { ratePercent: 3.5, appliesToConsultFee: false })).statusCode).toBe(200);
    expect(await servedWithin('tax rate', () => taxOn(two, 'OR'), 3.5)).toBeLessThan(1000);
  });

  it("serves a published storefront name on the other instance at once, not at its next once-a-second database check", async () => {
    const detail = (await operator.get(admin())).json() as { draft: { bundle: StorefrontDraftFormValues } | null; live: StorefrontDraftFormValues };
    const draft = { ...structuredClone(detail.draft?.bundle ?? detail.live), note: '', name: 'Evergreen Health, renamed' };
    const saved = (await operator.put(admin('/draft'), draft)).json() as { draft: { id: string } };
    // The second instance has just looked at the database (its check will not look again for a second).
    expect(await nameOn(two)).not.toBe('Evergreen Health, renamed');
    expect((await operator.post(admin(`/versions/${saved.draft.id}/publish`))).statusCode).toBe(200);
    expect(await servedWithin('storefront name', () => nameOn(two), 'Evergreen Health, renamed')).toBeLessThan(1000);
  });
});

describe('two instances without Redis (the control)', () => {
  let both: Instances;
  beforeAll(async () => {
    both = await createInstances(2, { redis: false, name: 'changes', overrides: { JOB_WORKER: false } });
  });
  afterAll(() => both.close());

  it('the other instance keeps its cached price: nothing tells it', async () => {
    const [one, two] = both.instances.map((i) => i.app) as [App, App];
    const operator = await signedInAdmin(both.instances[0]!);
    const before = await priceOn(two, E.vitaminD);
    await changePrice(operator, before! + 7);
    expect(await priceOn(one, E.vitaminD)).toBe(before! + 7);
    await new Promise((r) => setTimeout(r, 1000));
    expect(await priceOn(two, E.vitaminD)).toBe(before);
  });
});
