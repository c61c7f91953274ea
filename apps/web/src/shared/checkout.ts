// The checkout a stage page is part of. The checkout feature's layout (every /checkout/* route)
// loads the order and its progress, keeps the patient from skipping ahead, and provides them here,
// so the stage pages of other features (shipping, pharmacy, scheduling, payment) can read the order
// and move the patient on without importing the checkout feature.
//
// A stage page's contract with the guard:
// - read the order and its progress with `useCheckout()`;
// - after the server has completed the page's stage (its endpoint calls the checkout service's
//   `completeStage`), call `await continueCheckout()`: it re-reads the progress and goes to the first
//   pending stage. Navigating to a later stage before the progress is re-read is sent back by the
//   guard, because the stage still looks pending.
import { APP_ROUTES, type CheckoutProgressView } from '@store/domain';
import type { QueryClient } from '@tanstack/react-query';
import { createContext, useContext } from 'react';
import { CART_QUERY_KEY, type Cart } from './cart';

export interface CheckoutContextValue {
  /** The order in checkout: the open cart, or the order waiting for payment. */
  order: Cart;
  progress: CheckoutProgressView;
  /** Re-reads the order and its progress (after a stage was saved). */
  refresh: () => Promise<CheckoutProgressView | null>;
  /** Re-reads the progress and goes to the first pending stage (or /disqualified). */
  continueCheckout: () => Promise<void>;
}

export const CheckoutContext = createContext<CheckoutContextValue | null>(null);

/** The current checkout. Only valid on a page inside the checkout layout. */
export function useCheckout(): CheckoutContextValue {
  const value = useContext(CheckoutContext);
  if (!value) throw new Error('useCheckout() needs the checkout layout above it.');
  return value;
}

/**
 * The checkout around a page that is a stage page only sometimes: /register is the Register stage
 * while a guest's checkout waits there (the checkout feature's frame provides it), and a plain page
 * otherwise. Null when there is no such checkout (or it is still loading, or could not be read).
 */
export function useCheckoutInProgress(): CheckoutContextValue | null {
  return useContext(CheckoutContext);
}

/** The checkout's cached reads: the order waiting for payment and each order's progress. */
export const checkoutKeys = {
  awaitingPayment: ['checkout', 'awaiting-payment'] as const,
  progress: (orderId: string) => ['checkout', 'progress', orderId] as const,
};

/** After a stage changed on the server: the cart, the order waiting for payment and the progress. */
export async function invalidateCheckout(client: QueryClient): Promise<void> {
  await Promise.all([
    client.invalidateQueries({ queryKey: CART_QUERY_KEY }),
    client.invalidateQueries({ queryKey: checkoutKeys.awaitingPayment }),
    client.invalidateQueries({ queryKey: ['checkout', 'progress'] }),
  ]);
}

/** /disqualified for an order: the page reads the operator's explanation from the order's consults. */
export function disqualifiedPath(orderId: string): string {
  return `${APP_ROUTES.disqualified}?order=${encodeURIComponent(orderId)}`;
}
