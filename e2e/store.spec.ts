// The store as a new patient (issue 3): land on the home page, open a product, add it, apply a
// promo code, see the right total, reload and keep the cart, and be sent to the first checkout
// stage (SPEC §2). Prices: Minoxidil 5% Foam $29.99, WELCOME10 takes 10 %, Evergreen's standard
// shipping is free, California's sales tax is 7.25 % (demo data).
import { expect, test } from '@playwright/test';

test('a new patient buys an over-the-counter product with a promo code', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.getByRole('link', { name: /Minoxidil 5% Foam/ }).click();

  await expect(page).toHaveURL(/\/products\/minoxidil-5-foam$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Minoxidil 5% Foam' })).toBeVisible();
  await expect(page.getByTestId('product-price')).toContainText('$29.99');
  await page.getByRole('button', { name: 'Increase quantity' }).click();
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await expect(page.getByText('Minoxidil 5% Foam is in your cart.')).toBeVisible();
  await page.getByRole('link', { name: 'View cart' }).click();

  await expect(page).toHaveURL(/\/cart$/);
  await expect(page.getByTestId('cart-item')).toHaveCount(1);
  await expect(page.getByTestId('order-total')).toHaveText('$59.98');

  // By keyboard: + and − change the quantity and keep focus while the cart saves.
  const more = page.getByRole('button', { name: 'Increase quantity' });
  await more.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('order-total')).toHaveText('$89.97');
  await expect(more).toBeFocused();
  const fewer = page.getByRole('button', { name: 'Decrease quantity' });
  await fewer.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('order-total')).toHaveText('$59.98');
  await expect(fewer).toBeFocused();

  // SPEC §8: an expired code is refused and changes nothing
  const promo = page.getByLabel('Enter a promo code');
  await promo.fill('SUMMER15');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByText('Sorry that promo code is invalid.')).toBeVisible();
  await expect(page.getByTestId('order-total')).toHaveText('$59.98');

  await promo.fill('welcome10');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByTestId('summary-discount')).toHaveText('−$6.00');
  await expect(page.getByTestId('order-total')).toHaveText('$53.98');

  // The state brings its sales tax: 7.25 % of $53.98 = $3.91
  await page.getByLabel('Shipping state').click();
  await page.getByRole('option', { name: 'California' }).click();
  await expect(page.getByTestId('summary-tax')).toHaveText('$3.91');
  await expect(page.getByTestId('order-total')).toHaveText('$57.89');

  await page.reload();
  await expect(page.getByTestId('order-total')).toHaveText('$57.89');
  await expect(page.getByTestId('promo-applied')).toContainText('WELCOME10');
  await expect(page.getByTestId('cart-item').getByLabel('Quantity', { exact: true })).toHaveText('2');

  // SPEC §2: a guest with a shipped product goes to shipping details first
  await page.getByRole('button', { name: 'Proceed to checkout' }).click();
  await expect(page).toHaveURL(/\/checkout\/shipping-details$/);
});

test('START ONLINE VISIT sends a new patient to the questionnaire, and a later visit offers to continue', async ({ page, context }) => {
  await page.goto('/products/finasteride-1mg');
  await expect(page.getByText('Doctor’s consult: $25.00', { exact: false })).toBeVisible();
  await page.getByRole('button', { name: 'START ONLINE VISIT' }).click();
  await expect(page).toHaveURL(/\/checkout\/questionnaire\/1$/);

  // A new tab is a new visit: the open-cart entry page welcomes the patient back.
  const later = await context.newPage();
  await later.goto('/');
  await expect(later.getByRole('heading', { level: 1, name: 'Welcome back' })).toBeVisible();
  await expect(later.getByText('Finasteride 1 mg × 3')).toBeVisible();
  await later.getByRole('link', { name: 'Continue my order' }).click();
  await expect(later).toHaveURL(/\/checkout\/questionnaire\/1$/);
});

test('the product page prices the quantity shown, as the cart will (issue 13 #14)', async ({ page }) => {
  await page.goto('/products/finasteride-1mg');
  // Finasteride: $22.00 each, quantity 3 to start, a $25.00 consult: the cart's $91.00, not $47.00.
  await expect(page.getByTestId('first-order-price')).toContainText('First order: $91.00 for 3 × $22.00');
  await expect(page.getByTestId('price-per-cycle')).toContainText('Each refill: $66.00 for 3');
  await expect(page.getByText('$47.00', { exact: false })).toHaveCount(0);
  await page.getByRole('button', { name: 'Increase quantity' }).click();
  await expect(page.getByTestId('first-order-price')).toContainText('First order: $113.00 for 4 × $22.00');
  await expect(page.getByTestId('price-per-cycle')).toContainText('Each refill: $88.00 for 4');
  await page.getByRole('button', { name: 'START ONLINE VISIT' }).click();
  await expect(page).toHaveURL(/\/checkout\/questionnaire\/1$/);
  await page.goto('/cart');
  await expect(page.getByTestId('order-total')).toHaveText('$113.00');
});
