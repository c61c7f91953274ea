// issue 15 "an integration test tries every (from, to) pair: only ORDER_TRANSITIONS succeed"
// (DATA-MODEL.md "the server refuses any other transition, and every transition is written to the
// audit log with who and why"). Each pair runs against a stored order through the orders service.
import { ORDER_STATUSES, ORDER_TRANSITIONS, type OrderStatus } from '@store/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/app.ts';
import { auditEvents } from '../../db/schema/audit.ts';
import { orders } from '../../db/schema/orders.ts';
import { EVERGREEN_ID } from '../../db/seed/storefronts.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

/** An order stored in `status` (a user's, so no draft-per-owner index gets in the way). */
async function orderIn(status: OrderStatus): Promise<string> {
  const [row] = await ctx.database.db.insert(orders).values({ storefrontId: EVERGREEN_ID, status }).returning({ id: orders.id });
  return row!.id;
}

const pairs = ORDER_STATUSES.flatMap((from) => ORDER_STATUSES.filter((to) => to !== from).map((to) => [from, to] as const));

describe('every (from, to) pair of order statuses', () => {
  it.each(pairs)('%s → %s succeeds only when ORDER_TRANSITIONS allows it', async (from, to) => {
    const orderId = await orderIn(from);
    const allowed = ORDER_TRANSITIONS[from].includes(to);
    const attempt = ctx.app.services.orders.transition({ orderId, to, reason: 'pair_test', audit: { actor: { type: 'system' } } });
    const [stored] = await (allowed
      ? attempt.then(() => ctx.database.db.select().from(orders).where(eq(orders.id, orderId)))
      : expect(attempt).rejects.toMatchObject({ status: 409, code: 'ORDER_CLOSED' }).then(() => ctx.database.db.select().from(orders).where(eq(orders.id, orderId))));
    expect(stored!.status).toBe(allowed ? to : from);
    const events = await ctx.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.subjectId, orderId), eq(auditEvents.action, 'order.status_changed')));
    expect(events.map((e) => e.details)).toEqual(allowed ? [{ from, to, reason: 'pair_test' }] : []);
  });
});
