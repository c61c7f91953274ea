// issue 18 (people): the operator invites a doctor; the invitation arrives in the outbox; the doctor
// sets a password from its link and signs in with password and code like all staff, landing on
// /doctor. The operator adds a licence state and a weekly window and the doctor is listed with that
// state. The partner pharmacies page lists the company's partner, and a pharmacist is invited there.
// axe reports no violation on any page of the slice.
import { expect, test } from '@playwright/test';
import { adminSignIn } from './admin-journeys';
import { expectNoAxeViolations, mailTo, staffSignIn } from './journeys';

test('the operator invites a doctor, gives them a licence and hours; the doctor sets a password and signs in with a code', async ({ browser }) => {
  // Seven axe scans and two staff sign-ins: minutes on a busy two-core machine.
  test.setTimeout(300_000);
  const admin = await adminSignIn(browser);
  await admin.getByRole('link', { name: 'Doctors' }).click();
  await expect(admin).toHaveURL(/\/admin\/doctors$/);
  await expect(admin.getByRole('heading', { level: 1, name: 'Doctors' })).toBeVisible();
  await expect(admin.getByRole('grid', { name: 'Doctors' })).toBeVisible();
  await expectNoAxeViolations(admin);

  const email = `dr.${Date.now()}@example.com`;
  const asked = Date.now() - 1000;
  await admin.getByRole('button', { name: 'Invite a doctor' }).click();
  const invite = admin.getByRole('form', { name: 'Invite a doctor' });
  await expectNoAxeViolations(admin);
  // A bad NPI is refused beside its field, and nothing typed is lost.
  await invite.getByLabel('First name').fill('Imani');
  await invite.getByLabel('Last name').fill('Brooks');
  await invite.getByLabel('Email').fill(email);
  await invite.getByLabel('NPI (optional)').fill('1234567890');
  await invite.getByLabel('Time zone').selectOption('America/Chicago');
  await invite.getByRole('button', { name: 'Send invitation' }).click();
  await expect(invite.getByText('Please enter a valid 10-digit NPI.')).toBeVisible();
  await expect(invite.getByLabel('Email')).toHaveValue(email);
  await invite.getByLabel('NPI (optional)').fill('1234567893');
  await invite.getByRole('button', { name: 'Send invitation' }).click();
  await expect(admin).toHaveURL(/\/admin\/doctors\/[0-9a-f-]{36}$/);
  await expect(admin.getByRole('heading', { level: 1, name: 'Imani Brooks, MD' })).toBeVisible();
  await expect(admin.getByText(`Invitation sent to ${email}.`)).toBeVisible();
  await expectNoAxeViolations(admin);

  // Licences: Texas.
  await admin.getByRole('tab', { name: 'Licences' }).click();
  const licence = admin.getByRole('form', { name: 'Add a licence' });
  await licence.getByLabel('State').selectOption('TX');
  await licence.getByLabel('Licence number (optional)').fill('TX-88120');
  await licence.getByRole('button', { name: 'Add licence' }).click();
  await expect(admin.getByRole('list', { name: 'Licences' }).getByText('Texas (TX)')).toBeVisible();
  await expectNoAxeViolations(admin);

  // Availability: Monday 09:00 to 17:00 in the doctor's zone.
  await admin.getByRole('tab', { name: 'Availability' }).click();
  const hours = admin.getByRole('form', { name: 'Weekly hours' });
  await hours.getByRole('button', { name: 'Add a window' }).click();
  await hours.getByRole('button', { name: 'Save weekly hours' }).click();
  await expect(hours.getByRole('button', { name: /Save weekly hours/ })).toContainText('Save weekly hours');
  await expect(hours.getByRole('group', { name: 'Window 1' }).getByLabel('Day')).toHaveValue('1');
  await expectNoAxeViolations(admin);
  await admin.getByRole('tab', { name: 'Storefronts' }).click();
  await expect(admin.getByRole('radio', { name: 'All storefronts of the company' })).toBeChecked();
  await expectNoAxeViolations(admin);
  await admin.getByRole('tab', { name: 'Profile' }).click();
  await expect(admin.getByRole('form', { name: 'Doctor profile' }).getByLabel('Name patients see')).toHaveValue('Imani Brooks');
  await expectNoAxeViolations(admin);

  // The list shows the doctor with the state.
  await admin.getByRole('link', { name: 'All doctors' }).click();
  await admin.getByRole('search', { name: 'Search doctors' }).getByLabel('Name').fill('Imani');
  await admin.getByRole('button', { name: 'Search' }).click();
  const row = admin.getByRole('row', { name: /Imani Brooks/ });
  await expect(row).toContainText('TX');
  await expect(row).toContainText('Invited');

  // The doctor: the mail, the link, a password, then staff sign-in with the code.
  const mail = await mailTo(admin.request, email, /invited/i, asked);
  const link = /https?:\/\/\S+reset-password#token=[\w-]+/.exec(mail.body)![0];
  const context = await browser.newContext();
  const doctor = await context.newPage();
  await doctor.goto(link.replace(/^https?:\/\/[^/]+/, ''));
  await doctor.getByRole('textbox', { name: 'New password', exact: true }).fill('Clinic#Brooks2026');
  await doctor.getByRole('textbox', { name: 'Repeat the new password' }).fill('Clinic#Brooks2026');
  await doctor.getByRole('button', { name: 'Save new password' }).click();
  await expect(doctor).toHaveURL(/\/staff\/sign-in/);
  await context.close();
  const signedIn = await staffSignIn(browser, { email, password: 'Clinic#Brooks2026' }, /\/doctor$/);
  await signedIn.context().close();

  await admin.reload();
  await expect(admin.getByRole('row', { name: /Imani Brooks/ })).not.toContainText('Invited');
  await admin.context().close();
});

test("the operator sees the company's partner pharmacies and invites a pharmacist", async ({ browser }) => {
  test.setTimeout(120_000);
  const admin = await adminSignIn(browser);
  await admin.getByRole('link', { name: 'Pharmacies' }).click();
  await expect(admin.getByRole('heading', { level: 1, name: 'Partner pharmacies' })).toBeVisible();
  const grid = admin.getByRole('grid', { name: 'Partner pharmacies' });
  await expect(grid.getByRole('row')).toHaveCount(3); // the header and the two demo storefronts' partners
  await expectNoAxeViolations(admin);
  await admin.getByRole('button', { name: 'Add a partner pharmacy' }).click();
  await expect(admin.getByRole('form', { name: 'Add a partner pharmacy' })).toBeVisible();
  await expectNoAxeViolations(admin);

  await grid.getByRole('link').first().click();
  await expect(admin).toHaveURL(/\/admin\/pharmacies\/[0-9a-f-]{36}$/);
  await expect(admin.getByRole('form', { name: 'Pharmacy details' })).toBeVisible();
  const email = `rx.${Date.now()}@example.com`;
  const invite = admin.getByRole('form', { name: 'Invite a pharmacist' });
  await invite.getByLabel('First name').fill('Reza');
  await invite.getByLabel('Last name').fill('Amini');
  await invite.getByLabel('Email').fill(email);
  await invite.getByRole('button', { name: 'Send invitation' }).click();
  await expect(admin.getByText(`Invitation sent to ${email}.`)).toBeVisible();
  await expect(admin.getByRole('grid', { name: 'Pharmacists' }).getByRole('row', { name: /Reza Amini/ })).toBeVisible();
  await expectNoAxeViolations(admin);
  await mailTo(admin.request, email, /invited/i);

  await admin.getByRole('button', { name: 'Remove Reza Amini' }).click();
  await expect(admin.getByRole('dialog', { name: 'Remove this pharmacist?' })).toBeVisible();
  await admin.getByRole('button', { name: 'Remove pharmacist' }).click();
  await expect(admin.getByRole('grid', { name: 'Pharmacists' }).getByRole('row', { name: /Reza Amini/ })).toHaveCount(0);
  await admin.context().close();
});
