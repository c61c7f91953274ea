// Issue 5 "Checkout: shipping details and pharmacy choice", wired into the order: the shipping
// address copied onto the order (saved or new, validated with the domain's messages), products'
// state restrictions, Shipping completed once address and method are set, the pharmacy chosen
// (Pharmacy stage), the partner chosen automatically when the storefront's pharmacy choice is off,
// and another patient's saved address or another owner's order: 404.
import { MESSAGES, Stage } from '@store/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestBrowser, type TestContext } from '../../test/app.ts';
import { addresses } from '../db/schema/addresses.ts';
import { DEMO_PRODUCTS, DEMO_SHIPPING } from '../db/seed/store.ts';
import { EVERGREEN_ID, LUMEN_ID } from '../db/seed/storefronts.ts';
import type { OrderOwner } from '../modules/orders/orders.service.ts';
import { guestWithCart, signedInPatient, storedOrder } from '../modules/cart/cart.test-helpers.ts';

const P = DEMO_PRODUCTS.evergreen;
const { Consult, Shipping, Pharmacy } = Stage;

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const home = {
  fullName: 'Jane Doe',
  line1: '12 Oak Street',
  line2: 'Apt 4',
  city: 'Austin',
  state: 'TX',
  zip: '78701',
  phone: '(512) 555-0134',
};

async function guestOrder(productId: string, host = 'localhost:3000') {
  const { browser, orderId } = await guestWithCart(ctx, host);
  expect(
    (await browser.patch(`/api/orders/${orderId}/items`, { items: [{ productId }] })).statusCode,
  ).toBe(200);
  return { browser, orderId };
}

async function guestOwner(browser: TestBrowser): Promise<OrderOwner> {
  const identity = await ctx.app.services.sessions.resolve(browser.cookie('sid')!);
  return { kind: 'guest', guestSessionId: identity!.sessionId };
}

/** Completes the Consult stage of the order's items, as a submitted consult does. */
async function consultDone(browser: TestBrowser, orderId: string, storefrontId = EVERGREEN_ID) {
  const storefront = await ctx.app.services.storefronts.getById(storefrontId);
  const owner = await guestOwner(browser);
  const order = (await browser.get(`/api/orders/${orderId}`)).json();
  for (const item of order.items) {
    await ctx.app.services.checkout.completeStage({
      storefront,
      owner,
      orderId,
      stage: Consult,
      itemId: item.id,
    });
  }
}

const progressOf = async (client: Pick<TestBrowser, 'get'>, orderId: string) =>
  (await client.get(`/api/orders/${orderId}/checkout`)).json();

describe('the order’s shipping address', () => {
  it('answers each bad field with the domain’s message and changes nothing', async () => {
    // SPEC §5 FullName, PhoneNumber ("Invalid format. Please enter 10 digits."); US state and ZIP
    const { browser, orderId } = await guestOrder(P.vitaminD);
    const before = await storedOrder(ctx, orderId);
    const res = await browser.put(`/api/orders/${orderId}/shipping-address`, {
      address: { ...home, fullName: 'Jane', phone: '512-555', zip: '7870', state: 'XX' },
    });
    expect(res.statusCode).toBe(400);
    const errors = res.json().errors as { field: string; message: string }[];
    const messageOf = (field: string) => errors.find((e) => e.field === field)?.message;
    expect(messageOf('address.phone')).toBe(MESSAGES.PHONE_NUMBER_FORMAT);
    expect(messageOf('address.phone')).toBe('Invalid format. Please enter 10 digits.');
    expect(messageOf('address.fullName')).toBe(MESSAGES.FULL_NAME_INVALID);
    expect(messageOf('address.zip')).toBe(MESSAGES.ZIP_INVALID);
    expect(messageOf('address.state')).toBeDefined();
    expect(await storedOrder(ctx, orderId)).toEqual(before);
  });

  it('copies the address onto the order and, with the method set, completes Shipping', async () => {
    // SPEC §2 stage order (Shipping after Consult); §4 completed stages; DATA-MODEL "Snapshots"
    const { browser, orderId } = await guestOrder(P.vitaminD);
    const method = await browser.patch(`/api/orders/${orderId}/shipping`, {
      methodId: DEMO_SHIPPING.evergreenOvernight,
    });
    expect(method.statusCode).toBe(200);
    expect((await progressOf(browser, orderId)).completedStages & Shipping).toBe(0);

    const res = await browser.put(`/api/orders/${orderId}/shipping-address`, {
      address: { ...home, phone: '512.555.0134' },
    });
    expect(res.statusCode).toBe(200);
    const order = res.json();
    expect(order.shippingAddress).toEqual({ ...home, phone: '5125550134' });
    expect(order.shipping).toMatchObject({
      state: 'TX',
      methodId: DEMO_SHIPPING.evergreenOvernight,
    });
    expect(order.completedCheckoutStages & Shipping).toBe(Shipping);
    expect((await progressOf(browser, orderId)).completedStages & Shipping).toBe(Shipping);
  });

  it('asks for the address again when the patient then ships to another state', async () => {
    // SPEC §2: after an order change the patient is sent to the first pending stage
    const { browser, orderId } = await guestOrder(P.vitaminD);
    await browser.patch(`/api/orders/${orderId}/shipping`, { methodId: DEMO_SHIPPING.evergreenOvernight });
    await browser.put(`/api/orders/${orderId}/shipping-address`, { address: home });
    expect((await progressOf(browser, orderId)).completedStages & Shipping).toBe(Shipping);

    const moved = await browser.patch(`/api/orders/${orderId}/shipping`, { state: 'CA' });
    expect(moved.statusCode).toBe(200);
    expect(moved.json().shippingAddress ?? null).toBeNull();
    expect(moved.json().completedCheckoutStages & Shipping).toBe(0);
    const progress = await progressOf(browser, orderId);
    expect(progress.completedStages & Shipping).toBe(0);
    expect(progress.nextRoute).toBe('/checkout/shipping-details');
  });

  it('refuses a state a product in the order cannot ship to, and changes nothing', async () => {
    // SPEC §7 "product-wise shipping methods with state"; issue 5 "state restrictions (clear message, no silent failure)"
    const { browser, orderId } = await guestOrder(P.a1cKit); // not shipped to NY, NJ, RI
    const before = await storedOrder(ctx, orderId);
    const res = await browser.put(`/api/orders/${orderId}/shipping-address`, {
      address: { ...home, city: 'Albany', state: 'NY', zip: '12207' },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({
      code: 'SHIPPING_STATE_UNAVAILABLE',
      detail: MESSAGES.SHIPPING_STATE_UNAVAILABLE,
      errors: [{ field: 'address.state', message: MESSAGES.SHIPPING_STATE_UNAVAILABLE }],
    });
    expect(await storedOrder(ctx, orderId)).toEqual(before);
  });

  it('uses a patient’s saved address (now the most recent) and can save a new one', async () => {
    // SPEC §9 "MOST RECENT ADDRESS, OTHER SAVED ADDRESSES"; SPEC §7 "add and use shipping address"
    const patient = await signedInPatient(ctx);
    const orderId = (await patient.post('/api/cart')).json().id as string;
    await patient.patch(`/api/orders/${orderId}/items`, { items: [{ productId: P.vitaminD }] });
    const first = (await patient.post('/api/addresses', home)).json();
    ctx.clock.advance(1000);
    const second = (
      await patient.post('/api/addresses', { ...home, line1: '500 Congress Ave', zip: '78702' })
    ).json();
    expect((await patient.get('/api/addresses')).json().mostRecent.id).toBe(second.id);
    ctx.clock.advance(1000);

    const res = await patient.put(`/api/orders/${orderId}/shipping-address`, {
      savedAddressId: first.id,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().shippingAddress).toMatchObject({
      line1: '12 Oak Street',
      zip: '78701',
      phone: '5125550134',
    });
    expect((await patient.get('/api/addresses')).json().mostRecent.id).toBe(first.id);

    ctx.clock.advance(1000);
    const typed = { ...home, line1: '77 Pine Road', line2: null };
    const saved = await patient.put(`/api/orders/${orderId}/shipping-address`, {
      address: typed,
      save: true,
    });
    expect(saved.statusCode).toBe(200);
    const groups = (await patient.get('/api/addresses')).json();
    expect(groups.mostRecent.line1).toBe('77 Pine Road');
    expect(groups.otherSaved).toHaveLength(2);
  });

  it('answers 404 for another patient’s saved address (and for a guest naming one)', async () => {
    // DATA-MODEL "a miss is a 404, never a 403"; issue 5 "another patient's saved address cannot be used (404)"
    const owner = await signedInPatient(ctx);
    const theirs = (await owner.post('/api/addresses', home)).json();
    const other = await signedInPatient(ctx);
    const orderId = (await other.post('/api/cart')).json().id as string;
    await other.patch(`/api/orders/${orderId}/items`, { items: [{ productId: P.vitaminD }] });
    const before = await storedOrder(ctx, orderId);
    const res = await other.put(`/api/orders/${orderId}/shipping-address`, {
      savedAddressId: theirs.id,
    });
    expect(res.statusCode).toBe(404);
    expect(await storedOrder(ctx, orderId)).toEqual(before);
    const [row] = await ctx.database.db.select().from(addresses).where(eq(addresses.id, theirs.id));
    expect(row!.lastUsedAt).toBeNull();

    const { browser, orderId: guestOrderId } = await guestOrder(P.vitaminD);
    expect(
      (
        await browser.put(`/api/orders/${guestOrderId}/shipping-address`, {
          savedAddressId: theirs.id,
        })
      ).statusCode,
    ).toBe(404);
  });

  it('answers 404 for another browser’s order', async () => {
    // DATA-MODEL "Every patient-owned row is read through its owner"
    const { orderId } = await guestOrder(P.vitaminD);
    const { browser: stranger } = await guestWithCart(ctx);
    expect(
      (await stranger.put(`/api/orders/${orderId}/shipping-address`, { address: home })).statusCode,
    ).toBe(404);
    expect(
      (await stranger.put(`/api/orders/${orderId}/pharmacy`, { partner: true })).statusCode,
    ).toBe(404);
  });
});

describe('the order’s pharmacy', () => {
  it('sets a searched pharmacy on the order and completes the Pharmacy stage, after Shipping only', async () => {
    // SPEC §2 "Stage order: Consult 1, Shipping 2, Pharmacy 3"; SPEC §7 "add patient pharmacy to order"
    const { browser, orderId } = await guestOrder(P.finasteride);
    await consultDone(browser, orderId);
    const found = (await browser.get('/api/pharmacies?zip=78701')).json().items[0];
    const early = await browser.put(`/api/orders/${orderId}/pharmacy`, { pharmacyId: found.id });
    expect(early.statusCode).toBe(409);
    expect(early.json().code).toBe('STAGE_OUT_OF_ORDER');
    expect((await storedOrder(ctx, orderId)).order!.pharmacyId).toBeNull();

    expect(
      (await browser.put(`/api/orders/${orderId}/shipping-address`, { address: home })).statusCode,
    ).toBe(200);
    let progress = await progressOf(browser, orderId);
    expect(progress.completedStages & (Shipping | Pharmacy)).toBe(Shipping);
    // SPEC §2: Shipping and Pharmacy both route to shipping-details.
    expect(progress.nextRoute).toBe('/checkout/shipping-details');

    const res = await browser.put(`/api/orders/${orderId}/pharmacy`, { pharmacyId: found.id });
    expect(res.statusCode).toBe(200);
    expect(res.json().pharmacyId).toBe(found.id);
    progress = await progressOf(browser, orderId);
    expect(progress.completedStages & Pharmacy).toBe(Pharmacy);
    expect(progress.missingStages).not.toContain(Pharmacy);
  });

  it('takes the partner pharmacy, or the patient’s own, and refuses one the caller cannot see', async () => {
    // SPEC §7 "pharmacy acceptinternal"; issue 5 "adding the patient's own pharmacy … stored as patient-created"
    const { browser, orderId } = await guestOrder(P.finasteride);
    await consultDone(browser, orderId);
    await browser.put(`/api/orders/${orderId}/shipping-address`, { address: home });
    const partner = (await browser.get('/api/pharmacies/partner')).json();
    const viaPartner = await browser.put(`/api/orders/${orderId}/pharmacy`, { partner: true });
    expect(viaPartner.statusCode).toBe(200);
    expect(viaPartner.json().pharmacyId).toBe(partner.id);

    // Another guest's own pharmacy is not visible: 404, the order keeps the partner.
    const { browser: other } = await guestWithCart(ctx);
    const theirs = await other.post('/api/pharmacies', {
      name: 'Corner Drug',
      address: '1 Main St',
      city: 'Austin',
      state: 'TX',
      zip: '78701',
      phone: '5125550100',
      fax: '5125550101',
      npi: '1234567893',
    });
    expect(theirs.statusCode).toBe(201);
    expect(
      (await browser.put(`/api/orders/${orderId}/pharmacy`, { pharmacyId: theirs.json().id }))
        .statusCode,
    ).toBe(404);
    expect((await storedOrder(ctx, orderId)).order!.pharmacyId).toBe(partner.id);

    const mine = await browser.post('/api/pharmacies', {
      ...theirs.json().pharmacyAddress,
      name: 'My Drug',
      address: '2 Main St',
      city: 'Austin',
      state: 'TX',
      zip: '78701',
      phone: '5125550102',
      fax: '5125550103',
      npi: '1234567893',
    });
    expect(mine.statusCode).toBe(201);
    const own = await browser.put(`/api/orders/${orderId}/pharmacy`, {
      pharmacyId: mine.json().id,
    });
    expect(own.statusCode).toBe(200);
    expect(own.json().pharmacyId).toBe(mine.json().id);
  });

  it('chooses the partner pharmacy as Shipping completes when the storefront’s pharmacy choice is off', async () => {
    // SPEC §3 applicationSettings PharmacyChoice; Lumen has pharmacyChoice off
    const lumen = await ctx.app.services.storefronts.getById(LUMEN_ID);
    expect(lumen.settings.pharmacyChoice).toBe(false);
    const { browser, orderId } = await guestOrder(
      DEMO_PRODUCTS.lumen.hairDuo,
      'lumen.localhost:3000',
    );
    await consultDone(browser, orderId, LUMEN_ID);
    const res = await browser.put(`/api/orders/${orderId}/shipping-address`, { address: home });
    expect(res.statusCode).toBe(200);
    const partner = (await browser.get('/api/pharmacies/partner')).json();
    expect(res.json().pharmacyId).toBe(partner.id);
    const progress = await progressOf(browser, orderId);
    expect(progress.completedStages & (Shipping | Pharmacy)).toBe(Shipping | Pharmacy);
    expect(progress.nextRoute).not.toBe('/checkout/shipping-details');

    // Choosing another pharmacy is not offered there.
    const found = (await browser.get('/api/pharmacies?zip=78701'))
      .json()
      .items.find((p: { isPartner: boolean }) => !p.isPartner);
    const refused = await browser.put(`/api/orders/${orderId}/pharmacy`, { pharmacyId: found.id });
    expect(refused.statusCode).toBe(409);
  });
});
