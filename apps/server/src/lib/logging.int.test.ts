// issue 20 "logs with no health data (a test runs a whole journey and searches the logs for the
// patient's name, email, birth date and answers)". A guest's whole purchase of a consult product,
// through the routes the web client calls — cart, the questionnaire's answers, shipping details,
// the partner pharmacy, the doctor's review (CONFIRM), registering with a birth date, paying, the
// confirmation mail job — with the app's own logger settings at level `trace` writing to a
// captured stream. Then the log is searched for every piece of the patient's data: none is there.
// The log is not empty, and it holds each request's id (so a support question can still be
// traced), which shows the search looked at the real thing. Also: a database error whose query
// carried the patient's data, and a refused registration, are logged without it.
import { randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import { cardDetailsSchema, type QuestionnaireDefinitionInput } from '@store/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PRODUCTS } from '../db/seed/store.ts';
import { users } from '../db/schema/auth.ts';
import { EVERGREEN_ID } from '../db/seed/storefronts.ts';
import { createTestApp, TestBrowser, type TestContext } from '../../test/app.ts';

const suffix = randomUUID().slice(0, 8);
const PATIENT = {
  firstName: 'Marisol',
  lastName: 'Quintanilla-Vey',
  email: `marisol.qv.${suffix}@example.com`,
  dateOfBirth: '1979-03-14',
  phone: '5125550187',
  street: '77 Zinnia Crescent',
};
const ANSWERS = {
  which: 'Orlistat prescribed by Dr Abernathy in 2019',
  symptoms: 'Recurring migraines with aura since the spring',
};
/** A questionnaire whose answers are free text the patient typed (the searchable kind). */
const definition: QuestionnaireDefinitionInput = {
  title: 'Weight care (log test)',
  pages: [
    { title: 'Safety', questions: [{ id: 'pregnant', type: 'yes_no', label: 'Are you pregnant?', disqualifiesOn: 'yes', disqualifyReason: 'Not during pregnancy.' }] },
    {
      title: 'History',
      questions: [
        { id: 'which', type: 'text', label: 'Which weight-loss medicine have you taken?' },
        { id: 'symptoms', type: 'text', label: 'Anything else the doctor should know?' },
      ],
    },
  ],
};

/** A fresh app and database whose log (the store's own logger settings, level trace) is captured. */
async function appWithCapturedLog(nodeEnv: 'production' | 'test') {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
      done();
    },
  });
  // Production as deployed with the built-in card sandbox and mail kept in the outbox (as the bench runs it).
  const ctx = await createTestApp(
    { LOG_LEVEL: 'trace', JOB_WORKER: false, NODE_ENV: nodeEnv, ALLOW_OUTBOX: true, ALLOW_FAX_OUTBOX: true },
    async (app) => {
      const questionnaire = await app.services.consults.getQuestionnaire(EVERGREEN_ID, 'weight-care-intake');
      await app.services.consults.createVersion({ questionnaireId: questionnaire.id, definition });
    },
    { logStream: stream },
  );
  return { ctx, lines };
}

/** Every way the patient's data could be written out. */
const SECRETS = [
  PATIENT.firstName,
  PATIENT.lastName,
  PATIENT.email,
  PATIENT.email.split('@')[0]!,
  PATIENT.dateOfBirth,
  '03/14/1979',
  PATIENT.phone,
  PATIENT.street,
  ANSWERS.which,
  ANSWERS.symptoms,
  'Orlistat',
  'migraines',
];
const found = (lines: string[]) => SECRETS.filter((s) => lines.some((l) => l.toLowerCase().includes(s.toLowerCase())));

describe.each(['production', 'test'] as const)('the log of a whole patient journey, NODE_ENV=%s (issue 20)', (nodeEnv) => {
  let ctx: TestContext;
  let lines: string[];
  beforeAll(async () => {
    ({ ctx, lines } = await appWithCapturedLog(nodeEnv));
  });
  afterAll(() => ctx.close());

  it("holds no name, email, birth date, phone, address or answer of the patient, and does hold every request's id", async () => {
    const requestIds: string[] = [];
    const browser = new TestBrowser(ctx.app);
    const send = async (method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, payload?: unknown, headers: Record<string, string> = {}) => {
      const res = await browser.request({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as string }) });
      requestIds.push(String(res.headers['x-request-id']));
      return res;
    };

    // Guest cart with a consult product.
    const cart = await send('POST', '/api/cart');
    expect(cart.statusCode).toBe(201);
    const orderId = cart.json().id as string;
    expect((await send('PATCH', `/api/orders/${orderId}/items`, { items: [{ productId: DEMO_PRODUCTS.evergreen.metformin }] })).statusCode).toBe(200);

    // The questionnaire, in the patient's words.
    const consults = await send('GET', `/api/orders/${orderId}/consults`);
    const consultId = consults.json().items[0].consult.id as string;
    expect((await send('PUT', `/api/consults/${consultId}/pages/0`, { answers: { pregnant: 'no' } })).statusCode).toBe(200);
    expect((await send('PUT', `/api/consults/${consultId}/pages/1`, { answers: ANSWERS })).statusCode).toBe(200);
    // The answers read back (a GET whose answer carries them).
    expect((await send('GET', `/api/consults/${consultId}`)).body).toContain(ANSWERS.which);
    expect((await send('POST', `/api/consults/${consultId}/submit`)).statusCode).toBe(200);

    // Shipping details, the partner pharmacy, the doctor's review.
    const address = { fullName: `${PATIENT.firstName} ${PATIENT.lastName}`, line1: PATIENT.street, line2: null, city: 'Austin', state: 'TX', zip: '78701', phone: PATIENT.phone };
    const shipped = await send('PUT', `/api/orders/${orderId}/shipping-address`, { address });
    expect(shipped.statusCode).toBe(200);
    if (!(shipped.json().progress?.completedStages & 2)) {
      const methods = await send('GET', `/api/orders/${orderId}`);
      const methodId = methods.json().shipping?.methods?.[0]?.id as string | undefined;
      if (methodId) await send('PATCH', `/api/orders/${orderId}/shipping`, { state: 'TX', methodId });
    }
    expect((await send('PUT', `/api/orders/${orderId}/pharmacy`, { partner: true })).statusCode).toBe(200);
    expect((await send('POST', `/api/orders/${orderId}/doctor-confirmation`, {})).statusCode).toBe(200);

    // A registration refused (a too-weak password) with the patient's data in it, then the real one.
    const registration = { email: PATIENT.email, firstName: PATIENT.firstName, lastName: PATIENT.lastName, phone: PATIENT.phone, dateOfBirth: PATIENT.dateOfBirth };
    expect((await send('POST', '/api/auth/register', { ...registration, password: 'short' })).statusCode).toBe(400);
    const registered = await send('POST', '/api/auth/register', { ...registration, password: 'Juniper#Trail58' });
    expect(registered.statusCode).toBe(201);
    // A search that carries personal data in its query string.
    await send('GET', `/api/medications?q=${encodeURIComponent('Orlistat')}`);

    // Pay with the sandbox's card, then the mail and receipt jobs.
    const checkout = await send('GET', `/api/orders/${orderId}/checkout`);
    expect(checkout.statusCode).toBe(200);
    const card = cardDetailsSchema(ctx.clock.now).parse({ number: '4242424242424242', expMonth: 12, expYear: 2035, cvc: '123' });
    const { token } = await ctx.app.services.paymentGateway.sandbox!.tokenize(card);
    const acceptedConsentIds = (await ctx.app.services.consents.current(EVERGREEN_ID)).map((c) => c.id);
    const paid = await send('POST', `/api/orders/${orderId}/pay`, { paymentMethod: { token }, acceptedConsentIds }, { 'idempotency-key': `pay-${randomUUID()}` });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json().status).toBe('awaiting_review');
    expect(await ctx.app.services.jobs.drain()).toBeGreaterThan(0);
    const account = await send('GET', '/api/account/orders');
    expect(account.statusCode).toBe(200);

    // The search looked at the real log: every request is in it by its id.
    expect(lines.length).toBeGreaterThan(requestIds.length);
    for (const id of requestIds) expect(lines.some((l) => l.includes(id))).toBe(true);
    const leaking = lines.filter((l) => SECRETS.some((secret) => l.toLowerCase().includes(secret.toLowerCase())));
    expect(found(lines), `log lines with the patient's data:\n${leaking.map((l) => l.slice(0, 600)).join('\n')}`).toEqual([]);
    console.log(`NODE_ENV=${nodeEnv}: ${lines.length} log lines from ${requestIds.length} requests (level trace): 0 of ${SECRETS.length} pieces of the patient's data found`);
  }, 120_000);

  it("logs a failed query by what failed, not by the patient's data it carried", async () => {
    const before = lines.length;
    // A query that fails with the patient's data among its parameters (a company id that is not a uuid).
    const failed = await ctx.database.db
      .insert(users)
      .values({ companyId: 'not-a-company', storefrontId: EVERGREEN_ID, email: `again.${PATIENT.email}`, firstName: PATIENT.firstName, lastName: PATIENT.lastName, dateOfBirth: PATIENT.dateOfBirth })
      .then(() => null, (err: unknown) => err);
    expect(failed).toBeInstanceOf(Error);
    // The error itself carries the data (so the test can fail) …
    expect(String((failed as Error).message)).toContain(PATIENT.email);
    ctx.app.log.error({ err: failed }, 'saving the patient failed');
    const logged = lines.slice(before);
    expect(logged.some((l) => l.includes('saving the patient failed') && l.includes('Failed query') && l.includes('"stack"'))).toBe(true);
    // … and the log line does not.
    expect(found(logged)).toEqual([]);
  });
});
