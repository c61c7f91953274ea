// issue 18: the operator's console. The demo administrator signs in with password and one-time
// code and lands on /admin, which names the company and its storefronts; a patient who opens
// /admin is sent to the staff sign-in and never sees the console.
import { expect, test } from '@playwright/test';
import { adminSignIn } from './admin-journeys';
import { expectNoAxeViolations } from './journeys';

test('the administrator signs in with a code and sees the company and its storefronts', async ({ browser }) => {
  const page = await adminSignIn(browser);
  await expect(page.getByRole('heading', { level: 1, name: 'Demo Health Group' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Evergreen Health' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Lumen Wellness' })).toBeVisible();
  await expect(page.getByText('lumen.localhost')).toBeVisible();
  await expectNoAxeViolations(page);
  await page.context().close();
});

test('nobody signed in is sent to the staff sign-in from /admin', async ({ page }) => {
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/staff\/sign-in\?next=%2Fadmin/);
  const answer = await page.request.get('/api/admin/me');
  expect(answer.status()).toBe(404);
});

test('a phone-order request reaches the console, and the operator marks it handled', async ({ browser, request }) => {
  // SPEC §7 phone-order request, sent as the store's /phone-order page sends it.
  const name = `Casey Caller ${Date.now() % 100000}`.replace(/\d/g, (d) => 'abcdefghij'[Number(d)]!);
  const sent = await request.post('/api/phone-orders', {
    headers: { 'x-requested-with': 'fetch' },
    data: { name, phone: '5125550134', need: 'A refill of my usual prescription', bestTime: 'Morning (9am–12pm)' },
  });
  expect(sent.status()).toBe(201);

  const page = await adminSignIn(browser);
  await page.getByRole('navigation', { name: 'Operator console' }).getByRole('link', { name: 'Phone orders' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Phone orders' })).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row).toContainText('(512) 555-0134');
  await expect(row).toContainText('A refill of my usual prescription');
  await expectNoAxeViolations(page);
  await row.getByRole('button', { name: `Mark the request from ${name} handled` }).click();
  await expect(page.getByRole('row').filter({ hasText: name })).toHaveCount(0);
  await page.getByRole('tab', { name: /Handled/ }).click();
  await expect(page.getByRole('row').filter({ hasText: name })).toContainText('Sam Admin');
  await page.context().close();
});
