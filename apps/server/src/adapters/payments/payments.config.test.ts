// Payment configuration (issue 7; DESIGN.md "Defaults run the demo store with no keys").
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config.ts';
import { createPaymentGateway } from './payments.factory.ts';

const db = {} as never;
const now = () => new Date();

describe('PAYMENT_GATEWAY', () => {
  it('defaults to the sandbox, with no keys and no publishable key for the browser', () => {
    const config = loadConfig({});
    expect(config.PAYMENT_GATEWAY).toBe('sandbox');
    const setup = createPaymentGateway(config, { db, now });
    expect(setup.gateway.name).toBe('sandbox');
    expect(setup.sandbox).not.toBeNull();
    expect(setup.client).toEqual({ gateway: 'sandbox', publishableKey: null });
  });

  it('chooses Stripe with both keys and gives the browser only the publishable one', () => {
    const config = loadConfig({
      PAYMENT_GATEWAY: 'stripe',
      STRIPE_SECRET_KEY: 'sk_test_abc123',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_abc123',
    });
    const setup = createPaymentGateway(config, { db, now });
    expect(setup.gateway.name).toBe('stripe');
    expect(setup.sandbox).toBeNull();
    expect(setup.client).toEqual({ gateway: 'stripe', publishableKey: 'pk_test_abc123' });
  });

  it.each([
    [{ PAYMENT_GATEWAY: 'stripe' }, /STRIPE_SECRET_KEY: is required when PAYMENT_GATEWAY=stripe/],
    [{ PAYMENT_GATEWAY: 'stripe', STRIPE_SECRET_KEY: 'sk_test_abc' }, /STRIPE_PUBLISHABLE_KEY: is required/],
    [{ PAYMENT_GATEWAY: 'paypal' }, /PAYMENT_GATEWAY:/],
    [{ STRIPE_SECRET_KEY: 'pk_test_swapped' }, /STRIPE_SECRET_KEY: must be a Stripe secret key/],
    [{ STRIPE_PUBLISHABLE_KEY: 'sk_test_swapped' }, /STRIPE_PUBLISHABLE_KEY: must be a Stripe publishable key/],
  ])('stops boot on %j', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });
});
