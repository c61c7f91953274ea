// Buying as a new patient (issue 7): a guest goes from the home page to the order confirmation with
// the sandbox card, registering inside checkout at the Register stage (SPEC §2 "If the user has no
// login token, Register is added to the pending stages"); a declined card first, then a good one
// (issue 7 "a declined card leaves the order unpaid with the gateway's reason in plain words, and a
// retry with another card works"); axe on the summary and the confirmation. With no saved card the
// summary offers the card form and Pay at once; the card is saved with the payment, and the next
// purchase offers it, picked, with Pay (issue 7 "add-new-or-switch card"). Keyboard focus never
// drops to the page: it stays on Add to cart, in the promo area, and goes to a decline's reason.
// Afterwards My account → Saved cards lists the saved card and its expiry can be edited (issue 7).
// One patient, three tests run in order (issue 13 #19): three purchases and the account's cards in one
// test left no room in its 60 s on a busy machine, so each purchase has its own budget; the later
// ones sign in as the patient the first one registered (a returning patient does).
// The lab panel ships nothing, so the summary asks the patient's state (issue 13 #13): a state it is
// not sold in is refused with the states named, a taxed one adds the tax line to the total charged,
// and Pay without one is refused.
import { expect, test, type Page } from '@playwright/test';
import { acceptConsents, expectNoAxeViolations } from './journeys.ts';

test.describe.configure({ mode: 'serial' });

/** The patient the first purchase registers; the later purchases are theirs. */
const patient = { email: '', password: 'Juniper#Trail58' };
test.beforeAll(() => {
  // A new patient for every run of the three (--repeat-each runs them again in the same worker).
  patient.email = `buyer.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.com`;
});

/** The returning patient signs in (the login form has its own journeys). */
async function signIn(page: Page) {
  await page.goto('/');
  await dismissPrivacy(page);
  const res = await page.request.post('/api/auth/login', { headers: { 'x-requested-with': 'fetch' }, data: patient });
  expect(res.status(), await res.text()).toBe(200);
}

async function dismissPrivacy(page: Page) {
  const privacy = page.getByTestId('privacy-notice');
  if (await privacy.isVisible()) await privacy.getByRole('button', { name: 'OK' }).click();
}

async function fillCard(page: Page, number: string) {
  await page.getByLabel('Card number').fill(number);
  await page.getByLabel('Expiry (MM/YY)').fill('12/34');
  await page.getByLabel('Security code (CVC)').fill('123');
}

const LAB_PANEL_REFUSAL = 'Sorry, Comprehensive Wellness Lab Panel is not available in New Jersey, New York, Rhode Island.';

/**
 * A signed-in patient puts the lab panel in the cart again and checks out: straight to the summary,
 * which asks their state (issue 13 #13); with `state` given it is chosen and the tax line shows it.
 */
async function buyLabPanelAgain(page: Page, state?: { code: string; tax: string }) {
  await page.goto('/products/comprehensive-lab-panel');
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await expect(page.getByText('is in your cart.')).toBeVisible();
  await page.goto('/cart');
  await page.getByRole('button', { name: 'Proceed to checkout' }).click();
  await expect(page).toHaveURL(/\/checkout\/summary$/);
  await expect(page.getByTestId('summary-tax')).toHaveText('Calculated from your state');
  if (state) {
    await page.getByLabel('Your state').selectOption(state.code);
    await expect(page.getByTestId('summary-tax')).toHaveText(state.tax);
  }
}

test('a new guest buys a product that needs no consult, from / to the confirmation, after a declined card', async ({ page }) => {
  await page.goto('/');
  await dismissPrivacy(page);
  await page.goto('/products/comprehensive-lab-panel');
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await expect(page.getByText('is in your cart.')).toBeVisible();
  await expect(page.getByTestId('add-to-cart')).toBeFocused();
  await page.goto('/cart');
  await page.getByRole('button', { name: 'Proceed to checkout' }).click();

  // SPEC §2 "Register: /register" — the only stage left for a guest before Payment.
  await expect(page).toHaveURL(/\/register/);
  await page.getByLabel('Email').fill(patient.email);
  await page.getByRole('textbox', { name: 'Password' }).fill(patient.password);
  await page.getByLabel('First name').fill('Robin');
  await page.getByLabel('Last name').fill('Ellis');
  await page.getByRole('button', { name: 'Create account' }).click();

  // Registered, the patient carries on with the checkout by themselves.
  // SPEC §2 "Payment: ... else summary".
  await expect(page).toHaveURL(/\/checkout\/summary$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Order summary' })).toBeVisible();
  await expect(page.getByText(/Comprehensive Wellness Lab Panel/)).toBeVisible();
  // issue 13 #13: the panel is drawn at a lab, nothing ships, so the summary asks where the patient
  // is. New York is refused in words that name the states; California adds its 7.25% tax.
  const yourState = page.getByLabel('Your state');
  await expect(page.getByTestId('summary-tax')).toHaveText('Calculated from your state');
  await yourState.selectOption('NY');
  await expect(page.getByRole('alert').filter({ hasText: LAB_PANEL_REFUSAL })).toBeVisible();
  await expect(page.getByTestId('order-total')).toHaveText('$89.00');
  // A keyboard user's focus stays on the state while the order is re-priced.
  await yourState.focus();
  await yourState.selectOption('CA');
  await expect(page.getByTestId('summary-tax')).toHaveText('$6.45');
  await expect(page.getByText('Tax (CA 7.25%)')).toBeVisible();
  await expect(page.getByTestId('order-total')).toHaveText('$95.45');
  await expect(page.getByText(LAB_PANEL_REFUSAL)).toHaveCount(0);
  await expect(yourState).toBeFocused();
  // SPEC §5 "Promo code prompt: Enter a promo code."; SPEC §8 "Sorry that promo code is invalid."
  await page.getByLabel('Enter a promo code').fill('SUMMER15');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByText('Sorry that promo code is invalid.')).toBeVisible();
  await expect(page.getByLabel('Enter a promo code')).toBeFocused();
  await page.getByLabel('Enter a promo code').fill('WELCOME10');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByTestId('promo-applied')).toContainText('WELCOME10');
  await expect(page.getByRole('button', { name: 'Remove promo code WELCOME10' })).toBeFocused();
  // The tax follows the discount: 7.25% of $80.10.
  await expect(page.getByTestId('summary-tax')).toHaveText('$5.81');
  const total = (await page.getByTestId('order-total').textContent())!;
  expect(total).toBe('$85.91');

  await acceptConsents(page);
  // No saved card yet: the card form and Pay straight away, nothing to switch to.
  await expect(page.getByRole('form', { name: 'Card details' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Pay with a new card instead' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Use a saved card' })).toHaveCount(0);
  await page.getByRole('heading', { name: 'Payment' }).locator('..').screenshot({ path: test.info().outputPath('payment-no-saved-card.png') });
  await fillCard(page, '4000 0000 0000 0002');
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: `Pay ${total}` }).click();
  await expect(page.getByTestId('pay-error')).toContainText(/declined/i);
  await expect(page.getByTestId('pay-error')).toBeFocused();
  await expect(page).toHaveURL(/\/checkout\/summary$/);
  // Nothing typed is lost: the consents stay accepted; a good card pays.
  await expect(page.getByRole('checkbox', { name: /^I have read and accept the / }).first()).toBeChecked();
  await fillCard(page, '4242 4242 4242 4242');
  await page.getByRole('button', { name: `Pay ${total}` }).click();

  await expect(page).toHaveURL(/\/checkout\/order-confirmation\?order=/);
  await expect(page.getByRole('heading', { level: 1, name: 'Thank you! Your order is placed.' })).toBeVisible();
  await expect(page.getByTestId('order-number')).toHaveText(/^[0-9A-F]{8}$/);
  await expect(page.getByText(`Paid: ${total}`)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Go to my account' })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.screenshot({ path: test.info().outputPath('purchase-confirmation.png'), fullPage: true });
});

test('the next purchase offers the card saved with the first, which the account lists and edits', async ({ page }) => {
  // The card saved with the payment is offered, picked, with Pay.
  await signIn(page);
  await buyLabPanelAgain(page);
  await expect(page.getByRole('heading', { level: 3, name: 'Pay with a saved card' })).toBeVisible();
  await expect(page.getByRole('radio', { name: /Visa ending in 4242/ })).toBeChecked();
  await expect(page.getByRole('form', { name: 'Card details' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Add a new card' })).toHaveCount(0);
  // The checkout only chooses the card to pay with: removing it or making another current is the account's.
  await expect(page.getByRole('button', { name: 'Remove Visa ending in 4242' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Make .* current$/ })).toHaveCount(0);
  await acceptConsents(page);
  // issue 13 #13: Pay before giving the state is refused, and nothing is charged; Texas then taxes it.
  await page.getByRole('button', { name: 'Pay $89.00' }).click();
  await expect(page.getByTestId('pay-error')).toHaveText('Please choose the state you are in. Sales tax and where this order is available depend on it.');
  await page.getByLabel('Your state').selectOption('TX');
  await expect(page.getByTestId('summary-tax')).toHaveText('$5.56');
  const secondTotal = (await page.getByTestId('order-total').textContent())!;
  expect(secondTotal).toBe('$94.56');
  await expectNoAxeViolations(page);
  await page.getByRole('heading', { name: 'Payment' }).locator('..').screenshot({ path: test.info().outputPath('payment-saved-card.png') });
  // Switching to a new card and back.
  await page.getByRole('button', { name: 'Pay with a new card instead' }).click();
  await expect(page.getByRole('form', { name: 'Card details' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Pay with a new card instead' })).toHaveCount(0);
  await page.getByRole('heading', { name: 'Payment' }).locator('..').screenshot({ path: test.info().outputPath('payment-saved-card-new-mode.png') });
  await page.getByRole('button', { name: 'Use a saved card' }).click();
  await expect(page.getByRole('radio', { name: /Visa ending in 4242/ })).toBeChecked();
  await page.getByRole('button', { name: `Pay ${secondTotal}` }).click();
  await expect(page).toHaveURL(/\/checkout\/order-confirmation\?order=/);
  await expect(page.getByText(`Paid: ${secondTotal}`)).toBeVisible();
  // issue 7 "Saved cards: list, add, update (expiry, billing address), remove, set current": the card
  // saved with the first payment is listed in the account, current, and its expiry and billing address
  // can be changed.
  await page.goto('/my-account');
  await page.getByRole('link', { name: 'Manage saved cards' }).click();
  await expect(page).toHaveURL(/\/my-account\/cards$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Saved cards' })).toBeVisible();
  const saved = page.getByRole('list', { name: 'Your cards' }).getByRole('listitem');
  await expect(saved).toHaveCount(1);
  await expect(saved.first()).toContainText('Visa ending in 4242');
  await expect(saved.first()).toContainText('Current');
  await expect(saved.first()).toContainText('Expires 12/34');
  await page.getByRole('button', { name: 'Edit Visa ending in 4242' }).click();
  const edit = page.getByRole('form', { name: 'Edit Visa ending in 4242' });
  // A past date: the server's own words beside the fields, the card unchanged.
  await edit.getByLabel('Month (MM)').fill('01');
  await edit.getByLabel('Year (YYYY)').fill('2020');
  await edit.getByRole('button', { name: 'Save changes' }).click();
  await expect(edit.getByText('This card has expired. Please use a different card.')).toBeVisible();
  await expect(saved.first()).toContainText('Expires 12/34');
  await expect(edit.getByLabel('Year (YYYY)')).toHaveValue('2020');
  await edit.getByLabel('Year (YYYY)').fill('2035');
  await edit.getByRole('button', { name: 'Save changes' }).click();
  await expect(edit.getByRole('status')).toHaveText('Card updated.');
  await expect(saved.first()).toContainText('Expires 01/35');
  // …and its billing address given, which the list then shows.
  await edit.getByLabel('Street address').fill('9 Elm Rd');
  await edit.getByLabel('City').fill('Denver');
  await edit.getByLabel('State').selectOption('CO');
  await edit.getByLabel('ZIP code').fill('80202');
  await edit.getByRole('button', { name: 'Save changes' }).click();
  await expect(saved.first()).toContainText('Billing address: 9 Elm Rd, Denver, CO 80202');
  await expect(edit.getByRole('status')).toHaveText('Card updated.');
  await expectNoAxeViolations(page);
  await page.screenshot({ path: test.info().outputPath('saved-cards.png'), fullPage: true });
});

test('a third purchase pays with a card the processor refuses once, not saved', async ({ page }) => {
  // A third purchase with a new card the processor cannot handle at first (README "Test cards":
  // 4000 0000 0000 0119 "processing error, then succeeds on retry"): the plain-words message, then
  // pressing Pay again with the card as typed pays. Not saved, so the account keeps one card.
  await signIn(page);
  // Colorado: the panel is sold there and this store collects no tax there.
  await buyLabPanelAgain(page, { code: 'CO', tax: '$0.00' });
  const thirdTotal = (await page.getByTestId('order-total').textContent())!;
  await acceptConsents(page);
  await page.getByRole('button', { name: 'Pay with a new card instead' }).click();
  await page.getByRole('checkbox', { name: 'Save this card to my account for next time' }).uncheck();
  await page.getByLabel('Card number').fill('4000 0000 0000 0119');
  // An expiry of its own: the sandbox counts "tried again" per card, and no other run uses this one.
  await page.getByLabel('Expiry (MM/YY)').fill(`${String(1 + Math.floor(Math.random() * 12)).padStart(2, '0')}/${35 + Math.floor(Math.random() * 5)}`);
  await page.getByLabel('Security code (CVC)').fill('123');
  await page.getByRole('button', { name: `Pay ${thirdTotal}` }).click();
  await expect(page.getByTestId('pay-error')).toHaveText('We could not process your card just now. Please try again.');
  await page.getByRole('button', { name: `Pay ${thirdTotal}` }).click();
  await expect(page).toHaveURL(/\/checkout\/order-confirmation\?order=/);
  await expect(page.getByText(`Paid: ${thirdTotal}`)).toBeVisible();
  await page.goto('/my-account/cards');
  await expect(page.getByRole('list', { name: 'Your cards' }).getByRole('listitem')).toHaveCount(1);
});
