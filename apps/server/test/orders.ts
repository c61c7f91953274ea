// Shared by the integration tests that pay for an order: every checkout stage but Payment marked
// done through the orders service, as if the patient had walked through them; and Pay itself with
// the sandbox's test card that succeeds, every consent accepted.
import { randomUUID } from 'node:crypto';
import { cardDetailsSchema, Stage } from '@store/domain';
import type { LightMyRequestResponse } from 'fastify';
import { EVERGREEN_ID } from '../src/db/seed/storefronts.ts';
import type { TestContext } from './app.ts';

/** POST /api/orders/:id/pay as the patient (Bearer) with the test card 4242…, on Evergreen unless told. */
export async function payWithTestCard(
  ctx: TestContext,
  patient: { token: string },
  orderId: string,
  opts: { storefrontId?: string; host?: string } = {},
): Promise<LightMyRequestResponse> {
  const card = cardDetailsSchema(ctx.clock.now).parse({ number: '4242424242424242', expMonth: 12, expYear: 2035, cvc: '123' });
  const { token } = await ctx.app.services.paymentGateway.sandbox!.tokenize(card);
  const acceptedConsentIds = (await ctx.app.services.consents.current(opts.storefrontId ?? EVERGREEN_ID)).map((c) => c.id);
  return ctx.app.inject({
    method: 'POST',
    url: `/api/orders/${orderId}/pay`,
    headers: { host: opts.host ?? 'localhost:3000', authorization: `Bearer ${patient.token}`, 'x-requested-with': 'fetch', 'idempotency-key': `pay-${randomUUID()}` },
    payload: { paymentMethod: { token }, acceptedConsentIds },
  });
}

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
