// Steps the browser journeys share: a new patient starting an online visit, answering the demo
// weight-care questionnaire so they qualify, and axe on the page as it stands.
import AxeBuilder from '@axe-core/playwright';
import { expect, type APIRequestContext, type Browser, type BrowserContext, type Page } from '@playwright/test';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const PHOTO = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures', 'patient-photo.jpg');

/**
 * Ticks every consent on the order summary once they have loaded (they arrive after the page;
 * the payment block's own checkbox is not a consent).
 */
export async function acceptConsents(page: Page) {
  const consents = page.getByRole('checkbox', { name: /^I have read and accept the / });
  await expect(consents.first()).toBeVisible();
  for (const box of await consents.all()) await box.check();
}

export async function expectNoAxeViolations(page: Page) {
  // Legacy mode runs axe in the page itself (our pages have no cross-origin frames) instead of
  // opening, filling and closing a second page for every scan, which took about half of each scan's
  // time on a busy machine (issue 13 #19). The rules and the result are the same.
  const results = await new AxeBuilder({ page }).setLegacyMode(true).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

/** START ONLINE VISIT on a product page: a new guest cart, first stage the questionnaire. */
export async function startVisit(page: Page, productUrl: string) {
  await page.goto(productUrl);
  const privacy = page.getByTestId('privacy-notice');
  if (await privacy.isVisible()) await privacy.getByRole('button', { name: 'OK' }).click();
  await page.getByRole('button', { name: 'START ONLINE VISIT' }).click();
  // SPEC §2 "Consult: pre-questionnaire if that display page is enabled, else questionnaire 1".
  await expect(page).toHaveURL(/\/checkout\/questionnaire\/1$/);
}

const next = (page: Page) => page.getByRole('button', { name: 'Next' }).click();
const pageTitle = (page: Page, name: string) => expect(page.getByRole('heading', { level: 2, name })).toBeVisible();

/** The weight-care questionnaire (seed weight-care-intake), answered so the patient qualifies. */
export async function answerWeightCare(page: Page) {
  await pageTitle(page, 'About you');
  await page.getByLabel('How old are you?').fill('41');
  await page.getByRole('radio', { name: 'Female' }).check();
  await page.getByRole('group', { name: /pregnant/ }).getByRole('radio', { name: 'No' }).check();
  await next(page);
  await pageTitle(page, 'Height and weight');
  await page.getByLabel('Height (feet)').fill('5');
  await page.getByLabel('Inches').fill('6');
  await page.getByLabel('Weight (pounds)').fill('228');
  await next(page);
  await pageTitle(page, 'Your health history');
  await page.getByRole('group', { name: /ever had any of these/ }).getByRole('checkbox', { name: 'No, none of these' }).check();
  await page.getByRole('group', { name: /diagnosed with any of the following/ }).getByRole('checkbox', { name: 'None of these' }).check();
  await page.getByRole('group', { name: /thoughts of harming yourself/ }).getByRole('radio', { name: 'No' }).check();
  await next(page);
  await pageTitle(page, 'Weight-related conditions');
  await page.getByRole('checkbox', { name: 'Type 2 diabetes' }).check();
  await page.getByRole('group', { name: /insulin or a sulfonylurea/ }).getByRole('radio', { name: 'No' }).check();
  await next(page);
  await pageTitle(page, 'Medicines and allergies');
  await page.getByRole('group', { name: /taking a GLP-1 medicine now/ }).getByRole('radio', { name: 'No' }).check();
  await page.getByRole('group', { name: /serious allergic reaction/ }).getByRole('radio', { name: 'No' }).check();
  const search = page.getByRole('textbox', { name: 'Search medications' });
  await search.fill('lisino');
  await page.getByRole('button', { name: /^lisinopril/i }).first().click();
  await page.getByRole('checkbox', { name: 'No known allergies' }).check();
  await next(page);
  await pageTitle(page, 'Your weight journey');
  await page.getByRole('checkbox', { name: 'A diet or meal plan' }).check();
  await page.getByTestId('body_photo-file').setInputFiles(PHOTO);
  await expect(page.getByRole('list', { name: 'Your files' })).toContainText('patient-photo.jpg');
  await next(page);
  await pageTitle(page, 'Before you continue');
  for (const box of await page.getByRole('checkbox').all()) await box.check();
  await page.getByRole('button', { name: 'Submit answers' }).click();
}

/** A message in the development outbox (`/dev/outbox.json`). */
export interface OutboxMessage {
  channel: 'email' | 'sms';
  to: string;
  subject: string | null;
  body: string;
  createdAt: string;
}

/** Every mail in the outbox to `to`. */
export async function mailsTo(request: APIRequestContext, to: string): Promise<OutboxMessage[]> {
  const { messages } = (await (await request.get('/dev/outbox.json')).json()) as { messages: OutboxMessage[] };
  return messages.filter((m) => m.channel === 'email' && m.to === to);
}

/** The newest mail to `to` whose subject matches, sent at `after` (the server's time) or later, waiting for it. */
export async function mailTo(request: APIRequestContext, to: string, subject: RegExp, after = 0): Promise<OutboxMessage> {
  let found: OutboxMessage | undefined;
  await expect
    .poll(async () => {
      found = (await mailsTo(request, to)).find((m) => subject.test(m.subject ?? '') && Date.parse(m.createdAt) >= after);
      return Boolean(found);
    }, { timeout: 20_000 })
    .toBe(true);
  return found!;
}

/**
 * Staff sign in (issue 15): password, then the one-time passcode mailed to them (the dev outbox),
 * in a browser context of their own. `prepare` readies the context first (a time zone is given in
 * `contextOptions`); `askedAt` is when the code was asked for by the server's clock (default: now).
 */
export async function staffSignIn(
  browser: Browser,
  who: { email: string; password: string },
  landing: RegExp,
  opts: { contextOptions?: Parameters<Browser['newContext']>[0]; prepare?: (context: BrowserContext) => Promise<void>; askedAt?: (request: APIRequestContext) => Promise<number> } = {},
): Promise<Page> {
  const context = await browser.newContext(opts.contextOptions);
  await opts.prepare?.(context);
  const page = await context.newPage();
  await page.goto('/staff/sign-in');
  const form = page.getByRole('form', { name: 'Staff sign-in with your password' });
  await form.getByLabel('Email').fill(who.email);
  await form.getByRole('textbox', { name: 'Password' }).fill(who.password);
  const asked = opts.askedAt ? await opts.askedAt(page.request) : Date.now() - 1000;
  await form.getByRole('button', { name: 'Continue' }).click();
  const mail = await mailTo(page.request, who.email, /passcode/i, asked);
  const code = /\b(\d{6})\b/.exec(mail.body)![1]!;
  await page.getByRole('form', { name: 'Enter your passcode' }).getByLabel('Passcode').fill(code);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(landing);
  return page;
}

/**
 * A new patient buys metformin (asynchronous review; a body photo among the answers) shipping to
 * California from the partner pharmacy, registering at checkout; answers the order id and number.
 */
export async function buyAsyncConsultAndRegister(page: Page, email: string): Promise<{ orderId: string; orderNumber: string }> {
  await startVisit(page, '/products/metformin-er-weight-support');
  await answerWeightCare(page);
  await shipToCaliforniaFromPartner(page);
  await expect(page).toHaveURL(/\/checkout\/doctor-confirmation$/);
  await page.getByRole('button', { name: 'CONFIRM' }).click();
  await expect(page).toHaveURL(/\/register$/);
  await page.getByLabel('Email').fill(email);
  await page.getByRole('textbox', { name: 'Password' }).fill('Juniper#Trail58');
  await page.getByRole('button', { name: 'Create account' }).click();
  await payWithTestCard(page);
  const orderNumber = (await page.getByTestId('order-number').textContent())!;
  return { orderId: new URL(page.url()).searchParams.get('order')!, orderNumber };
}

/** The shipping step: Casey Morgan in San Francisco, CA, then the partner pharmacy. */
export async function shipToCaliforniaFromPartner(page: Page) {
  await expect(page).toHaveURL(/\/checkout\/shipping-details$/);
  const form = page.getByRole('form', { name: 'Shipping address' });
  await form.getByLabel('Full name').fill('Casey Morgan');
  await form.getByLabel('Street address').fill('1 Dr Carlton B Goodlett Pl');
  await form.getByLabel('City').fill('San Francisco');
  await form.getByLabel('State').selectOption('CA');
  await form.getByLabel('ZIP code').fill('94102');
  await form.getByLabel('Phone number').fill('(415) 555-0142');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/checkout\/pharmacy-options$/);
  await page.getByRole('radio', { name: /Ship from our partner pharmacy/ }).check();
  await page.getByRole('button', { name: 'Continue' }).click();
}

/** The summary: the consents accepted and the sandbox's test card paid; ends on the confirmation. */
export async function payWithTestCard(page: Page) {
  await expect(page).toHaveURL(/\/checkout\/summary$/);
  const total = (await page.getByTestId('order-total').textContent())!;
  await acceptConsents(page);
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry (MM/YY)').fill('12/34');
  await page.getByLabel('Security code (CVC)').fill('123');
  await page.getByRole('button', { name: `Pay ${total}` }).click();
  await expect(page).toHaveURL(/\/checkout\/order-confirmation\?order=/);
}
