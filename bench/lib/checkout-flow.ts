// The guest checkout over real HTTP as the web client runs it (issue 7's checkout bench; shared
// since issue 20 with the load bench and the kill -9 suite): guest session → cart → add an OTC
// product → shipping address + method → register → cart (the adopted order) → sandbox card token →
// pay (Idempotency-Key). Optionally the client behaves like the web client after a lost connection:
// it repeats a request cut off by a network error or a 502/503 from the balancer, and repeats Pay
// with the SAME Idempotency-Key (also while the server answers 409 PAYMENT_IN_PROGRESS), so a Pay
// that charged before its instance died is answered, never charged twice.
import { randomBytes } from 'node:crypto';
import { DEMO_PRODUCTS } from '../../apps/server/src/db/seed/store.ts';

export const CHECKOUT_STEPS = ['guest session', 'cart', 'add OTC product', 'shipping address + method', 'register', 'adopted cart', 'card token', 'pay'] as const;
export type CheckoutStep = (typeof CHECKOUT_STEPS)[number];

export const PATIENT_PASSWORD = 'Juniper#Trail58';

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/** A patient's pause before a step: uniform between half and one and a half times `thinkMs`. */
export const pause = (thinkMs: number) => (thinkMs > 0 ? new Promise((r) => setTimeout(r, thinkMs * (0.5 + Math.random()))) : Promise.resolve());

export class CheckoutError extends Error {
  constructor(
    readonly step: CheckoutStep,
    message: string,
  ) {
    super(message);
  }
}

export interface CheckoutOptions {
  thinkMs: number;
  /** Called with each answered request's latency (ms). */
  record?: (step: CheckoutStep, ms: number) => void;
  /** Repeat cut-off requests (network error, 502/503; Pay also on 409 PAYMENT_IN_PROGRESS) for up to this long per request. */
  retryForMs?: number;
  onRetry?: (step: CheckoutStep, why: string) => void;
  /** After registering, fill the cart again when it is not there (instead of failing). */
  rebuildLostCart?: boolean;
}

export interface CheckoutResult {
  orderId: string;
  email: string;
  idempotencyKey: string;
  status: string;
}

/** The first shipping method offered for Texas (the bench's address). */
export async function shippingMethodId(base: string): Promise<string> {
  const methods = (await (await fetch(`${base}/api/shipping-methods?state=TX`, { headers: { host: 'localhost' } })).json()) as unknown;
  const list = (Array.isArray(methods) ? methods : ((methods as { methods?: unknown[] }).methods ?? [])) as { id: string }[];
  return list[0]?.id ?? '00000000-0000-4000-8000-0000000a0301';
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** One patient's whole guest checkout; throws CheckoutError naming the step that failed. */
export async function guestCheckout(base: string, n: number, methodId: string, options: CheckoutOptions): Promise<CheckoutResult> {
  let cookie = '';
  const retryForMs = options.retryForMs ?? 0;

  async function call(step: CheckoutStep, method: string, p: string, body?: unknown, extra: Record<string, string> = {}, measured = true): Promise<Record<string, unknown>> {
    if (measured) await pause(options.thinkMs);
    const firstTry = performance.now();
    for (let attempt = 1; ; attempt += 1) {
      const headers: Record<string, string> = { host: 'localhost', 'x-requested-with': 'fetch', ...extra };
      if (cookie) headers.cookie = cookie;
      if (body !== undefined) headers['content-type'] = 'application/json';
      const started = performance.now();
      let status: number;
      let text: string;
      let why: string | null = null;
      try {
        const res = await fetch(base + p, { method, headers, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
        text = await res.text();
        status = res.status;
        const set = res.headers.get('set-cookie');
        if (set) cookie = set.split(';')[0]!;
        if (status === 502 || status === 503) why = `HTTP ${status}`;
        else if (status === 409 && step === 'pay' && text.includes('PAYMENT_IN_PROGRESS')) why = 'payment in progress';
      } catch (err) {
        why = `network error (${((err as Error).cause as { code?: string } | undefined)?.code ?? (err as Error).message})`;
        status = 0;
        text = '';
      }
      if (why === null) {
        if (measured) options.record?.(step, performance.now() - started);
        // A registration repeated after its first answer was lost finds the account it made:
        // the patient signs in with it, as the web client's "already registered" path does.
        if (step === 'register' && attempt > 1 && status === 409 && text.includes('ACCOUNT_EXISTS')) {
          const email = (body as { email: string }).email;
          return call('register', 'POST', '/api/auth/login', { email, password: PATIENT_PASSWORD });
        }
        if (status < 200 || status >= 300) throw new CheckoutError(step, `${status} ${text.slice(0, 200)}`);
        return text ? (JSON.parse(text) as Record<string, unknown>) : {};
      }
      if (performance.now() - firstTry > retryForMs) throw new CheckoutError(step, `gave up after ${attempt} tries: ${why}`);
      options.onRetry?.(step, why);
      await sleep(why === 'payment in progress' ? 1000 : 300 + Math.random() * 400);
    }
  }

  const fillCart = async () => {
    const cart = await call('cart', 'POST', '/api/cart');
    const orderId = cart.id as string;
    await call('add OTC product', 'PATCH', `/api/orders/${orderId}/items`, { items: [{ productId: DEMO_PRODUCTS.evergreen.vitaminD, qty: 1 }] });
    await call('shipping address + method', 'PUT', `/api/orders/${orderId}/shipping-address`, {
      address: { fullName: 'Bench Patient', line1: '500 Congress Ave', city: 'Austin', state: 'TX', zip: '78701', phone: '5125550134' },
      methodId,
    });
  };
  await call('guest session', 'POST', '/api/session/guest');
  await fillCart();
  const email = `bench.${n}.${randomBytes(4).toString('hex')}@example.com`;
  await call('register', 'POST', '/api/auth/register', { email, password: PATIENT_PASSWORD, firstName: 'Bench', lastName: 'Patient', phone: '' });
  let adopted = await call('adopted cart', 'GET', '/api/cart');
  if (typeof adopted.id !== 'string' || !(adopted.items as unknown[] | undefined)?.length) {
    // The guest's cart did not follow the patient into the account (the registration's process
    // died after the account was made, before the cart was adopted): the patient sees an empty
    // cart and fills it again, as a person would.
    if (!options.rebuildLostCart) throw new CheckoutError('adopted cart', 'no open cart with the product after registering');
    options.onRetry?.('adopted cart', 'cart lost at registration');
    await fillCart();
    adopted = await call('adopted cart', 'GET', '/api/cart');
  }
  const token = await call('card token', 'POST', '/api/payments/sandbox/tokens', { number: '4242424242424242', expMonth: 12, expYear: 2035, cvc: '123' });
  // Read with the card token's step, not timed (the summary page has them already).
  const consents = (await call('card token', 'GET', '/api/consents', undefined, {}, false)) as unknown;
  const consentList = (Array.isArray(consents) ? consents : ((consents as { consents?: unknown[] }).consents ?? [])) as { id: string }[];
  const idempotencyKey = `bench-${n}-${randomBytes(6).toString('hex')}`;
  const paid = await call(
    'pay',
    'POST',
    `/api/orders/${adopted.id as string}/pay`,
    { paymentMethod: { token: token.token }, acceptedConsentIds: consentList.map((c) => c.id) },
    { 'idempotency-key': idempotencyKey },
  );
  if (paid.status !== 'paid') throw new CheckoutError('pay', `order status ${String(paid.status)}`);
  return { orderId: adopted.id as string, email, idempotencyKey, status: paid.status };
}

export interface RunResults {
  times: Record<CheckoutStep, number[]>;
  errors: { step: CheckoutStep; detail: string }[];
  completed: number;
  wallMs: number;
}

/**
 * `patients` checkouts, `concurrency` at any moment, each against `baseFor(n)`; bounded by
 * `maxSeconds`. With pauses, patients arrive as a stream: each place in the checkout is first taken
 * at a random moment within one sequence's length, so after that ramp `concurrency` patients are in
 * checkout at once, at every step of it.
 */
export async function runPatients(
  baseFor: (n: number) => string,
  options: { thinkMs: number; concurrency: number; patients: number; maxSeconds: number; checkout?: Omit<CheckoutOptions, 'thinkMs' | 'record'>; onDone?: (n: number, result: CheckoutResult) => void },
): Promise<RunResults> {
  const times = Object.fromEntries(CHECKOUT_STEPS.map((s) => [s, [] as number[]])) as Record<CheckoutStep, number[]>;
  const errors: RunResults['errors'] = [];
  const deadline = Date.now() + options.maxSeconds * 1000;
  const methodId = await shippingMethodId(baseFor(0));
  let nextPatient = 0;
  let completed = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: options.concurrency }, async () => {
      if (options.thinkMs > 0) await sleep(Math.random() * CHECKOUT_STEPS.length * options.thinkMs);
      while (nextPatient < options.patients && Date.now() < deadline) {
        const n = nextPatient++;
        try {
          const result = await guestCheckout(baseFor(n), n, methodId, { ...options.checkout, thinkMs: options.thinkMs, record: (step, ms) => times[step].push(ms) });
          completed++;
          options.onDone?.(n, result);
        } catch (err) {
          errors.push({ step: err instanceof CheckoutError ? err.step : 'guest session', detail: (err as Error).message });
        }
      }
    }),
  );
  return { times, errors, completed, wallMs: performance.now() - started };
}
