// Health records (issue 17 "a lab result uploaded by the doctor and downloaded by the patient";
// SPEC §2 view labs, download lab requisition, download lab results): a new patient buys the lab
// panel, finds it in My account → Health records and downloads the requisition PDF; the doctor signs
// in, finds the lab order on /doctor/labs and uploads the results; the patient is mailed "Your lab
// results are ready" and downloads them. Screenshots of both pages.
import { expect, test, type Page } from '@playwright/test';
import { acceptConsents, expectNoAxeViolations, mailTo, PHOTO, staffSignIn } from './journeys.ts';

const DOCTOR = { email: 'doctor@evergreen.example', password: 'Doctor#Evergreen2026' };
const PANEL = 'Comprehensive Wellness Lab Panel';

async function dismissPrivacy(page: Page) {
  const privacy = page.getByTestId('privacy-notice');
  if (await privacy.isVisible()) await privacy.getByRole('button', { name: 'OK' }).click();
}

test('a patient’s lab: requisition after payment, results uploaded by the doctor, mailed and downloaded', async ({ page, browser }) => {
  test.setTimeout(120_000);
  const email = `lab.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.com`;

  // The patient buys the lab panel (registering in checkout, as purchase.spec.ts does).
  await page.goto('/');
  await dismissPrivacy(page);
  await page.goto('/products/comprehensive-lab-panel');
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await expect(page.getByText('is in your cart.')).toBeVisible();
  await page.goto('/cart');
  await page.getByRole('button', { name: 'Proceed to checkout' }).click();
  await expect(page).toHaveURL(/\/register/);
  await page.getByLabel('Email').fill(email);
  await page.getByRole('textbox', { name: 'Password' }).fill('Juniper#Trail58');
  await page.getByLabel('First name').fill('Lena');
  await page.getByLabel('Last name').fill('Park');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/checkout\/summary$/);
  await page.getByLabel('Your state').selectOption('CA');
  await expect(page.getByTestId('summary-tax')).toHaveText('$6.45');
  await acceptConsents(page);
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry (MM/YY)').fill('12/34');
  await page.getByLabel('Security code (CVC)').fill('123');
  await page.getByRole('button', { name: 'Pay $95.45' }).click();
  await expect(page).toHaveURL(/\/checkout\/order-confirmation\?order=/);

  // My account → Health records: the lab, awaiting results, with its requisition.
  await page.goto('/my-account');
  await page.getByRole('link', { name: 'View health records' }).click();
  await expect(page).toHaveURL(/\/my-account\/records$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Health records' })).toBeVisible();
  const lab = page.getByRole('listitem', { name: PANEL });
  await expect(async () => {
    await page.reload();
    await expect(lab.getByRole('link', { name: 'Download lab requisition' })).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  await expect(lab.getByText('Awaiting results')).toBeVisible();
  await expect(lab.getByRole('link', { name: 'Download lab results' })).toHaveCount(0);
  const requisitionHref = (await lab.getByRole('link', { name: 'Download lab requisition' }).getAttribute('href'))!;
  const requisition = await page.request.get(requisitionHref);
  expect(requisition.status()).toBe(200);
  expect(requisition.headers()['content-type']).toBe('application/pdf');
  expect(requisition.headers()['content-disposition']).toMatch(/^attachment; filename="lab-requisition-LAB-[0-9A-F]{8}\.pdf"/);
  expect((await requisition.body()).subarray(0, 5).toString()).toBe('%PDF-');
  const download = page.waitForEvent('download');
  await lab.getByRole('link', { name: 'Download lab requisition' }).click();
  expect((await download).suggestedFilename()).toMatch(/^lab-requisition-LAB-[0-9A-F]{8}\.pdf$/);
  // The documents list the requisition and the receipt; the filter narrows them.
  const documents = page.getByRole('region', { name: 'Documents' });
  await expect(documents.getByText(`Lab requisition: ${PANEL}`)).toBeVisible();
  await expect(documents.getByText(/^Receipt for order /)).toBeVisible();
  await documents.getByRole('button', { name: 'Receipts' }).click();
  await expect(documents.getByText(`Lab requisition: ${PANEL}`)).toHaveCount(0);
  await expect(documents.getByText(/^Receipt for order /)).toBeVisible();
  await documents.getByRole('button', { name: 'All' }).click();
  await expectNoAxeViolations(page);
  await page.screenshot({ path: test.info().outputPath('health-records-ordered.png'), fullPage: true });

  // The doctor opens Lab results from the doctor area's header and uploads the results.
  const doctor = await staffSignIn(browser, DOCTOR, /\/doctor$/);
  await doctor.getByRole('navigation', { name: 'Doctor area' }).getByRole('link', { name: 'Lab results' }).click();
  await expect(doctor).toHaveURL(/\/doctor\/labs$/);
  await expect(doctor.getByRole('heading', { level: 1, name: 'Lab results' })).toBeVisible();
  const row = doctor.getByRole('listitem', { name: `Lena Park · ${PANEL}` });
  await expect(row.getByText('Awaiting results')).toBeVisible();
  await row.getByLabel('Choose results file').setInputFiles(PHOTO);
  await expect(row.getByText('patient-photo.jpg')).toBeVisible();
  await expectNoAxeViolations(doctor);
  await doctor.screenshot({ path: test.info().outputPath('doctor-labs.png'), fullPage: true });
  const asked = Date.now() - 1000;
  await row.getByRole('button', { name: 'Upload results' }).click();
  await expect(row.getByText('Resulted', { exact: true })).toBeVisible();
  await expect(row.getByRole('link', { name: 'Results' })).toBeVisible();
  await doctor.screenshot({ path: test.info().outputPath('doctor-labs-resulted.png'), fullPage: true });

  // The patient's mail links to the records, where the results download.
  const mail = await mailTo(page.request, email, /^Your lab results are ready$/, asked);
  expect(mail.body).toContain('/my-account/records');
  await page.reload();
  await expect(lab.getByText('Results ready')).toBeVisible();
  const resultHref = (await lab.getByRole('link', { name: 'Download lab results' }).getAttribute('href'))!;
  const result = await page.request.get(resultHref);
  expect(result.status()).toBe(200);
  expect(result.headers()['content-type']).toBe('image/jpeg');
  expect(result.headers()['content-disposition']).toMatch(/^attachment;/);
  await page.screenshot({ path: test.info().outputPath('health-records-resulted.png'), fullPage: true });
  // On a phone: the filters wrap, each document's kind is named in the singular.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(documents.getByText(/^Receipt · /)).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('health-records-phone.png'), fullPage: true });
  await doctor.context().close();
});
