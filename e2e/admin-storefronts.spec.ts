// issue 18: "an operator creates a third brand with its own colours and host name, previews,
// publishes, and a patient on that host sees it without a restart"; then a rollback is visible
// too. axe on every storefront page of the console (list, new, editor with its preview).
import { expect, test, type Browser, type Page } from '@playwright/test';
import { adminSignIn } from './admin-journeys';
import { expectNoAxeViolations } from './journeys';
import { ADMIN_PORT } from './playwright.config';

const MAROON = { hex: '#8a1c4a', rgb: 'rgb(138, 28, 74)' };
const NAVY = { hex: '#1d4e89', rgb: 'rgb(29, 78, 137)' };

/** A patient's first visit to `host` (a fresh browser: nothing cached), its brand name and colour. */
async function patientSees(browser: Browser, host: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`http://${host}:${ADMIN_PORT}/`);
  const brand = page.getByTestId('brand-name');
  await expect(brand).toBeVisible();
  const seen = { name: (await brand.textContent())?.trim(), colour: await brand.evaluate((el) => getComputedStyle(el).color) };
  await context.close();
  return seen;
}

async function setColour(page: Page, label: string, hex: string) {
  const field = page.getByRole('textbox', { name: label, exact: true });
  await field.fill(hex);
}

async function publish(page: Page, version: number) {
  await page.getByRole('button', { name: 'Save draft' }).click();
  await expect(page.getByText(`Draft version ${version} saved`)).toBeVisible();
  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: `Publish version ${version}?` });
  await dialog.getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByText(`Live: version ${version} on`)).toBeVisible();
}

test('the operator creates a brand, previews, publishes; its patients see it at once; a rollback too', async ({ browser }) => {
  // A long journey with three axe scans of large pages, on a machine shared with other stores.
  test.setTimeout(300_000);
  const suffix = Date.now().toString(36);
  const host = `brand3-${suffix}.localhost`;
  const name = `Brightside ${suffix}`;

  const page = await adminSignIn(browser);
  await page.getByRole('link', { name: 'Storefronts' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Storefronts' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Lumen Wellness' })).toBeVisible();
  await expectNoAxeViolations(page);

  // Create: a taken host is refused beside its field, nothing typed is lost.
  await page.getByRole('link', { name: 'New storefront' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'New storefront' })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByLabel('Name patients see').fill(name);
  await page.getByLabel('Short name').fill(`brightside-${suffix}`);
  await page.getByRole('textbox', { name: 'Host name 1' }).fill('lumen.localhost');
  await page.getByRole('button', { name: 'Create storefront' }).click();
  await expect(page.getByText('This host name is already used by another storefront.')).toBeVisible();
  await expect(page.getByLabel('Name patients see')).toHaveValue(name);
  await page.getByRole('textbox', { name: 'Host name 1' }).fill(host);
  await page.getByRole('button', { name: 'Create storefront' }).click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();

  // Its own colours, previewed as they are typed (before saving).
  await setColour(page, 'Primary', MAROON.hex);
  await setColour(page, 'Primary lightest', '#fbeef3');
  await page.getByLabel('Home page title', { exact: true }).fill('Skin care, doctor-led');
  const preview = page.getByTestId('storefront-preview');
  await expect(preview.getByTestId('preview-brand-name')).toHaveText(name);
  await expect(preview.getByTestId('preview-brand-name')).toHaveCSS('color', MAROON.rgb);
  await expect(preview.getByTestId('preview-hero-title')).toHaveText('Skin care, doctor-led');
  await page.getByRole('button', { name: 'Product' }).click();
  await expect(preview.getByText('Add to cart')).toBeVisible();
  await page.getByRole('button', { name: 'Summary' }).click();
  await expect(preview.getByText('Pay now')).toBeVisible();
  await expect(preview.getByText('Pay now')).toHaveCSS('background-color', MAROON.rgb);
  await page.getByRole('button', { name: 'Home' }).click();
  if (process.env.E2E_SHOTS) await page.screenshot({ path: '/tmp/sf-editor.png' });

  // Nothing is served on the host before publishing; after it, a patient there sees the brand.
  expect((await patientSees(browser, host)).name).not.toBe(name);
  await publish(page, 1);
  expect(await patientSees(browser, host)).toEqual({ name, colour: MAROON.rgb });

  // A second version in navy, then a rollback to the first: the patient sees each at once.
  await setColour(page, 'Primary', NAVY.hex);
  await expect(preview.getByTestId('preview-brand-name')).toHaveCSS('color', NAVY.rgb);
  await publish(page, 2);
  expect((await patientSees(browser, host)).colour).toBe(NAVY.rgb);

  const versions = page.getByRole('grid', { name: 'Versions' });
  await versions.getByRole('button', { name: 'Roll back to version 1' }).click();
  await page.getByRole('dialog', { name: 'Roll back to version 1?' }).getByRole('button', { name: 'Roll back' }).click();
  await expect(page.getByText('Live: version 3 on')).toBeVisible();
  await expect(versions.getByText('Rolled back to version 1')).toBeVisible();
  expect(await patientSees(browser, host)).toEqual({ name, colour: MAROON.rgb });
  // The editor with its preview, versions and their Roll back buttons.
  await expectNoAxeViolations(page);
  await page.context().close();
});
