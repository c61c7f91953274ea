// issue 20 "Prometheus metrics with prom-client at /metrics (request duration by route, jobs by
// state, payments by outcome, queue depth)": each app has its own registry; a request is timed
// under its route pattern, never its URL with ids; payments count by outcome (a card refused is
// `declined`); jobs show by kind and state, the due ones as the queue depth, finished ones by
// outcome; METRICS_TOKEN hides /metrics (404) from anyone without it.
import { randomUUID } from 'node:crypto';
import { cardDetailsSchema } from '@store/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/app.ts';
import { completeStagesButPayment, payWithTestCard } from '../../test/orders.ts';
import { signedInPatient } from '../../test/patients.ts';
import { DEMO_PRODUCTS } from '../db/seed/store.ts';
import { EVERGREEN_ID } from '../db/seed/storefronts.ts';

let ctx: TestContext;
beforeAll(async () => {
  // Jobs stay queued until the test drains them (no worker in this app).
  ctx = await createTestApp({ JOB_WORKER: false });
});
afterAll(() => ctx.close());

const scrape = async (headers: Record<string, string> = {}) => {
  const res = await ctx.app.inject({ method: 'GET', url: '/metrics', headers: { host: 'localhost:3000', ...headers } });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
  return res.body;
};

/** A sample's value from Prometheus text, the labels given in any order; 0 when absent. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number {
  for (const line of text.split('\n')) {
    const m = /^([a-z_]+)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!m || m[1] !== name) continue;
    const got = Object.fromEntries([...(m[2] ?? '').matchAll(/(\w+)="([^"]*)"/g)].map((l) => [l[1], l[2]]));
    if (Object.entries(labels).every(([k, v]) => got[k] === v)) return Number(m[3]);
  }
  return 0;
}

async function paidOrder(cardNumber = '4242424242424242') {
  const patient = await signedInPatient(ctx);
  const orderId = (await patient.post('/api/cart')).json().id as string;
  expect((await patient.patch(`/api/orders/${orderId}/items`, { items: [{ productId: DEMO_PRODUCTS.evergreen.vitaminD }] })).statusCode).toBe(200);
  await completeStagesButPayment(ctx, orderId);
  if (cardNumber === '4242424242424242') return payWithTestCard(ctx, patient, orderId);
  const card = cardDetailsSchema(ctx.clock.now).parse({ number: cardNumber, expMonth: 12, expYear: 2035, cvc: '123' });
  const { token } = await ctx.app.services.paymentGateway.sandbox!.tokenize(card);
  const acceptedConsentIds = (await ctx.app.services.consents.current(EVERGREEN_ID)).map((c) => c.id);
  return ctx.app.inject({
    method: 'POST',
    url: `/api/orders/${orderId}/pay`,
    headers: { host: 'localhost:3000', authorization: `Bearer ${patient.token}`, 'x-requested-with': 'fetch', 'idempotency-key': `pay-${randomUUID()}` },
    payload: { paymentMethod: { token }, acceptedConsentIds },
  });
}

describe('/metrics (issue 20)', () => {
  it('times requests by method, route pattern and status class, never by the raw URL', async () => {
    const ids = [randomUUID(), randomUUID(), randomUUID()];
    for (const id of ids) await ctx.app.inject({ method: 'GET', url: `/api/orders/${id}`, headers: { host: 'localhost:3000' } });
    await ctx.app.inject({ method: 'GET', url: '/api/health', headers: { host: 'localhost:3000' } });
    await ctx.app.inject({ method: 'GET', url: '/no/such/path', headers: { host: 'localhost:3000' } });
    await ctx.app.inject({ method: 'GET', url: `/api/no/such/${ids[0]}`, headers: { host: 'localhost:3000' } });
    const text = await scrape();
    expect(text).toContain('# TYPE http_request_duration_seconds histogram');
    expect(sample(text, 'http_request_duration_seconds_count', { method: 'GET', route: '/api/orders/:id', status: '4xx' })).toBe(3);
    expect(sample(text, 'http_request_duration_seconds_count', { method: 'GET', route: '/api/health', status: '2xx' })).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'http_request_duration_seconds_bucket', { route: '/api/health', status: '2xx', le: '+Inf' })).toBeGreaterThanOrEqual(1);
    for (const id of ids) expect(text).not.toContain(id);
    expect(text).not.toContain('/no/such/path');
    expect(sample(text, 'http_request_duration_seconds_count', { method: 'GET', route: '(web page)', status: '4xx' })).toBe(1);
    expect(sample(text, 'http_request_duration_seconds_count', { method: 'GET', route: '(unmatched)', status: '4xx' })).toBe(1);
  });

  it('counts payments by outcome from the payments service: a charge captured, a card declined', async () => {
    const before = await scrape();
    const paid = await paidOrder();
    expect(paid.json().payment.status).toBe('captured');
    const declined = await paidOrder('4000000000000002');
    expect(declined.statusCode).toBe(402);
    const after = await scrape();
    const delta = (outcome: string) => sample(after, 'payments_total', { outcome }) - sample(before, 'payments_total', { outcome });
    expect(delta('captured')).toBe(1);
    expect(delta('declined')).toBe(1);
    expect(delta('authorized')).toBe(0);
  });

  it('shows jobs by kind and state and the queue depth at each scrape, and the jobs finished by outcome', async () => {
    await ctx.app.services.jobs.drain();
    await paidOrder();
    const queued = await scrape();
    expect(sample(queued, 'jobs', { kind: 'order-confirmation', state: 'queued' })).toBeGreaterThanOrEqual(1);
    expect(sample(queued, 'job_queue_depth')).toBeGreaterThanOrEqual(1);
    const doneBefore = sample(queued, 'jobs_finished_total', { kind: 'order-confirmation', outcome: 'done' });

    const ran = await ctx.app.services.jobs.drain();
    expect(ran).toBeGreaterThanOrEqual(1);
    const drained = await scrape();
    expect(sample(drained, 'jobs', { kind: 'order-confirmation', state: 'queued' })).toBe(0);
    expect(sample(drained, 'jobs', { kind: 'order-confirmation', state: 'done' })).toBeGreaterThanOrEqual(2);
    expect(sample(drained, 'job_queue_depth')).toBe(0);
    expect(sample(drained, 'jobs_finished_total', { kind: 'order-confirmation', outcome: 'done' }) - doneBefore).toBeGreaterThanOrEqual(1);
  });

  it('is hidden from the OpenAPI document (an operator endpoint with its own token)', async () => {
    const doc = (await ctx.app.inject({ method: 'GET', url: '/api/openapi.json', headers: { host: 'localhost:3000' } })).json();
    expect(Object.keys(doc.paths)).not.toContain('/metrics');
    expect(Object.keys(doc.paths)).toContain('/api/ready');
  });
});

describe('/metrics with METRICS_TOKEN (issue 20)', () => {
  const token = 'scrape-token-0123456789abcdef';
  let guarded: TestContext;
  beforeAll(async () => {
    guarded = await createTestApp({ METRICS_TOKEN: token });
  });
  afterAll(() => guarded.close());
  const get = (authorization?: string) =>
    guarded.app.inject({ method: 'GET', url: '/metrics', headers: { host: 'localhost:3000', ...(authorization ? { authorization } : {}) } });

  it('answers 404 without the token or with a wrong one, the metrics with it', async () => {
    expect((await get()).statusCode).toBe(404);
    expect((await get('Bearer wrong-token')).statusCode).toBe(404);
    expect((await get(`Bearer ${token}x`)).statusCode).toBe(404);
    const ok = await get(`Bearer ${token}`);
    expect(ok.statusCode).toBe(200);
    expect(ok.body).toContain('# TYPE payments_total counter');
  });

  it('keeps a registry per app: one app’s requests are not in another’s figures', async () => {
    const before = sample((await get(`Bearer ${token}`)).body, 'http_request_duration_seconds_count', { route: '/api/orders/:id' });
    expect(before).toBe(0);
  });
});
