/// <reference lib="dom" />
// Steps the visit journeys share (issue 16 "Done when": two browser contexts, patient and doctor,
// each decoding the other's video; the same call forced through TURN). They run in the `visits`
// project against a store of their own whose clock can be moved (DEV_CLOCK, POST /dev/clock) and
// which hands out a loopback coturn's credentials when coturn is installed (e2e/start-server.mjs).
//
// The call is watched from outside the app by the init script of visit-probe.ts (every
// RTCPeerConnection the page makes, relay forced for the relay journey; nothing in the app changes).
import { readFile } from 'node:fs/promises';
import { expect, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { answerWeightCare, payWithTestCard, shipToCaliforniaFromPartner, staffSignIn as signInAsStaff, startVisit } from './journeys.ts';
import { answerFor, type Question } from './consult-answers.ts';
import { framesDecoded, probeCalls, selectedPair } from './visit-probe.ts';

export { framesDecoded, selectedPair };

export const CSRF = { 'x-requested-with': 'fetch' };
export const DOCTOR = { email: 'doctor@evergreen.example', password: 'Doctor#Evergreen2026', name: 'Dr. Daniel Kim' };
export const PATIENT_PASSWORD = 'Juniper#Trail58';
const STANDARD_SHIPPING = '00000000-0000-4000-8000-0000000a0301';
/** The patient lives in California (Dr. Kim is licensed in CA, WA and AZ) and their browser says so. */
export const PATIENT_ZONE = 'America/Los_Angeles';

export function newEmail(kind: string) {
  return `${kind}.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.com`;
}

// ---- watching the call from the page ------------------------------------------------------------

/** issue 16 "each side decodes the other's video (getStats framesDecoded > 0 both ways)". */
export async function expectDecodingBothWays(patient: Page, doctor: Page) {
  await expect.poll(() => framesDecoded(patient), { timeout: 30_000, message: "the patient decodes the doctor's video" }).toBeGreaterThan(0);
  await expect.poll(() => framesDecoded(doctor), { timeout: 30_000, message: "the doctor decodes the patient's video" }).toBeGreaterThan(0);
}

// ---- the store's clock and mail -------------------------------------------------------------------

/** The server's time now (the dev clock's, moved or not). */
export async function serverNow(request: APIRequestContext): Promise<number> {
  const res = await request.get('/dev/clock');
  expect(res.status(), await res.text()).toBe(200);
  return Date.parse(((await res.json()) as { now: string }).now);
}

/**
 * Moves the store's clock (forward only) to 4 minutes before the visit starts: its window opened a
 * minute ago (VISIT_OPENS_BEFORE_MS 5 min, domain visitWindowPhase).
 */
export async function openVisitWindow(request: APIRequestContext, startsAt: string) {
  const to = new Date(Date.parse(startsAt) - 4 * 60_000).toISOString();
  const res = await request.post('/dev/clock', { headers: CSRF, data: { to } });
  expect(res.status(), await res.text()).toBe(200);
  expect(((await res.json()) as { now: string }).now).toBe(to);
}

/**
 * The journeys make their own contexts (one per person) on the worker's browser; they are closed
 * after each test, or a call of the last test would go on in the background of the next.
 */
export async function closeContexts(browser: Browser) {
  await Promise.all(browser.contexts().map((context) => context.close()));
}

// ---- people -------------------------------------------------------------------------------------

/**
 * Staff sign-in (issue 15; as e2e/doctor-side.spec.ts): password, then the one-time passcode mailed
 * to them (the dev outbox). The code is the one mailed after this sign-in by the server's clock,
 * which the visit journeys move forward.
 */
export async function staffSignIn(browser: Browser, who: { email: string; password: string }, opts: { relay?: boolean } = {}): Promise<Page> {
  // Dr. Kim works from Los Angeles: his browser says so (the visit page speaks in the browser's zone).
  // The code is looked for from the server's time (its clock is moved in these journeys).
  return signInAsStaff(browser, who, /\/doctor$/, {
    contextOptions: { timezoneId: 'America/Los_Angeles' },
    prepare: (context) => probeCalls(context, opts),
    askedAt: serverNow,
  });
}

/** A patient's browser: California time, the call probe installed (`relay` forces TURN). */
export async function patientPage(browser: Browser, opts: { relay?: boolean } = {}): Promise<Page> {
  const context = await browser.newContext({ timezoneId: PATIENT_ZONE });
  await probeCalls(context, opts);
  return context.newPage();
}

/** The patient logs in from the login drawer (the visit screen's "Log in" opens it and comes back). */
export async function logInFromDrawer(page: Page, email: string) {
  const drawer = page.getByTestId('login-drawer');
  await drawer.getByRole('textbox', { name: 'Email' }).fill(email);
  await drawer.getByRole('textbox', { name: 'Password' }).fill(PATIENT_PASSWORD);
  await drawer.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(drawer).toBeHidden();
}

// ---- buying a video visit -------------------------------------------------------------------------

export interface VisitOrder {
  orderId: string;
  appointmentId: string;
  startsAt: string;
  email: string;
}

/**
 * SPEC §2 checkout of a video-visit product through its pages, as a new patient: the semaglutide
 * weight-care program (visit type 1), the questionnaire, a California address, the partner
 * pharmacy, Dr. Daniel Kim's earliest time on schedule-visit (SCHEDULE), Register, and Pay with
 * the sandbox's test card. Answers the order and its booked appointment.
 */
export async function patientBuysVideoVisit(page: Page, email: string): Promise<VisitOrder> {
  await startVisit(page, '/products/semaglutide-weight-care');
  await answerWeightCare(page);
  await shipToCaliforniaFromPartner(page);

  // SPEC §2 Scheduling: schedule-visit for a video visit; the doctor chosen, the earliest time.
  await expect(page).toHaveURL(/\/checkout\/schedule-visit$/);
  await page.getByRole('radio', { name: new RegExp(DOCTOR.name) }).check();
  await expect(page.getByRole('tablist', { name: 'Days with open times' })).toBeVisible();
  await page.getByRole('tab').first().click();
  await page.getByRole('tabpanel').getByRole('button').first().click();
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'SCHEDULE' }).click();

  await expect(page).toHaveURL(/\/register/);
  await page.getByLabel('Email').fill(email);
  await page.getByRole('textbox', { name: 'Password' }).fill(PATIENT_PASSWORD);
  await page.getByRole('button', { name: 'Create account' }).click();
  await payWithTestCard(page);
  const orderId = new URL(page.url()).searchParams.get('order')!;
  return { orderId, email, ...(await bookedAppointment(page.request, orderId)) };
}

async function bookedAppointment(request: APIRequestContext, orderId: string) {
  const res = await request.get(`/api/orders/${orderId}/appointment`);
  expect(res.status(), await res.text()).toBe(200);
  const { appointment } = (await res.json()) as { appointment: { id: string; startsAt: string; status: string; visitType: number } };
  expect(appointment).toMatchObject({ status: 'booked', visitType: 1 });
  return { appointmentId: appointment.id, startsAt: appointment.startsAt };
}

async function ok(res: Awaited<ReturnType<APIRequestContext['get']>>, status = 200) {
  expect(res.status(), `${res.url()}: ${await res.text()}`).toBe(status);
  return res.json() as Promise<Record<string, unknown>>;
}

/**
 * A new patient's video visit with Dr. Kim made through the API with the page's cookies (the calls
 * the checkout pages make: guest cart, questionnaire, California address and partner pharmacy, the
 * earliest slot, register, sandbox card, pay). For the journeys that are about the call, not the
 * purchase (visit-video.spec.ts buys one through the pages). `book: false` stops before the
 * booking, with the cart waiting at Scheduling and the guest registered (a second patient).
 */
export async function visitOrderByApi(page: Page, email: string, opts: { book?: boolean } = {}): Promise<VisitOrder> {
  const request = page.request;
  await page.goto('/');
  const redirect = await ok(await request.post('/api/checkout/redirect?productId=semaglutide-weight-care', { headers: CSRF }));
  const orderId = redirect.orderId as string;

  const photo = await readFile(new URL('./fixtures/patient-photo.jpg', import.meta.url));
  const upload = await ok(
    await request.post('/api/uploads', { headers: CSRF, multipart: { file: { name: 'patient-photo.jpg', mimeType: 'image/jpeg', buffer: photo } } }),
    201,
  );
  const consults = await ok(await request.get(`/api/orders/${orderId}/consults`));
  for (const item of consults.items as { consult: { id: string; questionnaire: { version: { definition: { pages: { questions: Question[] }[] } } } } }[]) {
    const { id, questionnaire } = item.consult;
    for (const [index, p] of questionnaire.version.definition.pages.entries()) {
      const answers: Record<string, unknown> = {};
      for (const q of p.questions) {
        const a = answerFor(q, upload.id as string);
        if (a !== undefined) answers[q.id] = a;
      }
      await ok(await request.put(`/api/consults/${id}/pages/${index}`, { headers: CSRF, data: { answers, mode: 'next' } }));
    }
    const submitted = await ok(await request.post(`/api/consults/${id}/submit`, { headers: CSRF }));
    expect(submitted.disqualified).toBeFalsy();
  }
  await ok(
    await request.put(`/api/orders/${orderId}/shipping-address`, {
      headers: CSRF,
      data: {
        address: { fullName: 'Robin Ellis', line1: '200 N Spring St', city: 'Los Angeles', state: 'CA', zip: '90012', phone: '2135550187' },
        methodId: STANDARD_SHIPPING,
      },
    }),
  );
  await ok(await request.put(`/api/orders/${orderId}/pharmacy`, { headers: CSRF, data: { partner: true } }));

  if (opts.book === false) {
    await ok(await request.post('/api/auth/register', { headers: CSRF, data: { email, password: PATIENT_PASSWORD, firstName: 'Robin', lastName: 'Ellis', phone: '' } }), 201);
    return { orderId, email, appointmentId: '', startsAt: '' };
  }

  const { doctors } = (await ok(await request.get(`/api/orders/${orderId}/doctors`))) as { doctors: { id: string; name: string }[] };
  const kim = doctors.find((d) => d.name === DOCTOR.name);
  expect(kim, 'Dr. Kim is licensed in California').toBeTruthy();
  const slots = (await ok(await request.get(`/api/doctors/${kim!.id}/slots?tz=${encodeURIComponent(PATIENT_ZONE)}`))) as { days: { slots: { startsAt: string }[] }[] };
  const startsAt = slots.days.flatMap((d) => d.slots.map((s) => s.startsAt))[0];
  expect(startsAt, 'Dr. Kim has a free time').toBeTruthy();
  await ok(
    await request.post(`/api/orders/${orderId}/appointment`, {
      headers: CSRF,
      data: { doctorId: kim!.id, startsAt, invitee: { name: 'Robin Ellis', email, number: '2135550187' }, timeZone: PATIENT_ZONE },
    }),
    201,
  );
  await ok(await request.post('/api/auth/register', { headers: CSRF, data: { email, password: PATIENT_PASSWORD, firstName: 'Robin', lastName: 'Ellis', phone: '' } }), 201);
  const token = await ok(
    await request.post('/api/payments/sandbox/tokens', { headers: CSRF, data: { number: '4242424242424242', expMonth: 12, expYear: 2035, cvc: '123' } }),
    201,
  );
  const consents = (await (await request.get('/api/consents')).json()) as { id: string }[] | { consents: { id: string }[] };
  const consentIds = (Array.isArray(consents) ? consents : consents.consents).map((c) => c.id);
  const paid = await ok(
    await request.post(`/api/orders/${orderId}/pay`, {
      headers: { ...CSRF, 'idempotency-key': `visit-${orderId}` },
      data: { paymentMethod: { token: token.token }, acceptedConsentIds: consentIds },
    }),
  );
  expect(paid.status).toBe('visit_scheduled');
  return { orderId, email, ...(await bookedAppointment(request, orderId)) };
}

// ---- the call -----------------------------------------------------------------------------------

/** A line of the call's live region (what is happening, in words; VisitCall's role=status). */
export function callStatus(page: Page, text: string) {
  return page.getByRole('status').getByText(text, { exact: true });
}

/**
 * SPEC §2 patient visit: the visit screen, signed in afresh when the session lapsed while the
 * clock moved (the screen's "Log in" opens the drawer and comes back), "Connect to your visit now".
 */
export async function patientOpensVisit(page: Page, visit: VisitOrder) {
  await page.goto(`/checkout/patient-visit?id=${visit.orderId}`);
  const logIn = page.getByRole('main').getByRole('button', { name: 'Log in' });
  const heading = page.getByRole('heading', { level: 1, name: 'Connect to your visit now' });
  await expect(logIn.or(heading)).toBeVisible();
  if (await logIn.isVisible()) {
    await logIn.click();
    await logInFromDrawer(page, visit.email);
  }
  await expect(heading).toBeVisible();
  await expect(page.getByTestId('visit-doctor')).toContainText(DOCTOR.name);
}

/** The camera and microphone check, START VISIT, and the waiting room. */
export async function patientStartsVisit(page: Page) {
  await expect(page.getByRole('heading', { name: 'Check your camera and microphone' })).toBeVisible();
  await expect(page.getByText('Your camera and microphone are working.')).toBeVisible();
  await page.getByRole('button', { name: 'START VISIT' }).click();
  await expect(callStatus(page, 'Waiting for the doctor to let you in.')).toBeVisible({ timeout: 20_000 });
}

export async function patientEntersWaitingRoom(page: Page, visit: VisitOrder) {
  await patientOpensVisit(page, visit);
  await patientStartsVisit(page);
}

/** The doctor ends the visit; the patient's screen moves on to what happens next (SPEC §2 ended-visit). */
export async function doctorEndsVisit(doctor: Page, patient: Page, orderId: string) {
  await doctor.getByRole('button', { name: 'End visit' }).click();
  // Ending cannot be undone: the doctor confirms.
  await doctor.getByRole('dialog', { name: 'End the visit?' }).getByRole('button', { name: 'End visit' }).click();
  await expect(patient).toHaveURL(new RegExp(`/checkout/ended-visit\\?id=${orderId}$`), { timeout: 20_000 });
  await expect(patient.getByRole('heading', { level: 1, name: 'What happens next' })).toBeVisible();
  await expect(doctor.getByRole('region', { name: 'Video call' })).toContainText('The visit is done.');
}

/** The doctor's visit page (/doctor/visits/:id): the check, Join, and the patient waiting. */
export async function doctorJoins(page: Page, appointmentId: string) {
  if (!page.url().includes(`/doctor/visits/${appointmentId}`)) await page.goto(`/doctor/visits/${appointmentId}`);
  await expect(page.getByRole('heading', { level: 1, name: /^Visit with / })).toBeVisible();
  await expect(page.getByText('Your camera and microphone are working.')).toBeVisible();
  await page.getByRole('button', { name: 'Join', exact: true }).click();
}

/** The doctor admits the waiting patient (the waiting room, docs/visits.md). */
export async function doctorAdmits(page: Page) {
  await expect(callStatus(page, 'The patient is waiting. Admit them when you are ready.')).toBeVisible({ timeout: 20_000 });
  await page.getByRole('button', { name: 'Admit patient' }).click();
}
