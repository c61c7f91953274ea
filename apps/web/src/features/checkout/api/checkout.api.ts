// The checkout's calls: the order in checkout (the store's cart, else the order waiting for
// payment) and its progress (SPEC §7 "checkout progress"). The consults of its items are the
// consult feature's.
import type { CheckoutProgressView } from '@store/domain';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api';
import { useCart, type Cart } from '@/shared/cart';
import { checkoutKeys } from '@/shared/checkout';

/**
 * The order in checkout: the open cart (the store's `useCart`), or — once every stage but Payment
 * is done and the cart has left 'draft' — the caller's order waiting for payment. Null: none.
 */
export function useCheckoutOrder() {
  const cart = useCart();
  const needsAwaiting = !cart.isLoading && !cart.error && cart.cart === null && !cart.noSession;
  const awaiting = useQuery({
    queryKey: checkoutKeys.awaitingPayment,
    queryFn: ({ signal }) =>
      // None waiting: 204, which answers undefined.
      apiGet<Cart | undefined>('/api/checkout/awaiting-payment', { signal }).then((order) => order ?? null),
    enabled: needsAwaiting,
  });
  const order = cart.cart ?? (needsAwaiting ? (awaiting.data ?? null) : null);
  return {
    order,
    isLoading: cart.isLoading || (needsAwaiting && awaiting.isPending),
    error: cart.error ?? (needsAwaiting ? awaiting.error : null),
    isFetching: cart.isFetching || awaiting.isFetching,
    refetch: async () => {
      await Promise.all([cart.refetch(), needsAwaiting ? awaiting.refetch() : Promise.resolve()]);
    },
  };
}

export function fetchProgress(
  orderId: string,
  signal?: AbortSignal,
): Promise<CheckoutProgressView> {
  return apiGet<CheckoutProgressView>(
    `/api/orders/${encodeURIComponent(orderId)}/checkout`,
    signal ? { signal } : {},
  );
}

export function useCheckoutProgress(orderId: string | null) {
  return useQuery({
    queryKey: checkoutKeys.progress(orderId ?? ''),
    queryFn: ({ signal }) => fetchProgress(orderId!, signal),
    enabled: Boolean(orderId),
  });
}
