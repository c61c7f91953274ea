import { MESSAGES, PAYMENT_MESSAGES } from '@store/domain';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { expectNoAxeViolations } from '@/test/axe';
import { fakeApi, problem } from '@/test/fakeApi';
import { renderWithStore } from '@/test/render';
import type { StripeJs } from '../stripeJs';
import { CardForm, formatCardNumber, formatExpiry } from './CardForm';

afterEach(() => {
  vi.unstubAllGlobals();
  delete window.Stripe;
});

// "Today" for the expiry rule: 15 March 2027.
const now = () => new Date('2027-03-15T12:00:00Z');
const sandboxConfig: [string, string, () => { body: unknown }] = [
  'GET',
  '/api/payments/config',
  () => ({ body: { gateway: 'sandbox', publishableKey: null } }),
];

async function fill(user: ReturnType<typeof userEvent.setup>, number: string, expiry: string, cvc: string) {
  if (number) await user.type(screen.getByLabelText(/Card number/), number);
  if (expiry) await user.type(screen.getByLabelText(/Expiry/), expiry);
  if (cvc) await user.type(screen.getByLabelText(/Security code/), cvc);
}

describe('formatting as the card is typed', () => {
  it.each([
    ['4242424242424242', '4242 4242 4242 4242'],
    ['4242-4242', '4242 4242'],
    ['378282246310005', '3782 822463 10005'],
    ['42424242424242424242', '4242 4242 4242 4242 424'],
  ])('card number %s → %s', (input, output) => {
    expect(formatCardNumber(input)).toBe(output);
  });

  it.each([
    ['1', '1'],
    ['12', '12'],
    ['1234', '12/34'],
    ['12/3', '12/3'],
    ['12345', '12/34'],
  ])('expiry %s → %s', (input, output) => {
    expect(formatExpiry(input)).toBe(output);
  });
});

describe('CardForm with the sandbox processor', () => {
  it('tokenizes a good card and hands the token, never the number, to its parent', async () => {
    const { calls } = fakeApi([
      sandboxConfig,
      [
        'POST',
        '/api/payments/sandbox/tokens',
        () => ({ status: 201, body: { token: 'pm_sbx_1', card: { brand: 'visa', last4: '4242', expMonth: 12, expYear: 2030 } } }),
      ],
    ]);
    const onToken = vi.fn();
    const user = userEvent.setup();
    const { container } = renderWithStore(<CardForm onToken={onToken} now={now} />);
    await screen.findByLabelText(/Card number/);
    await fill(user, '4242424242424242', '1230', '123');
    expect(screen.getByLabelText(/Card number/)).toHaveValue('4242 4242 4242 4242');
    expect(screen.getByLabelText(/Expiry/)).toHaveValue('12/30');
    expect(screen.getByText('Visa')).toBeInTheDocument();
    await expectNoAxeViolations(container);
    await user.click(screen.getByRole('button', { name: 'Use this card' }));
    await waitFor(() =>
      expect(onToken).toHaveBeenCalledWith({ token: 'pm_sbx_1', card: { brand: 'visa', last4: '4242', expMonth: 12, expYear: 2030 } }),
    );
    const post = calls.find((c) => c.method === 'POST');
    expect(post?.body).toEqual({ number: '4242424242424242', expMonth: 12, expYear: 2030, cvc: '123' });
  });

  it('shows a message beside each bad field and sends nothing', async () => {
    // issue 7 "field messages for card number, expiry, CVC"
    const { calls } = fakeApi([sandboxConfig]);
    const onToken = vi.fn();
    const user = userEvent.setup();
    const { container } = renderWithStore(<CardForm onToken={onToken} now={now} />);
    await screen.findByLabelText(/Card number/);
    await fill(user, '4242424242424241', '0227', '12');
    await user.click(screen.getByRole('button', { name: 'Use this card' }));
    expect(await screen.findByText(PAYMENT_MESSAGES.CARD_NUMBER_INVALID)).toBeInTheDocument();
    expect(screen.getByText(PAYMENT_MESSAGES.CARD_EXPIRED)).toBeInTheDocument();
    expect(screen.getByText(PAYMENT_MESSAGES.CARD_CVC_INVALID)).toBeInTheDocument();
    expect(screen.getByLabelText(/Card number/)).toHaveAttribute('aria-invalid', 'true');
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
    expect(onToken).not.toHaveBeenCalled();
    await expectNoAxeViolations(container);
  });

  it('asks for 4 digits on an American Express card', async () => {
    fakeApi([sandboxConfig]);
    const user = userEvent.setup();
    renderWithStore(<CardForm onToken={vi.fn()} now={now} />);
    await screen.findByLabelText(/Card number/);
    await fill(user, '378282246310005', '1230', '123');
    expect(screen.getByText('American Express')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Use this card' }));
    expect(await screen.findByText(PAYMENT_MESSAGES.CARD_CVC_INVALID)).toBeInTheDocument();
  });

  it("puts the processor's field messages on the fields", async () => {
    fakeApi([
      sandboxConfig,
      [
        'POST',
        '/api/payments/sandbox/tokens',
        () => problem(400, 'VALIDATION_FAILED', MESSAGES.VALIDATION_FAILED, [{ field: 'expiry', message: PAYMENT_MESSAGES.CARD_EXPIRED }]),
      ],
    ]);
    const onToken = vi.fn();
    const user = userEvent.setup();
    renderWithStore(<CardForm onToken={onToken} now={now} />);
    await screen.findByLabelText(/Card number/);
    await fill(user, '4242424242424242', '0327', '123');
    await user.click(screen.getByRole('button', { name: 'Use this card' }));
    expect(await screen.findByText(PAYMENT_MESSAGES.CARD_EXPIRED)).toBeInTheDocument();
    expect(screen.getByLabelText(/Expiry/)).toHaveAttribute('aria-invalid', 'true');
    expect(onToken).not.toHaveBeenCalled();
  });

  it("shows the store's refusal in plain words when the parent rejects the card", async () => {
    fakeApi([
      sandboxConfig,
      [
        'POST',
        '/api/payments/sandbox/tokens',
        () => ({ status: 201, body: { token: 'pm_sbx_2', card: { brand: 'visa', last4: '0002', expMonth: 12, expYear: 2030 } } }),
      ],
      ['POST', '/api/payment-methods', () => problem(402, 'PAYMENT_CARD_DECLINED', PAYMENT_MESSAGES.PAYMENT_CARD_DECLINED)],
    ]);
    const user = userEvent.setup();
    renderWithStore(
      <CardForm
        now={now}
        submitLabel="Save card"
        onToken={async ({ token }) => {
          const { apiPost } = await import('@/lib/api');
          await apiPost('/api/payment-methods', { token });
        }}
      />,
    );
    await screen.findByLabelText(/Card number/);
    await fill(user, '4000000000000002', '1230', '123');
    await user.click(screen.getByRole('button', { name: 'Save card' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Your card was declined. Please use a different card.');
    expect(screen.getByRole('button', { name: 'Save card' })).toBeEnabled();
  });

  it('shows the connection error when the processor cannot be reached', async () => {
    fakeApi([sandboxConfig, ['POST', '/api/payments/sandbox/tokens', () => ({ status: 503, body: {} })]]);
    const user = userEvent.setup();
    renderWithStore(<CardForm onToken={vi.fn()} now={now} />);
    await screen.findByLabelText(/Card number/);
    await fill(user, '4242424242424242', '1230', '123');
    await user.click(screen.getByRole('button', { name: 'Use this card' }));
    // SPEC §8 Connection: the message, followed by the support line.
    expect(await screen.findByRole('alert')).toHaveTextContent(`${MESSAGES.CONNECTION_ERROR} ${MESSAGES.CONNECTION_ERROR_SUPPORT}`);
  });

  it('shows a loading state, then an error with retry when the payment config fails', async () => {
    let fail = true;
    fakeApi([['GET', '/api/payments/config', () => (fail ? { status: 500, body: {} } : { body: { gateway: 'sandbox', publishableKey: null } })]]);
    const user = userEvent.setup();
    renderWithStore(<CardForm onToken={vi.fn()} now={now} />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading the card form…');
    expect(await screen.findByText(MESSAGES.CONNECTION_ERROR)).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByLabelText(/Card number/)).toBeInTheDocument();
  });
});

describe('CardForm with Stripe', () => {
  function fakeStripe(result: Awaited<ReturnType<StripeJs['createPaymentMethod']>>) {
    const handlers: Record<string, (e: never) => void> = {};
    const card = {
      mount: vi.fn(),
      destroy: vi.fn(),
      on: vi.fn((event: string, handler: (e: never) => void) => {
        handlers[event] = handler;
      }),
    };
    const js = {
      elements: vi.fn(() => ({ create: vi.fn(() => card) })),
      createPaymentMethod: vi.fn(async () => result),
    };
    const Stripe = vi.fn(() => js);
    window.Stripe = Stripe as unknown as Window['Stripe'];
    return { Stripe, js, card, handlers };
  }
  const stripeConfig: [string, string, () => { body: unknown }] = [
    'GET',
    '/api/payments/config',
    () => ({ body: { gateway: 'stripe', publishableKey: 'pk_test_abc' } }),
  ];

  it("mounts Stripe's card element and hands over the payment-method id", async () => {
    const { calls } = fakeApi([stripeConfig]);
    const stripe = fakeStripe({
      paymentMethod: { id: 'pm_1Q1testVisa4242', card: { brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2030 } },
    });
    const onToken = vi.fn();
    const user = userEvent.setup();
    renderWithStore(<CardForm onToken={onToken} />);
    await waitFor(() => expect(stripe.card.mount).toHaveBeenCalledWith(screen.getByTestId('stripe-card-element')));
    expect(stripe.Stripe).toHaveBeenCalledWith('pk_test_abc');
    // No card fields of ours: the number is typed into Stripe's iframe.
    expect(screen.queryByLabelText(/Card number/)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Use this card' }));
    await waitFor(() =>
      expect(onToken).toHaveBeenCalledWith({
        token: 'pm_1Q1testVisa4242',
        card: { brand: 'visa', last4: '4242', expMonth: 12, expYear: 2030 },
      }),
    );
    expect(calls.map((c) => c.path)).toEqual(['/api/payments/config']);
  });

  it("shows Stripe's message for the card and does not hand anything over", async () => {
    fakeApi([stripeConfig]);
    const stripe = fakeStripe({ error: { type: 'validation_error', message: 'Your card number is incomplete.' } });
    const onToken = vi.fn();
    const user = userEvent.setup();
    renderWithStore(<CardForm onToken={onToken} />);
    await waitFor(() => expect(stripe.card.mount).toHaveBeenCalled());
    await user.click(screen.getByRole('button', { name: 'Use this card' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Your card number is incomplete.');
    expect(onToken).not.toHaveBeenCalled();
  });
});
