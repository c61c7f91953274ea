// issue 17 "Done when": "a refill activated and renewed by the job under a movable clock, charged
// once; a renewal consult when refills run out". In the store with the movable clock (DEV_CLOCK,
// the `visits` project): a patient's metformin order (bought through the API, paid with a card they
// save), approved by the doctor in the portal with one refill. The patient turns on auto-refill in
// My account → Auto-refills and sees the next date; the server's clock moves past it and the
// renewal job (the store's own queue) charges the refill: the page shows no refills left and the
// next date a cycle on, the refill order is in My account → Orders, and the sandbox shows exactly
// one charge for it. The clock moves past the next date again: with no refills left the job opens a
// renewal consult instead of charging — the patient gets "Time to renew your prescription" and the
// cart holds the renewal, whose questionnaire says it was filled in from last time.
import { readFile } from 'node:fs/promises';
import { expect, test, type APIRequestContext, type APIResponse, type Page } from '@playwright/test';
import { answerFor, type Question } from './consult-answers.ts';
import { expectNoAxeViolations, mailTo, staffSignIn } from './journeys.ts';
import { CSRF, DOCTOR, newEmail, PATIENT_PASSWORD, serverNow } from './visit-journeys.ts';

const STANDARD_SHIPPING = '00000000-0000-4000-8000-0000000a0301';
const orderNumberOf = (id: string) => id.replace(/-/g, '').slice(0, 8).toUpperCase();

async function ok(res: APIResponse, status = 200) {
  expect(res.status(), await res.text()).toBe(status);
  return res.json();
}

/** The patient's metformin order through the API (the questionnaire answered, CA address, partner pharmacy), paid with a card they save. */
async function paidMetforminOrder(page: Page, email: string): Promise<string> {
  const request = page.request;
  await page.goto('/');
  const { orderId } = (await ok(await request.post('/api/checkout/redirect?productId=metformin-er-weight-support', { headers: CSRF }))) as { orderId: string };
  const photo = await readFile(new URL('./fixtures/patient-photo.jpg', import.meta.url));
  const upload = await ok(await request.post('/api/uploads', { headers: CSRF, multipart: { file: { name: 'patient-photo.jpg', mimeType: 'image/jpeg', buffer: photo } } }), 201);
  const consults = await ok(await request.get(`/api/orders/${orderId}/consults`));
  for (const item of consults.items as { consult: { id: string; questionnaire: { version: { definition: { pages: { questions: Question[] }[] } } } } }[]) {
    const { id, questionnaire } = item.consult;
    for (const [index, p] of questionnaire.version.definition.pages.entries()) {
      const answers: Record<string, unknown> = {};
      for (const q of p.questions) {
        const a = answerFor(q, upload.id as string);
        if (a !== undefined) answers[q.id] = a;
      }
      await ok(await request.put(`/api/consults/${id}/pages/${index}`, { headers: CSRF, data: { answers, mode: 'next' } }));
    }
    expect((await ok(await request.post(`/api/consults/${id}/submit`, { headers: CSRF }))).disqualified).toBeFalsy();
  }
  await ok(
    await request.put(`/api/orders/${orderId}/shipping-address`, {
      headers: CSRF,
      data: { address: { fullName: 'Robin Ellis', line1: '200 N Spring St', city: 'Los Angeles', state: 'CA', zip: '90012', phone: '2135550187' }, methodId: STANDARD_SHIPPING },
    }),
  );
  await ok(await request.put(`/api/orders/${orderId}/pharmacy`, { headers: CSRF, data: { partner: true } }));
  // Doctor review (an asynchronous visit): CONFIRM with the next available doctor.
  await ok(await request.post(`/api/orders/${orderId}/doctor-confirmation`, { headers: CSRF, data: {} }));
  await ok(await request.post('/api/auth/register', { headers: CSRF, data: { email, password: PATIENT_PASSWORD, firstName: 'Robin', lastName: 'Ellis', phone: '' } }), 201);
  const token = await ok(await request.post('/api/payments/sandbox/tokens', { headers: CSRF, data: { number: '4242424242424242', expMonth: 12, expYear: 2035, cvc: '123' } }), 201);
  const consents = (await (await request.get('/api/consents')).json()) as { id: string }[] | { consents: { id: string }[] };
  const acceptedConsentIds = (Array.isArray(consents) ? consents : consents.consents).map((c) => c.id);
  const paid = await ok(
    await request.post(`/api/orders/${orderId}/pay`, {
      headers: { ...CSRF, 'idempotency-key': `refill-${orderId}` },
      data: { paymentMethod: { token: token.token, saveCard: true }, acceptedConsentIds },
    }),
  );
  expect(paid.status).toBe('awaiting_review');
  return orderId;
}

/** The doctor claims the order from the queue and approves metformin with one refill. */
async function doctorApprovesWithOneRefill(doctor: Page, orderNumber: string) {
  const row = () => doctor.getByRole('table', { name: 'Orders to review' }).getByRole('row', { name: new RegExp(orderNumber) });
  await expect
    .poll(async () => {
      await doctor.goto('/doctor');
      await expect(doctor.getByRole('heading', { level: 1, name: 'Review queue' })).toBeVisible();
      return row().count();
    }, { timeout: 20_000, intervals: [1_000] })
    .toBe(1);
  await row().getByRole('button', { name: `Claim order ${orderNumber}` }).click();
  await expect(doctor.getByRole('heading', { name: `Order ${orderNumber}` })).toBeVisible();
  await doctor.getByRole('tab', { name: 'Approve' }).click();
  await doctor.getByRole('combobox', { name: /Medication/ }).click();
  await doctor.getByRole('option', { name: /Metformin ER 500 mg/ }).click();
  await expect(doctor.getByRole('textbox', { name: /Directions/ })).not.toHaveValue('');
  await doctor.getByRole('spinbutton', { name: /Refills/ }).fill('1');
  await doctor.getByRole('button', { name: 'Approve' }).click();
  await expect(doctor).toHaveURL(/\/doctor$/);
}

/** Moves the store's clock to `at` (forward only); the patient's session idles out meanwhile, so they sign in again. */
async function moveClockTo(request: APIRequestContext, at: number, email: string) {
  const res = await request.post('/dev/clock', { headers: CSRF, data: { to: new Date(at).toISOString() } });
  expect(res.status(), await res.text()).toBe(200);
  await ok(await request.post('/api/auth/login', { headers: CSRF, data: { email, password: PATIENT_PASSWORD } }));
}

/** The figure beside a label in the plan's details. */
const planFact = (plan: ReturnType<Page['getByRole']>, label: string) => plan.locator(`dt:text-is("${label}") + dd`);

test('auto-refill: activated, renewed by the job once the clock passes its date and charged once; when refills run out, a renewal consult instead (issue 17)', async ({ browser }) => {
  test.setTimeout(300_000);
  const page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  const email = newEmail('refill');
  const orderId = await paidMetforminOrder(page, email);

  const doctor = await staffSignIn(browser, DOCTOR, /\/doctor$/);
  await doctorApprovesWithOneRefill(doctor, orderNumberOf(orderId));
  await doctor.context().close();

  // My account → Auto-refills: the order can have one; the patient turns it on.
  await page.goto('/my-account');
  await page.getByRole('link', { name: 'Manage auto-refills' }).click();
  await expect(page).toHaveURL(/\/my-account\/refills$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Auto-refills' })).toBeVisible();
  const eligible = page.getByRole('region', { name: /Metformin/ }).filter({ has: page.getByRole('button', { name: 'Activate auto-refill' }) });
  await expect(eligible).toContainText(`order ${orderNumberOf(orderId)}`);
  await expect(eligible).toContainText('1 refills left');
  await eligible.getByRole('button', { name: 'Activate auto-refill' }).click();
  const plan = page.getByRole('region', { name: /Metformin/ }).filter({ hasText: 'Next refill' });
  await expect(plan).toBeVisible();
  await expect(plan.getByText('Active', { exact: true })).toBeVisible();
  await expect(page.getByText('Nothing to set up')).toBeVisible();
  const { plans } = (await ok(await page.request.get('/api/refills'))) as { plans: { id: string; nextDate: string }[] };
  expect(plans).toHaveLength(1);
  const firstDate = Date.parse(plans[0]!.nextDate);
  const longDate = (ms: number) => new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(ms));
  await expect(planFact(plan, 'Next refill')).toHaveText(longDate(firstDate));
  await expect(planFact(plan, 'Refills left')).toHaveText('1');
  await expectNoAxeViolations(page);
  await page.screenshot({ path: test.info().outputPath('refills-active.png'), fullPage: true });

  // The server's clock passes the date; the store's job renews the plan (polled: reload the page).
  await moveClockTo(page.request, firstDate + 10 * 60_000, email);
  await expect
    .poll(async () => {
      await page.reload();
      await expect(plan).toBeVisible();
      return planFact(plan, 'Refills left').textContent();
    }, { timeout: 60_000, intervals: [2_000] })
    .toBe('0');
  const renewed = (await ok(await page.request.get(`/api/refills/${plans[0]!.id}`))) as { nextDate: string; lastCycle: { cycle: number; status: string; orderId: string } | null };
  expect(renewed.lastCycle).toMatchObject({ cycle: 1, orderId: expect.any(String) });
  const refillOrderId = renewed.lastCycle!.orderId;
  expect(Date.parse(renewed.nextDate)).toBeGreaterThan(firstDate);
  await expect(planFact(plan, 'Next refill')).toHaveText(longDate(Date.parse(renewed.nextDate)));
  await page.screenshot({ path: test.info().outputPath('refills-renewed.png'), fullPage: true });

  // The refill order in My account → Orders.
  await page.goto('/my-account');
  await page.getByRole('link', { name: 'View your orders' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'My orders' })).toBeVisible();
  await expect(page.getByText(`Order ${orderNumberOf(refillOrderId)}`, { exact: true })).toBeVisible();
  await expect(page.getByText(`Order ${orderNumberOf(orderId)}`, { exact: true })).toBeVisible();

  // The sandbox processor charged the refill exactly once.
  const charges = async () =>
    ((await ok(await page.request.get('/dev/sandbox-payments.json'))) as { payments: { status: string; metadata: Record<string, string> }[] }).payments.filter((p) => p.metadata.orderId === refillOrderId);
  expect((await charges()).map((p) => p.status)).toEqual(['succeeded']);

  // No refill left: past the next date the job opens a renewal consult instead of charging.
  const beforeRenewal = await serverNow(page.request);
  await moveClockTo(page.request, Date.parse(renewed.nextDate) + 10 * 60_000, email);
  const mail = await mailTo(page.request, email, /Time to renew your prescription/, beforeRenewal);
  expect(mail.body).toContain('Metformin ER 500 mg');
  await page.goto('/my-account/refills');
  await expect(plan.getByText('Paused', { exact: true })).toBeVisible();
  await expect(plan.getByRole('alert')).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('refills-renewal.png'), fullPage: true });
  // Nothing more was charged.
  expect((await charges()).map((p) => p.status)).toEqual(['succeeded']);
  const cart = (await ok(await page.request.get('/api/cart'))) as { id: string; items: { title: string }[] };
  expect(cart.id).not.toBe(orderId);
  expect(cart.items.map((i) => i.title).join(' ')).toMatch(/Metformin/);
  // From the plan straight into the renewal's checkout: its questionnaire, filled in from last time.
  await plan.getByRole('link', { name: 'Renew prescription' }).click();
  await expect(page).toHaveURL(/\/checkout\//);
  if (!/questionnaire\/1/.test(page.url())) await page.goto('/checkout/questionnaire/1');
  await expect(page.getByText("We've filled in your answers from last time. Check each one and change anything that's different.")).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('renewal-questionnaire.png'), fullPage: true });
});
