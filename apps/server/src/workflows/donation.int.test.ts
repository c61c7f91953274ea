// issue 7 "donation (when enableDonationsSummaryPage)": PUT /api/orders/:id/donation sets the order's
// donation_cents (0..100000) on a storefront with the flag (Lumen), the server's total includes it,
// pay charges it and the receipt lists it; a storefront without the flag (Evergreen) refuses;
// another owner's order is a 404.
import { randomUUID } from 'node:crypto';
import { cardDetailsSchema } from '@store/domain';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TestBrowser, type TestContext } from '../../test/app.ts';
import { completeStagesButPayment } from '../../test/orders.ts';
import { users } from '../db/schema/auth.ts';
import { DEMO_PRODUCTS } from '../db/seed/store.ts';
import { DEMO_COMPANY_ID, EVERGREEN_ID, LUMEN_ID } from '../db/seed/storefronts.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const HOSTS = { [LUMEN_ID]: 'lumen.localhost:3000', [EVERGREEN_ID]: 'localhost:3000' } as const;

/** A signed-in patient of the storefront (Bearer token). */
async function patient(storefrontId: typeof LUMEN_ID | typeof EVERGREEN_ID) {
  const [user] = await ctx.database.db
    .insert(users)
    .values({ companyId: DEMO_COMPANY_ID, storefrontId, email: `donor.${randomUUID()}@example.com`, firstName: 'Dana', lastName: 'Moss' })
    .returning({ id: users.id });
  const { token } = await ctx.app.services.sessions.createUserSession(user!.id, storefrontId);
  return (method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, payload?: unknown, headers: Record<string, string> = {}) =>
    ctx.app.inject({
      method,
      url,
      headers: { host: HOSTS[storefrontId], authorization: `Bearer ${token}`, 'x-requested-with': 'fetch', ...headers },
      ...(payload === undefined ? {} : { payload: payload as string }),
    }) as Promise<LightMyRequestResponse>;
}

async function cartWith(send: Awaited<ReturnType<typeof patient>>, productId: string): Promise<string> {
  const orderId = (await send('POST', '/api/cart')).json().id as string;
  expect((await send('PATCH', `/api/orders/${orderId}/items`, { items: [{ productId }] })).statusCode).toBe(200);
  return orderId;
}

describe('donation on the summary', () => {
  it('is added to the server total, validated 0..100000, and removable', async () => {
    // issue 7 "summary: ... donation (when enableDonationsSummaryPage), total"
    const send = await patient(LUMEN_ID);
    const orderId = await cartWith(send, DEMO_PRODUCTS.lumen.hairGummies);
    const before = (await send('GET', `/api/orders/${orderId}`)).json().totals;
    expect(before.donationCents).toBe(0);

    const res = await send('PUT', `/api/orders/${orderId}/donation`, { donationCents: 500 });
    expect(res.statusCode).toBe(200);
    expect(res.json().totals).toMatchObject({ donationCents: 500, totalCents: before.totalCents + 500 });

    for (const bad of [-1, 100_001, 2.5, '500']) {
      const refused = await send('PUT', `/api/orders/${orderId}/donation`, { donationCents: bad });
      expect(refused.statusCode).toBe(400);
    }
    expect((await send('GET', `/api/orders/${orderId}`)).json().totals.donationCents).toBe(500);

    // A re-price (another quantity) keeps the donation in the total.
    const requantified = await send('PATCH', `/api/orders/${orderId}/items`, { items: [{ productId: DEMO_PRODUCTS.lumen.hairGummies, qty: 2 }] });
    const t = requantified.json().totals;
    expect(t.donationCents).toBe(500);
    expect(t.totalCents).toBe(t.subtotalCents + t.consultFeeCents + t.shippingCents + t.taxCents - t.discountCents + 500);

    const removed = await send('PUT', `/api/orders/${orderId}/donation`, { donationCents: 0 });
    expect(removed.json().totals).toMatchObject({ donationCents: 0, totalCents: t.totalCents - 500 });
  });

  it('is refused where the storefront does not offer donations, and on another owner’s order', async () => {
    // issue 7 "(when enableDonationsSummaryPage)"; DATA-MODEL "another person's row is a 404"
    const evergreen = await patient(EVERGREEN_ID);
    const orderId = await cartWith(evergreen, DEMO_PRODUCTS.evergreen.vitaminD);
    const off = await evergreen('PUT', `/api/orders/${orderId}/donation`, { donationCents: 100 });
    expect(off.statusCode).toBe(409);
    expect(off.json().code).toBe('DONATIONS_OFF');

    const lumen = await patient(LUMEN_ID);
    const mine = await cartWith(lumen, DEMO_PRODUCTS.lumen.hairGummies);
    const stranger = new TestBrowser(ctx.app, HOSTS[LUMEN_ID]);
    await stranger.post('/api/session/guest');
    expect((await stranger.put(`/api/orders/${mine}/donation`, { donationCents: 100 })).statusCode).toBe(404);
  });

  it('is charged with the order, and the receipt of the order with a donation renders', async () => {
    // issue 7 "the server computes" the amount; "a confirmation email with a PDF receipt"
    const send = await patient(LUMEN_ID);
    const orderId = await cartWith(send, DEMO_PRODUCTS.lumen.hairGummies);
    const withDonation = (await send('PUT', `/api/orders/${orderId}/donation`, { donationCents: 1000 })).json();
    await completeStagesButPayment(ctx, orderId);
    const card = cardDetailsSchema(ctx.clock.now).parse({ number: '4242424242424242', expMonth: 12, expYear: 2035, cvc: '123' });
    const { token } = await ctx.app.services.paymentGateway.sandbox!.tokenize(card);
    const consents = (await ctx.app.services.consents.current(LUMEN_ID)).map((c) => c.id);
    const paid = await send('POST', `/api/orders/${orderId}/pay`, { paymentMethod: { token }, acceptedConsentIds: consents }, { 'idempotency-key': `pay-${randomUUID()}` });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json().payment.amountCents).toBe(withDonation.totals.totalCents);

    const pdf = await send('GET', `/api/orders/${orderId}/receipt.pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });
});
