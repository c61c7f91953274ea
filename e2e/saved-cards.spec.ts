// Saving a card while paying (issue 13 #10): a signed-in patient keeps "Save this card to my account
// for next time" ticked, a declined card is refused and not saved, a good card pays; My account →
// Saved cards then lists only the good card, once, as current. The cart is made through the API
// (the checkout pages have their own journeys); the summary, the payment and the account are the
// patient's clicks.
import { expect, test, type Page } from '@playwright/test';
import { acceptConsents } from './journeys.ts';

const headers = { 'x-requested-with': 'fetch' };

async function fillCard(page: Page, number: string) {
  await page.getByLabel('Card number').fill(number);
  await page.getByLabel('Expiry (MM/YY)').fill('12/34');
  await page.getByLabel('Security code (CVC)').fill('123');
}

/** A new patient, signed in, with vitamin D in the cart and a shipping address: next is the summary. */
async function patientAtSummary(page: Page) {
  await page.goto('/');
  const privacy = page.getByTestId('privacy-notice');
  if (await privacy.isVisible()) await privacy.getByRole('button', { name: 'OK' }).click();
  const email = `cards.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.com`;
  const registered = await page.request.post('/api/auth/register', {
    headers,
    data: { email, password: 'Juniper#Trail58', firstName: 'Casey', lastName: 'Moss', phone: '5125550134' },
  });
  expect(registered.status(), await registered.text()).toBe(201);
  const products = await (await page.request.get('/api/products/vitamin-d3-2000')).json();
  const cart = await (await page.request.post('/api/cart', { headers })).json();
  const items = await page.request.patch(`/api/orders/${cart.id}/items`, { headers, data: { items: [{ productId: products.id }] } });
  expect(items.status(), await items.text()).toBe(200);
  const address = { fullName: 'Casey Moss', line1: '500 Congress Ave', city: 'Austin', state: 'TX', zip: '78701', phone: '5125550134' };
  const shipped = await page.request.put(`/api/orders/${cart.id}/shipping-address`, { headers, data: { address } });
  expect(shipped.status(), await shipped.text()).toBe(200);
  await page.goto('/checkout/summary');
  await expect(page.getByRole('heading', { level: 1, name: 'Order summary' })).toBeVisible();
}

test('a card that is declined is not saved; the card that pays is saved once and is current', async ({ page }) => {
  await patientAtSummary(page);
  await acceptConsents(page);
  const save = page.getByRole('checkbox', { name: 'Save this card to my account for next time' });
  await expect(save).toBeChecked();
  const pay = page.getByRole('button', { name: /^Pay \$/ });

  // Insufficient funds: the card passes the processor's check but the payment fails.
  await fillCard(page, '4000 0000 0000 9995');
  await pay.click();
  await expect(page.getByTestId('pay-error')).toContainText(/insufficient funds/i);
  await expect(page).toHaveURL(/\/checkout\/summary$/);
  // Still no saved card to offer: the declined one was not kept.
  await expect(page.getByRole('button', { name: 'Use a saved card' })).toHaveCount(0);

  await expect(save).toBeChecked();
  await fillCard(page, '4242 4242 4242 4242');
  await pay.click();
  await expect(page).toHaveURL(/\/checkout\/order-confirmation\?order=/);

  await page.goto('/my-account/cards');
  await expect(page.getByRole('heading', { level: 1, name: 'Saved cards' })).toBeVisible();
  const cards = page.getByRole('list', { name: 'Your cards' }).getByRole('listitem');
  await expect(cards).toHaveCount(1);
  await expect(cards.first()).toContainText('Visa ending in 4242');
  await expect(cards.first()).toContainText('Current');
  await expect(page.getByText(/ending in 9995/)).toHaveCount(0);
});
