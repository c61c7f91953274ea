// The checkout and the consult as a new patient (issue 8): the pre-questionnaire on (Lumen) and off
// (Evergreen), a branching questionnaire answered with a medication from search and one manual
// entry and a photo upload, on to the next stage; the disqualifying path to /disqualified; a later
// stage's URL typed in sends the patient back; resuming on the same page; axe on each page; the
// questionnaire by keyboard alone.
import { expect, test, type Page } from '@playwright/test';
import fs from 'node:fs';
import { expectNoAxeViolations, PHOTO } from './journeys.ts';

/**
 * The fixture photo as a phone sends it: an EXIF block (camera make, orientation, GPS position
 * 40°44'55"N 73°59'W) right after its JFIF block (issue 13 #7).
 */
const GPS_EXIF = Buffer.from(
  '4d4d002a000000080003010f00020000000443616d00011200030000000100060000882500040000000100000034000000000000000400010002000000024e00000000020005000000030000006a0003000200000002570000000004000500000003000000820000000000000028000000010000002c00000001000015880000006400000049000000010000003b000000010000000000000001',
  'hex',
);
function photoWithLocation(): Buffer {
  const photo = fs.readFileSync(PHOTO);
  const app0End = 4 + photo.readUInt16BE(4);
  const app1 = Buffer.concat([Buffer.from([0xff, 0xe1, 0, 0]), Buffer.from('Exif\0\0', 'latin1'), GPS_EXIF]);
  app1.writeUInt16BE(app1.length - 2, 2);
  return Buffer.concat([photo.subarray(0, app0End), app1, photo.subarray(app0End)]);
}

function lumenUrl(): string {
  const port = new URL(test.info().project.use.baseURL!).port;
  return `http://lumen.localhost:${port}`;
}

/** From a product page: START ONLINE VISIT puts it in a new guest cart and opens the first stage. */
async function startVisit(page: Page, productUrl: string) {
  await page.goto(productUrl);
  const privacy = page.getByTestId('privacy-notice');
  if (await privacy.isVisible()) await privacy.getByRole('button', { name: 'OK' }).click();
  await page.getByRole('button', { name: 'START ONLINE VISIT' }).click();
}

const next = (page: Page) => page.getByRole('button', { name: 'Next' }).click();
const pageTitle = (page: Page, name: string) =>
  expect(page.getByRole('heading', { level: 2, name })).toBeVisible();

/** Page 1 of the weight-care questionnaire: age, sex, and the pregnancy question it reveals. */
async function answerAboutYou(page: Page, pregnant: 'Yes' | 'No') {
  await pageTitle(page, 'About you');
  await page.getByLabel('How old are you?').fill('41');
  const pregnancy = page.getByRole('group', { name: /pregnant/ });
  // Branching: the pregnancy question shows only for female or intersex.
  await expect(pregnancy).toHaveCount(0);
  await page.getByRole('radio', { name: 'Female' }).check();
  await expect(pregnancy).toBeVisible();
  await pregnancy.getByRole('radio', { name: pregnant }).check();
}

test.describe('checkout and the consult', () => {
  test('Evergreen (no pre pages): a branching questionnaire with medications and a photo, then shipping', async ({
    page,
  }) => {
    await startVisit(page, '/products/semaglutide-weight-care');
    // SPEC §2 "Consult: pre-questionnaire if that display page is enabled, else questionnaire 1".
    await expect(page).toHaveURL(/\/checkout\/questionnaire\/1$/);
    await expect(
      page.getByRole('heading', { level: 1, name: 'Health questionnaire' }),
    ).toBeVisible();
    // Progress steps 1–5 with their names and labels.
    const progress = page.getByRole('navigation', { name: 'Checkout progress' });
    await expect(progress.getByRole('listitem')).toHaveText([
      /Consult\s*Pending/,
      /Shipping\s*Incomplete/,
      /Doctor\s*Incomplete/,
      /Payment\s*Incomplete/,
      /Confirmation\s*Incomplete/,
    ]);
    await expect(progress.locator('[aria-current="step"]')).toContainText('Consult');
    await expectNoAxeViolations(page);

    // Typing a later stage's URL sends the patient back to the first pending stage.
    await page.goto('/checkout/shipping-details');
    await expect(page).toHaveURL(/\/checkout\/questionnaire\/1$/);
    await page.goto('/checkout/summary');
    await expect(page).toHaveURL(/\/checkout\/questionnaire\/1$/);
    // A pre page this storefront switched off goes to its stage page.
    await page.goto('/checkout/pre-questionnaire');
    await expect(page).toHaveURL(/\/checkout\/questionnaire\/1$/);

    await answerAboutYou(page, 'No');
    await next(page);

    await pageTitle(page, 'Height and weight');
    await page.getByLabel('Height (feet)').fill('5');
    await page.getByLabel('Inches').fill('6');
    await page.getByLabel('Weight (pounds)').fill('228');
    await expect(page.getByTestId('bmi')).toHaveText('Your BMI: 36.8');
    await next(page);

    // Leaving and coming back resumes on the same page (answers saved as the patient goes).
    await pageTitle(page, 'Your health history');
    await page.reload();
    await pageTitle(page, 'Your health history');
    await page
      .getByRole('group', { name: /ever had any of these/ })
      .getByRole('checkbox', { name: 'No, none of these' })
      .check();
    await page
      .getByRole('group', { name: /diagnosed with any of the following/ })
      .getByRole('checkbox', { name: 'None of these' })
      .check();
    await page
      .getByRole('group', { name: /thoughts of harming yourself/ })
      .getByRole('radio', { name: 'No' })
      .check();
    await next(page);

    await pageTitle(page, 'Weight-related conditions');
    const diabetesMedicines = page.getByRole('group', { name: /insulin or a sulfonylurea/ });
    await expect(diabetesMedicines).toHaveCount(0);
    await page.getByRole('checkbox', { name: 'Type 2 diabetes' }).check();
    // Branching again: the diabetes follow-up appears only with type 2 diabetes.
    await expect(diabetesMedicines).toBeVisible();
    await diabetesMedicines.getByRole('radio', { name: 'No' }).check();
    await next(page);

    await pageTitle(page, 'Medicines and allergies');
    await page
      .getByRole('group', { name: /taking a GLP-1 medicine now/ })
      .getByRole('radio', { name: 'No' })
      .check();
    await page
      .getByRole('group', { name: /serious allergic reaction/ })
      .getByRole('radio', { name: 'No' })
      .check();
    const search = page.getByRole('textbox', { name: 'Search medications' });
    await search.fill('lisino');
    await page
      .getByRole('button', { name: /^lisinopril/i })
      .first()
      .click();
    await search.fill("Grandma's herbal tonic");
    await expect(page.getByText('NO MATCH FOUND')).toBeVisible();
    await page.getByRole('button', { name: 'Save as Manual Entry?' }).click();
    const mine = page.getByRole('list', { name: 'Your medications' });
    await expect(mine.getByRole('listitem')).toHaveCount(2);
    await expect(mine).toContainText(/lisinopril/i);
    await expect(mine).toContainText("Grandma's herbal tonic (manual entry)");
    await page.getByRole('checkbox', { name: 'No known allergies' }).check();
    await next(page);

    await pageTitle(page, 'Your weight journey');
    await page.getByRole('checkbox', { name: 'A diet or meal plan' }).check();
    await page.getByTestId('body_photo-file').setInputFiles({ name: 'patient-photo.jpg', mimeType: 'image/jpeg', buffer: photoWithLocation() });
    const files = page.getByRole('list', { name: 'Your files' });
    await expect(files).toContainText('patient-photo.jpg');
    // issue 13 #7: the stored photo has no location left in it, and still shows (48 × 64, turned by its orientation).
    const href = (await files.getByRole('link').getAttribute('href'))!;
    const stored = await (await page.request.get(href)).body();
    expect(stored.includes(GPS_EXIF.subarray(60))).toBe(false);
    expect(stored.includes(Buffer.from('Cam\0', 'latin1'))).toBe(false);
    const shown = await page.evaluate<number[]>(
      `(async () => { const image = new Image(); image.src = ${JSON.stringify(href)}; await image.decode(); return [image.naturalWidth, image.naturalHeight]; })()`,
    );
    expect(shown).toEqual([64, 48]);
    await next(page);

    await pageTitle(page, 'Before you continue');
    for (const box of await page.getByRole('checkbox').all()) await box.check();
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Submit answers' }).click();

    // The next stage: shipping (its page comes with its own issue, inside the checkout layout).
    await expect(page).toHaveURL(/\/checkout\/shipping-details$/);
    await expect(progress.getByRole('listitem').first()).toHaveText(/Consult\s*completed/);
    await expect(progress.locator('[aria-current="step"]')).toContainText('Shipping');
    await expectNoAxeViolations(page);

    // Back: the questionnaire stays reachable and says it is done.
    await page.goBack();
    await expect(page).toHaveURL(/\/checkout\/questionnaire\/1$/);
    await expect(
      page.getByRole('heading', { name: 'Thank you, your answers are with the doctor' }),
    ).toBeVisible();
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page).toHaveURL(/\/checkout\/shipping-details$/);
  });

  test('Lumen (pre pages on): the pre-questionnaire with the operator’s text first', async ({
    page,
  }) => {
    const lumen = lumenUrl();
    await startVisit(page, `${lumen}/products/weight-reset-glp1`);
    await expect(page).toHaveURL(/\/checkout\/pre-questionnaire$/);
    await expect(
      page.getByRole('heading', { level: 1, name: 'A few questions about your health' }),
    ).toBeVisible();
    await expect(
      page.getByText(
        'Your answers help the doctor decide whether this treatment is right for you.',
      ),
    ).toBeVisible();
    await expectNoAxeViolations(page);
    // A later stage typed in goes back to the first pending stage's page: the pre page here.
    await page.goto(`${lumen}/checkout/pre-shipping`);
    await expect(page).toHaveURL(/\/checkout\/pre-questionnaire$/);

    await page.getByRole('button', { name: 'Start the questionnaire' }).click();
    await expect(page).toHaveURL(/\/checkout\/questionnaire\/1$/);
    await answerAboutYou(page, 'No');
    await next(page);
    await pageTitle(page, 'Height and weight');
    // Lumen hides the BMI read-out (settings.hideBmi).
    await page.getByLabel('Height (feet)').fill('5');
    await page.getByLabel('Inches').fill('6');
    await page.getByLabel('Weight (pounds)').fill('228');
    await expect(page.getByTestId('bmi')).toHaveCount(0);
    await expectNoAxeViolations(page);
    // The questionnaire's own Back returns to its previous page.
    await page
      .getByRole('form', { name: 'Height and weight' })
      .getByRole('button', { name: 'Back' })
      .click();
    await pageTitle(page, 'About you');
  });

  test('a disqualifying answer, by keyboard alone, lands on /disqualified with the reason and what to do instead', async ({
    page,
  }) => {
    await startVisit(page, '/products/semaglutide-weight-care');
    await expect(page).toHaveURL(/\/checkout\/questionnaire\/1$/);
    await pageTitle(page, 'About you');

    // Keyboard only: type the age, Tab to the sex radios, choose with Space, Tab on.
    await page.getByLabel('How old are you?').focus();
    await page.keyboard.type('34');
    await page.keyboard.press('Tab');
    await expect(page.getByRole('radio', { name: 'Female' })).toBeFocused();
    await page.keyboard.press('Space');
    await expect(page.getByRole('radio', { name: 'Female' })).toBeChecked();
    await page.keyboard.press('Tab');
    const yes = page.getByRole('group', { name: /pregnant/ }).getByRole('radio', { name: 'Yes' });
    await expect(yes).toBeFocused();
    await page.keyboard.press('Space');
    await expect(yes).toBeChecked();
    await page.keyboard.press('Tab');
    await expect(page.getByRole('button', { name: 'Next' })).toBeFocused();
    await page.keyboard.press('Enter');

    await expect(page).toHaveURL(/\/disqualified\?order=/);
    await expect(
      page.getByRole('heading', {
        level: 1,
        name: 'This treatment is not right for you right now',
      }),
    ).toBeVisible();
    await expect(page.getByTestId('disqualified-reason')).toContainText(
      'Weight loss medicines are not safe during pregnancy',
    );
    await expect(page.getByText('Nothing has been charged.')).toBeVisible();
    const main = page.getByRole('main');
    await expect(main.getByRole('link', { name: '(555) 010-2030' })).toHaveAttribute(
      'href',
      'tel:5550102030',
    );
    await expect(main.getByRole('link', { name: 'care@evergreen.example' })).toHaveAttribute(
      'href',
      'mailto:care@evergreen.example',
    );
    // Products that need no consult, e.g. the sunscreen.
    await expect(main.getByRole('link', { name: /Sunscreen/i })).toBeVisible();
    await expectNoAxeViolations(page);

    // A reload shows the same explanation (read again from the order).
    await page.reload();
    await expect(page.getByTestId('disqualified-reason')).toContainText(
      'Weight loss medicines are not safe during pregnancy',
    );

    // The order is closed: the checkout has nothing left to do.
    await page.goto('/checkout/questionnaire/1');
    await expect(
      page.getByRole('heading', { level: 1, name: 'There is nothing to check out yet' }),
    ).toBeVisible();
    await expect(page.getByRole('link', { name: 'Browse the shop' })).toBeVisible();
  });
});
