// Chooses the card processor from configuration: the built-in sandbox unless PAYMENT_GATEWAY=stripe.
import type { AppConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { PaymentClientConfig, PaymentGateway } from './payment-gateway.ts';
import { createSandboxGateway, type SandboxGateway } from './sandbox.gateway.ts';
import { createStripeGateway } from './stripe.gateway.ts';

export interface PaymentGatewaySetup {
  gateway: PaymentGateway;
  /** The sandbox's card form, when the sandbox is the processor (null with Stripe). */
  sandbox: SandboxGateway | null;
  client: PaymentClientConfig;
}

export function createPaymentGateway(
  config: Pick<AppConfig, 'PAYMENT_GATEWAY' | 'STRIPE_SECRET_KEY' | 'STRIPE_PUBLISHABLE_KEY'> & Partial<Pick<AppConfig, 'STRIPE_SEARCH_TRUSTED_AFTER_MS'>>,
  deps: { db: Db; now: () => Date },
): PaymentGatewaySetup {
  if (config.PAYMENT_GATEWAY === 'stripe') {
    // config.ts refuses to boot with stripe and no keys; this guards direct callers.
    if (!config.STRIPE_SECRET_KEY || !config.STRIPE_PUBLISHABLE_KEY) {
      throw new Error('PAYMENT_GATEWAY=stripe needs STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY');
    }
    return {
      gateway: createStripeGateway({
        secretKey: config.STRIPE_SECRET_KEY,
        ...(config.STRIPE_SEARCH_TRUSTED_AFTER_MS !== undefined ? { noneTrustedAfterMs: config.STRIPE_SEARCH_TRUSTED_AFTER_MS } : {}),
      }),
      sandbox: null,
      client: { gateway: 'stripe', publishableKey: config.STRIPE_PUBLISHABLE_KEY },
    };
  }
  const sandbox = createSandboxGateway(deps);
  return { gateway: sandbox, sandbox, client: { gateway: 'sandbox', publishableKey: null } };
}
