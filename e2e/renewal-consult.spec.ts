// issue 17 "Done when": a renewal consult when refills run out. A patient buys metformin, the doctor
// approves it with no refills; the patient asks for a renewal, finds the questionnaire filled in
// from last time (the banner says so), changes their weight, and pays as for any consult; the
// doctor's review shows "Renewal of prescription …" with the weight marked changed, and approves.
// The refill job's own path into the same renewal (a plan whose refills ran out) is covered by the
// server's integration tests; here the patient asks (POST /api/prescriptions/:id/renew).
import { expect, test, type Page } from '@playwright/test';
import { acceptConsents, buyAsyncConsultAndRegister, expectNoAxeViolations, mailTo, staffSignIn } from './journeys.ts';

const DOCTOR = { email: 'doctor@evergreen.example', password: 'Doctor#Evergreen2026' };

const queueRow = (page: Page, orderNumber: string) =>
  page.getByRole('table', { name: 'Orders to review' }).getByRole('row', { name: new RegExp(orderNumber) });

/** Pays on the summary: with the test card, or (`saved`) the card kept from the first order. */
async function pay(page: Page, saved = false): Promise<{ orderId: string; orderNumber: string }> {
  await expect(page).toHaveURL(/\/checkout\/summary$/);
  const total = (await page.getByTestId('order-total').textContent())!;
  await acceptConsents(page);
  if (saved) {
    await page.getByRole('radiogroup', { name: 'Pay with a saved card' }).getByRole('radio', { name: /ending in 4242/ }).check();
  } else {
    await page.getByLabel('Card number').fill('4242 4242 4242 4242');
    await page.getByLabel('Expiry (MM/YY)').fill('12/34');
    await page.getByLabel('Security code (CVC)').fill('123');
  }
  await page.getByRole('button', { name: `Pay ${total}` }).click();
  await expect(page).toHaveURL(/\/checkout\/order-confirmation\?order=/);
  return { orderId: new URL(page.url()).searchParams.get('order')!, orderNumber: (await page.getByTestId('order-number').textContent())! };
}

async function doctorApproves(doctor: Page, orderNumber: string) {
  await expect
    .poll(async () => {
      await doctor.goto('/doctor');
      await expect(doctor.getByRole('heading', { level: 1, name: 'Review queue' })).toBeVisible();
      return queueRow(doctor, orderNumber).count();
    }, { timeout: 20_000, intervals: [1_000] })
    .toBe(1);
  await queueRow(doctor, orderNumber).getByRole('button', { name: `Claim order ${orderNumber}` }).click();
  await expect(doctor.getByRole('heading', { name: `Order ${orderNumber}` })).toBeVisible();
}

async function approveWithNoRefills(doctor: Page) {
  await doctor.getByRole('tab', { name: 'Approve' }).click();
  await doctor.getByRole('combobox', { name: /Medication/ }).click();
  await doctor.getByRole('option', { name: /Metformin ER 500 mg/ }).click();
  await expect(doctor.getByRole('textbox', { name: /Directions/ })).not.toHaveValue('');
  await expect(doctor.getByRole('spinbutton', { name: /Refills/ })).toHaveValue('0');
  await doctor.getByRole('button', { name: 'Approve' }).click();
  await expect(doctor).toHaveURL(/\/doctor$/);
}

test('a patient with no refills left asks for a renewal, confirms the prefilled answers but one, pays; the doctor sees the change and approves (issue 17)', async ({ browser }) => {
  test.setTimeout(240_000);
  const patient = await (await browser.newContext()).newPage();
  const email = `renew.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.com`;

  // The first order: metformin shipped to California from the partner pharmacy.
  const first = await buyAsyncConsultAndRegister(patient, email);

  // The doctor approves it with no refills.
  const doctor = await staffSignIn(browser, DOCTOR, /\/doctor$/);
  await doctorApproves(doctor, first.orderNumber);
  await approveWithNoRefills(doctor);

  // The patient finds Renew prescription on the order's details and asks for a renewal.
  await patient.goto(`/order-details?id=${first.orderId}`);
  await patient.getByRole('region', { name: 'Prescription' }).getByRole('link', { name: 'Renew prescription' }).click();
  await expect(patient).toHaveURL(new RegExp(`/orders/${first.orderId}/renew-prescription$`));
  await expect(patient.getByRole('heading', { level: 1, name: 'Renew your prescription' })).toBeVisible();
  await expect(patient.getByRole('heading', { level: 2, name: 'Metformin ER 500 mg' })).toBeVisible();
  await expect(patient.getByText(/Refills left: 0 of 0/)).toBeVisible();
  await expectNoAxeViolations(patient);
  const asked = Date.now() - 1000;
  await patient.getByRole('button', { name: 'Ask for a renewal' }).click();

  // The questionnaire, filled in from last time, with the banner.
  await expect(patient).toHaveURL(/\/checkout\/questionnaire\/1$/);
  await expect(patient.getByText("We've filled in your answers from last time. Check each one and change anything that's different.")).toBeVisible();
  await expect(patient.getByLabel('How old are you?')).toHaveValue('41');
  await expect(patient.getByRole('radio', { name: 'Female' })).toBeChecked();
  await expectNoAxeViolations(patient);
  await patient.screenshot({ path: test.info().outputPath('renewal-banner.png'), fullPage: true });
  const next = () => patient.getByRole('button', { name: 'Next', exact: true }).click();
  await next();
  await expect(patient.getByRole('heading', { level: 2, name: 'Height and weight' })).toBeVisible();
  await expect(patient.getByLabel('Weight (pounds)')).toHaveValue('228');
  await patient.getByLabel('Weight (pounds)').fill('215');
  for (const title of ['Your health history', 'Weight-related conditions', 'Medicines and allergies', 'Your weight journey']) {
    await next();
    await expect(patient.getByRole('heading', { level: 2, name: title })).toBeVisible();
  }
  await expect(patient.getByRole('checkbox', { name: 'A diet or meal plan' })).toBeChecked();
  await next();
  await expect(patient.getByRole('heading', { level: 2, name: 'Before you continue' })).toBeVisible();
  // Consents are given again for these answers.
  for (const box of await patient.getByRole('checkbox').all()) await expect(box).not.toBeChecked();
  for (const box of await patient.getByRole('checkbox').all()) await box.check();
  await patient.getByRole('button', { name: 'Submit answers' }).click();

  // Shipping and pharmacy come prefilled from the first order: confirmed, then paid like any
  // consult (the card kept from the first order).
  await expect(patient).toHaveURL(/\/checkout\/shipping-details$/);
  await patient.getByRole('button', { name: 'Continue' }).click();
  await expect(patient).toHaveURL(/\/checkout\/pharmacy-options$/);
  await patient.getByRole('radio', { name: /Ship from our partner pharmacy/ }).check();
  await patient.getByRole('button', { name: 'Continue' }).click();
  await expect(patient).toHaveURL(/\/checkout\/doctor-confirmation$/);
  await patient.getByRole('button', { name: 'CONFIRM' }).click();
  const renewal = await pay(patient, true);
  expect(renewal.orderId).not.toBe(first.orderId);
  const mail = await mailTo(patient.request, email, /Time to renew your prescription/, asked);
  expect(mail.body).toContain('Metformin ER 500 mg');

  // The doctor sees it is a renewal and what changed.
  await doctorApproves(doctor, renewal.orderNumber);
  const section = doctor.getByRole('region', { name: /^Renewal of prescription Metformin ER 500 mg, written .+ by / });
  await expect(section).toBeVisible();
  const changed = section.getByRole('list', { name: 'Changed answers' });
  // The weight the patient changed, and the photo they did not add again (uploads are asked afresh).
  await expect(changed.getByRole('listitem')).toHaveCount(2);
  await expect(changed.getByRole('listitem').nth(0)).toContainText('What are your height and current weight? Changed5 ft 6 in, 228 lb → 5 ft 6 in, 215 lb');
  await expect(changed.getByRole('listitem').nth(1)).toContainText('Add a full-length photo of yourself Not answered this time1 file with the earlier consult → —');
  await expect(section.getByRole('button', { name: /answers unchanged$/ })).toBeVisible();
  await expectNoAxeViolations(doctor);
  await section.screenshot({ path: test.info().outputPath('doctor-what-changed.png') });
  await approveWithNoRefills(doctor);
});
