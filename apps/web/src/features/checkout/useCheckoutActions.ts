// What a checkout frame gives its stage pages besides the order (see `@/shared/checkout`): re-read
// the progress after a stage was saved, and go on to the first pending stage.
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { checkoutKeys, invalidateCheckout, type CheckoutContextValue } from '@/shared/checkout';
import { fetchProgress } from './api/checkout.api';

export function useCheckoutActions(
  orderId: string | null,
): Pick<CheckoutContextValue, 'refresh' | 'continueCheckout'> {
  const navigate = useNavigate();
  const client = useQueryClient();

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

  return { refresh, continueCheckout };
}
