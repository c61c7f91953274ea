// Paying an order (issue 7 "Pay now is idempotent", "Authorize at checkout, capture on approval"):
// exactly one authorization per order under 20 concurrent requests; declines leave the order
// unpaid with the reason in plain words and another card works; authorize → capture and
// authorize → void; another patient's card refused. Against the sandbox processor in our database.
import { randomUUID } from 'node:crypto';
import { PAYMENT_MESSAGES, cardBrandOf, cardDetailsSchema } from '@store/domain';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/app.ts';
import type { PaymentGateway } from '../../adapters/payments/payment-gateway.ts';
import { createSandboxGateway, readSandboxIntent, SANDBOX_HOLD_MS } from '../../adapters/payments/sandbox.gateway.ts';
import { auditEvents } from '../../db/schema/audit.ts';
import { users } from '../../db/schema/auth.ts';
import { orders } from '../../db/schema/orders.ts';
import { payments as paymentsTable } from '../../db/schema/payments.ts';
import { sandboxGatewayIntents } from '../../db/schema/sandbox-gateway.ts';
import { DEMO_COMPANY_ID, EVERGREEN_ID } from '../../db/seed/storefronts.ts';
import type { Identity } from '../auth/sessions.service.ts';
import { createPaymentsService, paymentProblem, type PaymentsService } from './payments.service.ts';

let ctx: TestContext;
let payments: PaymentsService;
beforeAll(async () => {
  ctx = await createTestApp();
  payments = ctx.app.services.payments;
});
afterAll(() => ctx.close());

const sandbox = () => {
  const s = ctx.app.services.paymentGateway.sandbox;
  if (!s) throw new Error('the tests run on the sandbox');
  return s;
};

/** A card typed into the sandbox's card form; only its token reaches payments. */
async function cardToken(number: string) {
  const cvc = cardBrandOf(number) === 'amex' ? '1234' : '123';
  const card = cardDetailsSchema(ctx.clock.now).parse({ number, expMonth: 12, expYear: 2035, cvc });
  return (await sandbox().tokenize(card)).token;
}

async function patient(email: string): Promise<Extract<Identity, { kind: 'user' }>> {
  const [user] = await ctx.database.db
    .insert(users)
    .values({ companyId: DEMO_COMPANY_ID, storefrontId: EVERGREEN_ID, email, firstName: 'Pat', lastName: 'Lee' })
    .returning({ id: users.id });
  const { sessionId } = await ctx.app.services.sessions.createUserSession(user!.id, EVERGREEN_ID);
  return { kind: 'user', sessionId, storefrontId: EVERGREEN_ID, userId: user!.id, role: 'patient' };
}

/** An order row to pay for (payments.order_id references orders). */
async function newOrderId(): Promise<string> {
  const [order] = await ctx.database.db
    .insert(orders)
    .values({ storefrontId: EVERGREEN_ID, status: 'awaiting_payment' })
    .returning({ id: orders.id });
  return order!.id;
}

async function guest(): Promise<Identity> {
  const { sessionId } = await ctx.app.services.sessions.createGuestSession(EVERGREEN_ID);
  return { kind: 'guest', sessionId, storefrontId: EVERGREEN_ID };
}

/** Intents the processor holds for an order: what was really authorized. */
async function gatewayIntents(orderId: string) {
  return ctx.database.db
    .select()
    .from(sandboxGatewayIntents)
    .where(sql`${sandboxGatewayIntents.metadata} ->> 'orderId' = ${orderId}`);
}

async function liveRows(orderId: string) {
  return ctx.database.db
    .select()
    .from(paymentsTable)
    .where(and(eq(paymentsTable.orderId, orderId), sql`${paymentsTable.status} in ('pending', 'authorized', 'captured')`));
}

describe('pay now is idempotent', () => {
  it('gives 20 concurrent requests with one key one authorization and the same answer', async () => {
    // issue 7 "a double click, a retry after a timeout, or 20 concurrent requests for one order give exactly one authorization"
    const who = await guest();
    const orderId = await newOrderId();
    const token = await cardToken('4242 4242 4242 4242');
    const key = `pay-${randomUUID()}`;
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        payments.payOrder({ orderId, amountCents: 12_345, capture: false, paymentMethod: { token }, identity: who, idempotencyKey: key }),
      ),
    );
    expect(results.every((r) => r.ok)).toBe(true);
    expect(new Set(results.map((r) => r.payment?.id)).size).toBe(1);
    expect(results.filter((r) => !r.replayed)).toHaveLength(1);
    expect(results[0]!.payment).toMatchObject({
      status: 'authorized',
      amountCents: 12_345,
      card: { brand: 'visa', last4: '4242', label: 'Visa ending in 4242' },
    });
    expect(await gatewayIntents(orderId)).toHaveLength(1);
    expect(await liveRows(orderId)).toHaveLength(1);
  });

  it('gives 20 concurrent requests with different keys (and cards) one authorization too', async () => {
    const who = await guest();
    const orderId = await newOrderId();
    const tokens = await Promise.all(Array.from({ length: 20 }, () => cardToken('4242424242424242')));
    const results = await Promise.all(
      tokens.map((token) =>
        payments.payOrder({
          orderId,
          amountCents: 5_000,
          capture: false,
          paymentMethod: { token },
          identity: who,
          idempotencyKey: `pay-${randomUUID()}`,
        }),
      ),
    );
    expect(results.every((r) => r.ok)).toBe(true);
    expect(new Set(results.map((r) => r.payment?.id)).size).toBe(1);
    expect(await gatewayIntents(orderId)).toHaveLength(1);
  });

  it('answers a retry after the first answer with that answer, without charging again', async () => {
    const who = await guest();
    const orderId = await newOrderId();
    const input = {
      orderId,
      amountCents: 3_000,
      capture: true,
      paymentMethod: { token: await cardToken('4242424242424242') },
      identity: who,
      idempotencyKey: `pay-${randomUUID()}`,
    };
    const first = await payments.payOrder(input);
    const again = await payments.payOrder(input);
    expect(first).toMatchObject({ ok: true, replayed: false, payment: { status: 'captured' } });
    expect(again).toMatchObject({ ok: true, replayed: true, payment: { id: first.payment!.id, status: 'captured' } });
    expect(await gatewayIntents(orderId)).toHaveLength(1);
  });

  it('refuses a key sent again for another amount or order', async () => {
    // issue 7 "tampered amounts impossible": a key is bound to what it first paid
    const who = await guest();
    const orderId = await newOrderId();
    const key = `pay-${randomUUID()}`;
    const token = await cardToken('4242424242424242');
    await payments.payOrder({ orderId, amountCents: 3_000, capture: false, paymentMethod: { token }, identity: who, idempotencyKey: key });
    for (const changed of [{ amountCents: 1 }, { orderId: randomUUID() }, { capture: true }]) {
      await expect(
        payments.payOrder({ orderId, amountCents: 3_000, capture: false, paymentMethod: { token }, identity: who, idempotencyKey: key, ...changed }),
      ).rejects.toMatchObject({ status: 409, code: 'PAYMENT_REQUEST_MISMATCH' });
    }
  });

  it('refuses an order that already holds a payment of another amount', async () => {
    const who = await guest();
    const orderId = await newOrderId();
    await payments.payOrder({
      orderId,
      amountCents: 3_000,
      capture: false,
      paymentMethod: { token: await cardToken('4242424242424242') },
      identity: who,
      idempotencyKey: `pay-${randomUUID()}`,
    });
    await expect(
      payments.payOrder({
        orderId,
        amountCents: 2_000,
        capture: false,
        paymentMethod: { token: await cardToken('4242424242424242') },
        identity: who,
        idempotencyKey: `pay-${randomUUID()}`,
      }),
    ).rejects.toMatchObject({ status: 409, code: 'PAYMENT_ALREADY_PAID', detail: PAYMENT_MESSAGES.PAYMENT_ALREADY_PAID });
    expect(await gatewayIntents(orderId)).toHaveLength(1);
  });

  it('refuses amounts that are not whole positive cents, and keys that are too short', async () => {
    const who = await guest();
    const base = { orderId: randomUUID(), capture: false, paymentMethod: { token: 'x' }, identity: who, idempotencyKey: `pay-${randomUUID()}` };
    for (const amountCents of [0, -100, 12.5, 100_000_000]) {
      await expect(payments.payOrder({ ...base, amountCents })).rejects.toMatchObject({ status: 400, code: 'PAYMENT_AMOUNT_INVALID' });
    }
    await expect(payments.payOrder({ ...base, amountCents: 100, idempotencyKey: 'short' })).rejects.toMatchObject({ status: 400 });
  });
});

describe('declines', () => {
  it.each<[string, string, string]>([
    ['4000 0000 0000 0002', 'card_declined', 'Your card was declined. Please use a different card.'],
    ['4000 0000 0000 9995', 'insufficient_funds', 'Your card has insufficient funds. Please use a different card.'],
  ])('%s leaves the order unpaid with the reason in plain words; another card then works', async (number, code, message) => {
    // issue 7 "a declined card leaves the order unpaid with the gateway's reason shown in plain words, and a retry with another card works"
    const who = await guest();
    const orderId = await newOrderId();
    const declined = await payments.payOrder({
      orderId,
      amountCents: 9_900,
      capture: false,
      paymentMethod: { token: await cardToken(number) },
      identity: who,
      idempotencyKey: `pay-${randomUUID()}`,
    });
    expect(declined).toMatchObject({ ok: false, failure: { code, message, retryable: false }, payment: { status: 'failed' } });
    expect(await liveRows(orderId)).toHaveLength(0);
    expect(await gatewayIntents(orderId)).toHaveLength(0);
    // The web shows it as a 402 problem with the same words.
    if (declined.ok) throw new Error('expected a decline');
    expect(paymentProblem(declined.failure)).toMatchObject({ status: 402, detail: message });

    const paid = await payments.payOrder({
      orderId,
      amountCents: 9_900,
      capture: false,
      paymentMethod: { token: await cardToken('4242 4242 4242 4242') },
      identity: who,
      idempotencyKey: `pay-${randomUUID()}`,
    });
    expect(paid).toMatchObject({ ok: true, payment: { status: 'authorized' } });
    expect(await payments.paymentForOrder(orderId)).toMatchObject({ status: 'authorized', card: { last4: '4242' } });
    expect((await payments.paymentsForOrder(orderId)).map((p) => p.status)).toEqual(['failed', 'authorized']);
  });

  it('the retry card fails with a processing error, replays that under its key, and succeeds on a new attempt', async () => {
    const who = await guest();
    const orderId = await newOrderId();
    const token = await cardToken('4000 0000 0000 0119');
    const first = { orderId, amountCents: 1_500, capture: false, paymentMethod: { token }, identity: who, idempotencyKey: `pay-${randomUUID()}` };
    expect(await payments.payOrder(first)).toMatchObject({
      ok: false,
      failure: { code: 'processing_error', message: 'We could not process your card just now. Please try again.', retryable: true },
    });
    expect(await payments.payOrder(first)).toMatchObject({ ok: false, replayed: true, failure: { code: 'processing_error' } });
    expect(await payments.payOrder({ ...first, idempotencyKey: `pay-${randomUUID()}` })).toMatchObject({
      ok: true,
      payment: { status: 'authorized' },
    });
  });
});

describe('authorize at checkout, capture on approval', () => {
  async function held(amountCents = 20_000) {
    const orderId = await newOrderId();
    const result = await payments.payOrder({
      orderId,
      amountCents,
      capture: false,
      paymentMethod: { token: await cardToken('4242424242424242') },
      identity: await guest(),
      idempotencyKey: `pay-${randomUUID()}`,
    });
    if (!result.ok) throw new Error('expected a hold');
    return { orderId, payment: result.payment };
  }

  it('authorize → capture: the doctor approves and the hold is charged, once', async () => {
    const { orderId } = await held();
    const captured = await payments.captureForOrder(orderId, { reason: 'doctor_approved' });
    expect(captured).toMatchObject({ ok: true, alreadyDone: false, payment: { status: 'captured' } });
    const [intent] = await gatewayIntents(orderId);
    expect(intent).toMatchObject({ status: 'succeeded', amountCents: 20_000 });
    expect(await payments.captureForOrder(orderId)).toMatchObject({ ok: true, alreadyDone: true });
    // Concurrent approvals still capture once.
    const { orderId: other } = await held();
    const both = await Promise.all([payments.captureForOrder(other), payments.captureForOrder(other)]);
    expect(both.every((r) => r.ok)).toBe(true);
    expect(both.filter((r) => r.ok && !r.alreadyDone)).toHaveLength(1);
  });

  it('authorize → void: declined or disqualified releases the hold, and nothing can be captured after', async () => {
    const { orderId, payment } = await held();
    const voided = await payments.voidForOrder(orderId, { reason: 'declined' });
    expect(voided).toMatchObject({ ok: true, payment: { id: payment.id, status: 'voided' } });
    expect((await gatewayIntents(orderId))[0]?.status).toBe('canceled');
    expect(await payments.captureForOrder(orderId)).toMatchObject({ ok: false, failure: { code: 'not_capturable' } });
    // Voiding an order that holds nothing is fine (disqualified before paying).
    expect(await payments.voidForOrder(randomUUID())).toEqual({ ok: true, payment: null, alreadyDone: true });
  });

  it('products with no consult are charged at once; cancelling then refunds, and a charge cannot be voided', async () => {
    const orderId = await newOrderId();
    const paid = await payments.payOrder({
      orderId,
      amountCents: 4_000,
      capture: true,
      paymentMethod: { token: await cardToken('4242424242424242') },
      identity: await guest(),
      idempotencyKey: `pay-${randomUUID()}`,
    });
    expect(paid).toMatchObject({ ok: true, payment: { status: 'captured', captureRequested: true } });
    expect(await payments.voidForOrder(orderId)).toMatchObject({ ok: false, failure: { code: 'not_voidable' } });
    expect(await payments.cancelForOrder(orderId, { reason: 'cancelled' })).toMatchObject({
      ok: true,
      payment: { status: 'refunded' },
    });
    expect((await gatewayIntents(orderId))[0]?.amountRefundedCents).toBe(4_000);
    expect(await payments.refundForOrder(orderId)).toMatchObject({ ok: true, alreadyDone: true });
  });

  it('cancelling before a decision voids the hold', async () => {
    const { orderId } = await held();
    expect(await payments.cancelForOrder(orderId)).toMatchObject({ ok: true, payment: { status: 'voided' } });
  });

  it('a hold that lapsed (more than 7 days) cannot be captured and is marked released', async () => {
    const { orderId } = await held();
    ctx.clock.advance(SANDBOX_HOLD_MS + 60_000);
    const result = await payments.captureForOrder(orderId);
    expect(result).toMatchObject({ ok: false, failure: { code: 'authorization_expired' }, payment: { status: 'voided' } });
    expect(await liveRows(orderId)).toHaveLength(0);
  });

  it('writes each money movement to the audit log', async () => {
    const { orderId } = await held();
    await payments.captureForOrder(orderId, { reason: 'doctor_approved' });
    const events = await ctx.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.subjectType, 'order'), eq(auditEvents.subjectId, orderId)));
    expect(events.map((e) => e.action).sort()).toEqual(['payment.authorized', 'payment.captured']);
    expect(events.find((e) => e.action === 'payment.captured')?.details).toMatchObject({ reason: 'doctor_approved', amountCents: 20_000 });
  });
});

describe('saved cards at checkout', () => {
  it('pays with a saved card, and refuses another patient’s card (404)', async () => {
    const ann = await patient('ann.pay@example.com');
    const bob = await patient('bob.pay@example.com');
    const card = await payments.addCard(ann.userId, { token: await cardToken('5555 5555 5555 4444') });
    const orderId = await newOrderId();
    const paid = await payments.payOrder({
      orderId,
      amountCents: 6_000,
      capture: false,
      paymentMethod: { savedCardId: card.id },
      identity: ann,
      idempotencyKey: `pay-${randomUUID()}`,
    });
    expect(paid).toMatchObject({ ok: true, payment: { card: { brand: 'mastercard', last4: '4444' } } });

    // issue 7 "another patient's card or order refused": not found, and nothing written
    const stolen = {
      orderId: await newOrderId(),
      amountCents: 6_000,
      capture: false,
      paymentMethod: { savedCardId: card.id },
      idempotencyKey: `pay-${randomUUID()}`,
    };
    await expect(payments.payOrder({ ...stolen, identity: bob })).rejects.toMatchObject({ status: 404, code: 'NOT_FOUND' });
    await expect(payments.payOrder({ ...stolen, identity: await guest() })).rejects.toMatchObject({ status: 404 });
    await expect(payments.payOrder({ ...stolen, paymentMethod: { savedCardId: 'not-a-uuid' }, identity: ann })).rejects.toMatchObject({
      status: 404,
    });
    expect(await payments.paymentForOrder(stolen.orderId)).toBeNull();
  });

  it('adds a new card during checkout (add-new-or-switch) and makes it a saved card', async () => {
    const cy = await patient('cy.pay@example.com');
    const orderId = await newOrderId();
    const paid = await payments.payOrder({
      orderId,
      amountCents: 7_000,
      capture: false,
      paymentMethod: { token: await cardToken('378282246310005'), saveCard: true },
      identity: cy,
      idempotencyKey: `pay-${randomUUID()}`,
    });
    expect(paid).toMatchObject({ ok: true, payment: { card: { brand: 'amex', last4: '0005' } } });
    expect(await payments.listCards(cy.userId)).toMatchObject([{ brand: 'amex', last4: '0005', isCurrent: true }]);
  });

  it('does not save a card the processor declines, and guests cannot save cards', async () => {
    const dee = await patient('dee.pay@example.com');
    const declined = await payments.payOrder({
      orderId: await newOrderId(),
      amountCents: 7_000,
      capture: false,
      paymentMethod: { token: await cardToken('4000000000000002'), saveCard: true },
      identity: dee,
      idempotencyKey: `pay-${randomUUID()}`,
    });
    expect(declined).toMatchObject({ ok: false, failure: { code: 'card_declined' } });
    expect(await payments.listCards(dee.userId)).toEqual([]);
    await expect(
      payments.payOrder({
        orderId: randomUUID(),
        amountCents: 7_000,
        capture: false,
        paymentMethod: { token: await cardToken('4242424242424242'), saveCard: true },
        identity: await guest(),
        idempotencyKey: `pay-${randomUUID()}`,
      }),
    ).rejects.toMatchObject({ status: 401, code: 'SAVED_CARDS_NEED_ACCOUNT' });
  });
});

describe('when the processor’s answer is lost', () => {
  /** A sandbox whose first authorization goes through but whose answer never arrives. */
  function lossyGateway(mode: 'unavailable' | 'crash'): PaymentGateway & { calls: number } {
    const real = createSandboxGateway({ db: ctx.database.db, now: () => ctx.clock.now });
    let lost = false;
    const wrapper = {
      ...real,
      calls: 0,
      async authorize(...args: Parameters<PaymentGateway['authorize']>) {
        wrapper.calls += 1;
        const result = await real.authorize(...args);
        if (lost) return result;
        lost = true;
        if (mode === 'crash') throw new Error('process died before recording the answer');
        return { ok: false as const, kind: 'error' as const, code: 'gateway_unavailable' as const, message: PAYMENT_MESSAGES.PAYMENT_GATEWAY_UNAVAILABLE, retryable: true };
      },
    };
    return wrapper;
  }

  it('says the processor could not be reached, and the next attempt (any key) finds the charge made, not a second one', async () => {
    const gateway = lossyGateway('unavailable');
    const service = createPaymentsService({ db: ctx.database.db, gateway, now: () => ctx.clock.now });
    const who = await guest();
    const orderId = await newOrderId();
    const first = await service.payOrder({
      orderId,
      amountCents: 8_800,
      capture: false,
      paymentMethod: { token: await cardToken('4242424242424242') },
      identity: who,
      idempotencyKey: `pay-${randomUUID()}`,
    });
    expect(first).toMatchObject({ ok: false, failure: { code: 'gateway_unavailable', retryable: true }, payment: { status: 'pending' } });
    const second = await service.payOrder({
      orderId,
      amountCents: 8_800,
      capture: false,
      paymentMethod: { token: await cardToken('4242424242424242') },
      identity: who,
      idempotencyKey: `pay-${randomUUID()}`,
    });
    expect(second).toMatchObject({ ok: true, replayed: true, payment: { id: first.payment!.id, status: 'authorized' } });
    expect(await gatewayIntents(orderId)).toHaveLength(1);
    expect(gateway.calls).toBe(2);
  });

  it('re-asks a payment abandoned mid-call (the process died) once it is stale, with the same gateway key', async () => {
    const gateway = lossyGateway('crash');
    const service = createPaymentsService({ db: ctx.database.db, gateway, now: () => ctx.clock.now, pendingWaitMs: 200 });
    const who = await guest();
    const orderId = await newOrderId();
    const input = {
      orderId,
      amountCents: 4_400,
      capture: false,
      paymentMethod: { token: await cardToken('4242424242424242') },
      identity: who,
      idempotencyKey: `pay-${randomUUID()}`,
    };
    await expect(service.payOrder(input)).rejects.toThrow('process died');
    // While it is fresh, a repeat waits and then says it is still being processed.
    await expect(service.payOrder(input)).rejects.toMatchObject({ status: 409, code: 'PAYMENT_IN_PROGRESS' });
    ctx.clock.advance(61_000);
    expect(await service.payOrder(input)).toMatchObject({ ok: true, replayed: true, payment: { status: 'authorized' } });
    expect(await gatewayIntents(orderId)).toHaveLength(1);
    const [intent] = await gatewayIntents(orderId);
    expect(await readSandboxIntent(ctx.database.db, intent!.id)).toMatchObject({ status: 'requires_capture' });
  });
});
