// Cards and the card processor (issue 7): which card form to show (GET /api/payments/config), the
// sandbox processor's tokenization endpoint, and the signed-in patient's saved cards
// (GET/POST/PATCH/DELETE /api/payment-methods, POST /api/payment-methods/:id/current).
// Paying for the order in checkout (issue 7; SPEC §7 "pay now"): the summary's data (consents, the
// order's visit), the promo code on the order, POST /api/orders/:id/pay with an Idempotency-Key,
// and the paid order for the confirmation page.
import type { BillingAddress, CardBrand, OrderRating, ScheduledVisitType, VisitType } from '@store/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiDelete, apiGet, apiPatch, apiPost, apiPut, isApiError } from '@/lib/api';
import type { Cart } from '@/shared/cart';

export interface PaymentConfig {
  gateway: 'sandbox' | 'stripe';
  /** Stripe's publishable key for Elements; null for the sandbox. */
  publishableKey: string | null;
}

export interface CardSummary {
  brand: CardBrand;
  last4: string;
  expMonth: number;
  expYear: number;
}

/** What the card form hands its parent: the gateway's token and what the card looks like. */
export interface CardToken {
  token: string;
  card: CardSummary;
}

export interface SavedCard extends CardSummary {
  id: string;
  /** "Visa ending in 4242" */
  label: string;
  expired: boolean;
  isCurrent: boolean;
  billingAddress: BillingAddress | null;
  createdAt: string;
}

export const paymentKeys = {
  config: ['payments', 'config'] as const,
  cards: ['payments', 'cards'] as const,
};

export function usePaymentConfig() {
  return useQuery({
    queryKey: paymentKeys.config,
    queryFn: ({ signal }) => apiGet<PaymentConfig>('/api/payments/config', { signal }),
    staleTime: Infinity,
  });
}

/** The sandbox processor's card form posts the card here; only the token goes on to the store. */
export function tokenizeSandboxCard(card: { number: string; expMonth: number; expYear: number; cvc: string }) {
  return apiPost<CardToken>('/api/payments/sandbox/tokens', card);
}

export function useSavedCards(options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: paymentKeys.cards,
    queryFn: ({ signal }) => apiGet<{ cards: SavedCard[] }>('/api/payment-methods', { signal }),
    select: (data) => data.cards,
    enabled: options.enabled ?? true,
  });
}

function useCardMutation<V, R>(mutationFn: (variables: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: paymentKeys.cards }),
  });
}

export function useAddCard() {
  return useCardMutation((input: { token: string; billingAddress?: BillingAddress; makeCurrent?: boolean }) =>
    apiPost<SavedCard>('/api/payment-methods', input),
  );
}

export function useUpdateCard() {
  return useCardMutation(
    ({ id, patch }: { id: string; patch: { expMonth?: number; expYear?: number; billingAddress?: BillingAddress } }) =>
      apiPatch<SavedCard>(`/api/payment-methods/${encodeURIComponent(id)}`, patch),
  );
}

export function useSetCurrentCard() {
  return useCardMutation((id: string) => apiPost<SavedCard>(`/api/payment-methods/${encodeURIComponent(id)}/current`));
}

export function useRemoveCard() {
  return useCardMutation((id: string) => apiDelete(`/api/payment-methods/${encodeURIComponent(id)}`));
}

export interface Consent {
  id: string;
  kind: string;
  title: string;
  body: string;
  version: number;
}

export interface OrderAppointment {
  appointment: {
    id: string;
    status: string;
    visitType: ScheduledVisitType | null;
    startsAt: string;
    endsAt: string;
    doctor: { id: string; name: string; credentials: string };
    patientTimeZone: string;
  } | null;
  visitType: VisitType | null;
}

export interface Purchase {
  orderId: string;
  orderNumber: string;
  status: string;
  payment: {
    status: string;
    amountCents: number;
    captured: boolean;
    card: { brand: string; last4: string; label: string } | null;
  };
  receiptUrl: string;
}

export type PaymentMethodInput = { token: string; saveCard?: boolean } | { savedCardId: string };

export function useConsents() {
  return useQuery({
    queryKey: ['consents'],
    queryFn: ({ signal }) => apiGet<Consent[]>('/api/consents', { signal }),
    staleTime: 5 * 60_000,
  });
}

/** The order's booked visit; null when none (or the scheduling endpoint is not there). */
export function useOrderAppointment(orderId: string | null, enabled = true) {
  return useQuery({
    queryKey: ['orders', orderId, 'appointment'],
    enabled: Boolean(orderId) && enabled,
    queryFn: async ({ signal }) => {
      try {
        return await apiGet<OrderAppointment>(`/api/orders/${orderId}/appointment`, { signal });
      } catch (error) {
        if (isApiError(error) && error.status === 404) return null;
        throw error;
      }
    },
  });
}

/**
 * Whether the order's doctor can be rated now (issue 16; GET /api/orders/:id/rating, the query the
 * rating page shares). A failure only means no link.
 */
export function useOrderRating(orderId: string | null, enabled: boolean) {
  return useQuery({
    queryKey: ['orders', orderId, 'rating'],
    enabled: Boolean(orderId) && enabled,
    queryFn: ({ signal }) => apiGet<OrderRating>(`/api/orders/${orderId}/rating`, { signal }),
  });
}

export function usePurchase(orderId: string | null) {
  return useQuery({
    queryKey: ['orders', orderId, 'payment'],
    enabled: Boolean(orderId),
    queryFn: ({ signal }) => apiGet<Purchase>(`/api/orders/${orderId}/payment`, { signal }),
  });
}

export const applyPromoCode = (orderId: string, promoCode: string) =>
  apiPost<Cart>(`/api/orders/${orderId}/promo-code`, { promoCode });
export const removePromoCode = (orderId: string) => apiDelete<Cart>(`/api/orders/${orderId}/promo-code`);
/** PUT /api/orders/:id/donation (flags.enableDonationsSummaryPage): 0 removes it; the server re-prices. */
export const setDonation = (orderId: string, donationCents: number) =>
  apiPut<Cart>(`/api/orders/${orderId}/donation`, { donationCents });

/** One attempt: the same key for a retry of the same attempt, a new key after a decline. */
export const payOrder = (orderId: string, idempotencyKey: string, body: { paymentMethod: PaymentMethodInput; acceptedConsentIds: string[] }) =>
  apiPost<Purchase & { replayed: boolean }>(`/api/orders/${orderId}/pay`, body, { headers: { 'Idempotency-Key': idempotencyKey } });

export const newIdempotencyKey = () => `pay-${crypto.randomUUID()}`;

/** An .ics file for the booked visit (add to calendar): shared with the visit screen. */
export { visitIcs } from '@/shared/visitIcs';
