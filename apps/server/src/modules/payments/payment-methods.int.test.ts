// Saved cards over HTTP (issue 7 "Saved cards (logged-in patients)"; SPEC §7 "Payment: payment
// methods, all payment methods, add, update, update-current, remove card"): list, add from a
// token, update expiry and billing address, remove, set current; only brand, last four and expiry
// are stored; another patient's card is a 404. Also the sandbox card form and the payment config.
import { MESSAGES, PAYMENT_MESSAGES } from '@store/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInPatient } from '../../../test/patients.ts';
import { createTestApp, TestBrowser, type TestContext } from '../../../test/app.ts';
import { paymentMethods } from '../../db/schema/payments.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const patient = (email: string) => signedInPatient(ctx, { email });
type Patient = Awaited<ReturnType<typeof patient>>;

const visa = { number: '4242 4242 4242 4242', expMonth: 12, expYear: 2034, cvc: '123' };
const mastercard = { number: '5555 5555 5555 4444', expMonth: 3, expYear: 2031, cvc: '321' };
const visaDebit = { number: '4000 0566 5566 5556', expMonth: 7, expYear: 2033, cvc: '456' };

/** What the card form does: post the card to the processor, get a token back. */
async function tokenFor(who: Patient, card: Record<string, unknown> = visa): Promise<string> {
  const response = await who.post('/api/payments/sandbox/tokens', card);
  expect(response.statusCode).toBe(201);
  return response.json().token as string;
}

async function addCard(who: Patient, card: Record<string, unknown> = visa, extra: Record<string, unknown> = {}) {
  const response = await who.post('/api/payment-methods', { token: await tokenFor(who, card), ...extra });
  expect(response.statusCode).toBe(201);
  return response.json() as { id: string; label: string; isCurrent: boolean };
}

describe('GET /api/payments/config', () => {
  it('tells the card form to use the sandbox, with no publishable key', async () => {
    const response = await new TestBrowser(ctx.app).get('/api/payments/config');
    expect(response.json()).toEqual({ gateway: 'sandbox', publishableKey: null });
  });
});

describe('POST /api/payments/sandbox/tokens (the sandbox processor’s card form)', () => {
  it('returns a token and the card summary, never the number', async () => {
    const guest = new TestBrowser(ctx.app);
    await guest.post('/api/session/guest');
    const response = await guest.post('/api/payments/sandbox/tokens', visa);
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body).toEqual({
      token: expect.stringMatching(/^pm_sbx_[0-9a-f]{24}$/),
      card: { brand: 'visa', last4: '4242', expMonth: 12, expYear: 2034 },
    });
    expect(response.body).not.toContain('4242424242424242');
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it.each<[string, Record<string, unknown>, { field: string; message: string }[]]>([
    // issue 7 "Luhn, expiry and CVC checked"
    ['a number failing Luhn', { ...visa, number: '4242 4242 4242 4241' }, [{ field: 'number', message: PAYMENT_MESSAGES.CARD_NUMBER_INVALID }]],
    ['an expired card', { ...visa, expMonth: 1, expYear: 2020 }, [{ field: 'expiry', message: PAYMENT_MESSAGES.CARD_EXPIRED }]],
    ['month 13', { ...visa, expMonth: 13 }, [{ field: 'expiry', message: PAYMENT_MESSAGES.CARD_EXPIRY_INVALID }]],
    ['a 2-digit code', { ...visa, cvc: '12' }, [{ field: 'cvc', message: PAYMENT_MESSAGES.CARD_CVC_INVALID }]],
    ['no number at all', { expMonth: 12, expYear: 2034, cvc: '123' }, [{ field: 'number', message: PAYMENT_MESSAGES.CARD_NUMBER_INVALID }]],
  ])('refuses %s with the message beside the field', async (_name, card, errors) => {
    const guest = new TestBrowser(ctx.app);
    await guest.post('/api/session/guest');
    const response = await guest.post('/api/payments/sandbox/tokens', card);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED', detail: MESSAGES.VALIDATION_FAILED, errors });
  });

  it('needs a session (guest or patient)', async () => {
    const response = await new TestBrowser(ctx.app).post('/api/payments/sandbox/tokens', visa);
    expect(response.statusCode).toBe(401);
  });
});

describe('saved cards', () => {
  it('adds cards from tokens; the first is current; lists the current first', async () => {
    const ann = await patient('ann.cards@example.com');
    expect((await ann.get('/api/payment-methods')).json()).toEqual({ cards: [] });
    const first = await addCard(ann);
    expect(first).toMatchObject({ label: 'Visa ending in 4242', isCurrent: true });
    const second = await addCard(ann, { number: '5555555555554444', expMonth: 3, expYear: 2031, cvc: '321' });
    expect(second).toMatchObject({ label: 'Mastercard ending in 4444', isCurrent: false });

    const list = (await ann.get('/api/payment-methods')).json().cards;
    expect(list).toEqual([
      {
        id: first.id,
        brand: 'visa',
        last4: '4242',
        label: 'Visa ending in 4242',
        expMonth: 12,
        expYear: 2034,
        expired: false,
        isCurrent: true,
        billingAddress: null,
        createdAt: expect.any(String),
      },
      expect.objectContaining({ id: second.id, brand: 'mastercard', last4: '4444', isCurrent: false }),
    ]);
  });

  it('stores only brand, last four and expiry (with the gateway ids)', async () => {
    // issue 7 "only brand, last four digits and expiry are stored by us"
    const bea = await patient('bea.cards@example.com');
    const card = await addCard(bea);
    const [row] = await ctx.database.db.select().from(paymentMethods).where(eq(paymentMethods.id, card.id));
    expect(JSON.stringify(row)).not.toContain('4242424242424242');
    expect(row).toMatchObject({ gateway: 'sandbox', brand: 'visa', last4: '4242', expMonth: 12, expYear: 2034 });
    expect(row!.gatewayCustomerId).toMatch(/^cus_sbx_/);
    expect(row!.gatewayPaymentMethodId).toMatch(/^pm_sbx_/);
  });

  it('adds a card with its billing address and can make it current at once', async () => {
    const cal = await patient('cal.cards@example.com');
    await addCard(cal);
    const billingAddress = { line1: '1 Main St', city: 'Austin', state: 'tx', zip: '78701' };
    // Another card: the same card twice is kept once (issue 13 #10).
    const card = await addCard(cal, mastercard, { billingAddress, makeCurrent: true });
    expect(card).toMatchObject({ isCurrent: true, billingAddress: { ...billingAddress, state: 'TX' } });
    const cards = (await cal.get('/api/payment-methods')).json().cards as { isCurrent: boolean }[];
    expect(cards.filter((c) => c.isCurrent)).toHaveLength(1);
  });

  it('switches the current card', async () => {
    const dan = await patient('dan.cards@example.com');
    const first = await addCard(dan);
    const second = await addCard(dan, mastercard);
    const response = await dan.post(`/api/payment-methods/${second.id}/current`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: second.id, isCurrent: true });
    const cards = (await dan.get('/api/payment-methods')).json().cards as { id: string; isCurrent: boolean }[];
    expect(cards.map((c) => [c.id, c.isCurrent])).toEqual([
      [second.id, true],
      [first.id, false],
    ]);
  });

  it('updates the expiry and the billing address', async () => {
    const eve = await patient('eve.cards@example.com');
    const card = await addCard(eve);
    const response = await eve.patch(`/api/payment-methods/${card.id}`, {
      expMonth: 8,
      expYear: 2036,
      billingAddress: { name: 'Eve Lee', line1: '9 Elm Rd', city: 'Denver', state: 'CO', zip: '80202' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      expMonth: 8,
      expYear: 2036,
      billingAddress: { name: 'Eve Lee', line1: '9 Elm Rd', city: 'Denver', state: 'CO', zip: '80202' },
    });
  });

  it.each<[string, Record<string, unknown>, { field: string; message: string }]>([
    ['an expiry in the past', { expMonth: 1, expYear: 2020 }, { field: 'expiry', message: PAYMENT_MESSAGES.CARD_EXPIRED }],
    ['a month without a year', { expMonth: 5 }, { field: 'expiry', message: PAYMENT_MESSAGES.CARD_EXPIRY_INVALID }],
    [
      'a billing address without a street',
      { billingAddress: { line1: '', city: 'Denver', state: 'CO', zip: '80202' } },
      { field: 'billingAddress.line1', message: PAYMENT_MESSAGES.BILLING_LINE1_REQUIRED },
    ],
  ])('refuses %s, changing nothing', async (_name, body, error) => {
    const fay = await patient(`fay.${Math.random().toString(36).slice(2)}@example.com`);
    const card = await addCard(fay);
    const response = await fay.patch(`/api/payment-methods/${card.id}`, body);
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toContainEqual(error);
    expect((await fay.get('/api/payment-methods')).json().cards[0]).toMatchObject({ expMonth: 12, expYear: 2034, billingAddress: null });
  });

  it('removes a card; removing the current one makes the next newest current', async () => {
    const gus = await patient('gus.cards@example.com');
    const first = await addCard(gus);
    ctx.clock.advance(1_000);
    const second = await addCard(gus, mastercard);
    ctx.clock.advance(1_000);
    const third = await addCard(gus, visaDebit);
    expect((await gus.delete(`/api/payment-methods/${first.id}`)).statusCode).toBe(204);
    const cards = (await gus.get('/api/payment-methods')).json().cards as { id: string; isCurrent: boolean }[];
    expect(cards.map((c) => [c.id, c.isCurrent])).toEqual([
      [third.id, true],
      [second.id, false],
    ]);
    expect((await gus.delete(`/api/payment-methods/${first.id}`)).statusCode).toBe(404);
  });

  it('refuses to save a card the processor declines (402 with plain words), saving nothing', async () => {
    const hal = await patient('hal.cards@example.com');
    const token = await tokenFor(hal, { ...visa, number: '4000 0000 0000 0002' });
    const response = await hal.post('/api/payment-methods', { token });
    expect(response.statusCode).toBe(402);
    expect(response.json()).toMatchObject({ code: 'PAYMENT_CARD_DECLINED', detail: 'Your card was declined. Please use a different card.' });
    expect((await hal.get('/api/payment-methods')).json()).toEqual({ cards: [] });
  });

  it('keeps each card once: the same token again changes nothing, another token for the same card is refused (issue 13 #6, #10)', async () => {
    // issue 13 #6 "the same card token saved twice answers 500"; #10 "the same card once"
    const kit = await patient('kit.cards@example.com');
    const token = await tokenFor(kit);
    const first = await kit.post('/api/payment-methods', { token });
    expect(first.statusCode).toBe(201);
    const again = await kit.post('/api/payment-methods', { token });
    expect(again.statusCode).toBeLessThan(500);
    expect(again.json().id).toBe(first.json().id);
    const otherDetails = await kit.post('/api/payment-methods', {
      token,
      billingAddress: { line1: '1 Main St', city: 'Austin', state: 'TX', zip: '78701' },
    });
    expect(otherDetails.statusCode).toBeLessThan(500);
    const sameCard = await kit.post('/api/payment-methods', { token: await tokenFor(kit) });
    expect(sameCard.statusCode).toBe(409);
    expect(sameCard.json()).toMatchObject({ code: 'CARD_ALREADY_SAVED', detail: PAYMENT_MESSAGES.CARD_ALREADY_SAVED });
    const cards = (await kit.get('/api/payment-methods')).json().cards;
    expect(cards).toHaveLength(1);
    expect(cards[0]).toMatchObject({ id: first.json().id, billingAddress: null, isCurrent: true });
  });

  it('gives another patient’s card a 404 for every action, and changes nothing', async () => {
    const ivy = await patient('ivy.cards@example.com');
    const jon = await patient('jon.cards@example.com');
    const card = await addCard(ivy);
    const attempts = [
      await jon.patch(`/api/payment-methods/${card.id}`, { expMonth: 1, expYear: 2040 }),
      await jon.post(`/api/payment-methods/${card.id}/current`),
      await jon.delete(`/api/payment-methods/${card.id}`),
      await jon.delete('/api/payment-methods/not-a-uuid'),
    ];
    for (const response of attempts) {
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ code: 'NOT_FOUND', detail: MESSAGES.NOT_FOUND });
    }
    expect((await jon.get('/api/payment-methods')).json()).toEqual({ cards: [] });
    expect((await ivy.get('/api/payment-methods')).json().cards).toMatchObject([{ id: card.id, expYear: 2034, isCurrent: true }]);
  });

  it('is for signed-in patients only', async () => {
    const guest = new TestBrowser(ctx.app);
    await guest.post('/api/session/guest');
    expect((await guest.get('/api/payment-methods')).statusCode).toBe(401);
    expect((await guest.post('/api/payment-methods', { token: 'pm_sbx_x' })).statusCode).toBe(401);
  });
});

describe('with Stripe configured', () => {
  it('serves the publishable key, has no sandbox card form, and lets Stripe Elements load', async () => {
    const stripe = await createTestApp({
      PAYMENT_GATEWAY: 'stripe',
      STRIPE_SECRET_KEY: 'sk_test_notused',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_shown',
    });
    try {
      const browser = new TestBrowser(stripe.app);
      expect((await browser.get('/api/payments/config')).json()).toEqual({ gateway: 'stripe', publishableKey: 'pk_test_shown' });
      await browser.post('/api/session/guest');
      expect((await browser.post('/api/payments/sandbox/tokens', visa)).statusCode).toBe(404);
      const csp = String((await browser.get('/api/payments/config')).headers['content-security-policy']);
      expect(csp).toContain('script-src \'self\' https://js.stripe.com');
      expect(csp).toContain('frame-src \'self\' https://js.stripe.com https://hooks.stripe.com');
    } finally {
      await stripe.close();
    }
  });
});
