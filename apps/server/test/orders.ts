// Shared by the integration tests that pay for an order: every checkout stage but Payment marked
// done through the orders service, as if the patient had walked through them.
import { Stage } from '@store/domain';
import type { TestContext } from './app.ts';

export async function completeStagesButPayment(ctx: TestContext, orderId: string): Promise<void> {
  const state = await ctx.app.services.orders.state(ctx.database.db, { orderId });
  if (!state) throw new Error(`no order ${orderId}`);
  const done = state.required & ~Stage.Payment;
  if (!done) return;
  await ctx.app.services.orders.update(ctx.database.db, state, {
    completedStages: done,
    items: state.items.map((i) => ({ id: i.id, completedStages: i.requiredStages & ~Stage.Payment })),
  });
}
