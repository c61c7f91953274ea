import { describe, expect, it } from 'vitest';
import { DEFAULT_DISPLAY_PAGES, type DisplayPages } from '../storefront/config.ts';
import {
  PROGRESS_STEPS,
  firstPendingRoute,
  progressPages,
  progressStepForPath,
  progressUrl,
  routeForStage,
  type ProgressStep,
  type VisitType,
} from './routing.ts';
import { Stage, type StageFlag } from './stages.ts';

const none: DisplayPages = DEFAULT_DISPLAY_PAGES;
const all: DisplayPages = {
  preQuestionnaire: true,
  preShipping: true,
  preScheduling: true,
  preDoctorConfirmation: true,
  prePayment: true,
  greeting: true,
};
const only = (page: keyof DisplayPages): DisplayPages => ({ ...none, [page]: true });

describe('routeForStage', () => {
  it.each<[string, StageFlag, DisplayPages, VisitType | null, string]>([
    // SPEC §2 "Consult: pre-questionnaire if that display page is enabled, else questionnaire 1"
    [
      'Consult, pre page on',
      Stage.Consult,
      only('preQuestionnaire'),
      1,
      '/checkout/pre-questionnaire',
    ],
    ['Consult, pre page off', Stage.Consult, none, 1, '/checkout/questionnaire/1'],
    // SPEC §2 "Shipping and Pharmacy: pre-shipping if enabled, else shipping-details"
    ['Shipping, pre page on', Stage.Shipping, only('preShipping'), null, '/checkout/pre-shipping'],
    ['Shipping, pre page off', Stage.Shipping, none, null, '/checkout/shipping-details'],
    ['Pharmacy, pre page on', Stage.Pharmacy, only('preShipping'), null, '/checkout/pre-shipping'],
    ['Pharmacy, pre page off', Stage.Pharmacy, all, null, '/checkout/pre-shipping'],
    ['Pharmacy, all off', Stage.Pharmacy, none, null, '/checkout/shipping-details'],
    // SPEC §2 "Scheduling: doctor-confirmation (visit type 3) ... preceded by its pre page if enabled"
    [
      'Scheduling type 3, pre on',
      Stage.Scheduling,
      only('preDoctorConfirmation'),
      3,
      '/checkout/pre-doctor-confirmation',
    ],
    ['Scheduling type 3, pre off', Stage.Scheduling, none, 3, '/checkout/doctor-confirmation'],
    // SPEC §2 type 3 ignores the scheduling pre page
    [
      'Scheduling type 3, only pre-scheduling on',
      Stage.Scheduling,
      only('preScheduling'),
      3,
      '/checkout/doctor-confirmation',
    ],
    // SPEC §2 "or schedule-visit (other types), each preceded by its pre page if enabled"
    [
      'Scheduling type 1, pre on',
      Stage.Scheduling,
      only('preScheduling'),
      1,
      '/checkout/pre-scheduling',
    ],
    ['Scheduling type 2, pre off', Stage.Scheduling, none, 2, '/checkout/schedule-visit'],
    [
      'Scheduling type 2, only doctor pre on',
      Stage.Scheduling,
      only('preDoctorConfirmation'),
      2,
      '/checkout/schedule-visit',
    ],
    [
      'Scheduling unknown type',
      Stage.Scheduling,
      only('preScheduling'),
      null,
      '/checkout/pre-scheduling',
    ],
    // SPEC §2 "Register: /register"
    ['Register', Stage.Register, all, 1, '/register'],
    // SPEC §2 "Payment: greeting page if enabled, else pre-payment if enabled, else summary"
    ['Payment, greeting and pre-payment on', Stage.Payment, all, 1, '/checkout/greeting'],
    ['Payment, greeting only', Stage.Payment, only('greeting'), 1, '/checkout/greeting'],
    ['Payment, pre-payment only', Stage.Payment, only('prePayment'), 1, '/checkout/pre-payment'],
    ['Payment, none', Stage.Payment, none, 1, '/checkout/summary'],
  ])('%s', (_name, stage, display, visitType, expected) => {
    // SPEC §2 "After a cart or order load the user is sent to the first pending stage"
    expect(routeForStage(stage, display, visitType)).toBe(expected);
  });
});

describe('firstPendingRoute', () => {
  const all5 = Stage.Consult | Stage.Shipping | Stage.Pharmacy | Stage.Scheduling | Stage.Payment;
  it.each<[string, number, number, boolean, VisitType | null, DisplayPages, string | null]>([
    // SPEC §2 first pending stage is Consult
    ['fresh order', all5, 0, true, 1, none, '/checkout/questionnaire/1'],
    // SPEC §2 first pending stage after Consult is Shipping
    ['after consult', all5, Stage.Consult, true, 1, only('preShipping'), '/checkout/pre-shipping'],
    // SPEC §2 stage order: Pharmacy pending goes to the shipping pages
    [
      'pharmacy pending',
      all5,
      Stage.Consult | Stage.Shipping,
      true,
      1,
      none,
      '/checkout/shipping-details',
    ],
    // SPEC §2 stage order: Scheduling before Register
    ['scheduling, guest', all5, 1 | 2 | 8, false, 3, none, '/checkout/doctor-confirmation'],
    // SPEC §2 "If the user has no login token, Register is added to the pending stages"
    ['only payment left, guest', all5, 1 | 2 | 8 | 16, false, 1, all, '/register'],
    // SPEC §2 logged in: straight to payment
    [
      'only payment left, logged in',
      all5,
      1 | 2 | 8 | 16,
      true,
      1,
      only('prePayment'),
      '/checkout/pre-payment',
    ],
    // SPEC §4 nothing missing: no redirect
    ['nothing missing', all5, all5, true, 1, all, null],
    // SPEC §2 a guest with everything complete still has Register pending
    ['all done, guest', all5, all5, false, 1, none, '/register'],
  ])('%s', (_name, required, completed, loggedIn, visitType, display, expected) => {
    // SPEC §2 "the user is sent to the first pending stage"; SPEC §4 "the first decides the redirect"
    expect(firstPendingRoute(required, completed, { loggedIn, display, visitType })).toBe(expected);
  });
});

describe('progressUrl', () => {
  it.each<[ProgressStep, boolean, VisitType | null, string]>([
    // SPEC §2 "start page = 0"
    [0, false, 1, '/'],
    [0, true, 3, '/'],
    // SPEC §2 "pre-questionnaire = 1, leading to questionnaire"; pre URL if flagged
    [1, true, 1, '/checkout/pre-questionnaire'],
    [1, false, 1, '/checkout/questionnaire/1'],
    // SPEC §2 "pre-shipping = 2, to shipping-details"
    [2, true, null, '/checkout/pre-shipping'],
    [2, false, null, '/checkout/shipping-details'],
    // SPEC §2 "pre-doctor-confirmation = 3, to doctor-confirmation (visit type 3)"
    [3, true, 3, '/checkout/pre-doctor-confirmation'],
    [3, false, 3, '/checkout/doctor-confirmation'],
    // SPEC §2 "or pre-scheduling then schedule-visit (visit types 1 and 2)"
    [3, true, 1, '/checkout/pre-scheduling'],
    [3, false, 1, '/checkout/schedule-visit'],
    [3, true, 2, '/checkout/pre-scheduling'],
    [3, false, 2, '/checkout/schedule-visit'],
    [3, false, null, '/checkout/schedule-visit'],
    // SPEC §2 "pre-payment = 4, to summary"
    [4, true, 1, '/checkout/pre-payment'],
    [4, false, 1, '/checkout/summary'],
    // SPEC §2 "For progress 5 the earlier pre URL is used": pre-payment, whatever the flag
    [5, true, 1, '/checkout/pre-payment'],
    [5, false, 1, '/checkout/pre-payment'],
    [5, false, 3, '/checkout/pre-payment'],
  ])('step %i flagged %s visit type %s → %s', (step, flagged, visitType, expected) => {
    // SPEC §2 "Progress steps ... pre URL if set, otherwise the normal URL"
    expect(progressUrl(step, { flagged, visitType })).toBe(expected);
  });

  it('keeps order confirmation as the normal page of step 5', () => {
    // SPEC §2 "order confirmation = 5"
    expect(progressPages(5, 1)).toEqual({
      pre: '/checkout/pre-payment',
      normal: '/checkout/order-confirmation',
    });
  });
});

describe('progress bar', () => {
  it('has five labelled steps', () => {
    // SPEC §2 progress steps 1 to 5 (questionnaire, shipping, doctor, payment, confirmation)
    expect(PROGRESS_STEPS).toEqual([
      { step: 1, label: 'Consult' },
      { step: 2, label: 'Shipping' },
      { step: 3, label: 'Doctor' },
      { step: 4, label: 'Payment' },
      { step: 5, label: 'Confirmation' },
    ]);
  });

  it.each<[string, ProgressStep]>([
    // SPEC §2 "pre-questionnaire = 1, leading to questionnaire"
    ['/checkout/pre-questionnaire', 1],
    ['/checkout/questionnaire/1', 1],
    ['/checkout/questionnaire/4', 1],
    // SPEC §2 "pre-shipping = 2, to shipping-details"; pharmacy pages belong to the shipping step
    ['/checkout/pre-shipping', 2],
    ['/checkout/shipping-details', 2],
    ['/checkout/pharmacy-map', 2],
    ['/checkout/pharmacy-search', 2],
    ['/checkout/pharmacy-options', 2],
    // SPEC §2 "pre-doctor-confirmation = 3 ... or pre-scheduling then schedule-visit"
    ['/checkout/pre-scheduling', 3],
    ['/checkout/schedule-visit', 3],
    ['/checkout/pre-doctor-confirmation', 3],
    ['/checkout/doctor-confirmation', 3],
    // SPEC §2 "pre-payment = 4, to summary"; Register and greeting come just before payment
    ['/checkout/pre-payment', 4],
    ['/checkout/summary', 4],
    ['/checkout/greeting', 4],
    ['/register', 4],
    // SPEC §2 "order confirmation = 5"; the visit pages come after paying
    ['/checkout/order-confirmation', 5],
    ['/checkout/patient-visit', 5],
    ['/checkout/ended-visit', 5],
    // SPEC §2 "start page = 0"; anything else is outside the checkout
    ['/', 0],
    ['/my-account', 0],
    ['/checkout/unknown', 0],
    // SPEC §2 routes match without query string, hash or trailing slash
    ['/checkout/summary?id=5', 4],
    ['/checkout/shipping-details/', 2],
    ['/checkout/order-confirmation#top', 5],
  ])('%s → %i', (path, expected) => {
    // SPEC §2 checkout routes and progress steps
    expect(progressStepForPath(path)).toBe(expected);
  });
});
