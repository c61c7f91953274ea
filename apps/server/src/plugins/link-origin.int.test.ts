// issue 13 #5: the confirmation mail's receipt link, like the reset, invite and visit mails, never
// carries a forged Host header: links use the request's host only when it is registered for the
// storefront, else the storefront's own registered address.
import { randomUUID } from 'node:crypto';
import { cardDetailsSchema } from '@store/domain';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/app.ts';
import { completeStagesButPayment } from '../../test/orders.ts';
import { users } from '../db/schema/auth.ts';
import { orders } from '../db/schema/orders.ts';
import { DEMO_PRODUCTS } from '../db/seed/store.ts';
import { DEMO_COMPANY_ID, EVERGREEN_ID } from '../db/seed/storefronts.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const FORGED = 'localhost:@evil.example';

/** A signed-in patient whose requests carry `host`. */
async function patient(host: string) {
  const email = `links.${randomUUID()}@example.com`;
  const [user] = await ctx.database.db
    .insert(users)
    .values({ companyId: DEMO_COMPANY_ID, storefrontId: EVERGREEN_ID, email, firstName: 'Pat', lastName: 'Lee' })
    .returning({ id: users.id });
  const { token } = await ctx.app.services.sessions.createUserSession(user!.id, EVERGREEN_ID);
  const send = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: unknown, headers: Record<string, string> = {}) =>
    ctx.app.inject({
      method,
      url,
      headers: { host, authorization: `Bearer ${token}`, 'x-requested-with': 'fetch', ...headers },
      ...(payload === undefined ? {} : { payload: payload as string }),
    }) as Promise<LightMyRequestResponse>;
  return { email, send };
}

const mailsTo = async (email: string) => (await ctx.app.services.notifications.outbox(200)).filter((m) => m.to === email);

describe('links in mail', () => {
  it('a forged Host on Pay: the confirmation mail links the receipt on the storefront’s own host', async () => {
    const who = await patient(FORGED);
    const orderId = (await who.send('POST', '/api/cart')).json().id as string;
    expect((await who.send('PATCH', `/api/orders/${orderId}/items`, { items: [{ productId: DEMO_PRODUCTS.evergreen.labPanel }] })).statusCode).toBe(200);
    // A lab-only order: the patient's state (for tax) is given, the other stages are done.
    await ctx.database.db.update(orders).set({ shippingState: 'CA' }).where(eq(orders.id, orderId));
    await completeStagesButPayment(ctx, orderId);
    const card = cardDetailsSchema(ctx.clock.now).parse({ number: '4242424242424242', expMonth: 12, expYear: 2035, cvc: '123' });
    const { token } = await ctx.app.services.paymentGateway.sandbox!.tokenize(card);
    const acceptedConsentIds = (await ctx.app.services.consents.current(EVERGREEN_ID)).map((c) => c.id);
    const paid = await who.send('POST', `/api/orders/${orderId}/pay`, { paymentMethod: { token }, acceptedConsentIds }, { 'idempotency-key': `pay-${randomUUID()}` });
    expect(paid.statusCode).toBe(200);
    await ctx.app.services.jobs.drain();

    const [mail] = await mailsTo(who.email);
    expect(`${mail!.body}${mail!.html ?? ''}`).not.toContain('evil.example');
    expect(mail!.body).toContain(`http://127.0.0.1:3000/api/orders/${orderId}/receipt.pdf`);
  });

  it('the same Host on a password reset: the link goes to the storefront’s own host', async () => {
    const who = await patient('localhost:3000');
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/password-reset',
      headers: { host: FORGED, 'x-requested-with': 'fetch' },
      payload: { email: who.email },
    });
    expect(res.statusCode).toBeLessThan(300);
    const [mail] = await mailsTo(who.email);
    expect(mail!.body).not.toContain('evil.example');
    expect(mail!.body).toMatch(/http:\/\/127\.0\.0\.1:3000\/reset-password#token=/);
  });

  it('a registered host is kept as the patient used it', async () => {
    const who = await patient('localhost:3000');
    await ctx.app.inject({ method: 'POST', url: '/api/auth/password-reset', headers: { host: 'evergreen.localhost:3000', 'x-requested-with': 'fetch' }, payload: { email: who.email } });
    const [mail] = await mailsTo(who.email);
    expect(mail!.body).toMatch(/http:\/\/evergreen\.localhost:3000\/reset-password#token=/);
  });
});
