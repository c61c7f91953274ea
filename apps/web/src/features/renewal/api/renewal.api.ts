// The renewal's calls (issue 17): the patient's prescription and whether it may be renewed, and
// "Ask for a renewal", which puts the renewal consult in the cart and answers where to go next.
import type { PrescriptionRenewal, RenewalOpened } from '@store/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiPost } from '@/lib/api';
import { invalidateCheckout } from '@/shared/checkout';

const path = (id: string) => `/api/prescriptions/${encodeURIComponent(id)}`;

export const renewalKeys = { order: (orderId: string) => ['renewal', orderId] as const };

/** The prescription written for the patient's order, and whether it may be renewed. */
export function useOrderPrescriptionRenewal(orderId: string, enabled: boolean) {
  return useQuery({
    queryKey: renewalKeys.order(orderId),
    queryFn: ({ signal }) => apiGet<PrescriptionRenewal>(`/api/orders/${encodeURIComponent(orderId)}/prescription-renewal`, { signal }),
    enabled,
  });
}

export function useAskForRenewal(orderId: string, prescriptionId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiPost<RenewalOpened>(`${path(prescriptionId)}/renew`, {}),
    onSuccess: async () => {
      // The renewal is now the cart: the checkout reads it afresh.
      await invalidateCheckout(queryClient);
      await queryClient.invalidateQueries({ queryKey: renewalKeys.order(orderId) });
    },
  });
}
