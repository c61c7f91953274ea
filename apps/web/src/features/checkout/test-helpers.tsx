// Shared by the checkout's component tests: an order, its progress as the server computes it, a
// stand-in for the consult feature's Questionnaire, and the checkout routes in a memory router.
import {
  DEFAULT_DISPLAY_PAGES,
  firstMissingStage,
  firstPendingRoute,
  missingStages,
  progressStepOf,
  readyForPayment,
  Stage,
  stageStatuses,
  visibleQuestionsOnPage,
  type CheckoutProgressView,
  type DisplayPages,
} from '@store/domain';
import { Route, Routes, useLocation } from 'react-router';
import type { Cart } from '@/shared/cart';
import { CheckoutLayout } from './CheckoutLayout';
import { DisqualifiedPage } from './pages/DisqualifiedPage';
import { PrePaymentPage } from './pages/PrePaymentPage';
import { PreQuestionnairePage } from './pages/PreQuestionnairePage';
import { QuestionnairePage, type QuestionnaireSlotProps } from './pages/QuestionnairePage';

export const CONSULT_STAGES =
  Stage.Consult | Stage.Shipping | Stage.Pharmacy | Stage.Scheduling | Stage.Payment;

export function makeCart(overrides: Partial<Cart> = {}): Cart {
  return {
    id: 'o1',
    status: 'draft',
    isGuestOrder: true,
    sessionGuid: null,
    items: [
      {
        id: 'i1',
        productId: 'p1',
        slug: 'semaglutide',
        title: 'Semaglutide Weight Care',
        description: '',
        thumbnail: '/x.svg',
        type: 'prescription',
        qty: 1,
        qtyRange: { min: 1, max: 1 },
        defaultQuantity: 1,
        flexibleQuantity: false,
        unitPriceCents: 24900,
        lineSubtotalCents: 24900,
        consultFeeCents: 4900,
        consultRequired: true,
        consultAttached: true,
        visitType: 1,
        checkoutStages: CONSULT_STAGES,
        completedCheckoutStages: 0,
      },
    ],
    checkoutStages: CONSULT_STAGES,
    completedCheckoutStages: 0,
    orderLevelCheckoutStages: 0,
    pendingStages: [],
    nextRoute: null,
    pendingConsultProductIds: ['p1'],
    shipping: { state: null, methodId: null, carrier: null, methodName: null, costCents: 0 },
    promoCode: null,
    isPromoCodeApplied: false,
    isSalesTaxApplied: false,
    salesTaxCents: 0,
    taxRatePercent: 0,
    totals: {
      subtotalCents: 24900,
      consultFeeCents: 4900,
      discountCents: 0,
      shippingCents: 0,
      taxCents: 0,
      totalCents: 29800,
    },
    visitType: 1,
    ...overrides,
  };
}

/** The progress the server would answer for these masks (GET /api/orders/:id/checkout). */
export function makeProgress(
  opts: {
    required?: number;
    completed?: number;
    loggedIn?: boolean;
    display?: DisplayPages;
    disqualified?: boolean;
  } = {},
): CheckoutProgressView {
  const required = opts.required ?? CONSULT_STAGES;
  const completed = opts.completed ?? 0;
  const loggedIn = opts.loggedIn ?? false;
  const display = opts.display ?? DEFAULT_DISPLAY_PAGES;
  const nextRoute = opts.disqualified
    ? '/disqualified'
    : firstPendingRoute(required, completed, { loggedIn, display, visitType: 1 });
  return {
    orderId: 'o1',
    status: opts.disqualified ? 'disqualified' : 'draft',
    statusLabel: opts.disqualified ? 'Disqualified' : 'Incomplete',
    loggedIn,
    visitType: 1,
    requiredStages: required,
    completedStages: completed,
    missingStages: missingStages(required, completed, { loggedIn }),
    firstPendingStage: firstMissingStage(required, completed, { loggedIn }),
    nextRoute,
    progressStep: progressStepOf(nextRoute),
    readyForPayment: readyForPayment(required, completed, { loggedIn }),
    disqualified: Boolean(opts.disqualified),
    stages: stageStatuses(required, completed, { loggedIn }),
    items: [],
    pendingConsultItemIds: [],
  };
}

/** A plain stand-in for the consult feature's Questionnaire: one text box per shown question. */
export function FakeQuestionnaire({
  version,
  answers,
  pageIndex,
  onAnswer,
  onNext,
  onBack,
  errors = [],
  status,
  nextLabel,
}: QuestionnaireSlotProps) {
  const page = version.pages[pageIndex]!;
  return (
    <form
      aria-label={page.title}
      onSubmit={(event) => {
        event.preventDefault();
        onNext();
      }}
    >
      <h2>{page.title}</h2>
      {visibleQuestionsOnPage(version, pageIndex, answers).map((q) => (
        <label key={q.id}>
          {q.label}
          <input
            value={typeof answers[q.id] === 'string' ? (answers[q.id] as string) : ''}
            onChange={(e) => onAnswer(q.id, e.target.value)}
          />
        </label>
      ))}
      {errors.map((e) => (
        <p key={e.field} role="alert">
          {e.field}: {e.message}
        </p>
      ))}
      {onBack ? (
        <button type="button" onClick={onBack}>
          Back
        </button>
      ) : null}
      <button type="submit" data-status={status}>
        {nextLabel ?? 'Next'}
      </button>
    </form>
  );
}

export function LocationProbe() {
  const location = useLocation();
  return <div data-testid="location">{`${location.pathname}${location.search}`}</div>;
}

const Stub = ({ name }: { name: string }) => <h1>{name}</h1>;

/** The checkout routes as the app registers them, with stubs for other issues' pages. */
export function CheckoutRoutes({ draftDelayMs = 5 }: { draftDelayMs?: number }) {
  return (
    <>
      <Routes>
        <Route element={<CheckoutLayout />}>
          <Route path="/checkout" element={null} />
          <Route path="/checkout/pre-questionnaire" element={<PreQuestionnairePage />} />
          <Route
            path="/checkout/questionnaire/1"
            element={
              <QuestionnairePage Questionnaire={FakeQuestionnaire} draftDelayMs={draftDelayMs} />
            }
          />
          <Route path="/checkout/shipping-details" element={<Stub name="Shipping details" />} />
          <Route path="/checkout/pharmacy-options" element={<Stub name="Pharmacy options" />} />
          <Route path="/checkout/schedule-visit" element={<Stub name="Schedule your visit" />} />
          <Route path="/checkout/pre-payment" element={<PrePaymentPage />} />
          <Route path="/checkout/summary" element={<Stub name="Order summary" />} />
          <Route path="/checkout/order-confirmation" element={<Stub name="Order confirmation" />} />
        </Route>
        <Route path="/disqualified" element={<DisqualifiedPage />} />
        <Route path="/register" element={<Stub name="Register" />} />
        <Route path="/products" element={<Stub name="Shop" />} />
        <Route path="/cart" element={<Stub name="Cart" />} />
      </Routes>
      <LocationProbe />
    </>
  );
}
