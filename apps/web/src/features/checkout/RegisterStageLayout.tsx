// The frame of /register and /register/passcode (SPEC §2 "Register: /register"): a guest whose checkout waits at its
// Register stage (SPEC §2 "If the user has no login token, Register is added to the pending
// stages") sees the same checkout band as the other stages (Back, the progress steps) and the page
// gets the order through `@/shared/checkout`, e.g. to start from the shipping name. Anyone else — no
// cart, an empty cart, another stage first, signed in — gets /register as a plain page.
//
// The checkout is read with the calls the checkout layout makes (the cart, then the server's
// progress of that order); until they answer, or when they fail, the page shows plain: the form
// is never held up. The page below stays mounted whatever the reads do, so nothing typed is lost.
import { APP_ROUTES, progressStepForPath, Stage } from '@store/domain';
import { useMemo } from 'react';
import { Outlet } from 'react-router';
import { useCart } from '@/shared/cart';
import { CheckoutContext, type CheckoutContextValue } from '@/shared/checkout';
import { useSession } from '@/shared/session';
import { useCheckoutProgress } from './api/checkout.api';
import { CheckoutHeader } from './components/CheckoutHeader';
import { useCheckoutActions } from './useCheckoutActions';

export function RegisterStageLayout() {
  const session = useSession();
  const isGuest = session.data?.kind === 'guest';
  const { cart } = useCart();
  const order = isGuest && cart && cart.items.length > 0 ? cart : null;
  const progressQuery = useCheckoutProgress(order?.id ?? null);
  const progress = progressQuery.data;
  const { refresh, continueCheckout } = useCheckoutActions(order?.id ?? null);

  const value = useMemo<CheckoutContextValue | null>(() => {
    if (!order || !progress || progress.orderId !== order.id) return null;
    const atRegister =
      !progress.loggedIn && !progress.disqualified && progress.firstPendingStage === Stage.Register;
    return atRegister ? { order, progress, refresh, continueCheckout } : null;
  }, [order, progress, refresh, continueCheckout]);

  return (
    <>
      {/* Both ways to register (password, one-time passcode) are the Register stage's step. */}
      {value ? <CheckoutHeader progress={value.progress} step={progressStepForPath(APP_ROUTES.register)} /> : null}
      <CheckoutContext.Provider value={value}>
        <Outlet />
      </CheckoutContext.Provider>
    </>
  );
}
