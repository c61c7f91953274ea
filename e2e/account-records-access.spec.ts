// issue 17, in the browser: (a) "the access log showing the doctor's view of an upload" — a patient
// buys a consult with a photo, a doctor claims the order and opens the photo on the review page,
// and the patient's "Who looked at my records" names the doctor, the role, the file and the reason;
// (c) the patient's address book: add, edit, make default, remove; (b) a phone-order request from
// the home page lands on / with the confirmation, and the storefront's staff get the mail.
import { expect, test, type Page } from '@playwright/test';
import { buyAsyncConsultAndRegister, expectNoAxeViolations, mailTo, staffSignIn } from './journeys.ts';

const DOCTOR = { email: 'doctor@evergreen.example', password: 'Doctor#Evergreen2026' };
const STAFF_MAILBOX = 'care@evergreen.example'; // Evergreen's support address (seed)

const newEmail = (kind: string) => `${kind}.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.com`;

/** A new patient buys metformin with a body photo among the answers; the order's id and number (without its #). */
async function patientBuysConsultWithPhoto(page: Page, email: string): Promise<{ orderId: string; orderNumber: string }> {
  const { orderId, orderNumber } = await buyAsyncConsultAndRegister(page, email);
  return { orderId, orderNumber: orderNumber.replace(/^#/, '').trim() };
}

test('the patient sees the doctor who opened their photo in "Who looked at my records", then manages their addresses (issue 17)', async ({ browser }) => {
  test.setTimeout(240_000);
  const patient = await (await browser.newContext({ timezoneId: 'America/Los_Angeles' })).newPage();
  const { orderId, orderNumber } = await patientBuysConsultWithPhoto(patient, newEmail('records'));

  // Nobody has looked yet.
  await patient.goto('/my-account');
  await patient.getByRole('link', { name: 'See who looked' }).click();
  await expect(patient).toHaveURL(/\/my-account\/access-log$/);
  await expect(patient.getByRole('heading', { name: 'No one has looked at your records.' })).toBeVisible();

  // The doctor claims the order and the review page shows the photo (a read of the upload).
  const doctor = await staffSignIn(browser, DOCTOR, /\/doctor$/);
  const row = doctor.getByRole('table', { name: 'Orders to review' }).getByRole('row', { name: new RegExp(orderNumber) });
  await row.getByRole('button', { name: `Claim order ${orderNumber}` }).click();
  await expect(doctor).toHaveURL(new RegExp(`/doctor/orders/${orderId}$`));
  await expect(doctor.getByRole('img', { name: /patient-photo\.jpg/ })).toBeVisible();
  await expect.poll(async () => doctor.getByRole('img', { name: /patient-photo\.jpg/ }).evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);

  // The patient's log names the doctor, the role, the file and why.
  await patient.reload();
  const table = patient.getByRole('table', { name: 'Who looked at my records' });
  const upload = table.getByRole('row', { name: /An uploaded photo: patient-photo\.jpg/ });
  await expect(upload).toBeVisible();
  await expect(upload.getByRole('rowheader')).toHaveText(/^Dr\. .+, [A-Z-]+$/);
  await expect(upload).toContainText('Doctor');
  await expect(upload).toContainText('Evergreen Health');
  await expect(upload).toContainText(`Reviewing your order #${orderNumber}`);
  await expect(upload).toContainText(/(PST|PDT)/); // the patient's own zone
  await expect(table.getByRole('row', { name: /Your consult answers and order details/ })).toBeVisible();
  await expectNoAxeViolations(patient);
  await patient.screenshot({ path: test.info().outputPath('access-log.png'), fullPage: true });
  // On a 390px phone each entry is a card, every field on screen, the time with AM/PM (issue 17 walk).
  await patient.setViewportSize({ width: 390, height: 844 });
  const cards = patient.getByRole('list', { name: 'Who looked at my records' });
  const card = cards.getByRole('listitem').filter({ hasText: 'An uploaded photo: patient-photo.jpg' });
  await expect(card).toContainText(`Reviewing your order #${orderNumber}`);
  await expect(card).toContainText(/\d{1,2}:\d{2}\s(AM|PM) (PST|PDT)/);
  expect(await patient.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expectNoAxeViolations(patient);
  await patient.screenshot({ path: test.info().outputPath('access-log-phone.png'), fullPage: true });
  await patient.setViewportSize({ width: 1280, height: 900 });

  // (c) The address book: the checkout's address is there; add one, edit it, make it the default, remove it.
  await patient.goto('/my-account');
  await patient.getByRole('link', { name: 'Manage addresses' }).click();
  await expect(patient).toHaveURL(/\/my-account\/addresses$/);
  await expect(patient.getByRole('heading', { level: 1, name: 'Addresses' })).toBeVisible();
  await patient.getByRole('button', { name: 'Add a new address' }).click();
  const add = patient.getByRole('form', { name: 'New address' });
  await add.getByLabel('Full name').fill('Casey Morgan');
  await add.getByLabel('Street address').fill('200 Larkin St');
  await add.getByLabel('City').fill('San Francisco');
  await add.getByLabel('State').selectOption('CA');
  await add.getByLabel('ZIP code').fill('94102');
  await add.getByLabel('Phone number').fill('4155550199');
  await add.getByRole('button', { name: 'Save address' }).click();
  await expect(patient.getByText('The address was saved.')).toBeVisible();
  await expect(patient.getByRole('alert').filter({ hasText: 'The address was saved.' })).toBeFocused();
  // A new address is the most recent, so the default; the checkout's moves below.
  const recent = patient.getByRole('region', { name: 'MOST RECENT ADDRESS' });
  const other = patient.getByRole('region', { name: 'OTHER SAVED ADDRESSES' });
  await expect(recent).toContainText('200 Larkin St, San Francisco, CA 94102');
  await expect(other).toContainText('1 Dr Carlton B Goodlett Pl, San Francisco, CA 94102');

  await patient.getByRole('button', { name: 'Edit: 200 Larkin St, San Francisco, CA 94102' }).click();
  const edit = patient.getByRole('form', { name: 'Edit the address of Casey Morgan' });
  await edit.getByLabel('Street address').fill('201 Larkin St');
  await edit.getByRole('button', { name: 'Save changes' }).click();
  await expect(recent).toContainText('201 Larkin St, San Francisco, CA 94102');

  // Make the checkout's address the default again: it moves to the top.
  await patient.getByRole('button', { name: 'Make default: 1 Dr Carlton B Goodlett Pl, San Francisco, CA 94102' }).click();
  await expect(patient.getByText('Your default address was changed. Checkout will offer it first.')).toBeVisible();
  await expect(patient.getByRole('alert').filter({ hasText: 'Your default address was changed.' })).toBeFocused();
  await expect(patient.getByText('Your default address is the one at the top: checkout offers it first.', { exact: false })).toBeVisible();
  await expect(recent).toContainText('1 Dr Carlton B Goodlett Pl, San Francisco, CA 94102');
  await expect(recent).toContainText('Default');
  await expect(other).toContainText('201 Larkin St, San Francisco, CA 94102');
  await expectNoAxeViolations(patient);
  await patient.screenshot({ path: test.info().outputPath('addresses.png'), fullPage: true });

  await patient.getByRole('button', { name: 'Remove: 201 Larkin St, San Francisco, CA 94102' }).click();
  await patient.getByRole('dialog', { name: 'Remove this address?' }).getByRole('button', { name: 'Remove' }).click();
  await expect(patient.getByText('The address was removed.')).toBeVisible();
  await expect(patient.getByText('201 Larkin St, San Francisco, CA 94102')).toHaveCount(0);
});

test('a phone-order request from the home page lands on / with the confirmation, and staff are mailed (SPEC §7, §2)', async ({ page }) => {
  const name = 'Jordan Avery';
  const need = `A refill of Metformin ER ${Date.now()}`;
  await page.goto('/');
  await page.getByRole('contentinfo').getByRole('link', { name: 'Order by phone' }).click();
  await expect(page).toHaveURL(/\/phone-order$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Order by phone' })).toBeVisible();

  // The spec's messages first.
  await page.getByLabel('Full name').fill('Jordan');
  await page.getByLabel('Phone number').fill('555-0134');
  await page.getByRole('button', { name: 'Ask us to call me' }).click();
  await expect(page.getByText('Invalid format. Please enter 10 digits.')).toBeVisible();
  await expect(page.getByText('Please enter your first and last name (at least 2 characters each).')).toBeVisible();
  await expectNoAxeViolations(page);
  await page.screenshot({ path: test.info().outputPath('phone-order.png'), fullPage: true });

  await page.getByLabel('Full name').fill(name);
  await page.getByLabel('Phone number').fill('(512) 555-0134');
  await page.getByLabel(/What would you like to order/).fill(need);
  await page.getByRole('radio', { name: 'Evening (5pm–8pm)' }).check();
  const sentAt = Date.now() - 1000;
  await page.getByRole('button', { name: 'Ask us to call me' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('status').filter({ hasText: 'Your request was sent.' })).toContainText("Thanks, we'll call you in the evening to take your order.");
  // (No axe scan here: the home page's feature sections put h6 under the h1, which is the home feature's.)
  await page.screenshot({ path: test.info().outputPath('home-confirmation.png') });

  const mail = await mailTo(page.request, STAFF_MAILBOX, /^Phone order request: please call Jordan Avery$/, sentAt);
  expect(mail.body).toContain(need);
  expect(mail.body).toContain('(512) 555-0134');
  expect(mail.body).toContain('Evening (5pm–8pm)');
});
