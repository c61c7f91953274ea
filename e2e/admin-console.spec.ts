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
