// Scheduling in checkout as a new patient (issue 6 "Done when", browser tests): a video visit is
// scheduled in checkout after the questionnaire (SPEC §2 schedule-visit), the reschedule link from
// the outbox email (SPEC §2 reschedulings/ path with the hide-GDPR-banner flag) moves the visit; an
// asynchronous product (visit type 3) reaches doctor confirmation and CONFIRM moves to the next
// stage (SPEC §2, §4 action labels SCHEDULE and CONFIRM). axe on each page; the slot picker by
// keyboard. Shipping and pharmacy are driven through the API (same cookies) until their pages land.
import { expect, test, type Page } from '@playwright/test';
import { answerWeightCare, expectNoAxeViolations, startVisit } from './journeys.ts';

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

test.describe('scheduling in checkout', () => {
  test('a new patient schedules a video visit, then moves it from the emailed reschedule link', async ({ page }) => {
    test.setTimeout(120_000);
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

    // The confirmation email: the reschedule link and the invite attached as visit.ics.
    const [mail] = await outboxMailTo(page, email);
    expect(mail?.subject).toMatch(/is scheduled$/);
    expect(mail!.attachments.map((a) => a.filename)).toEqual(['visit.ics']);
    expect(mail!.attachments[0]!.content).toContain('BEGIN:VCALENDAR');
    const link = /(https?:\/\/\S+\/reschedulings\/\S+\?hide_gdpr_banner=1)/.exec(mail!.body)?.[1];
    expect(link).toBeTruthy();

    // Our own reschedule page; the privacy banner hidden by the flag.
    await page.goto(new URL(link!).pathname + new URL(link!).search);
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
});
