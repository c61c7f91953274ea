// Cards and the card processor (issue 7): which card form to show (GET /api/payments/config), the
// sandbox processor's tokenization endpoint, and the signed-in patient's saved cards
// (GET/POST/PATCH/DELETE /api/payment-methods, POST /api/payment-methods/:id/current).
import type { BillingAddress, CardBrand } from '@store/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiDelete, apiGet, apiPatch, apiPost } from '@/lib/api';

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
