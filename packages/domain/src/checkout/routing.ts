// Where the checkout sends the patient (SPEC §2 "After a cart or order load", "Progress steps").
import type { DisplayPages } from '../storefront/config.ts';
import { APP_ROUTES, CHECKOUT_ROUTES } from './routes.ts';
import { firstMissingStage, Stage, type StageFlag } from './stages.ts';

/** 1 video, 2 phone, 3 asynchronous review (DESIGN.md). */
export const VISIT_TYPES = { video: 1, phone: 2, asynchronous: 3 } as const;
export type VisitType = (typeof VISIT_TYPES)[keyof typeof VISIT_TYPES];
/** A visit at a booked time with a doctor: video or phone (not the asynchronous review). */
export type ScheduledVisitType = typeof VISIT_TYPES.video | typeof VISIT_TYPES.phone;

/** True for a visit booked at a time (video or phone); false for the review and for none. */
export function isScheduledVisit(visitType: VisitType | null | undefined): visitType is ScheduledVisitType {
  return visitType === VISIT_TYPES.video || visitType === VISIT_TYPES.phone;
}

/** SPEC §2 "After a cart or order load the user is sent to the first pending stage". */
export function routeForStage(
  stage: StageFlag,
  display: DisplayPages,
  visitType: VisitType | null,
): string {
  switch (stage) {
    case Stage.Consult:
      return display.preQuestionnaire
        ? CHECKOUT_ROUTES.preQuestionnaire
        : CHECKOUT_ROUTES.questionnaire;
    case Stage.Shipping:
    case Stage.Pharmacy:
      return display.preShipping ? CHECKOUT_ROUTES.preShipping : CHECKOUT_ROUTES.shippingDetails;
    case Stage.Scheduling:
      // The asynchronous review has the doctor confirm; every other type (and unknown) schedules a visit.
      if (visitType === VISIT_TYPES.asynchronous) {
        return display.preDoctorConfirmation
          ? CHECKOUT_ROUTES.preDoctorConfirmation
          : CHECKOUT_ROUTES.doctorConfirmation;
      }
      return display.preScheduling ? CHECKOUT_ROUTES.preScheduling : CHECKOUT_ROUTES.scheduleVisit;
    case Stage.Register:
      return APP_ROUTES.register;
    case Stage.Payment:
      if (display.greeting) return CHECKOUT_ROUTES.greeting;
      return display.prePayment ? CHECKOUT_ROUTES.prePayment : CHECKOUT_ROUTES.summary;
  }
}

/** The route of the first missing stage, or null when nothing is missing. */
export function firstPendingRoute(
  required: number,
  completed: number,
  ctx: { loggedIn: boolean; display: DisplayPages; visitType: VisitType | null },
): string | null {
  const stage = firstMissingStage(required, completed, { loggedIn: ctx.loggedIn });
  return stage === null ? null : routeForStage(stage, ctx.display, ctx.visitType);
}

export type ProgressStep = 0 | 1 | 2 | 3 | 4 | 5;

/** The progress bar's steps (0, the start page, is not shown). */
export const PROGRESS_STEPS: { step: 1 | 2 | 3 | 4 | 5; label: string }[] = [
  { step: 1, label: 'Consult' },
  { step: 2, label: 'Shipping' },
  { step: 3, label: 'Doctor' },
  { step: 4, label: 'Payment' },
  { step: 5, label: 'Confirmation' },
];

/**
 * The pre page and the normal page of a progress step (SPEC §2 "Progress steps").
 * Step 3 is doctor confirmation for visit type 3 and scheduling for visit types 1 and 2 (and when
 * the visit type is not known yet, as routeForStage does). Step 5 has no pre page of its own: its
 * `pre` is the earlier step's pre page, pre-payment (see progressUrl).
 */
export function progressPages(
  step: ProgressStep,
  visitType: VisitType | null,
): { pre: string; normal: string } {
  switch (step) {
    case 0:
      return { pre: APP_ROUTES.home, normal: APP_ROUTES.home };
    case 1:
      return { pre: CHECKOUT_ROUTES.preQuestionnaire, normal: CHECKOUT_ROUTES.questionnaire };
    case 2:
      return { pre: CHECKOUT_ROUTES.preShipping, normal: CHECKOUT_ROUTES.shippingDetails };
    case 3:
      return visitType === VISIT_TYPES.asynchronous
        ? { pre: CHECKOUT_ROUTES.preDoctorConfirmation, normal: CHECKOUT_ROUTES.doctorConfirmation }
        : { pre: CHECKOUT_ROUTES.preScheduling, normal: CHECKOUT_ROUTES.scheduleVisit };
    case 4:
      return { pre: CHECKOUT_ROUTES.prePayment, normal: CHECKOUT_ROUTES.summary };
    case 5:
      return { pre: CHECKOUT_ROUTES.prePayment, normal: CHECKOUT_ROUTES.orderConfirmation };
  }
}

/**
 * The URL for a progress value (SPEC §2).
 *
 * Reading of "For progress 5 the earlier pre URL is used. For other values the URL depends on
 * whether a flagged condition is set: pre URL if set, otherwise the normal URL.":
 * - 0 is the start page '/', whatever the flag.
 * - 5 always gives "the earlier pre URL", i.e. the pre URL of the step before it, pre-payment,
 *   whatever the flag. Order confirmation is only reached by paying, never through this URL.
 * - 1 to 4 give the pre URL when flagged, otherwise the normal URL.
 */
export function progressUrl(
  step: ProgressStep,
  ctx: { flagged: boolean; visitType: VisitType | null },
): string {
  const pages = progressPages(step, ctx.visitType);
  if (step === 0) return pages.normal;
  if (step === 5) return pages.pre;
  return ctx.flagged ? pages.pre : pages.normal;
}

const STEP_BY_PATH: Record<string, ProgressStep> = {
  [CHECKOUT_ROUTES.preQuestionnaire]: 1,
  [CHECKOUT_ROUTES.questionnaire]: 1,
  [CHECKOUT_ROUTES.preShipping]: 2,
  [CHECKOUT_ROUTES.shippingDetails]: 2,
  [CHECKOUT_ROUTES.pharmacyMap]: 2,
  [CHECKOUT_ROUTES.pharmacySearch]: 2,
  [CHECKOUT_ROUTES.pharmacyOptions]: 2,
  [CHECKOUT_ROUTES.preScheduling]: 3,
  [CHECKOUT_ROUTES.scheduleVisit]: 3,
  [CHECKOUT_ROUTES.preDoctorConfirmation]: 3,
  [CHECKOUT_ROUTES.doctorConfirmation]: 3,
  [APP_ROUTES.register]: 4,
  [CHECKOUT_ROUTES.greeting]: 4,
  [CHECKOUT_ROUTES.prePayment]: 4,
  [CHECKOUT_ROUTES.summary]: 4,
  [CHECKOUT_ROUTES.orderConfirmation]: 5,
  [CHECKOUT_ROUTES.patientVisit]: 5,
  [CHECKOUT_ROUTES.endedVisit]: 5,
};

/**
 * The progress step a path belongs to; 0 for anything outside the checkout. Query strings, hashes
 * and a trailing slash are ignored; every questionnaire page (/checkout/questionnaire/N) is step 1.
 */
export function progressStepForPath(path: string): ProgressStep {
  let clean = path.split(/[?#]/)[0] ?? '';
  if (clean.length > 1 && clean.endsWith('/')) clean = clean.slice(0, -1);
  if (/^\/checkout\/questionnaire\/\d+$/.test(clean)) return 1;
  return STEP_BY_PATH[clean] ?? 0;
}
