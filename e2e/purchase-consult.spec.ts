// Buying a consult product as a new patient (issue 7 "Done when", browser tests): on Evergreen
// (pharmacyChoice on, no display pages) a guest answers the questionnaire, gives shipping details,
// chooses the partner pharmacy, then either confirms an asynchronous doctor review (visit type 3,
// CONFIRM) or books a video visit (visit type 1, SCHEDULE), registers inside checkout at the
// Register stage (the progress steps still shown, the names taken from the shipping address), pays
// on the summary with the sandbox card and lands on the order confirmation. Every stage is driven
// through its real page (SPEC §2 stage order Consult 1, Shipping 2, Pharmacy 3, Scheduling 4,
// Register 5, Payment 6). axe on the Register stage, the summary and the confirmation.
import { expect, test, type Page } from '@playwright/test';
import { acceptConsents, answerWeightCare, expectNoAxeViolations, startVisit } from './journeys.ts';

function newEmail(kind: string) {
  return `${kind}.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.com`;
}

/** SPEC §2 "Shipping and Pharmacy: ... shipping-details": the address form, then the partner pharmacy. */
async function shipAndChoosePartnerPharmacy(page: Page, fullName = 'Jamie Rivera') {
  await expect(page).toHaveURL(/\/checkout\/shipping-details$/);
  const form = page.getByRole('form', { name: 'Shipping address' });
  await form.getByLabel('Full name').fill(fullName);
  await form.getByLabel('Street address').fill('500 Congress Ave');
  await form.getByLabel('City').fill('Austin');
  await form.getByLabel('State').selectOption('TX');
  await form.getByLabel('ZIP code').fill('78701');
  await form.getByLabel('Phone number').fill('(512) 555-0134');
  await expect(page.getByRole('radiogroup', { name: 'Shipping method' }).getByRole('radio').first()).toBeChecked();
  await page.getByRole('button', { name: 'Continue' }).click();

  // Evergreen has pharmacyChoice on: the Pharmacy stage follows Shipping.
  await expect(page).toHaveURL(/\/checkout\/pharmacy-options$/);
  await page.getByRole('radio', { name: /Ship from our partner pharmacy/ }).check();
  await page.getByRole('button', { name: 'Continue' }).click();
}

/**
 * SPEC §2 "If the user has no login token, Register is added to the pending stages": /register,
 * still inside the checkout — its progress steps with Payment's step (Register's) current, a line
 * saying the account finishes the order, and the names of the shipping address, split on the last
 * space. The patient only adds an email and a password.
 */
async function registerInCheckout(
  page: Page,
  email: string,
  names: { firstName: string; lastName: string },
  screenshot?: string,
) {
  await expect(page).toHaveURL(/\/register$/);
  const progress = page.getByRole('navigation', { name: 'Checkout progress' });
  await expect(progress.getByRole('listitem')).toHaveText([
    /Consult\s*completed/,
    /Shipping\s*completed/,
    /Doctor\s*completed/,
    /Payment\s*Pending/,
    /Confirmation\s*Incomplete/,
  ]);
  await expect(progress.locator('[aria-current="step"]')).toHaveText(/Payment/);
  await expect(page.getByText('You are creating an account to finish your order.')).toBeVisible();
  await expect(page.getByLabel('First name')).toHaveValue(names.firstName);
  await expect(page.getByLabel('Last name')).toHaveValue(names.lastName);
  await page.getByLabel('Email').fill(email);
  await page.getByRole('textbox', { name: 'Password' }).fill('Juniper#Trail58');
  await expectNoAxeViolations(page);
  if (screenshot) await page.screenshot({ path: test.info().outputPath(screenshot), fullPage: true });
  await page.getByRole('button', { name: 'Create account' }).click();
  // Registered, the patient carries on with the checkout by themselves.
  // SPEC §2 "Payment: greeting page if enabled, else pre-payment if enabled, else summary".
  await expect(page).toHaveURL(/\/checkout\/summary$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Order summary' })).toBeVisible();
}

/** The summary's consents and a new sandbox card; answers the total paid. */
async function payWithSandboxCard(page: Page): Promise<string> {
  const total = (await page.getByTestId('order-total').textContent())!;
  await acceptConsents(page);
  // A new patient has no saved card: the card form and Pay straight away (issue 7 "add-new-or-switch card").
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry (MM/YY)').fill('12/34');
  await page.getByLabel('Security code (CVC)').fill('123');
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: `Pay ${total}` }).click();
  await expect(page).toHaveURL(/\/checkout\/order-confirmation\?order=/);
  await expect(page.getByRole('heading', { level: 1, name: 'Thank you! Your order is placed.' })).toBeVisible();
  await expect(page.getByTestId('order-number')).toHaveText(/^[0-9A-F]{8}$/);
  return total;
}

test.describe('a new patient buys a consult product (issue 7)', () => {
  test('asynchronous visit (type 3): questionnaire, shipping, pharmacy, CONFIRM, register, pay, confirmation', async ({ page }) => {
    test.setTimeout(150_000);
    const email = newEmail('async');
    await startVisit(page, '/products/metformin-er-weight-support');
    await answerWeightCare(page);
    await shipAndChoosePartnerPharmacy(page, 'Jamie Lee Rivera');

    // SPEC §2 "Scheduling: doctor-confirmation (visit type 3)"; SPEC §4 action label CONFIRM.
    await expect(page).toHaveURL(/\/checkout\/doctor-confirmation$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Doctor review' })).toBeVisible();
    await page.getByRole('button', { name: 'CONFIRM' }).click();

    await registerInCheckout(
      page,
      email,
      { firstName: 'Jamie Lee', lastName: 'Rivera' },
      'register-stage-async.png',
    );
    // Summary: the consult fee and the review promise (issue 7 "the scheduled visit or review promise").
    await expect(page.getByTestId('summary-consult')).toBeVisible();
    await expect(page.getByTestId('review-promise')).toContainText('A doctor will review your answers');
    const total = await payWithSandboxCard(page);

    // Authorize at checkout, capture on approval: the order waits for the doctor's review.
    await expect(page.getByText(`Authorized: ${total}`)).toBeVisible();
    await expect(page.getByTestId('next-steps')).toContainText('A doctor will review your answers');
    await expect(page.getByRole('button', { name: 'Add to calendar' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Go to my account' })).toBeVisible();
    await expectNoAxeViolations(page);
    const orderId = new URL(page.url()).searchParams.get('order')!;
    const purchase = await (await page.request.get(`/api/orders/${orderId}/payment`)).json();
    expect(purchase).toMatchObject({ status: 'awaiting_review' });
    const receipt = await page.request.get(`/api/orders/${orderId}/receipt.pdf`);
    expect(receipt.status()).toBe(200);
    expect(receipt.headers()['content-type']).toContain('application/pdf');
    await page.screenshot({ path: test.info().outputPath('purchase-consult-async.png'), fullPage: true });
  });

  test('scheduled video visit (type 1): questionnaire, shipping, pharmacy, SCHEDULE, register, pay, confirmation', async ({ page }) => {
    test.setTimeout(150_000);
    const email = newEmail('video');
    await startVisit(page, '/products/semaglutide-weight-care');
    await answerWeightCare(page);
    await shipAndChoosePartnerPharmacy(page);

    // SPEC §2 "Scheduling: ... schedule-visit (other types)"; SPEC §4 action label SCHEDULE.
    await expect(page).toHaveURL(/\/checkout\/schedule-visit$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Schedule your visit' })).toBeVisible();
    await expect(page.getByRole('tablist', { name: 'Days with open times' })).toBeVisible();
    await page.getByRole('tab').nth(1).click();
    const slot = page.getByRole('tabpanel').getByRole('button').first();
    await slot.click();
    await expect(slot).toHaveAttribute('aria-pressed', 'true');
    // The name and phone given for shipping are already there; the email is asked.
    await expect(page.getByLabel('Full name')).toHaveValue('Jamie Rivera');
    await expect(page.getByLabel('Phone number')).toHaveValue(/512.*555.*0134/);
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'SCHEDULE' }).click();

    // The email given for the visit starts the account's email.
    await expect(page).toHaveURL(/\/register$/);
    await expect(page.getByLabel('Email')).toHaveValue(email);
    await registerInCheckout(page, email, { firstName: 'Jamie', lastName: 'Rivera' });
    await expect(page.getByTestId('scheduled-visit')).toContainText(/Your video visit with/);
    const total = await payWithSandboxCard(page);

    await expect(page.getByText(`Authorized: ${total}`)).toBeVisible();
    // issue 16: the visit is joined from its own screen, linked here as "Your visit" with its time.
    await expect(page.getByTestId('next-steps')).toContainText('You join it from “Your visit”');
    await expect(page.getByTestId('next-steps')).toContainText('The email about your visit has a link to reschedule or cancel it.');
    await expect(page.getByTestId('your-visit')).toContainText(/^Your visit: /);
    const orderOnPage = new URL(page.url()).searchParams.get('order')!;
    await expect(page.getByRole('link', { name: 'Your visit' })).toHaveAttribute('href', `/checkout/patient-visit?id=${orderOnPage}`);
    // Issue 7 "add-to-calendar for a scheduled visit".
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Add to calendar' }).click();
    expect((await download).suggestedFilename()).toBe('visit.ics');
    await expectNoAxeViolations(page);
    const orderId = new URL(page.url()).searchParams.get('order')!;
    const purchase = await (await page.request.get(`/api/orders/${orderId}/payment`)).json();
    expect(purchase).toMatchObject({ status: 'visit_scheduled' });
    await page.screenshot({ path: test.info().outputPath('purchase-consult-video.png'), fullPage: true });
  });
});
