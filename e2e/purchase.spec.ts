// Buying as a new patient (issue 7): a guest goes from the home page to the order confirmation with
// the sandbox card, registering inside checkout at the Register stage (SPEC §2 "If the user has no
// login token, Register is added to the pending stages"); a declined card first, then a good one
// (issue 7 "a declined card leaves the order unpaid with the gateway's reason in plain words, and a
// retry with another card works"); axe on the summary and the confirmation.
import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './journeys.ts';

async function dismissPrivacy(page: Page) {
  const privacy = page.getByTestId('privacy-notice');
  if (await privacy.isVisible()) await privacy.getByRole('button', { name: 'OK' }).click();
}

async function fillCard(page: Page, number: string) {
  await page.getByLabel('Card number').fill(number);
  await page.getByLabel('Expiry (MM/YY)').fill('12/34');
  await page.getByLabel('Security code (CVC)').fill('123');
}

test('a new guest buys a product that needs no consult, from / to the confirmation, after a declined card', async ({ page }) => {
  const email = `buyer.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.com`;
  await page.goto('/');
  await dismissPrivacy(page);
  await page.goto('/products/comprehensive-lab-panel');
  const added = page.waitForResponse((r) => r.url().includes('/items') && r.request().method() === 'PATCH' && r.ok());
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await added;
  await page.goto('/cart');
  await page.getByRole('button', { name: 'Proceed to checkout' }).click();

  // SPEC §2 "Register: /register" — the only stage left for a guest before Payment.
  await expect(page).toHaveURL(/\/register/);
  await page.getByLabel('Email').fill(email);
  await page.getByRole('textbox', { name: 'Password' }).fill('Juniper#Trail58');
  await page.getByLabel('First name').fill('Robin');
  await page.getByLabel('Last name').fill('Ellis');
  await page.getByRole('button', { name: 'Create account' }).click();

  // Registered, the patient carries on with the checkout by themselves.
  // SPEC §2 "Payment: ... else summary".
  await expect(page).toHaveURL(/\/checkout\/summary$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Order summary' })).toBeVisible();
  await expect(page.getByText(/Comprehensive Wellness Lab Panel/)).toBeVisible();
  // SPEC §5 "Promo code prompt: Enter a promo code."; SPEC §8 "Sorry that promo code is invalid."
  await page.getByLabel('Enter a promo code').fill('SUMMER15');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByText('Sorry that promo code is invalid.')).toBeVisible();
  await page.getByLabel('Enter a promo code').fill('WELCOME10');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByTestId('promo-applied')).toContainText('WELCOME10');
  const total = (await page.getByTestId('order-total').textContent())!;

  for (const box of await page.getByRole('checkbox').all()) await box.check();
  await page.getByRole('button', { name: 'Pay with a new card instead' }).click();
  await fillCard(page, '4000 0000 0000 0002');
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: `Pay ${total}` }).click();
  await expect(page.getByTestId('pay-error')).toContainText(/declined/i);
  await expect(page).toHaveURL(/\/checkout\/summary$/);
  // Nothing typed is lost: the consents stay accepted; a good card pays.
  await expect(page.getByRole('checkbox').first()).toBeChecked();
  await fillCard(page, '4242 4242 4242 4242');
  await page.getByRole('button', { name: `Pay ${total}` }).click();

  await expect(page).toHaveURL(/\/checkout\/order-confirmation\?order=/);
  await expect(page.getByRole('heading', { level: 1, name: 'Thank you! Your order is placed.' })).toBeVisible();
  await expect(page.getByTestId('order-number')).toHaveText(/^[0-9A-F]{8}$/);
  await expect(page.getByText(`Paid: ${total}`)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Go to my account' })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.screenshot({ path: test.info().outputPath('purchase-confirmation.png'), fullPage: true });
});
