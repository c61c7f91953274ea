// The checkout engine's pure rules (issue 8 "Checkout engine"): per-stage status labels, when an
// order is ready for payment, which stage a checkout page belongs to, and the guard that keeps a
// patient from skipping ahead by typing a URL (SPEC §2 "After a cart or order load the user is sent
// to the first pending stage", §4 "Missing steps ... the first decides the redirect").
import type { DisplayPages } from '../storefront/config.ts';
import { APP_ROUTES, CHECKOUT_ROUTES } from './routes.ts';
import {
  progressStepForPath,
  routeForStage,
  VISIT_TYPES,
  type ProgressStep,
  type VisitType,
} from './routing.ts';
import {
  firstMissingStage,
  hasStage,
  missingStages,
  Stage,
  STAGE_NAMES,
  STAGE_ORDER,
  type StageFlag,
} from './stages.ts';

/** Problems the checkout engine reports; the spec gives no wording for these (ours). */
export const CHECKOUT_MESSAGES = {
  STAGE_OUT_OF_ORDER: 'Please finish the earlier steps of your order first.',
  STAGE_NOT_REQUIRED: 'This step is not part of your order.',
  CONSULT_ITEM_REQUIRED: 'The questionnaire is completed for one product at a time.',
  ORDER_DISQUALIFIED:
    'This order cannot go ahead because of your answers to the health questionnaire. Nothing has been charged.',
  ORDER_NOT_READY_FOR_PAYMENT: 'Please finish the earlier steps of your order before you pay.',
  ORDER_CLOSED: 'This order can no longer be changed.',
} as const;
export type CheckoutMessageCode = keyof typeof CHECKOUT_MESSAGES;

/**
 * SPEC §4 names the labels Incomplete, Pending and completed. Our reading for one checkout stage:
 * - completed: its bit is set (for Register: the patient is signed in);
 * - Pending: it is the first missing stage, the one the patient is sent to (SPEC §2 "the first
 *   pending stage");
 * - Incomplete: it is missing and comes after the first missing stage (not reached yet).
 */
export type StageStatusLabel = 'Incomplete' | 'Pending' | 'completed';

export interface StageStatus {
  stage: StageFlag;
  name: string;
  status: 'pending' | 'completed';
  label: StageStatusLabel;
}

/**
 * The status of each stage the order needs, in stage order. Register is listed for everyone (SPEC
 * §2: without a login it is pending; signed in it counts as completed), whatever the masks say.
 */
export function stageStatuses(
  required: number,
  completed: number,
  opts: { loggedIn: boolean },
): StageStatus[] {
  const missing = missingStages(required, completed, opts);
  const first = missing[0] ?? null;
  const shown = STAGE_ORDER.filter((s) => s === Stage.Register || hasStage(required, s));
  return shown.map((stage) => {
    const isMissing = missing.includes(stage);
    return {
      stage,
      name: STAGE_NAMES[stage],
      status: isMissing ? 'pending' : 'completed',
      label: !isMissing ? 'completed' : stage === first ? 'Pending' : 'Incomplete',
    };
  });
}

/**
 * DATA-MODEL.md "all stages but Payment done → awaiting_payment": nothing but Payment is missing
 * (Register counts: a guest must sign in first), and the order has something to pay for.
 */
export function readyForPayment(
  required: number,
  completed: number,
  opts: { loggedIn: boolean },
): boolean {
  if (!hasStage(required, Stage.Payment)) return false;
  return missingStages(required, completed, opts).every((s) => s === Stage.Payment);
}

/** The progress step (SPEC §2 "Progress steps") the patient is on: that of the next route; 5 when nothing is left. */
export function progressStepOf(nextRoute: string | null): ProgressStep {
  return nextRoute === null ? 5 : progressStepForPath(nextRoute);
}

/** A checkout page and the stages it serves. */
interface CheckoutPage {
  /** The stages it belongs to; the earliest one the order needs decides where it sits. */
  stages: readonly StageFlag[];
  /** A pre page (or the greeting page), shown only when the operator enables it. */
  displayPage?: keyof DisplayPages;
  /** Scheduling pages are for one kind of visit: asynchronous review (type 3) or a visit (1, 2). */
  visitKind?: 'review' | 'visit';
}

const CHECKOUT_PAGES: Record<string, CheckoutPage> = {
  [CHECKOUT_ROUTES.preQuestionnaire]: { stages: [Stage.Consult], displayPage: 'preQuestionnaire' },
  [CHECKOUT_ROUTES.questionnaire]: { stages: [Stage.Consult] },
  [CHECKOUT_ROUTES.preShipping]: {
    stages: [Stage.Shipping, Stage.Pharmacy],
    displayPage: 'preShipping',
  },
  [CHECKOUT_ROUTES.shippingDetails]: { stages: [Stage.Shipping, Stage.Pharmacy] },
  [CHECKOUT_ROUTES.pharmacyOptions]: { stages: [Stage.Pharmacy] },
  [CHECKOUT_ROUTES.pharmacySearch]: { stages: [Stage.Pharmacy] },
  [CHECKOUT_ROUTES.pharmacyMap]: { stages: [Stage.Pharmacy] },
  [CHECKOUT_ROUTES.preScheduling]: {
    stages: [Stage.Scheduling],
    displayPage: 'preScheduling',
    visitKind: 'visit',
  },
  [CHECKOUT_ROUTES.scheduleVisit]: { stages: [Stage.Scheduling], visitKind: 'visit' },
  [CHECKOUT_ROUTES.preDoctorConfirmation]: {
    stages: [Stage.Scheduling],
    displayPage: 'preDoctorConfirmation',
    visitKind: 'review',
  },
  [CHECKOUT_ROUTES.doctorConfirmation]: { stages: [Stage.Scheduling], visitKind: 'review' },
  [CHECKOUT_ROUTES.greeting]: { stages: [Stage.Payment], displayPage: 'greeting' },
  [CHECKOUT_ROUTES.prePayment]: { stages: [Stage.Payment], displayPage: 'prePayment' },
  [CHECKOUT_ROUTES.summary]: { stages: [Stage.Payment] },
};

/** Pages after payment (confirmation, the visit itself): they need no open order and are not guarded. */
export const POST_PAYMENT_ROUTES: readonly string[] = [
  CHECKOUT_ROUTES.orderConfirmation,
  CHECKOUT_ROUTES.patientVisit,
  CHECKOUT_ROUTES.endedVisit,
];

/** The bare checkout entry: it sends the patient to the first pending stage. */
export const CHECKOUT_ENTRY = '/checkout';

function cleanPath(path: string): string {
  let clean = path.split(/[?#]/)[0] ?? '';
  if (clean.length > 1 && clean.endsWith('/')) clean = clean.slice(0, -1);
  // Every questionnaire page is the Consult stage's page.
  if (/^\/checkout\/questionnaire\/\d+$/.test(clean)) return CHECKOUT_ROUTES.questionnaire;
  return clean;
}

/** Whether a path is a post-payment checkout page (not guarded, no open order needed). */
export function isPostPaymentPath(path: string): boolean {
  return POST_PAYMENT_ROUTES.includes(cleanPath(path));
}

/** The stages a checkout page serves (empty for pages outside the stage flow). */
export function stagesOfCheckoutPath(path: string): readonly StageFlag[] {
  return CHECKOUT_PAGES[cleanPath(path)]?.stages ?? [];
}

export interface GuardContext {
  required: number;
  completed: number;
  loggedIn: boolean;
  display: DisplayPages;
  visitType: VisitType | null;
}

/**
 * Where a patient who opened `path` must go instead, or null to stay (issue 8: "cannot skip ahead
 * by typing a URL ... Back navigation works"). In this order:
 * 1. the bare entry `/checkout` goes to the first pending stage's route;
 * 2. a page for stages the order does not need goes to the first pending stage's route;
 * 3. a page whose stage comes after the first pending stage (STAGE_ORDER) goes there; pages of
 *    earlier (completed) stages stay reachable, so Back works;
 * 4. a pre page (or the greeting page) the operator switched off goes to its stage's page;
 * 5. a scheduling page for the other kind of visit goes to the right one for the visit type.
 * Pages outside the stage flow (post-payment pages, anything else) are never redirected, and the
 * answer is never the path itself.
 */
export function checkoutGuardRedirect(path: string, ctx: GuardContext): string | null {
  const clean = cleanPath(path);
  const first = firstMissingStage(ctx.required, ctx.completed, { loggedIn: ctx.loggedIn });
  const next = first === null ? null : routeForStage(first, ctx.display, ctx.visitType);
  const differs = (target: string | null) => (target !== null && target !== clean ? target : null);

  if (clean === CHECKOUT_ENTRY) return next;
  const page = CHECKOUT_PAGES[clean];
  if (!page) return null;

  const needed = page.stages.filter((s) => hasStage(ctx.required, s));
  if (needed.length === 0) return differs(next);

  const position = Math.min(...needed.map((s) => STAGE_ORDER.indexOf(s)));
  if (first !== null && position > STAGE_ORDER.indexOf(first)) return differs(next);

  const stage = STAGE_ORDER[position]!;
  if (page.displayPage && !ctx.display[page.displayPage]) {
    return differs(routeForStage(stage, ctx.display, ctx.visitType));
  }
  if (page.visitKind) {
    const kind = ctx.visitType === VISIT_TYPES.asynchronous ? 'review' : 'visit';
    if (page.visitKind !== kind) return differs(routeForStage(stage, ctx.display, ctx.visitType));
  }
  return null;
}

/** What comes after a pre page (or the greeting page): the stage page it introduces. */
export function pageAfterPrePage(page: keyof DisplayPages, display: DisplayPages): string {
  switch (page) {
    case 'preQuestionnaire':
      return CHECKOUT_ROUTES.questionnaire;
    case 'preShipping':
      return CHECKOUT_ROUTES.shippingDetails;
    case 'preScheduling':
      return CHECKOUT_ROUTES.scheduleVisit;
    case 'preDoctorConfirmation':
      return CHECKOUT_ROUTES.doctorConfirmation;
    case 'greeting':
      return display.prePayment ? CHECKOUT_ROUTES.prePayment : CHECKOUT_ROUTES.summary;
    case 'prePayment':
      return CHECKOUT_ROUTES.summary;
  }
}

/** The route a disqualified order sends its patient to. */
export const DISQUALIFIED_ROUTE = APP_ROUTES.disqualified;

/**
 * The checkout progress of one order as `GET /api/orders/:id/checkout` serves it (the server
 * validates it with a zod schema of the same shape; the web reads it).
 */
export interface CheckoutProgressView {
  orderId: string;
  status: string;
  /** SPEC §4 label of the order's status (patientStatusLabel). */
  statusLabel: string;
  loggedIn: boolean;
  visitType: VisitType | null;
  requiredStages: number;
  completedStages: number;
  missingStages: StageFlag[];
  firstPendingStage: StageFlag | null;
  /** Route of the first pending stage; `/disqualified` for a disqualified order; null when nothing is left. */
  nextRoute: string | null;
  progressStep: ProgressStep;
  readyForPayment: boolean;
  disqualified: boolean;
  stages: StageStatus[];
  items: {
    id: string;
    productId: string;
    title: string;
    consultRequired: boolean;
    requiredStages: number;
    completedStages: number;
    stages: StageStatus[];
  }[];
  /** Order items whose consult is still to be answered. */
  pendingConsultItemIds: string[];
}
