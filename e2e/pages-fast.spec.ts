// issue 19: pages that load fast on a phone. What a visitor meets: the page drawn by the server
// (readable before, and without, JavaScript) for the brand of the host they came to; compressed
// answers; and a tab left open across a redeploy that reloads once instead of breaking.
import { expect, test } from '@playwright/test';

function lumenUrl(): string {
  const port = new URL(test.info().project.use.baseURL!).port;
  return `http://lumen.localhost:${port}`;
}

test('with JavaScript off, the home and product pages still show the brand, its treatments and prices (issue 19)', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/');
  await expect(page).toHaveTitle('Evergreen Health');
  await expect(page.getByRole('link', { name: 'Evergreen Health' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Popular treatments' })).toBeVisible();
  const firstProduct = page.getByRole('main').getByRole('link').filter({ has: page.getByRole('heading', { level: 3 }) }).first();
  const productName = (await firstProduct.getByRole('heading', { level: 3 }).textContent())!;
  await page.screenshot({ path: test.info().outputPath('home-without-javascript.png'), fullPage: true });

  // A link works without the app: the server draws the next page too.
  await firstProduct.click();
  await expect(page.getByRole('heading', { level: 1, name: productName })).toBeVisible();
  await expect(page.getByText(/\$\d+\.\d{2}/).first()).toBeVisible();
  // Until the app runs, its buttons are disabled rather than silently doing nothing.
  await expect(page.getByRole('button', { name: /START ONLINE VISIT|ADD TO CART/i }).first()).toBeDisabled();

  // Another brand's host gets its own store, drawn the same way.
  await page.goto(lumenUrl());
  await expect(page).toHaveTitle('Lumen Wellness');
  await expect(page.getByRole('link', { name: 'Lumen Wellness' })).toBeVisible();
  await context.close();
});

test('the page is adopted by the app without being drawn again, and its buttons then work (issue 19)', async ({ page }) => {
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  await page.goto('/');
  await expect(page.locator('fieldset[data-hydrated="true"]')).toBeAttached();
  await page.getByTestId('privacy-notice').getByRole('button', { name: 'OK' }).click();
  await expect(page.getByTestId('privacy-notice')).toBeHidden();
  // React reports a page it had to draw again (a mismatch) as an error: none.
  expect(errors).toEqual([]);
  // Dismissed stays dismissed in the server's drawing too (a cookie, not only localStorage).
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Popular treatments' })).toBeVisible();
  await expect(page.getByTestId('privacy-notice')).toHaveCount(0);
});

test('scripts, styles and API answers arrive compressed (issue 19)', async ({ page }) => {
  await page.goto('/');
  const entry = await page.locator('script[data-entry]').getAttribute('data-entry');
  expect(entry).toMatch(/^\/assets\/index-.*\.js$/);
  const script = await page.request.get(entry!, { headers: { 'accept-encoding': 'br, gzip' } });
  expect(script.headers()['content-encoding']).toBe('br');
  const products = await page.request.get('/api/products', { headers: { 'accept-encoding': 'br, gzip' } });
  expect(products.headers()['content-encoding']).toBe('br');
  expect(Array.isArray(await products.json())).toBe(true);
});

test('after a redeploy removed a page’s script, an open tab reloads once and shows the page (issue 19)', async ({ page }) => {
  await page.goto('/');
  await expect(page.locator('fieldset[data-hydrated="true"]')).toBeAttached();
  // The deploy: the cart page's chunk of the build this tab has is gone, once.
  let removed = 0;
  await page.route(/\/assets\/CartPage-[^/]+\.js$/, async (route) => {
    if (removed === 0) {
      removed += 1;
      return route.fulfill({ status: 404, body: 'gone' });
    }
    return route.continue();
  });
  const documents: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'document') documents.push(r.url());
  });
  await page.getByRole('link', { name: /^Cart/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Your cart' })).toBeVisible();
  expect(removed).toBe(1);
  // The page was loaded again from the server (the reload), not shown as an error.
  expect(documents.some((u) => u.endsWith('/cart'))).toBe(true);
  await expect(page.getByText('This page could not be shown')).toHaveCount(0);
});
