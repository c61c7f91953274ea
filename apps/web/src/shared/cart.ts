// The cart, shared by the shop, the cart page and the home page: an order in 'draft' owned by the
// browser's session cookie (guest or signed in). Totals always come from the server. A guest's
// order id is kept in localStorage with a timestamp (SPEC §3 keys guestOrderId,
// guestOrderIdTimestamp); after the storefront's guestOrderTtlHours without use the guest's cart
// is emptied on the next visit, so a returning guest resumes only a recent order.
import { type DisplayPages, firstPendingRoute, type OrderItemView, type OrderView, type UsAddress } from '@store/domain';
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { apiDelete, apiGet, apiPatch, apiPost, apiPut, isApiError } from '@/lib/api';
import { useSession } from './session';
import { useStoreConfig } from './storefront';

/** An order line as every cart endpoint answers it (packages/domain orderItemViewSchema). */
export type CartItem = OrderItemView;

export type CartTotals = OrderView['totals'];

/** The address snapshot the order ships to (issue 5), as typed at the Shipping stage. */
export type CartShippingAddress = UsAddress;

/** The order view every cart endpoint answers (SPEC §3 guest order response, camelCase; packages/domain orderViewSchema). */
export type Cart = OrderView;

export const CART_QUERY_KEY = ['cart'] as const;

// SPEC §3 local storage keys.
const ORDER_ID_KEY = 'guestOrderId';
const ORDER_TIME_KEY = 'guestOrderIdTimestamp';
const LANDING_GUID_KEY = 'guid';

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/** Keeps a guest's order id with the time of its last use. */
export function rememberGuestOrder(id: string, now: number = Date.now()): void {
  const store = storage();
  store?.setItem(ORDER_ID_KEY, id);
  store?.setItem(ORDER_TIME_KEY, String(now));
}

export function forgetGuestOrder(): void {
  const store = storage();
  store?.removeItem(ORDER_ID_KEY);
  store?.removeItem(ORDER_TIME_KEY);
}

/** The remembered guest order id and whether it is older than the storefront's TTL. */
export function storedGuestOrder(ttlHours: number, now: number = Date.now()): { id: string; expired: boolean } | null {
  const store = storage();
  const id = store?.getItem(ORDER_ID_KEY);
  if (!id) return null;
  const at = Number(store?.getItem(ORDER_TIME_KEY));
  const expired = !Number.isFinite(at) || at <= 0 || now - at > ttlHours * 3_600_000;
  return { id, expired };
}

/** The landing capture's guid (SPEC §3 session guid, local storage key `guid`). */
export function landingGuid(): string | null {
  return storage()?.getItem(LANDING_GUID_KEY) ?? null;
}

export function rememberLandingGuid(guid: string): void {
  storage()?.setItem(LANDING_GUID_KEY, guid);
}

const notFoundToNull = (error: unknown) => {
  if (isApiError(error) && error.status === 404) return null;
  throw error;
};

/**
 * Loads the caller's cart: the remembered guest order by id while it is fresh (SPEC §7 "guest
 * order by id"), else the session's current cart. A guest cart idle past the TTL is emptied.
 */
export async function loadCart(ttlHours: number, signal?: AbortSignal): Promise<Cart | null> {
  const stored = storedGuestOrder(ttlHours);
  if (stored && !stored.expired) {
    const byId = await apiGet<Cart>(`/api/orders/${encodeURIComponent(stored.id)}`, { signal }).catch(notFoundToNull);
    if (byId?.status === 'draft') {
      // Adopted by a sign-in: the patient owns it now and the guest keys are done with.
      if (!byId.isGuestOrder) forgetGuestOrder();
      return byId;
    }
    forgetGuestOrder();
  }
  // No cart: 204, which answers undefined.
  const cart = (await apiGet<Cart | undefined>('/api/cart', { signal })) ?? null;
  if (!cart) return null;
  if (!cart.isGuestOrder) {
    forgetGuestOrder();
    return cart;
  }
  if (stored?.expired && stored.id === cart.id && cart.items.length > 0) {
    forgetGuestOrder();
    return apiPut<Cart>(`/api/orders/${cart.id}/items`, { items: [] });
  }
  if (!stored || stored.id !== cart.id) rememberGuestOrder(cart.id);
  return cart;
}

/** The caller's open cart (null: none yet). Not fetched for a visitor without any session. */
export function useCart() {
  const { settings } = useStoreConfig();
  const session = useSession();
  const hasSession = session.data !== undefined && session.data.kind !== 'none';
  const query = useQuery({
    queryKey: CART_QUERY_KEY,
    queryFn: ({ signal }) => loadCart(settings.guestOrderTtlHours, signal),
    enabled: hasSession,
    staleTime: 30_000,
  });
  const settled = session.isError || (session.data !== undefined && !hasSession);
  return {
    ...query,
    cart: hasSession ? (query.data ?? null) : null,
    /** True until we know whether there is a cart. */
    isLoading: session.isPending || (hasSession && query.isPending),
    noSession: settled && !hasSession,
  };
}

const ACTIVE_THIS_VISIT_KEY = 'cartActiveThisVisit';

/** Whether the patient has already worked on the cart in this tab's visit. */
export function cartActiveThisVisit(): boolean {
  try {
    return sessionStorage.getItem(ACTIVE_THIS_VISIT_KEY) === '1';
  } catch {
    return true;
  }
}

/** Marks the cart as seen in this visit (the open-cart entry page then stays away). */
export function markCartActiveThisVisit(): void {
  try {
    sessionStorage.setItem(ACTIVE_THIS_VISIT_KEY, '1');
  } catch {
    // storage off: the entry page simply shows again
  }
}

function storeCart(queryClient: QueryClient, cart: Cart): Cart {
  queryClient.setQueryData(CART_QUERY_KEY, cart);
  if (cart.isGuestOrder) rememberGuestOrder(cart.id);
  markCartActiveThisVisit();
  return cart;
}

/** The open cart's id, opening one (and a guest session) when there is none. */
async function ensureCart(queryClient: QueryClient): Promise<Cart> {
  const cached = queryClient.getQueryData<Cart | null>(CART_QUERY_KEY);
  if (cached && cached.status === 'draft') return cached;
  const guid = landingGuid();
  const cart = await apiPost<Cart>('/api/cart', guid ? { landingGuid: guid } : {});
  storeCart(queryClient, cart);
  // A guest session may have just started: who-am-I changes from nobody to guest.
  await queryClient.invalidateQueries({ queryKey: ['session'] });
  return cart;
}

/** Wraps a cart call as a mutation whose answer replaces the cached cart. */
function useCartMutation<V>(call: (cart: Cart, variables: V) => Promise<Cart>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (variables: V) => call(await ensureCart(queryClient), variables),
    onSuccess: (cart) => storeCart(queryClient, cart),
    onError: async (error) => {
      // The cart changed elsewhere (another tab, an order placed): reload it.
      if (isApiError(error) && (error.status === 404 || error.status === 409)) {
        await queryClient.invalidateQueries({ queryKey: CART_QUERY_KEY });
      }
    },
  });
}

/** Adds a product (or sets its quantity when it is already in the cart). */
export function useAddToCart() {
  return useCartMutation((cart, v: { productId: string; qty?: number }) =>
    apiPatch<Cart>(`/api/orders/${cart.id}/items`, { items: [{ productId: v.productId, qty: v.qty }] }),
  );
}

export function useSetQuantity() {
  return useCartMutation((cart, v: { productId: string; qty: number }) =>
    apiPatch<Cart>(`/api/orders/${cart.id}/items`, { items: [{ productId: v.productId, qty: v.qty }] }),
  );
}

export function useRemoveItem() {
  return useCartMutation((cart, v: { productId: string }) =>
    apiDelete<Cart>(`/api/orders/${cart.id}/items/${encodeURIComponent(v.productId)}`),
  );
}

export function useApplyPromoCode() {
  return useCartMutation((cart, v: { promoCode: string }) =>
    apiPost<Cart>(`/api/orders/${cart.id}/promo-code`, { promoCode: v.promoCode }),
  );
}

export function useRemovePromoCode() {
  return useCartMutation((cart, _v: void) => apiDelete<Cart>(`/api/orders/${cart.id}/promo-code`));
}

export function useSetShipping() {
  return useCartMutation((cart, v: { state?: string | null; methodId?: string | null }) =>
    apiPatch<Cart>(`/api/orders/${cart.id}/shipping`, v),
  );
}

/** SPEC §2: where the checkout continues for this cart (the first pending stage), or null. */
export function checkoutRoute(cart: Cart, ctx: { loggedIn: boolean; display: DisplayPages }): string | null {
  if (cart.items.length === 0) return null;
  return firstPendingRoute(cart.checkoutStages, cart.completedCheckoutStages, {
    loggedIn: ctx.loggedIn,
    display: ctx.display,
    visitType: cart.visitType,
  });
}

/** The route of the cart's first pending stage for the current visitor and storefront. */
export function useCheckoutRoute(cart: Cart | null): string | null {
  const { settings } = useStoreConfig();
  const session = useSession();
  if (!cart) return null;
  return checkoutRoute(cart, { loggedIn: session.data?.kind === 'user', display: settings.displayPages });
}
