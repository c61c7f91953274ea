// Shared by the checkout's component tests: an order, its progress as the server computes it, and
// the checkout routes in a memory router.
import {
  DEFAULT_DISPLAY_PAGES,
  firstMissingStage,
  firstPendingRoute,
  missingStages,
  progressStepOf,
  readyForPayment,
  Stage,
  stageStatuses,
  type CheckoutProgressView,
  type DisplayPages,
} from '@store/domain';
import type { ReactNode } from 'react';
import { Route, Routes, useLocation } from 'react-router';
import type { Cart } from '@/shared/cart';
import { ORDER_VIEW_DEFAULTS } from '@/test/storeFixtures';
import { CheckoutLayout } from './CheckoutLayout';
import { PrePaymentPage } from './pages/PrePaymentPage';
import { PreQuestionnairePage } from './pages/PreQuestionnairePage';

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
    shipping: { state: null, methodId: null, carrier: null, methodName: null, costCents: 0, allowedMethodIds: null },
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
      donationCents: 0,
      totalCents: 29800,
    },
    visitType: 1,
    ...ORDER_VIEW_DEFAULTS,
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

export function LocationProbe() {
  const location = useLocation();
  return <div data-testid="location">{`${location.pathname}${location.search}`}</div>;
}

const Stub = ({ name }: { name: string }) => <h1>{name}</h1>;

/**
 * The checkout routes as the app registers them, with stubs for other features' pages; a test of
 * the questionnaire (in src/app, which may join features) hands in the consult feature's pages.
 */
export function CheckoutRoutes({
  questionnaire = <Stub name="Health questionnaire" />,
  disqualified = <Stub name="Disqualified" />,
}: {
  questionnaire?: ReactNode;
  disqualified?: ReactNode;
}) {
  return (
    <>
      <Routes>
        <Route element={<CheckoutLayout />}>
          <Route path="/checkout" element={null} />
          <Route path="/checkout/pre-questionnaire" element={<PreQuestionnairePage />} />
          <Route path="/checkout/questionnaire/1" element={questionnaire} />
          <Route path="/checkout/shipping-details" element={<Stub name="Shipping details" />} />
          <Route path="/checkout/pharmacy-options" element={<Stub name="Pharmacy options" />} />
          <Route path="/checkout/schedule-visit" element={<Stub name="Schedule your visit" />} />
          <Route path="/checkout/pre-payment" element={<PrePaymentPage />} />
          <Route path="/checkout/summary" element={<Stub name="Order summary" />} />
          <Route path="/checkout/order-confirmation" element={<Stub name="Order confirmation" />} />
        </Route>
        <Route path="/disqualified" element={disqualified} />
        <Route path="/register" element={<Stub name="Register" />} />
        <Route path="/products" element={<Stub name="Shop" />} />
        <Route path="/cart" element={<Stub name="Cart" />} />
      </Routes>
      <LocationProbe />
    </>
  );
}
