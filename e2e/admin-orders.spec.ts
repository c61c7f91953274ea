// issue 18 (orders slice): "refunds an order (the sandbox shows it)". A new patient buys the
// sunscreen (it ships and needs no consult, so the card is charged at checkout: a consult order's
// card is only held until the doctor approves, and a hold is released, not refunded). The operator
// finds the order by the patient's email, reads its timeline, refunds part of it and then the
// rest, and the sandbox processor lists both refunds; resends the confirmation mail and it is in
// the outbox again; the audit viewer shows the refund with its before and after; the orders CSV
// downloads with the order in it. axe on every page of the slice.
import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { adminSignIn } from './admin-journeys';
import { acceptConsents, expectNoAxeViolations, mailsTo } from './journeys';

async function dismissPrivacy(page: Page) {
  const privacy = page.getByTestId('privacy-notice');
  if (await privacy.isVisible()) await privacy.getByRole('button', { name: 'OK' }).click();
}

/** A new patient buys the sunscreen, registering at checkout; answers the order number. */
async function buySunscreen(page: Page, email: string): Promise<string> {
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
  return (await page.getByTestId('order-number').textContent())!;
}

test('the operator finds a paid order by email, refunds part and then the rest, resends its confirmation, and sees it in the audit log and the CSV (issue 18)', async ({ browser, page }) => {
  test.setTimeout(420_000);
  const email = `refund.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.com`;
  const orderNumber = await buySunscreen(page, email);
  await expect.poll(async () => (await mailsTo(page.request, email)).filter((m) => m.subject?.includes(orderNumber)).length, { timeout: 20_000 }).toBe(1);

  const admin = await adminSignIn(browser);
  await admin.getByRole('link', { name: 'Orders', exact: true }).click();
  await expect(admin.getByRole('heading', { level: 1, name: 'Orders' })).toBeVisible();
  await expectNoAxeViolations(admin);
  const search = admin.getByRole('search', { name: 'Search orders' });
  await search.getByLabel('Patient email').fill(email.toUpperCase());
  await search.getByRole('button', { name: 'Search' }).click();
  // The unfiltered list shows first (other journeys' Robin Ellis orders too): wait for the search to apply.
  await expect(admin).toHaveURL(/[?&]email=/);
  const grid = admin.getByRole('grid', { name: 'Orders' });
  const rows = grid.getByRole('row').filter({ has: admin.getByRole('gridcell') });
  await expect(rows).toHaveCount(1);
  await expect(rows.getByRole('link', { name: orderNumber })).toBeVisible();
  await expect(rows.getByText('Robin Ellis')).toBeVisible();
  await admin.screenshot({ path: test.info().outputPath('admin-orders.png'), fullPage: true });

  await grid.getByRole('link', { name: orderNumber }).click();
  await expect(admin.getByRole('heading', { level: 1, name: `Order ${orderNumber}` })).toBeVisible();
  const timeline = admin.getByRole('table', { name: 'Timeline' });
  await expect(timeline.getByText('Payment captured')).toBeVisible();
  await expect(timeline.getByText('Status: awaiting payment → paid')).toBeVisible();
  await expect(timeline.getByText('Mail sent: Order confirmation and receipt')).toBeVisible();
  await expectNoAxeViolations(admin);

  // A partial refund: $1.00, confirmed.
  const refund = admin.getByRole('form', { name: 'Refund' });
  await refund.getByLabel('Amount in dollars (empty: all that is left)').fill('1');
  await refund.getByLabel('Reason').fill('Box arrived dented');
  await refund.getByRole('button', { name: 'Refund' }).click();
  await admin.getByRole('dialog', { name: 'Refund this order?' }).getByRole('button', { name: 'Refund' }).click();
  await expect(refund.getByRole('status')).toContainText('$1.00 given back in all; the order is paid.');
  await expect(timeline.getByText('Partial refund')).toBeVisible();

  // Too much is refused beside the amount, and nothing is lost.
  await refund.getByLabel('Amount in dollars (empty: all that is left)').fill('9999');
  await refund.getByLabel('Reason').fill('Too much');
  await refund.getByRole('button', { name: 'Refund' }).click();
  await admin.getByRole('dialog', { name: 'Refund this order?' }).getByRole('button', { name: 'Refund' }).click();
  await expect(refund.getByText('That is more than is left to refund on this order.')).toBeVisible();
  await expect(refund.getByLabel('Reason')).toHaveValue('Too much');

  // The rest.
  await refund.getByLabel('Amount in dollars (empty: all that is left)').fill('');
  await refund.getByLabel('Reason').fill('Patient asked for the rest');
  await refund.getByRole('button', { name: 'Refund' }).click();
  await admin.getByRole('dialog', { name: 'Refund this order?' }).getByRole('button', { name: 'Refund' }).click();
  await expect(refund.getByRole('status')).toContainText('the order is refunded');
  await expect(timeline.getByRole('cell', { name: 'Refunded in full', exact: true })).toBeVisible();
  await expect(timeline.getByText('Status: paid → refunded')).toBeVisible();
  await admin.screenshot({ path: test.info().outputPath('admin-order-refunded.png'), fullPage: true });

  // The sandbox processor shows both refunds.
  const sandbox = await admin.context().newPage();
  await sandbox.goto('/dev/sandbox-payments');
  const row = sandbox.getByRole('row').filter({ has: sandbox.getByRole('listitem').filter({ hasText: 'refund $1.00' }) }).first();
  await expect(row.getByTestId('sandbox-status')).toContainText('charged (refunded');
  await expect(row.getByTestId('sandbox-refunds').getByRole('listitem')).toHaveCount(2);
  await sandbox.screenshot({ path: test.info().outputPath('sandbox-refunds.png'), fullPage: true });
  await sandbox.close();

  // Resend the confirmation: it is in the outbox again.
  await admin.getByRole('button', { name: 'Resend: Order confirmation and receipt' }).click();
  await expect(admin.getByRole('button', { name: 'Resend: Order confirmation and receipt' })).toHaveAttribute('data-status', 'done');
  await expect.poll(async () => (await mailsTo(page.request, email)).filter((m) => m.subject?.includes(orderNumber)).length, { timeout: 20_000 }).toBe(2);

  // The audit viewer: the refund with its before and after.
  await admin.getByRole('link', { name: 'Audit log' }).click();
  await expect(admin.getByRole('heading', { level: 1, name: 'Audit log' })).toBeVisible();
  const filters = admin.getByRole('search', { name: 'Filter the audit log' });
  await filters.getByLabel('Action').fill('payment.refunded');
  await filters.getByRole('button', { name: 'Search' }).click();
  const events = admin.getByRole('grid', { name: 'Audit events' });
  await expect(events.getByText('paymentStatus: captured → refunded').first()).toBeVisible();
  await expectNoAxeViolations(admin);
  await admin.screenshot({ path: test.info().outputPath('admin-audit.png'), fullPage: true });

  // The orders CSV with the order in it.
  await admin.getByRole('link', { name: 'Orders', exact: true }).click();
  await admin.getByRole('search', { name: 'Search orders' }).getByLabel('Patient email').fill(email);
  await admin.getByRole('search', { name: 'Search orders' }).getByRole('button', { name: 'Search' }).click();
  await expect(admin.getByRole('grid', { name: 'Orders' }).getByRole('link', { name: orderNumber })).toBeVisible();
  const [download] = await Promise.all([admin.waitForEvent('download'), admin.getByRole('link', { name: 'Export CSV' }).click()]);
  const csv = await readFile((await download.path())!, 'utf8');
  const lines = csv.trim().split('\n');
  expect(lines[0]).toBe('Order number,Order id,Placed (UTC),Storefront,Status,Patient,Email,Total,Refunded');
  expect(lines).toHaveLength(2);
  expect(lines[1]).toContain(orderNumber);
  expect(lines[1]).toContain('refunded');
  await admin.context().close();
});
