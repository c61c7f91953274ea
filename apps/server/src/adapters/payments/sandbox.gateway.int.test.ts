// The sandbox processor behaves like a real one (issue 7): test cards that succeed, decline, lack
// funds or need a retry; holds, capture, void and refund that change state; a second capture
// refused; idempotency keys that replay the first answer; books kept in the database.
import { PAYMENT_MESSAGES, cardDetailsSchema, type CardDetails } from '@store/domain';
import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/database.ts';
import type { DatabaseHandle } from '../../db/client.ts';
import { sandboxGatewayIntents, sandboxGatewayPaymentMethods } from '../../db/schema/sandbox-gateway.ts';
import { IdempotencyMismatchError } from './gateway-failure.ts';
import {
  createSandboxGateway,
  readSandboxIntent,
  RETRY_WINDOW_MS,
  SANDBOX_HOLD_MS,
  type SandboxGateway,
} from './sandbox.gateway.ts';

let database: DatabaseHandle;
let clock: Date;
let gateway: SandboxGateway;
let seq = 0;
const key = (what: string) => `test:${what}:${++seq}`;

beforeAll(async () => {
  database = await createTestDatabase();
  clock = new Date('2027-03-15T12:00:00Z');
  gateway = createSandboxGateway({ db: database.db, now: () => clock });
});
afterAll(() => database.close());

function card(number: string, overrides: Partial<CardDetails> = {}): CardDetails {
  return cardDetailsSchema(clock).parse({ number, expMonth: 12, expYear: 2030, cvc: '123', ...overrides });
}

async function token(number: string, overrides: Partial<CardDetails> = {}) {
  return (await gateway.tokenize(card(number, overrides))).token;
}

function hold(tokenId: string, amountCents = 4_900) {
  return gateway.authorize(
    { amountCents, currency: 'usd', source: { token: tokenId }, capture: false, metadata: { orderId: 'o' } },
    { idempotencyKey: key('authorize') },
  );
}

describe('test cards (README "Test cards")', () => {
  it('4242 4242 4242 4242 succeeds: a hold of the amount, and the card summary only', async () => {
    const result = await hold(await token('4242 4242 4242 4242'));
    expect(result).toMatchObject({
      ok: true,
      status: 'authorized',
      card: { brand: 'visa', last4: '4242', expMonth: 12, expYear: 2030 },
    });
    if (!result.ok) throw new Error('expected a hold');
    const intent = await readSandboxIntent(database.db, result.intentId);
    expect(intent).toMatchObject({ status: 'requires_capture', amountCents: 4_900, currency: 'usd' });
  });

  it.each<[string, string, string]>([
    ['4000 0000 0000 0002', 'card_declined', 'Your card was declined. Please use a different card.'],
    ['4000 0000 0000 9995', 'insufficient_funds', 'Your card has insufficient funds. Please use a different card.'],
    ['4000 0000 0000 0069', 'expired_card', PAYMENT_MESSAGES.PAYMENT_EXPIRED_CARD],
    ['4000 0000 0000 0127', 'incorrect_cvc', PAYMENT_MESSAGES.PAYMENT_INCORRECT_CVC],
  ])('%s is refused: %s, in plain words', async (number, code, message) => {
    const result = await hold(await token(number));
    expect(result).toEqual({ ok: false, kind: 'declined', code, message, retryable: false });
  });

  it('4000 0000 0000 0119 fails with a processing error first and succeeds when tried again', async () => {
    const t = await token('4000 0000 0000 0119');
    expect(await hold(t)).toMatchObject({ ok: false, code: 'processing_error', retryable: true });
    expect(await hold(t)).toMatchObject({ ok: true, status: 'authorized' });
  });

  it('4000 0000 0000 0119 typed again after its processing error (a new token) succeeds; after the retry window it fails first again', async () => {
    // README "Test cards": "processing error, then succeeds on retry" — the card form makes a new
    // token every time the patient presses Pay.
    const retryCard = { expMonth: 11, expYear: 2033 };
    expect(await hold(await token('4000000000000119', retryCard))).toMatchObject({ ok: false, code: 'processing_error' });
    expect(await hold(await token('4000000000000119', retryCard))).toMatchObject({ ok: true, status: 'authorized' });
    const later = clock;
    clock = new Date(clock.getTime() + RETRY_WINDOW_MS + 60_000);
    try {
      expect(await hold(await token('4000000000000119', retryCard))).toMatchObject({ ok: false, code: 'processing_error' });
    } finally {
      clock = later;
    }
  });

  it('refuses a card past its expiry month at charge time', async () => {
    const t = await token('4242424242424242');
    const later = clock;
    clock = new Date('2031-01-01T00:00:00Z');
    try {
      expect(await hold(t)).toMatchObject({ ok: false, code: 'expired_card' });
    } finally {
      clock = later;
    }
  });

  it('keeps only brand, last four and expiry: no card number or code anywhere in its books', async () => {
    const t = await token('4242 4242 4242 4242');
    const [row] = await database.db
      .select()
      .from(sandboxGatewayPaymentMethods)
      .where(eq(sandboxGatewayPaymentMethods.id, t));
    const stored = JSON.stringify(row);
    expect(stored).not.toContain('4242424242424242');
    expect(stored).not.toContain('"123"');
    expect(row).toMatchObject({ brand: 'visa', last4: '4242', expMonth: 12, expYear: 2030 });
  });
});

describe('holds, captures, voids and refunds', () => {
  it('captures a hold once; a second capture is refused', async () => {
    const held = await hold(await token('4242424242424242'));
    if (!held.ok) throw new Error('expected a hold');
    expect(await gateway.capture({ intentId: held.intentId }, { idempotencyKey: key('capture') })).toEqual({
      ok: true,
      status: 'captured',
    });
    expect((await readSandboxIntent(database.db, held.intentId))?.status).toBe('succeeded');
    expect(await gateway.capture({ intentId: held.intentId }, { idempotencyKey: key('capture') })).toMatchObject({
      ok: false,
      code: 'already_captured',
    });
  });

  it('voids a hold, after which it can be neither captured nor voided again', async () => {
    const held = await hold(await token('4242424242424242'));
    if (!held.ok) throw new Error('expected a hold');
    expect(await gateway.void({ intentId: held.intentId }, { idempotencyKey: key('void') })).toEqual({
      ok: true,
      status: 'voided',
    });
    expect((await readSandboxIntent(database.db, held.intentId))?.status).toBe('canceled');
    expect(await gateway.capture({ intentId: held.intentId }, { idempotencyKey: key('capture') })).toMatchObject({
      code: 'not_capturable',
    });
    expect(await gateway.void({ intentId: held.intentId }, { idempotencyKey: key('void') })).toMatchObject({
      code: 'not_voidable',
    });
  });

  it('charges at once when asked to capture, refunds the whole amount once, and cannot void a charge', async () => {
    const charged = await gateway.authorize(
      { amountCents: 2_500, currency: 'usd', source: { token: await token('4242424242424242') }, capture: true },
      { idempotencyKey: key('charge') },
    );
    expect(charged).toMatchObject({ ok: true, status: 'captured' });
    if (!charged.ok) throw new Error('expected a charge');
    expect(await gateway.void({ intentId: charged.intentId }, { idempotencyKey: key('void') })).toMatchObject({
      code: 'not_voidable',
    });
    const refund = await gateway.refund({ intentId: charged.intentId }, { idempotencyKey: key('refund') });
    expect(refund).toMatchObject({ ok: true, status: 'refunded' });
    expect((await readSandboxIntent(database.db, charged.intentId))?.amountRefundedCents).toBe(2_500);
    expect(await gateway.refund({ intentId: charged.intentId }, { idempotencyKey: key('refund') })).toMatchObject({
      code: 'not_refundable',
    });
  });

  it('lets a hold lapse after 7 days: the capture is refused and the hold released', async () => {
    const held = await hold(await token('4242424242424242'));
    if (!held.ok) throw new Error('expected a hold');
    const start = clock;
    clock = new Date(start.getTime() + SANDBOX_HOLD_MS + 1_000);
    try {
      expect(await gateway.capture({ intentId: held.intentId }, { idempotencyKey: key('capture') })).toMatchObject({
        ok: false,
        code: 'authorization_expired',
      });
      expect((await readSandboxIntent(database.db, held.intentId))?.status).toBe('canceled');
    } finally {
      clock = start;
    }
  });

  it('refuses amounts below a cent or above 99999999', async () => {
    expect(await hold(await token('4242424242424242'), 0)).toMatchObject({ code: 'amount_invalid' });
    expect(await hold(await token('4242424242424242'), 100_000_000)).toMatchObject({ code: 'amount_invalid' });
  });

  it('uses a one-off card token for one payment only', async () => {
    const t = await token('4242424242424242');
    expect(await hold(t)).toMatchObject({ ok: true });
    expect(await hold(t)).toMatchObject({ ok: false, code: 'payment_method_unusable' });
    expect(await hold('pm_sbx_doesnotexist')).toMatchObject({ ok: false, code: 'payment_method_unusable' });
  });
});

describe('idempotency keys', () => {
  it('answers a repeated key with the first answer, without acting again', async () => {
    const t = await token('4242424242424242');
    const request = { amountCents: 1_234, currency: 'usd' as const, source: { token: t }, capture: false };
    const k = key('same');
    const first = await gateway.authorize(request, { idempotencyKey: k });
    const second = await gateway.authorize(request, { idempotencyKey: k });
    expect(second).toEqual(first);
    const [{ n }] = (await database.db
      .select({ n: count() })
      .from(sandboxGatewayIntents)
      .where(eq(sandboxGatewayIntents.paymentMethodId, t))) as [{ n: number }];
    expect(n).toBe(1);
  });

  it('replays a decline under its key too (the retry card needs a new attempt)', async () => {
    // Another expiry: a card not tried before (an earlier test tried the retry card with the default one).
    const t = await token('4000000000000119', { expMonth: 10, expYear: 2032 });
    const request = { amountCents: 1_000, currency: 'usd' as const, source: { token: t }, capture: false };
    const k = key('retry');
    expect(await gateway.authorize(request, { idempotencyKey: k })).toMatchObject({ code: 'processing_error' });
    expect(await gateway.authorize(request, { idempotencyKey: k })).toMatchObject({ code: 'processing_error' });
    expect(await gateway.authorize(request, { idempotencyKey: key('retry') })).toMatchObject({ ok: true });
  });

  it('refuses the same key with different parameters', async () => {
    const t = await token('4242424242424242');
    const k = key('mismatch');
    await gateway.authorize({ amountCents: 1_000, currency: 'usd', source: { token: t }, capture: false }, { idempotencyKey: k });
    await expect(
      gateway.authorize({ amountCents: 9_999, currency: 'usd', source: { token: t }, capture: false }, { idempotencyKey: k }),
    ).rejects.toThrow(IdempotencyMismatchError);
  });

  it('makes one hold for 20 concurrent requests with one key', async () => {
    const t = await token('4242424242424242');
    const request = { amountCents: 7_700, currency: 'usd' as const, source: { token: t }, capture: false };
    const k = key('burst');
    const results = await Promise.all(Array.from({ length: 20 }, () => gateway.authorize(request, { idempotencyKey: k })));
    const ids = new Set(results.map((r) => (r.ok ? r.intentId : r.code)));
    expect(ids.size).toBe(1);
    expect(results[0]).toMatchObject({ ok: true });
    const rows = await database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(sandboxGatewayIntents)
      .where(eq(sandboxGatewayIntents.paymentMethodId, t));
    expect(rows[0]!.n).toBe(1);
  });
});

describe('customers and saved cards', () => {
  it('saves a card with a customer and charges it later by id', async () => {
    const customer = await gateway.createCustomer({ reference: 'user-1' }, { idempotencyKey: key('cus') });
    if (!customer.ok) throw new Error('expected a customer');
    const saved = await gateway.savePaymentMethod(
      { customerId: customer.customerId, token: await token('4242424242424242') },
      { idempotencyKey: key('save') },
    );
    expect(saved).toMatchObject({ ok: true, card: { brand: 'visa', last4: '4242' } });
    if (!saved.ok) throw new Error('expected a saved card');
    const source = { paymentMethodId: saved.paymentMethodId, customerId: customer.customerId };
    for (let i = 0; i < 2; i += 1) {
      expect(
        await gateway.authorize({ amountCents: 500, currency: 'usd', source, capture: true }, { idempotencyKey: key('saved') }),
      ).toMatchObject({ ok: true, status: 'captured' });
    }
    // A saved card is not a one-off token, and it is nobody else's.
    expect(
      await gateway.authorize(
        { amountCents: 500, currency: 'usd', source: { token: saved.paymentMethodId }, capture: true },
        { idempotencyKey: key('saved') },
      ),
    ).toMatchObject({ code: 'payment_method_unusable' });
    const other = await gateway.createCustomer({ reference: 'user-2' }, { idempotencyKey: key('cus') });
    if (!other.ok) throw new Error('expected a customer');
    expect(
      await gateway.authorize(
        { amountCents: 500, currency: 'usd', source: { ...source, customerId: other.customerId }, capture: true },
        { idempotencyKey: key('saved') },
      ),
    ).toMatchObject({ code: 'payment_method_unusable' });
  });

  it('refuses to save a card that would be declined, but saves one that only lacks funds', async () => {
    const customer = await gateway.createCustomer({ reference: 'user-3' }, { idempotencyKey: key('cus') });
    if (!customer.ok) throw new Error('expected a customer');
    expect(
      await gateway.savePaymentMethod(
        { customerId: customer.customerId, token: await token('4000000000000002') },
        { idempotencyKey: key('save') },
      ),
    ).toMatchObject({ ok: false, code: 'card_declined' });
    expect(
      await gateway.savePaymentMethod(
        { customerId: customer.customerId, token: await token('4000000000009995') },
        { idempotencyKey: key('save') },
      ),
    ).toMatchObject({ ok: true });
  });

  it('updates the expiry and forgets a detached card', async () => {
    const customer = await gateway.createCustomer({ reference: 'user-4' }, { idempotencyKey: key('cus') });
    if (!customer.ok) throw new Error('expected a customer');
    const saved = await gateway.savePaymentMethod(
      { customerId: customer.customerId, token: await token('5555555555554444') },
      { idempotencyKey: key('save') },
    );
    if (!saved.ok) throw new Error('expected a saved card');
    expect(
      await gateway.updatePaymentMethod(
        { paymentMethodId: saved.paymentMethodId, expMonth: 6, expYear: 2033 },
        { idempotencyKey: key('update') },
      ),
    ).toEqual({ ok: true, card: { brand: 'mastercard', last4: '4444', expMonth: 6, expYear: 2033 } });
    expect(
      await gateway.detachPaymentMethod({ paymentMethodId: saved.paymentMethodId }, { idempotencyKey: key('detach') }),
    ).toEqual({ ok: true });
    expect(
      await gateway.authorize(
        {
          amountCents: 500,
          currency: 'usd',
          source: { paymentMethodId: saved.paymentMethodId, customerId: customer.customerId },
          capture: true,
        },
        { idempotencyKey: key('detached') },
      ),
    ).toMatchObject({ code: 'payment_method_unusable' });
  });

  it('keeps its books in the database: a new instance (a restart, another machine) captures a hold', async () => {
    const held = await hold(await token('4242424242424242'));
    if (!held.ok) throw new Error('expected a hold');
    const restarted = createSandboxGateway({ db: database.db, now: () => clock });
    expect(await restarted.capture({ intentId: held.intentId }, { idempotencyKey: key('capture') })).toMatchObject({
      ok: true,
    });
  });
});
