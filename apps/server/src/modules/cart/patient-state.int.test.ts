// issue 13 #13: a lab-only order (no Shipping stage: the panel is drawn at a partner lab) was never
// taxed and its restriction ("Not available in New Jersey, New York, Rhode Island") never enforced,
// because the order's state came only from the shipping address. Now the patient gives the state
// they are in before paying: a state the panel is not sold in is refused where it is picked and
// again at pay (nothing charged), a missing one is refused at pay, and a taxed one puts the tax in
// the summary's total and in the amount charged. A shipped product is unchanged.
import { randomUUID } from 'node:crypto';
import { cardBrandOf, cardDetailsSchema, MESSAGES, priceOrder, Stage } from '@store/domain';
import { eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/app.ts';
import { users } from '../../db/schema/auth.ts';
import { orders } from '../../db/schema/orders.ts';
import { payments } from '../../db/schema/payments.ts';
import { sandboxGatewayIntents } from '../../db/schema/sandbox-gateway.ts';
import { DEMO_PRODUCTS } from '../../db/seed/store.ts';
import { DEMO_COMPANY_ID, EVERGREEN_ID, LUMEN_ID } from '../../db/seed/storefronts.ts';

const P = DEMO_PRODUCTS.evergreen;
const LAB_PANEL_REFUSAL = 'Sorry, Comprehensive Wellness Lab Panel is not available in New Jersey, New York, Rhode Island.';
const HOSTS: Record<string, string> = { [EVERGREEN_ID]: 'localhost:3000', [LUMEN_ID]: 'lumen.localhost:3000' };

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

/** A signed-in patient (Bearer token) who can send an Idempotency-Key. */
async function patient(storefrontId = EVERGREEN_ID) {
  const [user] = await ctx.database.db
    .insert(users)
    .values({ companyId: DEMO_COMPANY_ID, storefrontId, email: `lab.${randomUUID()}@example.com`, firstName: 'Lee', lastName: 'Park' })
    .returning({ id: users.id });
  const { token } = await ctx.app.services.sessions.createUserSession(user!.id, storefrontId);
  return (method: 'GET' | 'POST' | 'PATCH' | 'PUT', url: string, payload?: unknown, headers: Record<string, string> = {}) =>
    ctx.app.inject({
      method,
      url,
      headers: { host: HOSTS[storefrontId]!, authorization: `Bearer ${token}`, 'x-requested-with': 'fetch', ...headers },
      ...(payload === undefined ? {} : { payload: payload as string }),
    }) as Promise<LightMyRequestResponse>;
}
type Send = Awaited<ReturnType<typeof patient>>;

async function cartWith(send: Send, productIds: string[]): Promise<string> {
  const orderId = (await send('POST', '/api/cart')).json().id as string;
  const added = await send('PATCH', `/api/orders/${orderId}/items`, { items: productIds.map((productId) => ({ productId })) });
  expect(added.statusCode, added.body).toBe(200);
  return orderId;
}

async function pay(send: Send, orderId: string, storefrontId = EVERGREEN_ID) {
  const number = '4242424242424242';
  const card = cardDetailsSchema(ctx.clock.now).parse({ number, expMonth: 12, expYear: 2035, cvc: cardBrandOf(number) === 'amex' ? '1234' : '123' });
  const { token } = await ctx.app.services.paymentGateway.sandbox!.tokenize(card);
  const acceptedConsentIds = (await ctx.app.services.consents.current(storefrontId)).map((c) => c.id);
  return send('POST', `/api/orders/${orderId}/pay`, { paymentMethod: { token }, acceptedConsentIds }, { 'idempotency-key': `pay-${randomUUID()}` });
}

/** Nothing was charged or held for the order, and it is not paid. */
async function expectNothingCharged(orderId: string) {
  expect(await ctx.database.db.select().from(payments).where(eq(payments.orderId, orderId))).toHaveLength(0);
  expect(await ctx.database.db.select().from(sandboxGatewayIntents).where(sql`${sandboxGatewayIntents.metadata} ->> 'orderId' = ${orderId}`)).toHaveLength(0);
  const [order] = await ctx.database.db.select().from(orders).where(eq(orders.id, orderId));
  expect(order!.completedStages & Stage.Payment).toBe(0);
  expect(['draft', 'awaiting_payment']).toContain(order!.status);
}

describe('a lab-only order asks for the patient’s state (issue 13 #13)', () => {
  it('says the state is needed, refuses one the panel is not sold in where it is picked, and refuses to pay without one', async () => {
    const send = await patient();
    const orderId = await cartWith(send, [P.labPanel]);
    const cart = (await send('GET', `/api/orders/${orderId}`)).json();
    // Nothing ships, so no address gives the state: the order says the patient must give it.
    expect(cart).toMatchObject({ stateRequired: true, shipping: { state: null }, checkoutStages: Stage.Payment });

    // issue 13 #13 "refused at the point the patient picks the state": the message names the states.
    const picked = await send('PATCH', `/api/orders/${orderId}/shipping`, { state: 'NY' });
    expect(picked.statusCode).toBe(422);
    expect(picked.json()).toMatchObject({ code: 'STATE_UNAVAILABLE', detail: LAB_PANEL_REFUSAL, errors: [{ field: 'state', message: LAB_PANEL_REFUSAL }] });
    expect((await send('GET', `/api/orders/${orderId}`)).json().shipping.state).toBeNull();

    // No state yet: pay is refused with a clear message, and nothing is charged.
    const unpaid = await pay(send, orderId);
    expect(unpaid.statusCode).toBe(422);
    expect(unpaid.json()).toMatchObject({ code: 'STATE_REQUIRED', detail: MESSAGES.STATE_REQUIRED, errors: [{ field: 'state' }] });
    await expectNothingCharged(orderId);
  });

  it('refuses to pay an order whose state the panel is not sold in (e.g. kept from before), charging nothing', async () => {
    const send = await patient();
    const orderId = await cartWith(send, [P.labPanel]);
    // A state written before this rule existed (the pick above refuses it now).
    await ctx.database.db.update(orders).set({ shippingState: 'NJ' }).where(eq(orders.id, orderId));
    const res = await pay(send, orderId);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ code: 'STATE_UNAVAILABLE', detail: LAB_PANEL_REFUSAL });
    await expectNothingCharged(orderId);
  });

  it('in a taxed state puts the storefront’s tax in the summary total and charges it', async () => {
    const send = await patient();
    const orderId = await cartWith(send, [P.labPanel]);
    const before = (await send('GET', `/api/orders/${orderId}`)).json();
    expect(before.totals).toMatchObject({ taxCents: 0, totalCents: 8900 });

    const picked = await send('PATCH', `/api/orders/${orderId}/shipping`, { state: 'CA' });
    expect(picked.statusCode, picked.body).toBe(200);
    // Priced exactly as a shipped order in California: the storefront's 7.25%, no shipping line.
    const rate = (await ctx.app.services.shipping.taxRateFor(EVERGREEN_ID, 'CA'))!;
    const expected = priceOrder({
      items: [{ productId: P.labPanel, unitPriceCents: 8900, qty: 1, consultFeeCents: 0, consultAttached: false }],
      coupon: null,
      shippingCents: 0,
      taxRatePercent: rate.ratePercent,
      taxAppliesToConsultFee: rate.appliesToConsultFee,
    });
    expect(expected.taxCents).toBe(645);
    const summary = picked.json();
    expect(summary).toMatchObject({ stateRequired: true, shipping: { state: 'CA' }, isSalesTaxApplied: true, taxRatePercent: 7.25, salesTaxCents: 645 });
    expect(summary.totals).toEqual({ ...expected, donationCents: 0 });

    const paid = await pay(send, orderId);
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json().payment).toMatchObject({ status: 'captured', amountCents: 9545 });
  });

  it('refuses the panel in a cart already set to a state it is not sold in, and a shipping address there', async () => {
    const send = await patient();
    const orderId = await cartWith(send, [P.vitaminD]);
    expect((await send('PATCH', `/api/orders/${orderId}/shipping`, { state: 'NY' })).statusCode).toBe(200);
    const added = await send('PATCH', `/api/orders/${orderId}/items`, { items: [{ productId: P.labPanel }] });
    expect(added.statusCode).toBe(422);
    expect(added.json()).toMatchObject({ code: 'STATE_UNAVAILABLE', detail: LAB_PANEL_REFUSAL, errors: [{ field: 'items.0.productId' }] });

    // With the panel beside a shipped product, the address's state is the patient's too.
    expect((await send('PATCH', `/api/orders/${orderId}/shipping`, { state: 'CA' })).statusCode).toBe(200);
    expect((await send('PATCH', `/api/orders/${orderId}/items`, { items: [{ productId: P.labPanel }] })).statusCode).toBe(200);
    const address = { fullName: 'Lee Park', line1: '1 Main St', line2: null, city: 'Albany', state: 'NY', zip: '12207', phone: '5185550100' };
    const shipped = await send('PUT', `/api/orders/${orderId}/shipping-address`, { address });
    expect(shipped.statusCode).toBe(422);
    expect(shipped.json()).toMatchObject({ code: 'STATE_UNAVAILABLE', detail: LAB_PANEL_REFUSAL });
  });

  it('leaves a shipped product as it was: no state asked, its own message, taxed from the address', async () => {
    const send = await patient();
    const orderId = await cartWith(send, [P.a1cKit]);
    const cart = (await send('GET', `/api/orders/${orderId}`)).json();
    expect(cart.stateRequired).toBe(false);
    const refused = await send('PATCH', `/api/orders/${orderId}/shipping`, { state: 'NY' });
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({ code: 'SHIPPING_STATE_UNAVAILABLE', detail: MESSAGES.SHIPPING_STATE_UNAVAILABLE });
    const taxed = (await send('PATCH', `/api/orders/${orderId}/shipping`, { state: 'TX' })).json();
    expect(taxed).toMatchObject({ stateRequired: false, isSalesTaxApplied: true, salesTaxCents: Math.round(4900 * 0.0625) });
  });

  it('asks on the other storefront too: its hormone panel is refused in Rhode Island and pays untaxed in Colorado', async () => {
    const lumen = await patient(LUMEN_ID);
    const panel = await cartWith(lumen, [DEMO_PRODUCTS.lumen.hormonePanel]);
    expect((await lumen('GET', `/api/orders/${panel}`)).json().stateRequired).toBe(true);
    const refused = await lumen('PATCH', `/api/orders/${panel}/shipping`, { state: 'RI' });
    expect(refused.json()).toMatchObject({ code: 'STATE_UNAVAILABLE', detail: 'Sorry, Hormone Balance Lab Panel is not available in New Jersey, New York, Rhode Island.' });
    // An untaxed state the panel is sold in: no tax, and the order pays.
    expect((await lumen('PATCH', `/api/orders/${panel}/shipping`, { state: 'CO' })).json().totals.taxCents).toBe(0);
    const paid = await pay(lumen, panel, LUMEN_ID);
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json().payment.amountCents).toBe(11900);
  });
});
