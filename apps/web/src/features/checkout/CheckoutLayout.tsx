// The frame of every /checkout/* route (issue 8 "Checkout engine"): it loads the order in checkout
// and its progress, sends the patient to the first pending stage when the URL names a later one
// (earlier stages stay reachable, so Back works), shows the progress steps, and provides the order
// to the stage pages through `@/lib/checkout`. Post-payment pages (confirmation, the visit) need no
// open order and are not guarded.
import {
  checkoutGuardRedirect,
  isPostPaymentPath,
  progressStepForPath,
  type CheckoutProgressView,
} from '@store/domain';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useRef, type ReactNode } from 'react';
import { Navigate, Outlet, Link as RouterLink, useLocation, useNavigate } from 'react-router';
import { EmptyState, ErrorState, LoadingState } from '@/components/PageState';
import type { Cart } from '@/lib/cart';
import { CheckoutContext, type CheckoutContextValue } from '@/lib/checkout';
import { useDocumentTitle, useStoreConfig } from '@/lib/storefront';
import {
  checkoutKeys,
  fetchProgress,
  invalidateCheckout,
  useCheckoutOrder,
  useCheckoutProgress,
} from './api/checkoutApi';
import { CheckoutProgressBar } from './components/CheckoutProgressBar';
import { disqualifiedPath } from './pages/disqualifiedPath';

export const EMPTY_CHECKOUT_TITLE = 'There is nothing to check out yet';

function BackButton() {
  const navigate = useNavigate();
  const back = () => {
    // The router keeps its own history index; without earlier entries go to the cart.
    const idx = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (idx > 0) void navigate(-1);
    else void navigate('/cart');
  };
  return (
    <Button onClick={back} startIcon={<ArrowBackIcon />} sx={{ color: 'store.backText', px: 0 }}>
      Back
    </Button>
  );
}

type FrameProgress = Pick<CheckoutProgressView, 'stages' | 'missingStages'>;

/** After payment every stage is done: the bar shows Confirmation alone. */
const PAID: FrameProgress = { stages: [], missingStages: [] };

function CheckoutFrame({
  progress,
  children,
}: {
  progress: FrameProgress | null;
  children: ReactNode;
}) {
  const { pathname } = useLocation();
  return (
    <>
      <Box
        sx={{ bgcolor: 'store.checkoutHeaderBackground', borderBottom: 1, borderColor: 'divider' }}
      >
        <Container sx={{ pt: 1 }}>
          <BackButton />
          {progress ? (
            <CheckoutProgressBar progress={progress} current={progressStepForPath(pathname)} />
          ) : null}
        </Container>
      </Box>
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
  const navigate = useNavigate();
  const client = useQueryClient();
  const orderQuery = useCheckoutOrder();
  // While the order is re-read (e.g. as the cart becomes an order waiting for payment), keep the
  // last one so the page does not flash a loading state.
  const lastOrder = useRef<Cart | null>(null);
  if (orderQuery.order) lastOrder.current = orderQuery.order;
  const order = orderQuery.order ?? (orderQuery.isLoading ? lastOrder.current : null);
  const hasItems = Boolean(order && order.items.length > 0);
  const progressQuery = useCheckoutProgress(hasItems ? order!.id : null);
  const orderId = order?.id ?? null;

  const refresh = useCallback(async () => {
    if (!orderId) return null;
    const progress = await client.fetchQuery({
      queryKey: checkoutKeys.progress(orderId),
      queryFn: ({ signal }) => fetchProgress(orderId, signal),
      staleTime: 0,
    });
    await invalidateCheckout(client);
    return progress;
  }, [client, orderId]);

  const continueCheckout = useCallback(async () => {
    const progress = await refresh();
    if (progress?.nextRoute) await navigate(progress.nextRoute);
  }, [refresh, navigate]);

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
        <Outlet />
      </CheckoutContext.Provider>
    </CheckoutFrame>
  );
}

export function CheckoutLayout() {
  const { pathname } = useLocation();
  if (isPostPaymentPath(pathname)) {
    return (
      <CheckoutFrame progress={PAID}>
        <Outlet />
      </CheckoutFrame>
    );
  }
  return <GuardedCheckout />;
}
