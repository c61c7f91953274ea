// issue 13 #9 "logout ends only its own session — offer 'sign out everywhere' in the account": a
// patient signed in on two browsers signs out everywhere from one; both are signed out.
import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './journeys.ts';

test('sign out everywhere from My account ends the session in the other browser too', async ({ page, browser }) => {
  const email = `e2e.everywhere.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.com`;
  const password = 'Juniper#Trail58';

  await page.goto('/register');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('textbox', { name: 'Password' }).fill(password);
  await page.getByLabel('First name').fill('Robin');
  await page.getByLabel('Last name').fill('Ellis');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/my-account$/);

  // The same patient on another computer.
  const other = await browser.newContext();
  const otherPage = await other.newPage();
  await otherPage.goto('/login');
  await otherPage.getByLabel('Email').fill(email);
  await otherPage.getByRole('textbox', { name: 'Password' }).fill(password);
  await otherPage.getByRole('main').getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(otherPage.getByRole('button', { name: 'Log out' })).toBeVisible();

  // Asked first; the question is accessible.
  await page.getByRole('button', { name: 'Sign out everywhere' }).click();
  await expect(page.getByText('Sign out on every device, this one included?')).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Yes, sign out everywhere' }).click();
  // As after logout (SPEC §2): home, with the login drawer open.
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId('login-drawer')).toBeVisible();

  // The other computer's session has ended too.
  await otherPage.goto('/my-account');
  await expect(otherPage.getByText('Please log in to see your account.')).toBeVisible();
  await other.close();
});
