// Auto-refills (issue 17; SPEC §7 auto-refill): the patient's plans, the orders that can have one,
// the storefront's terms, and the changes (activate, move, skip, change card, deactivate). The
// saved cards are read here too (GET /api/payment-methods) for the card choice.
import type { ActivateRefillInput, EligibleRefill, RefillPlanView, RefillTerms } from '@store/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiPatch, apiPost, apiPut } from '@/lib/api';

export interface RefillCard {
  id: string;
  label: string;
  isCurrent: boolean;
  expired: boolean;
}

export const refillKeys = {
  all: ['refills'] as const,
  plans: ['refills', 'plans'] as const,
  eligible: ['refills', 'eligible'] as const,
  terms: ['refills', 'terms'] as const,
  cards: ['refills', 'cards'] as const,
};

export const useRefillPlans = () =>
  useQuery({ queryKey: refillKeys.plans, queryFn: ({ signal }) => apiGet<{ plans: RefillPlanView[] }>('/api/refills', { signal }).then((r) => r.plans) });

export const useEligibleRefills = () =>
  useQuery({ queryKey: refillKeys.eligible, queryFn: ({ signal }) => apiGet<{ orders: EligibleRefill[] }>('/api/refills/eligible', { signal }).then((r) => r.orders) });

export const useRefillTerms = () =>
  useQuery({ queryKey: refillKeys.terms, queryFn: ({ signal }) => apiGet<RefillTerms>('/api/refills/settings', { signal }), staleTime: Infinity });

export const useRefillCards = () =>
  useQuery({ queryKey: refillKeys.cards, queryFn: ({ signal }) => apiGet<{ cards: RefillCard[] }>('/api/payment-methods', { signal }).then((r) => r.cards) });

function useRefillMutation<V>(fn: (v: V) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => queryClient.invalidateQueries({ queryKey: refillKeys.all }) });
}

export const useActivateRefill = () => useRefillMutation((input: ActivateRefillInput) => apiPost<RefillPlanView>('/api/refills', input));
export const useMoveRefill = () => useRefillMutation((v: { id: string; nextDate: string }) => apiPatch<RefillPlanView>(`/api/refills/${v.id}`, { nextDate: v.nextDate }));
export const useSkipRefill = () => useRefillMutation((id: string) => apiPost<RefillPlanView>(`/api/refills/${id}/skip`));
export const useDeactivateRefill = () => useRefillMutation((id: string) => apiPost<RefillPlanView>(`/api/refills/${id}/deactivate`));
export const useRefillCard = () => useRefillMutation((v: { id: string; cardId: string | null }) => apiPut<RefillPlanView>(`/api/refills/${v.id}/card`, { cardId: v.cardId }));
