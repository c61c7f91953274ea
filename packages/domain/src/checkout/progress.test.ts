import { describe, expect, it } from 'vitest';
import { DEFAULT_DISPLAY_PAGES, type DisplayPages } from '../storefront/config.ts';
import {
  checkoutGuardRedirect,
  isPostPaymentPath,
  pageAfterPrePage,
  progressStepOf,
  readyForPayment,
  stagesOfCheckoutPath,
  stageStatuses,
  type GuardContext,
  type StageStatusLabel,
} from './progress.ts';
import type { VisitType } from './routing.ts';
import { Stage, type StageFlag } from './stages.ts';

const { Consult, Shipping, Register, Pharmacy, Scheduling, Payment } = Stage;
const none: DisplayPages = DEFAULT_DISPLAY_PAGES;
const all: DisplayPages = {
  preQuestionnaire: true,
  preShipping: true,
  preScheduling: true,
  preDoctorConfirmation: true,
  prePayment: true,
  greeting: true,
};
const CONSULT_ORDER = Consult | Shipping | Pharmacy | Scheduling | Payment;

describe('stageStatuses', () => {
  it.each<[string, number, number, boolean, [StageFlag, StageStatusLabel][]]>([
    // SPEC §4 "pending or completed per item and per order"; the first missing decides (SPEC §4)
    [
      'nothing done, guest',
      CONSULT_ORDER,
      0,
      false,
      [
        [Consult, 'Pending'],
        [Shipping, 'Incomplete'],
        [Pharmacy, 'Incomplete'],
        [Scheduling, 'Incomplete'],
        [Register, 'Incomplete'],
        [Payment, 'Incomplete'],
      ],
    ],
    [
      'consult done, signed in: Register counts as completed (SPEC §2 "no login token")',
      CONSULT_ORDER,
      Consult,
      true,
      [
        [Consult, 'completed'],
        [Shipping, 'Pending'],
        [Pharmacy, 'Incomplete'],
        [Scheduling, 'Incomplete'],
        [Register, 'completed'],
        [Payment, 'Incomplete'],
      ],
    ],
    [
      'a shipped product: only its stages, Register pending for a guest after Shipping',
      Shipping | Payment,
      Shipping,
      false,
      [
        [Shipping, 'completed'],
        [Register, 'Pending'],
        [Payment, 'Incomplete'],
      ],
    ],
    [
      'everything done',
      Shipping | Payment,
      Shipping | Payment,
      true,
      [
        [Shipping, 'completed'],
        [Register, 'completed'],
        [Payment, 'completed'],
      ],
    ],
  ])('%s', (_name, required, completed, loggedIn, expected) => {
    const statuses = stageStatuses(required, completed, { loggedIn });
    expect(statuses.map((s) => [s.stage, s.label])).toEqual(expected);
    for (const s of statuses)
      expect(s.status).toBe(s.label === 'completed' ? 'completed' : 'pending');
  });
});

describe('readyForPayment', () => {
  it.each<[string, number, number, boolean, boolean]>([
    // DATA-MODEL.md "all stages but Payment done → awaiting_payment"
    ['all but Payment, signed in', CONSULT_ORDER, CONSULT_ORDER & ~Payment, true, true],
    [
      'all but Payment, guest: Register is missing (SPEC §2)',
      CONSULT_ORDER,
      CONSULT_ORDER & ~Payment,
      false,
      false,
    ],
    ['Scheduling missing', CONSULT_ORDER, Consult | Shipping | Pharmacy, true, false],
    ['a lab panel: only Payment', Payment, 0, true, true],
    ['nothing to pay for', Shipping, Shipping, true, false],
    ['already paid', Shipping | Payment, Shipping | Payment, true, true],
  ])('%s', (_name, required, completed, loggedIn, expected) => {
    expect(readyForPayment(required, completed, { loggedIn })).toBe(expected);
  });
});

describe('progressStepOf', () => {
  it.each<[string | null, number]>([
    // SPEC §2 "Progress steps: pre-questionnaire = 1 ... pre-payment = 4 ... order confirmation = 5"
    ['/checkout/pre-questionnaire', 1],
    ['/checkout/questionnaire/1', 1],
    ['/checkout/shipping-details', 2],
    ['/checkout/schedule-visit', 3],
    ['/register', 4],
    ['/checkout/summary', 4],
    [null, 5],
  ])('%s → %i', (route, step) => {
    expect(progressStepOf(route)).toBe(step);
  });
});

describe('stagesOfCheckoutPath and isPostPaymentPath', () => {
  it.each<[string, StageFlag[], boolean]>([
    ['/checkout/questionnaire/3', [Consult], false],
    ['/checkout/pre-shipping/', [Shipping, Pharmacy], false],
    ['/checkout/pharmacy-map?zip=10001', [Pharmacy], false],
    ['/checkout/greeting', [Payment], false],
    ['/checkout/order-confirmation', [], true],
    ['/checkout/patient-visit', [], true],
    ['/products', [], false],
  ])('%s', (path, stages, post) => {
    expect(stagesOfCheckoutPath(path)).toEqual(stages);
    expect(isPostPaymentPath(path)).toBe(post);
  });
});

describe('checkoutGuardRedirect', () => {
  const ctx = (over: Partial<GuardContext> = {}): GuardContext => ({
    required: CONSULT_ORDER,
    completed: 0,
    loggedIn: false,
    display: none,
    visitType: 1 as VisitType,
    ...over,
  });

  it.each<[string, string, GuardContext, string | null]>([
    // SPEC §2 "After a cart or order load the user is sent to the first pending stage"
    ['the entry goes to the first pending stage', '/checkout', ctx(), '/checkout/questionnaire/1'],
    [
      'the entry with pre pages on',
      '/checkout',
      ctx({ display: all }),
      '/checkout/pre-questionnaire',
    ],
    ['the first pending stage stays', '/checkout/questionnaire/1', ctx(), null],
    [
      'a later questionnaire page is the Consult stage too',
      '/checkout/questionnaire/2',
      ctx(),
      null,
    ],
    // issue 8 "cannot skip ahead by typing a URL (they are redirected to the first pending stage)"
    [
      'typing a later stage sends back (Shipping)',
      '/checkout/shipping-details',
      ctx(),
      '/checkout/questionnaire/1',
    ],
    [
      'typing a later stage sends back (Payment)',
      '/checkout/summary',
      ctx({ display: all }),
      '/checkout/pre-questionnaire',
    ],
    [
      'pharmacy before shipping is done',
      '/checkout/pharmacy-map',
      ctx({ completed: Consult }),
      '/checkout/shipping-details',
    ],
    [
      'pharmacy once shipping is done',
      '/checkout/pharmacy-options',
      ctx({ completed: Consult | Shipping }),
      null,
    ],
    // Back navigation works: earlier (completed) stages stay reachable
    [
      'back to the questionnaire',
      '/checkout/questionnaire/1',
      ctx({ completed: Consult | Shipping }),
      null,
    ],
    [
      'back to shipping details',
      '/checkout/shipping-details',
      ctx({ completed: Consult | Shipping | Pharmacy }),
      null,
    ],
    // SPEC §2 "Register: /register" comes before Payment for a guest
    [
      'a guest with all but Payment done goes to register',
      '/checkout/summary',
      ctx({ completed: CONSULT_ORDER & ~Payment }),
      '/register',
    ],
    [
      'signed in, Payment pending: the summary stays',
      '/checkout/summary',
      ctx({ completed: CONSULT_ORDER & ~Payment, loggedIn: true }),
      null,
    ],
    // a stage the order does not need
    [
      'no consult for an over-the-counter product',
      '/checkout/questionnaire/1',
      ctx({ required: Shipping | Payment, loggedIn: true }),
      '/checkout/shipping-details',
    ],
    [
      'no scheduling for a shipped product',
      '/checkout/schedule-visit',
      ctx({ required: Shipping | Payment, completed: Shipping, loggedIn: true }),
      '/checkout/summary',
    ],
    // Pre pages appear only when the storefront enables them (issue 8)
    [
      'pre-questionnaire switched off',
      '/checkout/pre-questionnaire',
      ctx(),
      '/checkout/questionnaire/1',
    ],
    ['pre-questionnaire switched on', '/checkout/pre-questionnaire', ctx({ display: all }), null],
    [
      'greeting off, pre-payment on',
      '/checkout/greeting',
      ctx({
        completed: CONSULT_ORDER & ~Payment,
        loggedIn: true,
        display: { ...none, prePayment: true },
      }),
      '/checkout/pre-payment',
    ],
    [
      'greeting on',
      '/checkout/greeting',
      ctx({ completed: CONSULT_ORDER & ~Payment, loggedIn: true, display: all }),
      null,
    ],
    // SPEC §2 "Scheduling: doctor-confirmation (visit type 3) or schedule-visit (other types)"
    [
      'schedule-visit for an asynchronous review',
      '/checkout/schedule-visit',
      ctx({ completed: Consult | Shipping | Pharmacy, visitType: 3 }),
      '/checkout/doctor-confirmation',
    ],
    [
      'doctor-confirmation for a video visit',
      '/checkout/doctor-confirmation',
      ctx({ completed: Consult | Shipping | Pharmacy, visitType: 1, display: all }),
      '/checkout/pre-scheduling',
    ],
    // pages outside the stage flow are not guarded
    ['order confirmation', '/checkout/order-confirmation', ctx(), null],
    ['anything else', '/products', ctx(), null],
    [
      'nothing left: the entry stays',
      '/checkout',
      ctx({ completed: CONSULT_ORDER, loggedIn: true }),
      null,
    ],
  ])('%s', (_name, path, context, expected) => {
    expect(checkoutGuardRedirect(path, context)).toBe(expected);
  });

  it('never redirects to a page it would redirect again', () => {
    const masks = [
      0,
      Consult,
      Consult | Shipping,
      Consult | Shipping | Pharmacy,
      CONSULT_ORDER & ~Payment,
      CONSULT_ORDER,
    ];
    const paths = [
      '/checkout',
      '/checkout/pre-questionnaire',
      '/checkout/questionnaire/1',
      '/checkout/pre-shipping',
      '/checkout/shipping-details',
      '/checkout/pharmacy-map',
      '/checkout/pre-scheduling',
      '/checkout/schedule-visit',
      '/checkout/pre-doctor-confirmation',
      '/checkout/doctor-confirmation',
      '/checkout/greeting',
      '/checkout/pre-payment',
      '/checkout/summary',
    ];
    for (const required of [
      CONSULT_ORDER,
      Shipping | Payment,
      Consult | Scheduling | Payment,
      Payment,
    ]) {
      for (const completed of masks) {
        for (const display of [none, all]) {
          for (const loggedIn of [false, true]) {
            for (const visitType of [1, 3] as VisitType[]) {
              const context = {
                required,
                completed: completed & required,
                loggedIn,
                display,
                visitType,
              };
              for (const path of paths) {
                const target = checkoutGuardRedirect(path, context);
                if (target)
                  expect(checkoutGuardRedirect(target, context), `${path} → ${target}`).toBeNull();
              }
            }
          }
        }
      }
    }
  });
});

describe('pageAfterPrePage', () => {
  it.each<[keyof DisplayPages, DisplayPages, string]>([
    ['preQuestionnaire', all, '/checkout/questionnaire/1'],
    ['preShipping', all, '/checkout/shipping-details'],
    ['preScheduling', all, '/checkout/schedule-visit'],
    ['preDoctorConfirmation', all, '/checkout/doctor-confirmation'],
    ['prePayment', all, '/checkout/summary'],
    // SPEC §2 "Payment: greeting page if enabled, else pre-payment if enabled, else summary"
    ['greeting', all, '/checkout/pre-payment'],
    ['greeting', { ...all, prePayment: false }, '/checkout/summary'],
  ])('%s', (page, display, expected) => {
    expect(pageAfterPrePage(page, display)).toBe(expected);
  });
});
