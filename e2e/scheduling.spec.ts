// Scheduling in checkout as a new patient (issue 6 "Done when", browser tests): a video visit is
// scheduled in checkout after the questionnaire (SPEC §2 schedule-visit), the reschedule link from
// the outbox email (SPEC §2 reschedulings/ path with the hide-GDPR-banner flag) moves the visit; an
// asynchronous product (visit type 3) reaches doctor confirmation and CONFIRM moves to the next
// stage (SPEC §2, §4 action labels SCHEDULE and CONFIRM). axe on each page; the slot picker by
// keyboard. Shipping and pharmacy are driven through the API (same cookies) until their pages land.
import { expect, test, type Page } from '@playwright/test';
import { acceptConsents, answerWeightCare, expectNoAxeViolations, startVisit } from './journeys.ts';

const STANDARD_SHIPPING = '00000000-0000-4000-8000-0000000a0301';
const CSRF = { 'x-requested-with': 'fetch' };

/**
 * SPEC §2 Shipping and Pharmacy, through the API with the page's cookies (their pages come with
 * issue 5): a New York address with standard shipping, then the partner pharmacy.
 */
async function shipAndChoosePharmacy(page: Page) {
  await expect(page).toHaveURL(/\/checkout\/(pre-shipping|shipping-details)$/);
  const cart = await page.request.get('/api/cart');
  expect(cart.ok()).toBe(true);
  const orderId = (await cart.json()).id as string;
  const shipped = await page.request.put(`/api/orders/${orderId}/shipping-address`, {
    headers: CSRF,
    data: {
      address: { fullName: 'Jordan Rivers', line1: '350 5th Ave', city: 'New York', state: 'NY', zip: '10118', phone: '2125550123' },
      methodId: STANDARD_SHIPPING,
    },
  });
  expect(shipped.status(), await shipped.text()).toBe(200);
  const pharmacy = await page.request.put(`/api/orders/${orderId}/pharmacy`, { headers: CSRF, data: { partner: true } });
  expect(pharmacy.status(), await pharmacy.text()).toBe(200);
  return orderId;
}

async function outboxMailTo(page: Page, email: string) {
  const res = await page.request.get('/dev/outbox.json');
  const { messages } = (await res.json()) as {
    messages: { to: string; subject: string; body: string; attachments: { filename: string; content: string }[] }[];
  };
  return messages.filter((m) => m.to === email);
}

/** /register inside checkout (names from shipping), then the summary's consents and a sandbox card. */
async function registerAndPay(page: Page, email: string) {
  await expect(page).toHaveURL(/\/register/);
  await page.getByLabel('Email').fill(email);
  await page.getByRole('textbox', { name: 'Password' }).fill('Juniper#Trail58');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/checkout\/summary$/);
  const total = (await page.getByTestId('order-total').textContent())!;
  await acceptConsents(page);
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry (MM/YY)').fill('12/34');
  await page.getByLabel('Security code (CVC)').fill('123');
  await page.getByRole('button', { name: `Pay ${total}` }).click();
  await expect(page).toHaveURL(/\/checkout\/order-confirmation\?order=/);
}

/** The reschedule link of the "visit scheduled" mail (mailed by a job once the order is paid). */
async function scheduledMailLink(page: Page, email: string): Promise<string> {
  await expect.poll(async () => (await outboxMailTo(page, email)).filter((m) => /is scheduled$/.test(m.subject)).length).toBe(1);
  const mail = (await outboxMailTo(page, email)).find((m) => /is scheduled$/.test(m.subject))!;
  expect(mail.attachments.map((a) => a.filename)).toEqual(['visit.ics']);
  expect(mail.attachments[0]!.content).toContain('BEGIN:VCALENDAR');
  const link = /(https?:\/\/\S+\/reschedulings\/\S+\?hide_gdpr_banner=1)/.exec(mail.body)?.[1];
  expect(link).toBeTruthy();
  return new URL(link!).pathname + new URL(link!).search;
}

/** A video visit booked in checkout (the first open time), registered and paid; answers its mail's link. */
async function paidVideoVisit(page: Page) {
  await startVisit(page, '/products/semaglutide-weight-care');
  await answerWeightCare(page);
  const orderId = await shipAndChoosePharmacy(page);
  await page.goto('/checkout');
  await expect(page).toHaveURL(/\/checkout\/schedule-visit$/);
  await page.getByRole('tabpanel').getByRole('button').first().click();
  const email = `visit.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.com`;
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'SCHEDULE' }).click();
  await registerAndPay(page, email);
  return { orderId, email, link: await scheduledMailLink(page, email) };
}

const orderStatus = async (page: Page, orderId: string) => ((await (await page.request.get(`/api/orders/${orderId}`)).json()) as { status: string }).status;

test.describe('scheduling in checkout', () => {
  test('a new patient schedules a video visit, pays, then moves it from the emailed reschedule link', async ({ page }) => {
    test.setTimeout(150_000);
    await startVisit(page, '/products/semaglutide-weight-care');
    await answerWeightCare(page);
    const orderId = await shipAndChoosePharmacy(page);

    // SPEC §2 "Scheduling: ... schedule-visit (other types)": the first pending stage now.
    await page.goto('/checkout');
    await expect(page).toHaveURL(/\/checkout\/schedule-visit$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Schedule your visit' })).toBeVisible();
    // Only doctors licensed in the shipping state (New York), plus First available.
    await expect(page.getByText('Doctors licensed in New York', { exact: true })).toBeVisible();
    await expect(page.getByRole('radio', { name: /First available/ })).toBeChecked();
    await expect(page.getByRole('tablist', { name: 'Days with open times' })).toBeVisible();
    await expectNoAxeViolations(page);

    // The slot picker by keyboard: the second day (ArrowRight), then its second time (ArrowRight, Enter).
    const days = page.getByRole('tab');
    await days.first().focus();
    await page.keyboard.press('ArrowRight');
    await expect(days.nth(1)).toBeFocused();
    await expect(days.nth(1)).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('Tab');
    const times = page.getByRole('tabpanel').getByRole('button');
    await expect(times.first()).toBeFocused();
    await page.keyboard.press('ArrowRight');
    await expect(times.nth(1)).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(times.nth(1)).toHaveAttribute('aria-pressed', 'true');

    const email = `video.${Date.now()}@example.com`;
    await page.getByLabel('Full name').fill('Jordan Rivers');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Phone number').fill('2125550123');
    await page.getByRole('button', { name: 'SCHEDULE' }).click();

    // Scheduling done: a guest goes on to Register (SPEC §2 stage order).
    await expect(page).toHaveURL(/\/register/);
    const shown = await (await page.request.get(`/api/orders/${orderId}/appointment`)).json();
    expect(shown.appointment).toMatchObject({ status: 'booked', visitType: 1, orderId });
    const bookedAt = shown.appointment.startsAt as string;

    // issue 13 #12: "visit scheduled" is mailed once the order is paid, not when the slot is picked.
    expect(await outboxMailTo(page, email)).toEqual([]);
    await registerAndPay(page, email);
    // The email: the reschedule link and the invite attached as visit.ics.
    const link = await scheduledMailLink(page, email);

    // Our own reschedule page; the privacy banner hidden by the flag.
    await page.goto(link);
    await expect(page.getByRole('heading', { level: 1, name: 'Reschedule your visit' })).toBeVisible();
    await expect(page.getByTestId('privacy-notice')).toHaveCount(0);
    await expect(page.getByRole('tablist', { name: 'Days with open times' })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByRole('tab').nth(2).click();
    await page.getByRole('tabpanel').getByRole('button').first().click();
    await page.getByRole('button', { name: 'Move my visit' }).click();
    await expect(page.getByText(/Your visit was moved/)).toBeVisible();

    const moved = await (await page.request.get(`/api/orders/${orderId}/appointment`)).json();
    expect(moved.appointment.startsAt).not.toBe(bookedAt);
    const mails = await outboxMailTo(page, email);
    expect(mails.some((m) => /was moved$/.test(m.subject) && m.attachments[0]?.filename === 'visit.ics')).toBe(true);
  });

  test('an asynchronous product reaches doctor confirmation and CONFIRM moves to the next stage', async ({ page }) => {
    test.setTimeout(120_000);
    await startVisit(page, '/products/metformin-er-weight-support');
    await answerWeightCare(page);
    const orderId = await shipAndChoosePharmacy(page);

    // SPEC §2 "Scheduling: doctor-confirmation (visit type 3)".
    await page.goto('/checkout');
    await expect(page).toHaveURL(/\/checkout\/doctor-confirmation$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Doctor review' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'What happens next' })).toBeVisible();
    // The storefront's typical review time (content.typicalReviewTime).
    await expect(page.getByText('within 24 hours')).toBeVisible();
    // The doctor assigned: next available unless the patient picks one licensed in their state.
    await expect(page.getByText('Your doctor', { exact: true })).toBeVisible();
    await expect(page.getByRole('radio', { name: /Next available doctor/ })).toBeChecked();
    await expectNoAxeViolations(page);

    await page.getByRole('button', { name: 'CONFIRM' }).click();
    // Scheduling done without a slot: a guest goes on to Register.
    await expect(page).toHaveURL(/\/register/);
    const shown = await (await page.request.get(`/api/orders/${orderId}/appointment`)).json();
    expect(shown).toEqual({ appointment: null, doctorId: null, visitType: 3 });
    const progress = await (await page.request.get(`/api/orders/${orderId}/checkout`)).json();
    expect(progress.completedStages & 16).toBe(16);
  });

  test('after paying, a patient cancels the visit and books a new time for the same order (issue 13 #12)', async ({ page }) => {
    test.setTimeout(150_000);
    const { orderId, email, link } = await paidVideoVisit(page);
    const first = (await (await page.request.get(`/api/orders/${orderId}/appointment`)).json()).appointment.startsAt as string;
    await page.goto(link);
    await page.getByRole('button', { name: 'Cancel visit' }).click();
    const dialog = page.getByRole('dialog', { name: 'Cancel this visit?' });
    await expect(dialog).toContainText('Your order stays open and your card is not charged.');
    await dialog.getByRole('button', { name: 'Yes, cancel visit' }).click();
    await expect(page.getByText('Your order is still open and your card has not been charged.', { exact: false })).toBeVisible();
    expect(await orderStatus(page, orderId)).toBe('visit_scheduled');
    await expect.poll(async () => (await outboxMailTo(page, email)).some((m) => /was cancelled$/.test(m.subject) && m.body.includes('Your order is still open'))).toBe(true);
    await expectNoAxeViolations(page);

    // A new time for the same order, on the same page.
    await page.getByRole('tab').nth(1).click();
    await page.getByRole('tabpanel').getByRole('button').first().click();
    await page.getByRole('button', { name: 'Book this time' }).click();
    await expect(page.getByText(/Your new visit is booked/)).toBeVisible();
    const rebooked = (await (await page.request.get(`/api/orders/${orderId}/appointment`)).json()).appointment;
    expect(rebooked).toMatchObject({ status: 'booked', orderId });
    expect(rebooked.startsAt).not.toBe(first);
    expect(await orderStatus(page, orderId)).toBe('visit_scheduled');
    // issue 13 #15: the page names the patient's zone, never UTC.
    await expect(page.getByTestId('visit-time')).not.toContainText('UTC');
  });

  test('after paying, a patient cancels the visit and then the order, and sees it cancelled (issue 13 #12)', async ({ page }) => {
    test.setTimeout(150_000);
    const { orderId, email, link } = await paidVideoVisit(page);
    await page.goto(link);
    await page.getByRole('button', { name: 'Cancel visit' }).click();
    await page.getByRole('dialog', { name: 'Cancel this visit?' }).getByRole('button', { name: 'Yes, cancel visit' }).click();
    await page.getByRole('button', { name: 'Cancel my order' }).click();
    await page.getByRole('dialog', { name: 'Cancel your order?' }).getByRole('button', { name: 'Yes, cancel my order' }).click();
    await expect(page.getByText('Your order was cancelled and the hold on your card was released. You were not charged.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Book this time' })).toHaveCount(0);
    expect(await orderStatus(page, orderId)).toBe('cancelled');
    await expect.poll(async () => (await outboxMailTo(page, email)).some((m) => m.subject === 'Your order was cancelled')).toBe(true);
  });
});
