// Shared by the store's integration tests: a signed-in patient's client, and readers that prove
// a refused request wrote nothing.
import { count, eq } from 'drizzle-orm';
import type { TestContext } from '../../../test/app.ts';
import { TestBrowser } from '../../../test/app.ts';
import { orderItems, orders } from '../../db/schema/orders.ts';

export { signedInPatient, type PatientClient } from '../../../test/patients.ts';

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
