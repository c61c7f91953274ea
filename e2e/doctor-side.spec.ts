// The order's life after Pay (issue 15 "Done when", browser journeys with several contexts): a new
// patient buys an asynchronous consult product (metformin, shipped to California from the partner
// pharmacy); a doctor signs in with password and one-time code, claims it from the queue and asks
// for more information; the patient answers from the mail's link; the doctor approves from the
// formulary; the sandbox processor shows the hold captured; the faxed prescription PDF is rendered
// to PNG in the test's artifacts; the partner pharmacist fills and ships it with a tracking number;
// the patient's shipping mail carries it. And: a second doctor cannot take an order another holds,
// a lapsed lease puts it back (the e2e server's lease is REVIEW_LEASE_MS=20 s), and a decline voids
// the hold. Patient, doctors and pharmacist each have their own browser context (own cookies).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { buyAsyncConsultAndRegister, expectNoAxeViolations, mailTo, staffSignIn } from './journeys.ts';

const DOCTOR = { email: 'doctor@evergreen.example', password: 'Doctor#Evergreen2026' };
const SECOND_DOCTOR = { email: 'doctor.ramirez@evergreen.example', password: 'Doctor#Ramirez2026' };
const PHARMACIST = { email: 'pharmacist@evergreen.example', password: 'Pharmacist#Evergreen2026' };

async function sandboxStatusOf(request: APIRequestContext, orderId: string): Promise<string | undefined> {
  const { payments } = (await (await request.get('/dev/sandbox-payments.json')).json()) as { payments: { status: string; metadata: { orderId?: string } }[] };
  return payments.find((p) => p.metadata.orderId === orderId)?.status;
}

const queueRow = (page: Page, orderNumber: string) =>
  page.getByRole('table', { name: 'Orders to review' }).getByRole('row', { name: new RegExp(orderNumber) });

function newEmail(kind: string) {
  return `${kind}.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.com`;
}

test('a paid consult is reviewed, answered, approved, captured, faxed, filled and shipped to the patient (issue 15)', async ({ browser }) => {
  test.setTimeout(240_000);
  const patientContext = await browser.newContext();
  const patient = await patientContext.newPage();
  const email = newEmail('rx');
  const { orderId, orderNumber } = await buyAsyncConsultAndRegister(patient, email);
  expect(await sandboxStatusOf(patient.request, orderId)).toBe('requires_capture');

  // The doctor: the queue, then the order's review page (claimed on open).
  const doctor = await staffSignIn(browser, DOCTOR, /\/doctor$/);
  await expect(doctor.getByRole('heading', { level: 1, name: 'Review queue' })).toBeVisible();
  await expect(queueRow(doctor, orderNumber)).toContainText('Metformin');
  await expectNoAxeViolations(doctor);
  await queueRow(doctor, orderNumber).getByRole('button', { name: `Claim order ${orderNumber}` }).click();
  await expect(doctor).toHaveURL(new RegExp(`/doctor/orders/${orderId}$`));
  await expect(doctor.getByRole('heading', { name: `Order ${orderNumber}` })).toBeVisible();
  // The frozen answers and the upload the patient made are on the page.
  await expect(doctor.getByText('How old are you?')).toBeVisible();
  await expect(doctor.getByRole('img', { name: /patient-photo\.jpg/ })).toBeVisible();
  await expectNoAxeViolations(doctor);
  await doctor.screenshot({ path: test.info().outputPath('doctor-review.png'), fullPage: true });

  // Request more information.
  await doctor.getByRole('tab', { name: 'Request information' }).click();
  await doctor.getByRole('textbox', { name: /Question for the patient/ }).fill('Have you had any stomach upset with metformin before?');
  await doctor.getByRole('button', { name: 'Send question' }).click();
  await expect(doctor).toHaveURL(/\/doctor$/);

  // The patient answers from the mail's link.
  const asked = await mailTo(patient.request, email, /question about order/);
  const link = /(https?:\/\/\S+\/orders\/\S+\/more-information)/.exec(asked.body)![1]!;
  await patient.goto(new URL(link).pathname);
  await expect(patient.getByText('Have you had any stomach upset with metformin before?')).toBeVisible();
  await patient.getByRole('textbox', { name: 'Your answer' }).fill('No, I have never taken it.');
  await expectNoAxeViolations(patient);
  await patient.getByRole('button', { name: 'Send answer' }).click();
  await expect(patient.getByText('Thank you — your answer is with your doctor.')).toBeVisible();

  // Back in the queue with the new answer; the doctor approves from the formulary.
  // (the queue's page may be up to REVIEW_QUEUE_CACHE_MS old: look again until it shows)
  await expect
    .poll(async () => {
      await doctor.reload();
      await expect(doctor.getByRole('heading', { level: 1, name: 'Review queue' })).toBeVisible();
      return (await queueRow(doctor, orderNumber).textContent()) ?? '';
    }, { timeout: 20_000, intervals: [1_000] })
    .toContain('New answer');
  await queueRow(doctor, orderNumber).getByRole('button', { name: `Claim order ${orderNumber}` }).click();
  await expect(doctor.getByText('No, I have never taken it.')).toBeVisible();
  await doctor.getByRole('tab', { name: 'Approve' }).click();
  await doctor.getByRole('combobox', { name: /Medication/ }).click();
  await doctor.getByRole('option', { name: /Metformin ER 500 mg/ }).click();
  await expect(doctor.getByRole('textbox', { name: /Directions/ })).not.toHaveValue('');
  await doctor.getByRole('button', { name: 'Approve' }).click();
  await expect(doctor).toHaveURL(/\/doctor$/);

  // The sandbox processor shows the capture.
  await expect.poll(() => sandboxStatusOf(patient.request, orderId)).toBe('succeeded');
  const sandbox = await browser.newPage();
  await sandbox.goto('/dev/sandbox-payments');
  await expect(sandbox.getByRole('row', { name: new RegExp(orderId) })).toContainText('charged');
  await sandbox.screenshot({ path: test.info().outputPath('sandbox-capture.png'), fullPage: true });

  // The prescription went out by fax: its PDF rendered to PNG for the artifacts.
  await expect
    .poll(async () => {
      await sandbox.goto('/dev/fax-outbox');
      return sandbox.getByRole('link', { name: 'PDF' }).count();
    }, { timeout: 20_000 })
    .toBeGreaterThan(0);
  const pdfHref = (await sandbox.getByRole('link', { name: 'PDF' }).first().getAttribute('href'))!;
  const pdf = await sandbox.request.get(pdfHref);
  expect(pdf.headers()['content-type']).toContain('application/pdf');
  const pdfPath = test.info().outputPath('prescription.pdf');
  fs.writeFileSync(pdfPath, await pdf.body());
  execFileSync('pdftoppm', ['-png', '-r', '80', pdfPath, test.info().outputPath('prescription')]);
  const pages = fs.readdirSync(test.info().outputDir).filter((f) => /^prescription-\d+\.png$/.test(f));
  expect(pages.length).toBeGreaterThanOrEqual(2); // the cover sheet and the prescription
  expect(execFileSync('pdftotext', [pdfPath, '-']).toString()).toContain('Casey Morgan');

  // The partner pharmacist fills and ships it with a tracking number.
  const pharmacist = await staffSignIn(browser, PHARMACIST, /\/pharmacy$/);
  await expect(pharmacist.getByRole('heading', { level: 1, name: 'Orders' })).toBeVisible();
  await pharmacist.getByRole('button', { name: `Fill order ${orderNumber}`, exact: true }).click();
  await pharmacist.getByRole('tab', { name: /Filled/ }).click();
  await pharmacist.getByRole('button', { name: `Ship order ${orderNumber}`, exact: true }).click();
  const dialog = pharmacist.getByRole('dialog');
  await dialog.getByLabel('Carrier').click();
  await pharmacist.getByRole('option', { name: 'UPS' }).click();
  await dialog.getByLabel('Tracking number').fill('1Z999AA10123456784');
  await dialog.getByRole('button', { name: 'Ship' }).click();
  await expect(dialog).toBeHidden();
  await expectNoAxeViolations(pharmacist);

  // The patient's mail carries the tracking number.
  const shipped = await mailTo(patient.request, email, /has shipped/);
  expect(shipped.body).toContain('1Z999AA10123456784');
  const status = await (await patient.request.get(`/api/orders/${orderId}/payment`)).json();
  expect(status).toMatchObject({ status: 'shipped' });
});

test('one doctor at a time: another sees it taken, a lapsed lease puts it back, and a decline voids the hold (issue 15)', async ({ browser }) => {
  test.setTimeout(200_000);
  const patientContext = await browser.newContext();
  const patient = await patientContext.newPage();
  const email = newEmail('decline');
  const { orderId, orderNumber } = await buyAsyncConsultAndRegister(patient, email);

  const first = await staffSignIn(browser, DOCTOR, /\/doctor$/);
  const second = await staffSignIn(browser, SECOND_DOCTOR, /\/doctor$/);
  await queueRow(first, orderNumber).getByRole('button', { name: `Claim order ${orderNumber}` }).click();
  await expect(first.getByRole('heading', { name: `Order ${orderNumber}` })).toBeVisible();

  // The second doctor sees it taken and cannot claim it.
  await second.reload();
  await expect(queueRow(second, orderNumber)).toContainText('Taken by another doctor');
  await expect(queueRow(second, orderNumber).getByRole('button', { name: `Claim order ${orderNumber}` })).toHaveCount(0);
  await second.goto(`/doctor/orders/${orderId}`);
  await expect(second.getByRole('heading', { name: 'Taken' })).toBeVisible();

  // The first doctor walks away (the page closes, nothing renews the claim); once the lease lapses
  // the order is back in the queue for anyone.
  await first.close();
  await expect
    .poll(async () => {
      await second.goto('/doctor');
      return (await queueRow(second, orderNumber).textContent()) ?? '';
    }, { timeout: 45_000, intervals: [3_000] })
    .toContain('Free');
  await queueRow(second, orderNumber).getByRole('button', { name: `Claim order ${orderNumber}` }).click();
  await expect(second.getByRole('heading', { name: `Order ${orderNumber}` })).toBeVisible();

  // Decline with a reason: the hold is released, the patient reads the kind explanation.
  await second.getByRole('tab', { name: 'Decline' }).click();
  await second.getByRole('combobox', { name: /Reason/ }).click();
  await second.getByRole('option', { name: /not the right fit/ }).click();
  await second.getByRole('textbox', { name: /Clinical note/ }).fill('Private: BMI below threshold.');
  await second.getByRole('button', { name: 'Decline' }).click();
  await expect(second).toHaveURL(/\/doctor$/);
  await expect.poll(() => sandboxStatusOf(patient.request, orderId)).toBe('canceled');
  const mail = await mailTo(patient.request, email, /An update on your order/);
  expect(mail.body).toContain('this treatment is not the right fit for you');
  expect(mail.body).not.toContain('BMI below threshold');
});
