// issue 17 orders ("an order from confirmation to the list, details and receipt"): a new guest buys
// the sunscreen (it ships, needs no consult), registering in checkout; from the confirmation goes to
// My account → Orders, sees the order with its SPEC §4 label and latest step, opens its details
// (SPEC §2 /order-details), downloads the receipt PDF and changes the shipping address (SPEC §7
// edit shipping address) within the same state (a ZIP from another state refused first), then
// reorders it: the cart shows it with the server's message, it is paid, and nothing is left in
// progress (issue 17 walk). Screenshots of the list, the details and the cart after Reorder.
import { expect, test, type Page } from '@playwright/test';
import { acceptConsents, expectNoAxeViolations } from './journeys.ts';

async function dismissPrivacy(page: Page) {
  const privacy = page.getByTestId('privacy-notice');
  if (await privacy.isVisible()) await privacy.getByRole('button', { name: 'OK' }).click();
}

test('a patient finds a new order in My account, opens its details and receipt, and changes its address before it ships', async ({ page }) => {
  const email = `orders.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.com`;
  await page.goto('/');
  await dismissPrivacy(page);
  await page.goto('/products/mineral-sunscreen-spf50');
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await expect(page.getByText('is in your cart.')).toBeVisible();
  await page.goto('/cart');
  await page.getByRole('button', { name: 'Proceed to checkout' }).click();

  await expect(page).toHaveURL(/\/checkout\/shipping-details/);
  const address = page.getByRole('form', { name: 'Shipping address' });
  await address.getByLabel('Full name').fill('Robin Ellis');
  await address.getByLabel('Street address').fill('500 Congress Ave');
  await address.getByLabel('City').fill('Austin');
  await address.getByLabel('State').selectOption('TX');
  await address.getByLabel('ZIP code').fill('78701');
  await address.getByLabel('Phone number').fill('(512) 555-0134');
  await page.getByRole('button', { name: 'Continue' }).click();

  await expect(page).toHaveURL(/\/register/);
  await page.getByLabel('Email').fill(email);
  await page.getByRole('textbox', { name: 'Password' }).fill('Juniper#Trail58');
  await page.getByLabel('First name').fill('Robin');
  await page.getByLabel('Last name').fill('Ellis');
  await page.getByRole('button', { name: 'Create account' }).click();

  await expect(page).toHaveURL(/\/checkout\/summary$/);
  await acceptConsents(page);
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry (MM/YY)').fill('12/34');
  await page.getByLabel('Security code (CVC)').fill('123');
  const total = (await page.getByTestId('order-total').textContent())!;
  await page.getByRole('button', { name: `Pay ${total}` }).click();

  await expect(page).toHaveURL(/\/checkout\/order-confirmation\?order=/);
  const orderNumber = (await page.getByTestId('order-number').textContent())!;
  expect(orderNumber).toMatch(/^[0-9A-F]{8}$/);
  await expect(page.getByRole('link', { name: 'View your order' })).toBeVisible();

  // From the confirmation to My account → Orders.
  await page.getByRole('link', { name: 'Go to my account' }).click();
  await page.getByRole('link', { name: 'View your orders' }).click();
  await expect(page).toHaveURL(/\/my-account\/orders$/);
  await expect(page.getByRole('heading', { level: 1, name: 'My orders' })).toBeVisible();
  const list = page.getByRole('list', { name: 'Recent orders' });
  const row = list.getByRole('listitem').filter({ hasText: `Order ${orderNumber}` });
  await expect(row).toBeVisible();
  // SPEC §4: paid and not delivered yet is Pending; the latest step in words.
  await expect(row.getByText('Pending')).toBeVisible();
  await expect(row.getByText('Order received')).toBeVisible();
  await expect(row).toContainText('Daily Mineral Sunscreen SPF 50');
  await expect(row).toContainText(total);
  await expectNoAxeViolations(page);
  await page.screenshot({ path: test.info().outputPath('my-orders.png'), fullPage: true });

  // The details (SPEC §2 /order-details?id=…).
  await row.getByRole('link', { name: `Order ${orderNumber}`, exact: true }).click();
  await expect(page).toHaveURL(/\/order-details\?id=/);
  await expect(page.getByRole('heading', { level: 1, name: `Order ${orderNumber}` })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Items' })).toContainText(total);
  await expect(page.getByRole('region', { name: 'Shipping address' })).toContainText('500 Congress Ave');
  await expect(page.getByRole('region', { name: 'Payment' })).toContainText('Visa ending in 4242');
  await expectNoAxeViolations(page);
  await page.screenshot({ path: test.info().outputPath('order-details.png'), fullPage: true });

  // The receipt is a PDF of this order.
  const receiptHref = (await page.getByRole('link', { name: 'Download receipt' }).getAttribute('href'))!;
  const receipt = await page.request.get(receiptHref);
  expect(receipt.status()).toBe(200);
  expect(receipt.headers()['content-type']).toBe('application/pdf');
  expect((await receipt.body()).subarray(0, 5).toString()).toBe('%PDF-');

  // Change the shipping address before it ships (same state: the total stays). A ZIP from another
  // state is refused beside the ZIP field first (issue 17 walk: "Austin, TX 90001").
  await page.getByRole('button', { name: 'Change shipping address' }).click();
  const form = page.getByRole('form', { name: 'New shipping address' });
  await form.getByLabel('Street address').fill('1100 Congress Ave');
  await form.getByLabel('ZIP code').fill('90001');
  await form.getByRole('button', { name: 'Save new address' }).click();
  await expect(form.getByLabel('ZIP code')).toHaveAccessibleDescription(/This ZIP code is not in the state you chose/);
  await form.getByLabel('ZIP code').fill('78701');
  await form.getByRole('button', { name: 'Save new address' }).click();
  await expect(page.getByText('Your shipping address was changed.')).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: 'Your shipping address was changed.' })).toBeFocused();
  await expect(page.getByRole('region', { name: 'Shipping address' })).toContainText('1100 Congress Ave');
  await expect(page.getByRole('region', { name: 'Items' })).toContainText(total);
  await page.screenshot({ path: test.info().outputPath('order-details-address-changed.png'), fullPage: true });

  // Reorder (SPEC §7 reorder; issue 17 walk): the cart shows the product and the server's message
  // at once, without a reload, and it is bought like any cart.
  await page.getByRole('button', { name: 'Reorder' }).click();
  await expect(page).toHaveURL(/\/cart$/);
  await expect(page.getByRole('status').filter({ hasText: 'We put the same products in your cart.' })).toBeVisible();
  await expect(page.getByRole('main')).toContainText('Daily Mineral Sunscreen SPF 50');
  await page.screenshot({ path: test.info().outputPath('cart-after-reorder.png'), fullPage: true });
  await page.getByRole('button', { name: 'Proceed to checkout' }).click();
  await expect(page).toHaveURL(/\/checkout\/(shipping-details|summary)/);
  if (page.url().includes('shipping-details')) await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/checkout\/summary$/);
  await acceptConsents(page);
  if (await page.getByLabel('Card number').count()) {
    await page.getByLabel('Card number').fill('4242 4242 4242 4242');
    await page.getByLabel('Expiry (MM/YY)').fill('12/34');
    await page.getByLabel('Security code (CVC)').fill('123');
  }
  await page.getByRole('button', { name: /^Pay \$/ }).click();
  await expect(page).toHaveURL(/\/checkout\/order-confirmation\?order=/);
  const secondNumber = (await page.getByTestId('order-number').textContent())!;
  expect(secondNumber).not.toBe(orderNumber);
  // Nothing is left in progress: the cart is empty and a fresh tab's home page offers no order to continue.
  await page.goto('/cart');
  await expect(page.getByRole('heading', { name: 'Your cart is empty' })).toBeVisible();
  const fresh = await page.context().newPage();
  await fresh.goto('/');
  await expect(fresh.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(fresh.getByText('You have an order in progress')).toHaveCount(0);
  await fresh.close();
  await page.goto('/my-account/orders');
  const rows = page.getByRole('list', { name: 'Recent orders' }).getByRole('listitem');
  await expect(rows.filter({ hasText: `Order ${secondNumber}` }).getByText('Pending')).toBeVisible();
  await expect(rows.filter({ hasText: 'Incomplete' })).toHaveCount(0);
});
