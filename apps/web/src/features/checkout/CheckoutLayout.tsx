// The frame of every /checkout/* route (issue 8 "Checkout engine"): it loads the order in checkout
// and its progress, sends the patient to the first pending stage when the URL names a later one
// (earlier stages stay reachable, so Back works), shows the progress steps, and provides the order
// to the stage pages through `@/shared/checkout`. Post-payment pages (confirmation, the visit) need no
// open order and are not guarded.
import { checkoutGuardRedirect, isPostPaymentPath } from '@store/domain';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import { useMemo, useRef, type ReactNode, Suspense } from 'react';
import { Navigate, Outlet, Link as RouterLink, useLocation } from 'react-router';
import { EmptyState, ErrorState, LoadingState } from '@/components/PageState';
import type { Cart } from '@/shared/cart';
import { CheckoutContext, disqualifiedPath, type CheckoutContextValue } from '@/shared/checkout';
import { useDocumentTitle, useStoreConfig } from '@/shared/storefront';
import { useCheckoutOrder, useCheckoutProgress } from './api/checkout.api';
import { CheckoutHeader, type HeaderProgress } from './components/CheckoutHeader';
import { useCheckoutActions } from './useCheckoutActions';

export const EMPTY_CHECKOUT_TITLE = 'There is nothing to check out yet';

/** After payment every stage is done: the bar shows Confirmation alone. */
const PAID: HeaderProgress = { stages: [], missingStages: [] };

function CheckoutFrame({
  progress,
  back = true,
  children,
}: {
  progress: HeaderProgress | null;
  back?: boolean;
  children: ReactNode;
}) {
  return (
    <>
      <CheckoutHeader progress={progress} back={back} />
      <Container sx={{ py: { xs: 3, md: 5 } }}>{children}</Container>
    </>
  );
}

/** No order in checkout (none yet, or it was placed or closed): a way to the shop. */
function EmptyCheckout() {
  useDocumentTitle(EMPTY_CHECKOUT_TITLE);
  return (
    <Container sx={{ py: { xs: 4, md: 6 } }}>
      <EmptyState
        headingComponent="h1"
        title={EMPTY_CHECKOUT_TITLE}
        body="Your cart is empty. Choose a treatment or product first, then come back to check out."
        action={
          <Button component={RouterLink} to="/products" variant="contained">
            Browse the shop
          </Button>
        }
      />
    </Container>
  );
}

/** The guarded stage pages: they need an order in checkout. */
function GuardedCheckout() {
  const { settings } = useStoreConfig();
  const { pathname } = useLocation();
  const orderQuery = useCheckoutOrder();
  // While the order is re-read (e.g. as the cart becomes an order waiting for payment), keep the
  // last one so the page does not flash a loading state.
  const lastOrder = useRef<Cart | null>(null);
  if (orderQuery.order) lastOrder.current = orderQuery.order;
  const order = orderQuery.order ?? (orderQuery.isLoading ? lastOrder.current : null);
  const hasItems = Boolean(order && order.items.length > 0);
  const progressQuery = useCheckoutProgress(hasItems ? order!.id : null);
  const orderId = order?.id ?? null;

  const { refresh, continueCheckout } = useCheckoutActions(orderId);

  const value = useMemo<CheckoutContextValue | null>(
    () =>
      order && progressQuery.data
        ? { order, progress: progressQuery.data, refresh, continueCheckout }
        : null,
    [order, progressQuery.data, refresh, continueCheckout],
  );

  if (orderQuery.isLoading && !order) {
    return (
      <CheckoutFrame progress={null}>
        <LoadingState label="Loading your order…" />
      </CheckoutFrame>
    );
  }
  if (orderQuery.error && !order) {
    return (
      <CheckoutFrame progress={null}>
        <ErrorState
          error={orderQuery.error}
          onRetry={() => void orderQuery.refetch()}
          retrying={orderQuery.isFetching}
          headingComponent="h1"
          title="We could not load your order"
        />
      </CheckoutFrame>
    );
  }
  if (!order || !hasItems) return <EmptyCheckout />;
  if (progressQuery.isPending) {
    return (
      <CheckoutFrame progress={null}>
        <LoadingState label="Loading your order…" />
      </CheckoutFrame>
    );
  }
  if (progressQuery.error || !progressQuery.data || !value) {
    return (
      <CheckoutFrame progress={null}>
        <ErrorState
          error={progressQuery.error}
          onRetry={() => void progressQuery.refetch()}
          retrying={progressQuery.isFetching}
          headingComponent="h1"
          title="We could not load your order"
        />
      </CheckoutFrame>
    );
  }

  const progress = progressQuery.data;
  // The order goes with it: the page shows that order's reason (and the questionnaire, navigating
  // there itself, must not race to a different address).
  const redirect = progress.disqualified
    ? disqualifiedPath(progress.orderId)
    : checkoutGuardRedirect(pathname, {
        required: progress.requiredStages,
        completed: progress.completedStages,
        loggedIn: progress.loggedIn,
        display: settings.displayPages,
        visitType: progress.visitType,
      });
  // Decide on fresh progress only: a stage page that just completed its stage re-reads it first.
  if (redirect && !progressQuery.isFetching) return <Navigate to={redirect} replace />;

  return (
    <CheckoutFrame progress={progress}>
      <CheckoutContext.Provider value={value}>
        {/* Hydrated apart from the frame around it (issue 19: shorter tasks). */}
        <Suspense fallback={null}>
          <Outlet />
        </Suspense>
      </CheckoutContext.Provider>
    </CheckoutFrame>
  );
}

export function CheckoutLayout() {
  const { pathname } = useLocation();
  if (isPostPaymentPath(pathname)) {
    return (
      <CheckoutFrame progress={PAID} back={false}>
        <Outlet />
      </CheckoutFrame>
    );
  }
  return <GuardedCheckout />;
}
