// Shared by the store's integration tests: a signed-in patient's client, and readers that prove
// a refused request wrote nothing.
import { count, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { randomUUID } from 'node:crypto';
import type { TestContext } from '../../../test/app.ts';
import { TestBrowser } from '../../../test/app.ts';
import { users } from '../../db/schema/auth.ts';
import { orderItems, orders } from '../../db/schema/orders.ts';
import { DEMO_COMPANY_ID, EVERGREEN_ID } from '../../db/seed/storefronts.ts';

/** A client signed in as a new patient (Bearer token, as an API client would send). */
export async function signedInPatient(ctx: TestContext, opts: { storefrontId?: string; host?: string } = {}) {
  const storefrontId = opts.storefrontId ?? EVERGREEN_ID;
  const host = opts.host ?? 'localhost:3000';
  const [user] = await ctx.database.db
    .insert(users)
    .values({ companyId: DEMO_COMPANY_ID, storefrontId, email: `store.${randomUUID()}@example.com` })
    .returning({ id: users.id });
  const { token, sessionId } = await ctx.app.services.sessions.createUserSession(user!.id, storefrontId);
  const send = (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: unknown) =>
    ctx.app.inject({
      method,
      url,
      headers: { host, authorization: `Bearer ${token}`, 'x-requested-with': 'fetch' },
      ...(payload === undefined ? {} : { payload: payload as string }),
    }) as Promise<LightMyRequestResponse>;
  return {
    userId: user!.id,
    sessionId,
    get: (url: string) => send('GET', url),
    post: (url: string, payload?: unknown) => send('POST', url, payload),
    put: (url: string, payload?: unknown) => send('PUT', url, payload),
    patch: (url: string, payload?: unknown) => send('PATCH', url, payload),
    delete: (url: string) => send('DELETE', url),
  };
}
export type PatientClient = Awaited<ReturnType<typeof signedInPatient>>;

/** A new guest with an open (empty) cart. */
export async function guestWithCart(ctx: TestContext, host = 'localhost:3000') {
  const browser = new TestBrowser(ctx.app, host);
  const res = await browser.post('/api/cart');
  if (res.statusCode !== 201) throw new Error(`cart not created: ${res.statusCode} ${res.body}`);
  return { browser, orderId: res.json().id as string };
}

/** The stored order and its items, to show that a refused request changed nothing. */
export async function storedOrder(ctx: TestContext, orderId: string) {
  const [order] = await ctx.database.db.select().from(orders).where(eq(orders.id, orderId));
  const items = await ctx.database.db.select().from(orderItems).where(eq(orderItems.orderId, orderId));
  return { order, items: items.sort((a, b) => a.productId.localeCompare(b.productId)) };
}

export async function orderCount(ctx: TestContext): Promise<number> {
  const [row] = await ctx.database.db.select({ n: count() }).from(orders);
  return row?.n ?? 0;
}
