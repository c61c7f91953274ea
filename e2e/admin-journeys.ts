// Shared by the operator's journeys (issue 18): the demo administrator signs in with password and
// code and lands on the console.
import type { Browser, Page } from '@playwright/test';
import { staffSignIn } from './journeys';

export const DEMO_ADMIN = { email: 'admin@evergreen.example', password: 'Admin#Evergreen2026' } as const;

/** The demo administrator, signed in with password and code, on the console's overview. */
export function adminSignIn(browser: Browser): Promise<Page> {
  return staffSignIn(browser, DEMO_ADMIN, /\/admin$/);
}
