// issue 18 "publishes a new questionnaire version (orders in progress keep theirs)": a patient starts
// the weight-care consult and answers its first page; the operator makes a new draft adding a
// question, a doctor who serves the storefront signs it off, the operator publishes it; a new patient
// is asked the new question, while the first patient's consult in progress keeps its version (no new
// question) and is completed. axe on the console's questionnaire pages and the doctor's sign-off page.
import { expect, test, type Page } from '@playwright/test';
import { adminSignIn } from './admin-journeys';
import { answerWeightCare, expectNoAxeViolations, staffSignIn, startVisit } from './journeys';

const PRODUCT = '/products/metformin-er-weight-support';
const NEW_QUESTION = 'Do you smoke or use nicotine?';
const DEMO_DOCTOR = { email: 'doctor@evergreen.example', password: 'Doctor#Evergreen2026' } as const;

async function answerAboutYou(page: Page) {
  await expect(page.getByRole('heading', { level: 2, name: 'About you' })).toBeVisible();
  await page.getByLabel('How old are you?').fill('41');
  await page.getByRole('radio', { name: 'Female' }).check();
  await page.getByRole('group', { name: /pregnant/ }).getByRole('radio', { name: 'No' }).check();
}

test('a new questionnaire version, signed off by a doctor and published, reaches new consults while one in progress keeps its own', async ({ browser }) => {
  test.setTimeout(480_000);

  // A patient starts the consult and answers page 1 (saved), without submitting.
  const first = await (await browser.newContext()).newPage();
  await startVisit(first, PRODUCT);
  await answerAboutYou(first);
  await expect(first.getByText(NEW_QUESTION)).toHaveCount(0);
  await first.getByRole('button', { name: 'Next' }).click();
  await expect(first.getByRole('heading', { level: 2, name: 'Height and weight' })).toBeVisible();

  // The operator makes a new draft of the weight-care questionnaire and adds a question to page 1.
  const admin = await adminSignIn(browser);
  await admin.getByRole('link', { name: 'Questionnaires' }).click();
  await expect(admin.getByRole('heading', { level: 1, name: 'Questionnaires' })).toBeVisible();
  await expect(admin.getByRole('link', { name: 'Weight care', exact: true })).toBeVisible();
  await expectNoAxeViolations(admin);
  await admin.getByRole('link', { name: 'Weight care', exact: true }).click();
  await expect(admin.getByRole('heading', { level: 1, name: 'Weight care' })).toBeVisible();
  await expect(admin.getByRole('gridcell', { name: 'Published' })).toBeVisible();
  await expectNoAxeViolations(admin);
  await admin.getByRole('button', { name: 'New draft' }).click();
  await expect(admin.getByRole('heading', { level: 1, name: 'Weight care: version 2' })).toBeVisible({ timeout: 30_000 });

  const page1 = admin.getByRole('region', { name: /^Page 1: About you/ });
  await page1.getByRole('combobox', { name: /^Type of the new question on page 1/ }).click();
  await admin.getByRole('option', { name: 'Yes / no' }).click();
  await page1.getByRole('button', { name: 'Add question' }).click();
  const added = page1.getByRole('region', { name: /Yes \/ no \(yes_no_question\)/ });
  await added.getByRole('textbox', { name: 'Question text' }).fill(NEW_QUESTION);
  await added.getByRole('textbox', { name: 'Question id' }).fill('smoking');
  await admin.getByRole('textbox', { name: 'What changed in this version' }).fill('Ask about smoking');
  // The preview shows the new question as the patient will see it.
  await expect(admin.getByRole('form', { name: 'Preview as the patient sees it' }).getByText(NEW_QUESTION)).toBeVisible();
  await admin.getByRole('button', { name: 'Save draft' }).click();
  await expect(admin.getByText('Draft saved.')).toBeVisible({ timeout: 30_000 });
  // Publishing needs a sign-off first.
  await expect(admin.getByRole('button', { name: 'Publish' })).toBeDisabled();
  await admin.getByRole('button', { name: 'Request sign-off' }).click();
  await expect(admin.getByText(/Sign-off requested/)).toBeVisible();
  await expect(admin.getByText('Awaiting sign-off', { exact: true })).toBeVisible();
  await expectNoAxeViolations(admin);
  await admin.screenshot({ path: 'test-results/e2e/questionnaire-builder.png', fullPage: true });

  // The demo doctor (serves every storefront of the company) reads the draft and signs it off.
  const doctor = await staffSignIn(browser, DEMO_DOCTOR, /\/doctor/);
  await doctor.goto('/doctor/questionnaires');
  await expect(doctor.getByRole('heading', { level: 1, name: 'Questionnaire sign-off' })).toBeVisible();
  await doctor.getByRole('button', { name: /Weight care, version 2/ }).click();
  await expect(doctor.getByRole('form', { name: 'Preview as the patient sees it' }).getByText(NEW_QUESTION)).toBeVisible({ timeout: 30_000 });
  await expectNoAxeViolations(doctor);
  await doctor.screenshot({ path: 'test-results/e2e/questionnaire-sign-off.png', fullPage: true });
  await doctor.getByRole('button', { name: 'Sign off' }).click();
  await expect(doctor.getByText(/You signed off Weight care, version 2/)).toBeVisible();
  await expect(doctor.getByText('Nothing to sign off')).toBeVisible();
  await expectNoAxeViolations(doctor);

  // The operator sees the sign-off and publishes (confirmed).
  await admin.reload();
  await expect(admin.getByText('Signed off', { exact: true })).toBeVisible({ timeout: 30_000 });
  await expect(admin.getByText(/Signed off by Daniel Kim/)).toBeVisible();
  await admin.getByRole('button', { name: 'Publish' }).click();
  const dialog = admin.getByRole('dialog', { name: 'Publish version 2?' });
  await expect(dialog).toContainText('Consults already in progress keep the version they started with.');
  await expectNoAxeViolations(admin);
  await dialog.getByRole('button', { name: 'Publish' }).click();
  await expect(admin.getByText(/Version 2 is published/)).toBeVisible({ timeout: 30_000 });
  await admin.getByRole('link', { name: 'All versions of Weight care' }).click();
  await expect(admin.getByRole('row', { name: /Version 2.*Published.*Ask about smoking.*Daniel Kim/ })).toBeVisible();
  await expect(admin.getByRole('row', { name: /Version 1.*Superseded/ })).toBeVisible();
  await admin.screenshot({ path: 'test-results/e2e/questionnaire-versions.png', fullPage: true });

  // A new patient is asked the new question.
  const second = await (await browser.newContext()).newPage();
  await startVisit(second, PRODUCT);
  await expect(second.getByRole('heading', { level: 2, name: 'About you' })).toBeVisible();
  await expect(second.getByRole('group', { name: NEW_QUESTION })).toBeVisible();

  // The first patient's consult keeps version 1: back on page 1 there is no new question, and it is completed.
  await first.reload();
  await expect(first.getByRole('heading', { level: 2, name: 'Height and weight' })).toBeVisible();
  await first.getByRole('form').getByRole('button', { name: 'Back' }).click();
  await expect(first.getByRole('heading', { level: 2, name: 'About you' })).toBeVisible();
  await expect(first.getByText(NEW_QUESTION)).toHaveCount(0);
  await answerWeightCare(first);
  await expect(first).toHaveURL(/\/checkout\/shipping-details$/);

  for (const p of [first, second, admin, doctor]) await p.context().close();
});
