// The renewal's calls (issue 17): the patient's prescription and whether it may be renewed, and
// "Ask for a renewal", which puts the renewal consult in the cart and answers where to go next.
import type { PrescriptionRenewal, RenewalOpened } from '@store/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiPost } from '@/lib/api';
import { invalidateCheckout } from '@/shared/checkout';

const path = (id: string) => `/api/prescriptions/${encodeURIComponent(id)}`;

export const renewalKeys = { prescription: (id: string) => ['renewal', id] as const };

export function usePrescriptionRenewal(prescriptionId: string, enabled: boolean) {
  return useQuery({
    queryKey: renewalKeys.prescription(prescriptionId),
    queryFn: ({ signal }) => apiGet<PrescriptionRenewal>(`${path(prescriptionId)}/renewal`, { signal }),
    enabled,
  });
}

export function useAskForRenewal(prescriptionId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiPost<RenewalOpened>(`${path(prescriptionId)}/renew`, {}),
    onSuccess: async () => {
      // The renewal is now the cart: the checkout reads it afresh.
      await invalidateCheckout(queryClient);
      await queryClient.invalidateQueries({ queryKey: renewalKeys.prescription(prescriptionId) });
    },
  });
}
