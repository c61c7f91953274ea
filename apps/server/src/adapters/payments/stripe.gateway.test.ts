// The Stripe adapter against the real Stripe SDK, with its HTTP layer replaced by a fetch that
// replays recorded responses (__fixtures__/stripe). We check what the SDK sends (paths, form
// bodies, Idempotency-Key headers) and how answers and declines come back to us.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PAYMENT_MESSAGES } from '@store/domain';
import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { IdempotencyMismatchError } from './gateway-failure.ts';
import { createStripeGateway } from './stripe.gateway.ts';
import { createPaymentGateway } from './payments.factory.ts';

const fixtures = path.join(path.dirname(fileURLToPath(import.meta.url)), '__fixtures__/stripe');
const fixture = (name: string): string => fs.readFileSync(path.join(fixtures, `${name}.json`), 'utf8');

interface Sent {
  method: string;
  path: string;
  form: Record<string, string>;
  idempotencyKey: string | null;
  authorization: string | null;
}

/** A Stripe client whose requests are recorded and answered from fixtures, in order. */
function recordedStripe(replies: [status: number, fixtureName: string][], maxNetworkRetries = 0) {
  const sent: Sent[] = [];
  const queue = [...replies];
  const fakeFetch = async (input: string | URL | Request, init?: RequestInit) => {
    const url = new URL(String(input));
    const headers = new Headers(init?.headers as ConstructorParameters<typeof Headers>[0]);
    sent.push({
      method: init?.method ?? 'GET',
      path: url.pathname + url.search,
      form: Object.fromEntries(new URLSearchParams(String(init?.body ?? ''))),
      idempotencyKey: headers.get('idempotency-key'),
      authorization: headers.get('authorization'),
    });
    const next = queue.shift();
    if (!next) throw new Error(`no recorded response for ${init?.method} ${url.pathname}`);
    return new Response(fixture(next[1]), {
      status: next[0],
      headers: { 'content-type': 'application/json', 'request-id': `req_${sent.length}` },
    });
  };
  const gateway = createStripeGateway({
    secretKey: 'sk_test_recorded',
    httpClient: Stripe.createFetchHttpClient(fakeFetch as typeof fetch),
    maxNetworkRetries,
  });
  return { gateway, sent, remaining: () => queue.length };
}

describe('authorize: Payment Intents confirmed on the server', () => {
  it('holds with capture_method=manual, passes our key, and returns the card from the expanded payment method', async () => {
    const { gateway, sent } = recordedStripe([[200, 'payment_intent.requires_capture']]);
    const result = await gateway.authorize(
      {
        amountCents: 4_900,
        currency: 'usd',
        source: { token: 'pm_1Q1testAmex0005' },
        capture: false,
        description: 'Order 6f1d0c1e-1111-4a4a-8b8b-000000000001',
        metadata: { orderId: '6f1d0c1e-1111-4a4a-8b8b-000000000001', paymentId: 'p-1' },
      },
      { idempotencyKey: 'payment:p-1:authorize' },
    );
    expect(result).toEqual({
      ok: true,
      intentId: 'pi_3Q1testHold0001',
      status: 'authorized',
      card: { brand: 'amex', last4: '0005', expMonth: 4, expYear: 2029 },
    });
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      method: 'POST',
      path: '/v1/payment_intents',
      idempotencyKey: 'payment:p-1:authorize',
      authorization: 'Bearer sk_test_recorded',
    });
    expect(sent[0]!.form).toEqual({
      amount: '4900',
      currency: 'usd',
      capture_method: 'manual',
      confirm: 'true',
      'allowed_payment_method_types[0]': 'card',
      error_on_requires_action: 'true',
      payment_method: 'pm_1Q1testAmex0005',
      description: 'Order 6f1d0c1e-1111-4a4a-8b8b-000000000001',
      'metadata[orderId]': '6f1d0c1e-1111-4a4a-8b8b-000000000001',
      'metadata[paymentId]': 'p-1',
      'expand[0]': 'payment_method',
    });
  });

  it('charges at once (capture_method=automatic) a saved card with its customer', async () => {
    const { gateway, sent } = recordedStripe([[200, 'payment_intent.succeeded']]);
    const result = await gateway.authorize(
      {
        amountCents: 2_500,
        currency: 'usd',
        source: { paymentMethodId: 'pm_1Q1testVisa4242', customerId: 'cus_Q1testCustomer01' },
        capture: true,
      },
      { idempotencyKey: 'k-charge' },
    );
    expect(result).toMatchObject({ ok: true, intentId: 'pi_3Q1testCharge01', status: 'captured', card: { last4: '4242' } });
    expect(sent[0]!.form).toMatchObject({
      capture_method: 'automatic',
      payment_method: 'pm_1Q1testVisa4242',
      customer: 'cus_Q1testCustomer01',
    });
    expect(sent[0]!.idempotencyKey).toBe('k-charge');
  });

  it.each<[string, string, string]>([
    ['error.insufficient_funds', 'insufficient_funds', PAYMENT_MESSAGES.PAYMENT_INSUFFICIENT_FUNDS],
    ['error.card_declined', 'card_declined', PAYMENT_MESSAGES.PAYMENT_CARD_DECLINED],
    ['error.authentication_required', 'authentication_required', PAYMENT_MESSAGES.PAYMENT_AUTHENTICATION_REQUIRED],
  ])('turns a 402 %s into %s with plain words and the intent id', async (name, code, message) => {
    const { gateway } = recordedStripe([[402, name]]);
    const result = await gateway.authorize(
      { amountCents: 4_900, currency: 'usd', source: { token: 'pm_x' }, capture: false },
      { idempotencyKey: 'k-decline' },
    );
    expect(result).toMatchObject({ ok: false, kind: 'declined', code, message, retryable: false });
    expect(result.ok ? null : result.intentId).toMatch(/^pi_3Q1testDecline/);
  });

  it('retries a 500 with the same Idempotency-Key, so a lost answer never charges twice', async () => {
    const { gateway, sent } = recordedStripe(
      [
        [500, 'error.api_error'],
        [200, 'payment_intent.requires_capture'],
      ],
      1,
    );
    const result = await gateway.authorize(
      { amountCents: 4_900, currency: 'usd', source: { token: 'pm_1Q1testAmex0005' }, capture: false },
      { idempotencyKey: 'k-retry' },
    );
    expect(result).toMatchObject({ ok: true, status: 'authorized' });
    expect(sent.map((s) => [s.path, s.idempotencyKey])).toEqual([
      ['/v1/payment_intents', 'k-retry'],
      ['/v1/payment_intents', 'k-retry'],
    ]);
  });

  it('reports an unreachable Stripe as gateway_unavailable (retryable), not as a decline', async () => {
    const { gateway } = recordedStripe([[500, 'error.api_error']]);
    expect(
      await gateway.authorize(
        { amountCents: 4_900, currency: 'usd', source: { token: 'pm_x' }, capture: false },
        { idempotencyKey: 'k-down' },
      ),
    ).toEqual({
      ok: false,
      kind: 'error',
      code: 'gateway_unavailable',
      message: PAYMENT_MESSAGES.PAYMENT_GATEWAY_UNAVAILABLE,
      retryable: true,
    });
  });

  it('treats a key reused with other parameters as a bug, not a decline', async () => {
    const { gateway } = recordedStripe([[400, 'error.idempotency']]);
    await expect(
      gateway.authorize({ amountCents: 1, currency: 'usd', source: { token: 'pm_x' }, capture: false }, { idempotencyKey: 'k' }),
    ).rejects.toThrow(IdempotencyMismatchError);
  });
});

describe('capture, void and refund', () => {
  it('captures a hold at /capture with our key', async () => {
    const { gateway, sent } = recordedStripe([[200, 'payment_intent.captured']]);
    expect(
      await gateway.capture({ intentId: 'pi_3Q1testHold0001' }, { idempotencyKey: 'payment:p-1:capture' }),
    ).toEqual({ ok: true, status: 'captured' });
    expect(sent[0]).toMatchObject({
      method: 'POST',
      path: '/v1/payment_intents/pi_3Q1testHold0001/capture',
      idempotencyKey: 'payment:p-1:capture',
    });
  });

  it('refuses a second capture as already_captured, and a lapsed hold as authorization_expired', async () => {
    const { gateway } = recordedStripe([
      [400, 'error.already_captured'],
      [400, 'error.hold_expired'],
    ]);
    expect(await gateway.capture({ intentId: 'pi_3Q1testHold0001' }, { idempotencyKey: 'k1' })).toMatchObject({
      ok: false,
      code: 'already_captured',
    });
    expect(await gateway.capture({ intentId: 'pi_3Q1testHold0001' }, { idempotencyKey: 'k2' })).toMatchObject({
      ok: false,
      code: 'authorization_expired',
    });
  });

  it('voids a hold by cancelling the intent', async () => {
    const { gateway, sent } = recordedStripe([[200, 'payment_intent.canceled']]);
    expect(await gateway.void({ intentId: 'pi_3Q1testHold0001' }, { idempotencyKey: 'payment:p-1:void' })).toEqual({
      ok: true,
      status: 'voided',
    });
    expect(sent[0]).toMatchObject({ path: '/v1/payment_intents/pi_3Q1testHold0001/cancel', idempotencyKey: 'payment:p-1:void' });
  });

  it('refunds the whole charge by payment intent', async () => {
    const { gateway, sent } = recordedStripe([[200, 'refund']]);
    expect(await gateway.refund({ intentId: 'pi_3Q1testCharge01' }, { idempotencyKey: 'payment:p-2:refund' })).toEqual({
      ok: true,
      status: 'refunded',
      refundId: 're_3Q1testRefund01',
    });
    expect(sent[0]).toMatchObject({ path: '/v1/refunds', idempotencyKey: 'payment:p-2:refund' });
    expect(sent[0]!.form).toEqual({ payment_intent: 'pi_3Q1testCharge01' });
  });
});

describe('customers and saved cards', () => {
  it('creates a customer with our reference, not the patient’s details', async () => {
    const { gateway, sent } = recordedStripe([[200, 'customer']]);
    expect(
      await gateway.createCustomer({ reference: '0b6c2f0e-7d1a-4f3e-9a55-2d7c1c1e9a01' }, { idempotencyKey: 'customer:u1' }),
    ).toEqual({ ok: true, customerId: 'cus_Q1testCustomer01' });
    expect(sent[0]).toMatchObject({ path: '/v1/customers', idempotencyKey: 'customer:u1' });
    expect(sent[0]!.form).toEqual({ 'metadata[reference]': '0b6c2f0e-7d1a-4f3e-9a55-2d7c1c1e9a01' });
  });

  it('attaches an Elements payment method by id, then sets the billing address under a derived key', async () => {
    const { gateway, sent } = recordedStripe([
      [200, 'payment_method.attached'],
      [200, 'payment_method.updated'],
    ]);
    const result = await gateway.savePaymentMethod(
      {
        customerId: 'cus_Q1testCustomer01',
        token: 'pm_1Q1testVisa4242',
        billingAddress: { name: 'Pat Lee', line1: '1 Main St', city: 'Austin', state: 'TX', zip: '78701' },
      },
      { idempotencyKey: 'card:u1:pm_1Q1testVisa4242' },
    );
    expect(result).toEqual({
      ok: true,
      paymentMethodId: 'pm_1Q1testVisa4242',
      card: { brand: 'visa', last4: '4242', expMonth: 6, expYear: 2033 },
      // issue 13 #10 review: how the store recognises the same card saved again.
      fingerprint: 'Xt5EWLLDS7FJjR1c',
    });
    expect(sent.map((s) => [s.method, s.path, s.idempotencyKey])).toEqual([
      ['POST', '/v1/payment_methods/pm_1Q1testVisa4242/attach', 'card:u1:pm_1Q1testVisa4242'],
      ['POST', '/v1/payment_methods/pm_1Q1testVisa4242', 'card:u1:pm_1Q1testVisa4242:billing'],
    ]);
    expect(sent[0]!.form).toEqual({ customer: 'cus_Q1testCustomer01' });
    expect(sent[1]!.form).toEqual({
      'billing_details[name]': 'Pat Lee',
      'billing_details[address][line1]': '1 Main St',
      'billing_details[address][line2]': '',
      'billing_details[address][city]': 'Austin',
      'billing_details[address][state]': 'TX',
      'billing_details[address][postal_code]': '78701',
      'billing_details[address][country]': 'US',
    });
  });

  it('refuses to save a card Stripe declines on attach', async () => {
    const { gateway } = recordedStripe([[402, 'error.card_declined']]);
    expect(
      await gateway.savePaymentMethod({ customerId: 'cus_x', token: 'pm_x' }, { idempotencyKey: 'k' }),
    ).toMatchObject({ ok: false, code: 'card_declined' });
  });

  it('updates the expiry and detaches a card', async () => {
    const { gateway, sent } = recordedStripe([
      [200, 'payment_method.updated'],
      [200, 'payment_method.detached'],
    ]);
    expect(
      await gateway.updatePaymentMethod(
        { paymentMethodId: 'pm_1Q1testVisa4242', expMonth: 6, expYear: 2033 },
        { idempotencyKey: 'k-update' },
      ),
    ).toEqual({ ok: true, card: { brand: 'visa', last4: '4242', expMonth: 6, expYear: 2033 } });
    expect(await gateway.detachPaymentMethod({ paymentMethodId: 'pm_1Q1testVisa4242' }, { idempotencyKey: 'k-detach' })).toEqual({
      ok: true,
    });
    expect(sent[0]!.form).toEqual({ 'card[exp_month]': '6', 'card[exp_year]': '2033' });
    expect(sent[1]).toMatchObject({ path: '/v1/payment_methods/pm_1Q1testVisa4242/detach', idempotencyKey: 'k-detach' });
  });
});

describe('findAuthorization: what became of a charge whose answer we never recorded (issue 13 #3)', () => {
  it('searches PaymentIntents by our payment id and reports a hold with its card', async () => {
    const { gateway, sent } = recordedStripe([[200, 'payment_intent.search.found']]);
    const result = await gateway.findAuthorization({ paymentId: 'p-1' });
    expect(result).toEqual({
      ok: true,
      attempt: { status: 'authorized', intentId: 'pi_3Q1testHold0001', amountCents: 4900, card: expect.objectContaining({ brand: 'amex' }) },
    });
    expect(sent[0]!.method).toBe('GET');
    expect(decodeURIComponent(sent[0]!.path)).toContain("metadata['paymentId']:'p-1'");
  });

  it('reports none when Stripe made no intent for it, and an unreachable Stripe as a failure', async () => {
    expect(await recordedStripe([[200, 'payment_intent.search.empty']]).gateway.findAuthorization({ paymentId: 'p-2' })).toEqual({ ok: true, attempt: { status: 'none' } });
    expect(await recordedStripe([[500, 'error.api_error']]).gateway.findAuthorization({ paymentId: 'p-3' })).toMatchObject({ ok: false, code: 'gateway_unavailable' });
  });

  it('says its "none" is believed only for a payment 10 minutes old (search lags), unless configured', () => {
    // issue 13 #3 review: reconciliation must not release a payment whose charge search has not indexed yet.
    expect(recordedStripe([]).gateway.noneTrustedAfterMs).toBe(10 * 60_000);
    expect(createPaymentGateway({ PAYMENT_GATEWAY: 'stripe', STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_PUBLISHABLE_KEY: 'pk_test_x', STRIPE_SEARCH_TRUSTED_AFTER_MS: 120_000 }, { db: null as never, now: () => new Date() }).gateway.noneTrustedAfterMs).toBe(120_000);
  });
});
