// Shared by the operator's journeys (issue 18): the demo administrator signs in with password and
// code once, and each journey opens the console in a fresh browser context with that session's
// cookie. Signing in afresh for every journey would run into the store's own limit on one-time
// codes sent to one account in an hour (a real protection, not to be lifted for tests).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, type Browser, type Page } from '@playwright/test';
import { staffSignIn } from './journeys';
import { ADMIN_BASE_URL } from './playwright.config';

export const DEMO_ADMIN = { email: 'admin@evergreen.example', password: 'Admin#Evergreen2026' } as const;

// One file per admin store (its port), made by the first journey that signs in.
const STATE_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'test-results');

function stateFile(baseURL: string): string {
  return path.join(STATE_DIR, `admin-session-${new URL(baseURL).port}.json`);
}

/** The demo administrator on the console's overview, in a context of its own. */
export async function adminSignIn(browser: Browser, baseURL = ADMIN_BASE_URL): Promise<Page> {
  const file = stateFile(baseURL);
  if (fs.existsSync(file)) {
    const context = await browser.newContext({ storageState: file, baseURL });
    const page = await context.newPage();
    const me = await page.request.get('/api/admin/me');
    if (me.ok()) {
      await page.goto('/admin');
      await expect(page).toHaveURL(/\/admin$/);
      return page;
    }
    await context.close();
  }
  const page = await staffSignIn(browser, DEMO_ADMIN, /\/admin$/, { contextOptions: { baseURL } });
  fs.mkdirSync(STATE_DIR, { recursive: true });
  await page.context().storageState({ path: file });
  return page;
}
