// issue 18 (tax rates, shipping methods and prices): the operator sets a storefront's sales tax per
// state and its shipping methods; the next cart is charged the new rate and cost at once (the
// shipping service's cache is dropped on write); every change is audited with before and after;
// another company's admin, patients and doctors reach nothing (404).
import { randomUUID } from 'node:crypto';
import { COMMERCE_MESSAGES as M, MESSAGES } from '@store/domain';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { otherCompany, signedInAdmin, type AdminClient } from '../../../test/admin.ts';
import { createTestApp, TestBrowser, type TestContext } from '../../../test/app.ts';
import { signedInPatient } from '../../../test/patients.ts';
import { signedInDoctor } from '../../../test/reviews.ts';
import { auditEvents } from '../../db/schema/audit.ts';
import { shippingMethods, taxRates } from '../../db/schema/shipping.ts';
import { DEMO_PRODUCTS, DEMO_SHIPPING } from '../../db/seed/store.ts';
import { EVERGREEN_ID, LUMEN_ID } from '../../db/seed/storefronts.ts';
import { guestWithCart } from '../cart/cart.test-helpers.ts';

let ctx: TestContext;
let admin: AdminClient;
let other: Awaited<ReturnType<typeof otherCompany>>;
beforeAll(async () => {
  ctx = await createTestApp();
  admin = await signedInAdmin(ctx);
  other = await otherCompany(ctx);
});
afterAll(() => ctx.close());

const methods = (storefrontId = EVERGREEN_ID) => `/api/admin/storefronts/${storefrontId}/shipping-methods`;
const rates = (storefrontId = EVERGREEN_ID) => `/api/admin/storefronts/${storefrontId}/tax-rates`;
const method = (patch: Record<string, unknown> = {}) => ({
  carrier: 'DHL',
  name: 'Economy',
  costCents: 399,
  minDays: 5,
  maxDays: 8,
  freeAboveCents: null,
  sortOrder: 5,
  active: true,
  ...patch,
});

async function auditOf(type: string, id: string) {
  return ctx.database.db.select().from(auditEvents).where(and(eq(auditEvents.subjectType, type), eq(auditEvents.subjectId, id))).orderBy(auditEvents.at);
}
async function methodCount(): Promise<number> {
  return (await ctx.database.db.select({ n: count() }).from(shippingMethods))[0]!.n;
}

/** A new guest's cart with the sunscreen (it ships), shipping to `state`. */
async function newCart(state: string, methodId?: string) {
  const { browser, orderId } = await guestWithCart(ctx);
  await browser.put(`/api/orders/${orderId}/items`, { items: [{ productId: DEMO_PRODUCTS.evergreen.sunscreen }] });
  const res = await browser.patch(`/api/orders/${orderId}/shipping`, { state, ...(methodId ? { methodId } : {}) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

describe('tax rates', () => {
  it('lists every state, paged, with the storefront’s rate or none', async () => {
    const first = (await admin.get(`${rates()}?page=1&pageSize=10`)).json();
    expect(first.total).toBe(51);
    expect(first.items).toHaveLength(10);
    expect(first.items[0]).toEqual({ state: 'AL', stateName: 'Alabama', ratePercent: null, appliesToConsultFee: null });
    const all = (await admin.get(`${rates()}?pageSize=100`)).json();
    expect(all.items).toContainEqual({ state: 'CA', stateName: 'California', ratePercent: 7.25, appliesToConsultFee: false });
    expect(all.items).toContainEqual({ state: 'NJ', stateName: 'New Jersey', ratePercent: 6.625, appliesToConsultFee: false });
    const last = (await admin.get(`${rates()}?page=6&pageSize=10`)).json();
    expect(last.items.map((r: { state: string }) => r.state)).toEqual(['WY']);
  });

  it('sets a rate the next cart is charged, audited with before and after', async () => {
    // issue 18 "a changed tax rate is what the next cart is charged"
    expect((await newCart('OR')).totals.taxCents).toBe(0);
    const res = await admin.put(`${rates()}/or`, { ratePercent: 8.1234, appliesToConsultFee: true });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ state: 'OR', stateName: 'Oregon', ratePercent: 8.1234, appliesToConsultFee: true });
    const cart = await newCart('OR');
    // 8.1234 % of the $24.00 sunscreen (shipping is never taxed).
    expect(cart.totals.taxCents).toBe(Math.round(2400 * 0.081234));
    expect(cart.isSalesTaxApplied).toBe(true);

    await admin.put(`${rates()}/OR`, { ratePercent: 2, appliesToConsultFee: true });
    expect((await newCart('OR')).totals.taxCents).toBe(48);

    const events = await auditOf('tax_rate', `${EVERGREEN_ID}:OR`);
    expect(events.map((e) => e.action)).toEqual(['admin.tax_rate.created', 'admin.tax_rate.updated']);
    expect(events[0]!.details).toEqual({ before: null, after: { ratePercent: 8.1234, appliesToConsultFee: true } });
    expect(events[1]!.details).toEqual({ before: { ratePercent: 8.1234 }, after: { ratePercent: 2 } });
    expect(events[1]).toMatchObject({ actorId: admin.userId, storefrontId: EVERGREEN_ID });
  });

  it('removes a rate: the next cart pays no tax there', async () => {
    expect((await newCart('WA')).totals.taxCents).toBeGreaterThan(0);
    expect((await admin.delete(`${rates()}/WA`)).statusCode).toBe(204);
    expect((await newCart('WA')).totals.taxCents).toBe(0);
    const [event] = await auditOf('tax_rate', `${EVERGREEN_ID}:WA`);
    expect(event).toMatchObject({ action: 'admin.tax_rate.removed', details: { before: { ratePercent: 6.5, appliesToConsultFee: true }, after: null } });
    // Nothing to remove any more.
    expect((await admin.delete(`${rates()}/WA`)).statusCode).toBe(404);
  });

  it.each([
    [{ ratePercent: 100.5, appliesToConsultFee: false }, 'ratePercent', M.TAX_RATE],
    [{ ratePercent: -1, appliesToConsultFee: false }, 'ratePercent', M.TAX_RATE],
    [{ ratePercent: 1.23456, appliesToConsultFee: false }, 'ratePercent', M.TAX_RATE],
  ])('refuses %j beside the field and changes nothing', async (payload, field, message) => {
    const res = await admin.put(`${rates()}/TX`, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toContainEqual({ field, message });
    const [tx] = await ctx.database.db.select().from(taxRates).where(and(eq(taxRates.storefrontId, EVERGREEN_ID), eq(taxRates.state, 'TX')));
    expect(tx!.ratePercent).toBe(6.25);
  });

  it('refuses a state that is not one', async () => {
    const res = await admin.put(`${rates()}/ZZ`, { ratePercent: 1, appliesToConsultFee: false });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toContainEqual({ field: 'state', message: MESSAGES.STATE_INVALID });
  });
});

describe('shipping methods', () => {
  it('lists the storefront’s methods, paged, inactive ones too', async () => {
    const page = (await admin.get(`${methods()}?pageSize=10`)).json();
    expect(page.total).toBe(3);
    expect(page.items[0]).toEqual({ id: DEMO_SHIPPING.evergreenStandard, carrier: 'USPS', name: 'Standard', costCents: 0, minDays: 3, maxDays: 5, freeAboveCents: null, sortOrder: 0, active: true });
    expect(page.items.map((m: { id: string }) => m.id)).not.toContain(DEMO_SHIPPING.lumenStandard);
  });

  it('changes a price the next cart pays, audited with before and after', async () => {
    // issue 18 "a changed shipping price is what the next cart is charged"
    expect((await newCart('CA', DEMO_SHIPPING.evergreenTwoDay)).totals.shippingCents).toBe(1499);
    const res = await admin.put(`${methods()}/${DEMO_SHIPPING.evergreenTwoDay}`, method({ carrier: 'UPS', name: '2nd Day Air', costCents: 1799, minDays: 2, maxDays: 2, sortOrder: 1 }));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ costCents: 1799 });
    expect((await newCart('CA', DEMO_SHIPPING.evergreenTwoDay)).totals.shippingCents).toBe(1799);
    // The store's list shows it too.
    const store = (await new TestBrowser(ctx.app).get('/api/shipping-methods')).json();
    expect(store.find((m: { id: string }) => m.id === DEMO_SHIPPING.evergreenTwoDay).costCents).toBe(1799);
    const [event] = await auditOf('shipping_method', DEMO_SHIPPING.evergreenTwoDay);
    expect(event).toMatchObject({ action: 'admin.shipping_method.updated', actorId: admin.userId, storefrontId: EVERGREEN_ID });
    expect(event!.details).toEqual({ before: { costCents: 1499 }, after: { costCents: 1799 } });
  });

  it('adds a method the store offers at once, free above an amount', async () => {
    const res = await admin.post(methods(), method({ freeAboveCents: 2000 }));
    expect(res.statusCode).toBe(201);
    const created = res.json();
    const store = (await new TestBrowser(ctx.app).get('/api/shipping-methods')).json();
    expect(store.map((m: { id: string }) => m.id)).toContain(created.id);
    // The sunscreen ($24.00) reaches the $20.00 threshold: free.
    expect((await newCart('CA', created.id)).totals.shippingCents).toBe(0);
    const [event] = await auditOf('shipping_method', created.id);
    expect(event).toMatchObject({ action: 'admin.shipping_method.created', details: { before: null, after: { carrier: 'DHL', costCents: 399, freeAboveCents: 2000 } } });
  });

  it('deactivates a method (the store stops offering it) but never the last active one', async () => {
    const created = (await admin.post(methods(LUMEN_ID), method())).json();
    expect((await admin.patch(`${methods(LUMEN_ID)}/${created.id}`, { active: false })).json().active).toBe(false);
    const store = (await new TestBrowser(ctx.app, 'lumen.localhost').get('/api/shipping-methods')).json();
    expect(store.map((m: { id: string }) => m.id)).not.toContain(created.id);
    expect((await auditOf('shipping_method', created.id)).map((e) => e.action)).toEqual(['admin.shipping_method.created', 'admin.shipping_method.deactivated']);

    expect((await admin.patch(`${methods(LUMEN_ID)}/${DEMO_SHIPPING.lumenExpress}`, { active: false })).statusCode).toBe(200);
    const last = await admin.patch(`${methods(LUMEN_ID)}/${DEMO_SHIPPING.lumenStandard}`, { active: false });
    expect(last.statusCode).toBe(409);
    expect(last.json().errors).toEqual([{ field: 'active', message: M.LAST_ACTIVE_METHOD }]);
    expect((await admin.patch(`${methods(LUMEN_ID)}/${DEMO_SHIPPING.lumenExpress}`, { active: true })).json().active).toBe(true);
  });

  it.each([
    [{ carrier: '' }, 'carrier', M.CARRIER_REQUIRED],
    [{ name: 'x'.repeat(81) }, 'name', M.METHOD_NAME_REQUIRED],
    [{ costCents: -5 }, 'costCents', M.AMOUNT_RANGE],
    [{ costCents: 1.5 }, 'costCents', M.AMOUNT_RANGE],
    [{ minDays: 5, maxDays: 2 }, 'maxDays', M.MAX_DAYS_BELOW_MIN],
    [{ sortOrder: 10_000 }, 'sortOrder', M.SORT_ORDER],
  ])('refuses %j beside %s and writes nothing', async (patch, field, message) => {
    const before = await methodCount();
    const res = await admin.post(methods(), method(patch));
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toContainEqual({ field, message });
    expect(await methodCount()).toBe(before);
  });

  it('answers 404 for a method of another storefront under this one', async () => {
    expect((await admin.put(`${methods()}/${DEMO_SHIPPING.lumenStandard}`, method())).statusCode).toBe(404);
    expect((await admin.patch(`${methods()}/${DEMO_SHIPPING.lumenStandard}`, { active: false })).statusCode).toBe(404);
    expect((await admin.put(`${methods()}/${randomUUID()}`, method())).statusCode).toBe(404);
  });
});

describe('who reaches tax rates and shipping methods', () => {
  it('is a 404 for another company’s admin, reading or writing, and nothing changes', async () => {
    const theirs = other.admin;
    const before = await methodCount();
    expect((await theirs.get(methods())).statusCode).toBe(404);
    expect((await theirs.post(methods(), method())).statusCode).toBe(404);
    expect((await theirs.put(`${methods()}/${DEMO_SHIPPING.evergreenStandard}`, method())).statusCode).toBe(404);
    expect((await theirs.patch(`${methods()}/${DEMO_SHIPPING.evergreenStandard}`, { active: false })).statusCode).toBe(404);
    expect((await theirs.get(rates())).statusCode).toBe(404);
    expect((await theirs.put(`${rates()}/CA`, { ratePercent: 50, appliesToConsultFee: true })).statusCode).toBe(404);
    expect((await theirs.delete(`${rates()}/CA`)).statusCode).toBe(404);
    // Our method under their storefront's path: unknown.
    expect((await theirs.put(`${methods(other.storefrontId)}/${DEMO_SHIPPING.evergreenStandard}`, method())).statusCode).toBe(404);
    expect(await methodCount()).toBe(before);
    const [ca] = await ctx.database.db.select().from(taxRates).where(and(eq(taxRates.storefrontId, EVERGREEN_ID), eq(taxRates.state, 'CA')));
    expect(ca!.ratePercent).toBe(7.25);
    // Their own storefront is theirs to edit; ours is not reachable from it.
    expect((await theirs.put(`${rates(other.storefrontId)}/CA`, { ratePercent: 1, appliesToConsultFee: false })).statusCode).toBe(200);
    expect((await admin.get(rates(other.storefrontId))).statusCode).toBe(404);
  });

  it('is a 404 for nobody, a guest, a patient and a doctor', async () => {
    const patient = await signedInPatient(ctx);
    const doctor = await signedInDoctor(ctx, ['CA']);
    const guest = new TestBrowser(ctx.app);
    await guest.post('/api/session/guest');
    for (const who of [patient, doctor, guest]) {
      expect((await who.get(methods())).statusCode).toBe(404);
      expect((await who.post(methods(), method())).statusCode).toBe(404);
      expect((await who.get(rates())).statusCode).toBe(404);
      expect((await who.delete(`${rates()}/CA`)).statusCode).toBe(404);
    }
    expect((await patient.put(`${rates()}/CA`, { ratePercent: 50, appliesToConsultFee: true })).statusCode).toBe(404);
    expect((await patient.put(`${methods()}/${DEMO_SHIPPING.evergreenStandard}`, method())).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'GET', url: rates(), headers: { host: 'localhost:3000' } })).statusCode).toBe(404);
  });
});
