// Stripe.js, loaded from js.stripe.com only when the storefront's processor is Stripe (the server
// then allows that origin in its Content-Security-Policy). Only the few calls the card form makes
// are typed here; card numbers go from Stripe's iframe to Stripe, never through our code.

export interface StripeCardChangeEvent {
  complete: boolean;
  empty: boolean;
  error?: { message: string };
}

export interface StripeCardElement {
  mount(target: HTMLElement): void;
  destroy(): void;
  on(event: 'change', handler: (event: StripeCardChangeEvent) => void): void;
  on(event: 'ready', handler: () => void): void;
}

export interface StripePaymentMethodResult {
  paymentMethod?: {
    id: string;
    card?: { brand: string; last4: string; exp_month: number; exp_year: number } | null;
  };
  error?: { message?: string; type?: string };
}

export interface StripeJs {
  elements(options?: Record<string, unknown>): {
    create(type: 'card', options?: Record<string, unknown>): StripeCardElement;
  };
  createPaymentMethod(options: { type: 'card'; card: StripeCardElement }): Promise<StripePaymentMethodResult>;
}

declare global {
  interface Window {
    Stripe?: (publishableKey: string) => StripeJs;
  }
}

export const STRIPE_JS_URL = 'https://js.stripe.com/v3/';

let loading: Promise<NonNullable<Window['Stripe']>> | null = null;

function loadScript(): Promise<NonNullable<Window['Stripe']>> {
  if (window.Stripe) return Promise.resolve(window.Stripe);
  if (!loading) {
    loading = new Promise((resolve, reject) => {
      const script = document.createElement('script');
      script.src = STRIPE_JS_URL;
      script.async = true;
      script.onload = () => (window.Stripe ? resolve(window.Stripe) : reject(new Error('Stripe.js did not load')));
      script.onerror = () => {
        loading = null;
        script.remove();
        reject(new Error('Stripe.js could not be loaded'));
      };
      document.head.appendChild(script);
    });
  }
  return loading;
}

/** Stripe.js for a publishable key; the script is added to the page once. */
export async function loadStripe(publishableKey: string): Promise<StripeJs> {
  const Stripe = await loadScript();
  return Stripe(publishableKey);
}
