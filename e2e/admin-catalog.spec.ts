// issue 18 "changes a product's price (new carts get it, existing orders keep their snapshot)": a
// patient buys the lab panel at $89.00; the operator opens the catalog, finds the panel, and sets
// its price to $99.00 in the product editor; a new patient's product page and cart show $99.00,
// while the first patient's order details still say $89.00 each. axe on the catalog list and the
// product editor (every section, the formulary and the flagged answers included).
import { expect, test, type Page } from '@playwright/test';
import { adminSignIn } from './admin-journeys';
import { acceptConsents, expectNoAxeViolations } from './journeys';

const PANEL = 'Comprehensive Wellness Lab Panel';

async function dismissPrivacy(page: Page) {
  const privacy = page.getByTestId('privacy-notice');
  if (await privacy.isVisible()) await privacy.getByRole('button', { name: 'OK' }).click();
}

/** A new guest buys the lab panel (nothing ships; state CA), registering at checkout; answers the order id. */
async function buyLabPanel(page: Page, email: string): Promise<string> {
  await page.goto('/');
  await dismissPrivacy(page);
  await page.goto('/products/comprehensive-lab-panel');
  await expect(page.getByTestId('product-price')).toHaveText('$89.00');
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await expect(page.getByText('is in your cart.')).toBeVisible();
  await page.goto('/cart');
  await page.getByRole('button', { name: 'Proceed to checkout' }).click();
  await expect(page).toHaveURL(/\/register/);
  await page.getByLabel('Email').fill(email);
  await page.getByRole('textbox', { name: 'Password' }).fill('Juniper#Trail58');
  await page.getByLabel('First name').fill('Robin');
  await page.getByLabel('Last name').fill('Ellis');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/checkout\/summary$/);
  await page.getByLabel('Your state').selectOption('CA');
  await expect(page.getByTestId('summary-tax')).toHaveText('$6.45');
  const total = (await page.getByTestId('order-total').textContent())!;
  await acceptConsents(page);
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry (MM/YY)').fill('12/34');
  await page.getByLabel('Security code (CVC)').fill('123');
  await page.getByRole('button', { name: `Pay ${total}` }).click();
  await expect(page).toHaveURL(/\/checkout\/order-confirmation\?order=/);
  return new URL(page.url()).searchParams.get('order')!;
}

test('an operator changes a price: a new cart gets it, an order placed before keeps its own', async ({ browser }) => {
  test.setTimeout(300_000);
  // issue 18: an order placed before the change.
  const first = await (await browser.newContext()).newPage();
  const orderId = await buyLabPanel(first, `before.${Date.now()}@example.com`);

  // The operator finds the product in the catalog and changes its price.
  const admin = await adminSignIn(browser);
  await admin.getByRole('link', { name: 'Catalog' }).click();
  await expect(admin).toHaveURL(/\/admin\/catalog/);
  await expect(admin.getByRole('heading', { level: 1, name: 'Catalog' })).toBeVisible();
  await expect(admin.getByRole('grid', { name: /Products of Evergreen Health/ })).toBeVisible();
  await expectNoAxeViolations(admin);
  await admin.getByLabel('Search by title').fill('lab panel');
  await expect(admin).toHaveURL(/q=lab\+panel|q=lab%20panel/);
  await admin.getByRole('link', { name: PANEL }).click();
  await expect(admin.getByRole('heading', { level: 1, name: PANEL })).toBeVisible();
  for (const section of ['Details & price', 'Quantity & refills', 'Visit & stages', 'Where it ships & shipping methods', 'Images', 'Formulary', 'Flagged answers']) {
    await expect(admin.getByRole('heading', { level: 2, name: section })).toBeVisible();
  }
  await expectNoAxeViolations(admin);

  const price = admin.getByRole('textbox', { name: 'Price' });
  await expect(price).toHaveValue('89.00');
  // A bad amount is refused beside the field and nothing is sent.
  await price.fill('ninety');
  await admin.getByRole('button', { name: 'Save changes' }).click();
  await expect(admin.getByText('Enter an amount in dollars and cents, like 24.99.')).toBeVisible();
  await price.fill('99.00');
  const saved = admin.waitForResponse((r) => r.request().method() === 'PUT' && /\/api\/admin\/storefronts\/[^/]+\/products\/[^/]+$/.test(r.url()));
  await admin.getByRole('button', { name: 'Save changes' }).click();
  expect((await saved).status()).toBe(200);
  await expect(admin.getByText('Enter an amount in dollars and cents, like 24.99.')).toHaveCount(0);
  await admin.screenshot({ path: test.info().outputPath('admin-product-editor.png'), fullPage: true });

  // A new patient's cart has the new price.
  const second = await (await browser.newContext()).newPage();
  await second.goto('/');
  await dismissPrivacy(second);
  await expect(async () => {
    await second.goto('/products/comprehensive-lab-panel');
    await expect(second.getByTestId('product-price')).toHaveText('$99.00', { timeout: 10_000 });
  }).toPass({ timeout: 60_000 });
  await second.getByRole('button', { name: 'Add to cart' }).click();
  await expect(second.getByText('is in your cart.')).toBeVisible();
  await second.goto('/cart');
  await expect(second.getByTestId('cart-item').filter({ hasText: PANEL }).getByTestId('line-subtotal')).toHaveText('$99.00');

  // The order placed before keeps its snapshot.
  await first.goto(`/order-details?id=${orderId}`);
  await expect(first.getByText(`${PANEL} × 1 ($89.00 each)`)).toBeVisible();
  await expect(first.getByText('$99.00')).toHaveCount(0);

  // The catalog list shows the new price.
  await admin.getByRole('link', { name: 'Back to the catalog' }).click();
  await expect(admin.getByRole('row').filter({ hasText: PANEL })).toContainText('$99.00');

  // Back to the demo price, so the other operator journeys in this store find the catalogue they expect.
  await admin.getByRole('link', { name: PANEL }).click();
  await admin.getByRole('textbox', { name: 'Price' }).fill('89.00');
  const restored = admin.waitForResponse((r) => r.request().method() === 'PUT' && /\/api\/admin\/storefronts\/[^/]+\/products\/[^/]+$/.test(r.url()));
  await admin.getByRole('button', { name: 'Save changes' }).click();
  expect((await restored).status()).toBe(200);

  for (const page of [first, second, admin]) await page.context().close();
});
