// Issue 5 browser journeys: shipping details and pharmacy choice in checkout, as a guest on
// Evergreen (pharmacyChoice on, no display pages). The consult is answered through the API (the
// questionnaire has its own journey in checkout-consult.spec.ts) so the pharmacy stages are next.
import { readFile } from 'node:fs/promises';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './journeys.ts';

const CSRF = { 'x-requested-with': 'fetch' };

/** A guest session whose cart holds the product; answers the order id. */
async function guestCartWith(page: Page, product: string): Promise<string> {
  await page.goto('/');
  const privacy = page.getByRole('region', { name: /privacy/i });
  if (await privacy.isVisible().catch(() => false))
    await privacy.getByRole('button', { name: 'OK' }).click();
  const res = await page.request.post(`/api/checkout/redirect?productId=${product}`, {
    headers: CSRF,
  });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { orderId: string }).orderId;
}

type Question = {
  id: string;
  type: string;
  required?: boolean;
  options?: { value: string; disqualifies?: boolean; exclusive?: boolean }[];
};

/** A harmless answer to each question the consult asks (never a disqualifying one). */
function answerFor(q: Question, uploadId: string): unknown {
  switch (q.type) {
    case 'file_upload':
      return [uploadId];
    case 'number':
      return 35;
    case 'yes_no':
      return 'no';
    case 'single_choice':
      return (q.options?.find((o) => o.value === 'male') ?? q.options?.find((o) => !o.disqualifies))
        ?.value;
    case 'multiple_choice':
      return [
        (q.options?.find((o) => o.exclusive) ?? q.options?.find((o) => !o.disqualifies))?.value,
      ];
    case 'medications':
    case 'allergies':
      return { none: true, items: [] };
    case 'consent':
      return true;
    case 'date':
      return '1990-01-01';
    case 'height_weight':
      return { heightInches: 70, weightPounds: 180 };
    case 'text':
      return q.required === false ? undefined : 'None';
    default:
      return undefined;
  }
}

async function answerConsult(request: APIRequestContext, orderId: string) {
  const photo = await readFile(new URL('./fixtures/patient-photo.jpg', import.meta.url));
  const upload = await request.post('/api/uploads', {
    headers: CSRF,
    multipart: { file: { name: 'patient-photo.jpg', mimeType: 'image/jpeg', buffer: photo } },
  });
  expect(upload.status(), await upload.text()).toBe(201);
  const uploadId = ((await upload.json()) as { id: string }).id;
  const consults = await (await request.get(`/api/orders/${orderId}/consults`)).json();
  for (const item of consults.items as {
    consult: {
      id: string;
      questionnaire: { version: { definition: { pages: { questions: Question[] }[] } } };
    };
  }[]) {
    const { id, questionnaire } = item.consult;
    const pages = questionnaire.version.definition.pages;
    for (const [index, page] of pages.entries()) {
      const answers: Record<string, unknown> = {};
      for (const q of page.questions) {
        const a = answerFor(q, uploadId);
        if (a !== undefined) answers[q.id] = a;
      }
      const res = await request.put(`/api/consults/${id}/pages/${index}`, {
        headers: CSRF,
        data: { answers, mode: 'next' },
      });
      expect(res.status(), await res.text()).toBe(200);
    }
    const submitted = await request.post(`/api/consults/${id}/submit`, { headers: CSRF });
    expect(submitted.status(), await submitted.text()).toBe(200);
  }
}

async function fillAddress(page: Page) {
  const form = page.getByRole('form', { name: 'Shipping address' });
  await form.getByLabel('Full name').fill('Jamie Rivera');
  await form.getByLabel('Street address').fill('500 Congress Ave');
  await form.getByLabel('City').fill('Austin');
  await form.getByLabel('State').selectOption('TX');
  await form.getByLabel('ZIP code').fill('78701');
  await form.getByLabel('Phone number').fill('(512) 555-0134');
}

test.describe('shipping details and pharmacy choice (issue 5)', () => {
  test('a guest enters an address, picks a method and sees the totals change', async ({ page }) => {
    // SPEC §7 "shipping addresses and methods", "update shipping fee"; SPEC §5 PhoneNumber; §4 loading/done states
    const orderId = await guestCartWith(page, 'vitamin-d3-2000');
    // The state the guest chose in the cart (to see its tax) is the address's state to start with.
    const chosen = await page.request.patch(`/api/orders/${orderId}/shipping`, {
      headers: CSRF,
      data: { state: 'TX' },
    });
    expect(chosen.status(), await chosen.text()).toBe(200);
    await page.goto('/checkout/shipping-details');
    await expect(page.getByRole('heading', { level: 1, name: 'Shipping details' })).toBeVisible();
    await expect(
      page.getByRole('form', { name: 'Shipping address' }).getByLabel('State'),
    ).toHaveValue('TX');

    // A bad phone number gets SPEC §5's message beside the field, and nothing moves on.
    const form = page.getByRole('form', { name: 'Shipping address' });
    await form.getByLabel('Phone number').fill('555-01');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(form.getByText('Invalid format. Please enter 10 digits.')).toBeVisible();

    await fillAddress(page);
    const total = page.getByTestId('order-total');
    const before = await total.textContent();
    const methods = page.getByRole('radiogroup', { name: 'Shipping method' });
    const radios = methods.getByRole('radio');
    await expect(radios).not.toHaveCount(0);
    await expect(methods).toContainText(/Arrives in \d/);
    await expect(radios.first()).toBeChecked();
    await radios.last().click();
    await expect(radios.last()).toBeChecked();
    await expect(total).not.toHaveText(before ?? '');
    const shipping = await page.getByTestId('summary-shipping').textContent();
    await radios.first().click();
    await expect(radios.first()).toBeChecked();
    await expect(page.getByTestId('summary-shipping')).not.toHaveText(shipping ?? '');
    await expect(total).toHaveText(before ?? '');
    await expectNoAxeViolations(page);

    await page.getByRole('button', { name: 'Continue' }).click();
    // Shipping done: on to the next pending stage (a guest registers before paying, SPEC §2).
    await expect(page).not.toHaveURL(/shipping-details/);
  });

  test('a guest chooses a pharmacy on the map and from search, and adds their own', async ({
    page,
  }) => {
    // SPEC §2 routes (pharmacy-options, pharmacy-search, pharmacy-map); SPEC §3 Pharmacy; SPEC §7 "pharmacies map and list", "add patient pharmacy to order"
    const orderId = await guestCartWith(page, 'finasteride-1mg');
    await answerConsult(page.request, orderId);
    await page.goto('/checkout/shipping-details');
    await fillAddress(page);
    await page.getByRole('button', { name: 'Continue' }).click();

    // SPEC §2: Shipping and Pharmacy both route to shipping-details; it leads on to the options.
    await expect(page).toHaveURL(/\/checkout\/pharmacy-options$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Pharmacy options' })).toBeVisible();
    await expect(page.getByRole('radio', { name: /Ship from our partner pharmacy/ })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByRole('radio', { name: /Send to a local pharmacy/ }).check();
    await page.getByRole('button', { name: 'Find a pharmacy' }).click();

    // Search: starts from the shipping ZIP, nearest first.
    await expect(page).toHaveURL(/\/checkout\/pharmacy-search$/);
    const found = page.getByRole('radiogroup', { name: 'Pharmacies found' });
    await expect(found.getByRole('radio').first()).toBeVisible();
    await expectNoAxeViolations(page);

    // The map (no tiles on this machine): choosing in the list selects the marker too.
    await page.getByRole('link', { name: 'View pharmacies on a map' }).click();
    await expect(page).toHaveURL(/\/checkout\/pharmacy-map$/);
    const onMap = page.getByRole('radiogroup', { name: 'Pharmacies on the map' });
    const second = onMap.getByRole('radio').nth(1);
    await second.check();
    const chosenName = (await page.getByTestId('selected-pharmacy').textContent())!;
    expect(chosenName.length).toBeGreaterThan(0);
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Continue with this pharmacy' }).click();
    // Pharmacy done: on to scheduling.
    await expect(page).not.toHaveURL(/pharmacy-map/);
    let order = await (await page.request.get(`/api/orders/${orderId}`)).json();
    expect(order.pharmacyId).not.toBeNull();
    const fromMap = order.pharmacyId as string;

    // Back to search (an earlier stage stays reachable): choose another result.
    await page.goto('/checkout/pharmacy-search');
    await found.getByRole('radio').first().check();
    await page.getByRole('button', { name: 'Continue with this pharmacy' }).click();
    await expect(page).not.toHaveURL(/pharmacy-search/);
    order = await (await page.request.get(`/api/orders/${orderId}`)).json();
    expect(order.pharmacyId).not.toBe(fromMap);

    // Their own pharmacy: NPI with its check digit, stored as patient-created and chosen.
    await page.goto('/checkout/pharmacy-search');
    // "Can't find your pharmacy?" once the results are there to look through (pressed while they
    // load, the button moves under the pointer; issue 13 #19).
    await expect(found.getByRole('radio').first()).toBeVisible();
    await page.getByRole('button', { name: /Add it/ }).click();
    const add = page.getByRole('form', { name: 'Add your pharmacy' });
    await add.getByLabel('Pharmacy name').fill('Riverside Family Pharmacy');
    await add.getByLabel('Street address').fill('210 Lavaca St');
    await add.getByLabel('City').fill('Austin');
    await add.getByLabel('State').selectOption('TX');
    await add.getByLabel('ZIP code').fill('78701');
    await add.getByLabel('Phone number').fill('5125550188');
    await add.getByLabel('NPI').fill('1234567893');
    await expectNoAxeViolations(page);
    await add.getByRole('button', { name: /Add/ }).click();
    await expect(page.getByTestId('selected-pharmacy')).toHaveText('Riverside Family Pharmacy');
    await page.getByRole('button', { name: 'Continue with this pharmacy' }).click();
    await expect(page).not.toHaveURL(/pharmacy-search/);
    order = await (await page.request.get(`/api/orders/${orderId}`)).json();
    const mine = await (await page.request.get(`/api/pharmacies/${order.pharmacyId}`)).json();
    expect(mine).toMatchObject({ name: 'Riverside Family Pharmacy', isPatientCreated: true });
  });
});

test.describe('the summary shows where the order ships and its pharmacy (issue 13 #11)', () => {
  test('signed in: a new address typed but not saved is used by Continue, and the summary changes both and comes back', async ({ page }) => {
    test.setTimeout(150_000);
    const orderId = await guestCartWith(page, 'finasteride-1mg');
    // Registering hands the guest's cart to the new account (sign-in adoption).
    const email = `ship.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.com`;
    const registered = await page.request.post('/api/auth/register', {
      headers: CSRF,
      data: { email, password: 'Juniper#Trail58', firstName: 'Jamie', lastName: 'Rivera' },
    });
    expect(registered.status(), await registered.text()).toBe(201);
    await answerConsult(page.request, orderId);
    // The address the patient shipped to before.
    const old = await page.request.post('/api/addresses', {
      headers: CSRF,
      data: { fullName: 'Jamie Rivera', line1: '12 Oak Street', city: 'Austin', state: 'TX', zip: '78701', phone: '5125550134' },
    });
    expect(old.status(), await old.text()).toBe(201);

    // Shipping: the old address is picked; the patient adds a new one but presses Continue without
    // "Save address". Half typed, Continue says what is missing and ships nowhere.
    await page.goto('/checkout/shipping-details');
    await expect(page.getByRole('radio', { name: /12 Oak Street/ })).toBeChecked();
    await page.getByRole('button', { name: 'Add a new address' }).click();
    const form = page.getByRole('form', { name: 'New address' });
    await form.getByLabel('Full name').fill('Jamie Rivera');
    await form.getByLabel('Street address').fill('500 Congress Ave');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByText('Your new address is not saved yet.', { exact: false })).toBeVisible();
    await expect(form.getByLabel('City')).toHaveAttribute('aria-invalid', 'true');
    await expect(page).toHaveURL(/\/checkout\/shipping-details$/);
    await form.getByLabel('City').fill('Austin');
    await form.getByLabel('State').selectOption('TX');
    await form.getByLabel('ZIP code').fill('78701');
    await form.getByLabel('Phone number').fill('(512) 555-0199');
    await page.getByRole('button', { name: 'Continue' }).click();
    // Used, not dropped: the order ships to the typed address, and it is kept in the address book.
    await expect(page).toHaveURL(/\/checkout\/pharmacy-options$/);
    let order = await (await page.request.get(`/api/orders/${orderId}`)).json();
    expect(order.shippingAddress).toMatchObject({ line1: '500 Congress Ave', phone: '5125550199' });
    const book = await (await page.request.get('/api/addresses')).json();
    expect(JSON.stringify(book)).toContain('500 Congress Ave');

    await page.getByRole('radio', { name: /Ship from our partner pharmacy/ }).check();
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page).toHaveURL(/\/checkout\/doctor-confirmation$/);
    await page.getByRole('button', { name: 'CONFIRM' }).click();

    // The summary: the ship-to address and the pharmacy, each with a way to change it.
    await expect(page).toHaveURL(/\/checkout\/summary$/);
    const shipTo = page.getByRole('region', { name: 'Ship to' });
    await expect(shipTo).toContainText('500 Congress Ave, Austin, TX 78701');
    const pharmacy = page.getByRole('region', { name: 'Pharmacy' });
    await expect(pharmacy.getByText(/\S/).first()).toBeVisible();
    const partnerName = (await pharmacy.locator('p').first().textContent())!;
    await expectNoAxeViolations(page);

    // Change the address: back to the old one, and back to the summary.
    await shipTo.getByRole('link', { name: 'Change shipping address' }).click();
    await expect(page).toHaveURL(/\/checkout\/shipping-details\?edit=1&return=summary$/);
    await page.getByRole('radio', { name: /12 Oak Street/ }).check();
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page).toHaveURL(/\/checkout\/summary$/);
    await expect(shipTo).toContainText('12 Oak Street, Austin, TX 78701');

    // Change the pharmacy: a local one from search, and back to the summary.
    await pharmacy.getByRole('link', { name: 'Change pharmacy' }).click();
    await expect(page).toHaveURL(/\/checkout\/pharmacy-options\?return=summary$/);
    await page.getByRole('radio', { name: /Send to a local pharmacy/ }).check();
    await page.getByRole('button', { name: 'Find a pharmacy' }).click();
    await expect(page).toHaveURL(/\/checkout\/pharmacy-search\?return=summary$/);
    await page.getByRole('radiogroup', { name: 'Pharmacies found' }).getByRole('radio').first().check();
    const localName = (await page.getByTestId('selected-pharmacy').textContent())!;
    await page.getByRole('button', { name: 'Continue with this pharmacy' }).click();
    await expect(page).toHaveURL(/\/checkout\/summary$/);
    await expect(pharmacy).toContainText(localName);
    expect(localName).not.toBe(partnerName);
    order = await (await page.request.get(`/api/orders/${orderId}`)).json();
    expect(order.shippingAddress).toMatchObject({ line1: '12 Oak Street' });
  });
});
