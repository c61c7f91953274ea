// The operator's promo codes, tax rates and shipping methods of one storefront (issue 18): every
// call of the commerce pages, typed from the domain's contracts. Lists are paged on the server.
import type {
  AdminCoupon,
  AdminCouponInput,
  AdminCouponPage,
  AdminShippingMethod,
  AdminShippingMethodInput,
  AdminShippingMethodPage,
  AdminTaxRate,
  AdminTaxRateInput,
  AdminTaxRatePage,
} from '@store/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiDelete, apiGet, apiPatch, apiPost, apiPut } from '@/lib/api';

const sf = (storefrontId: string) => `/api/admin/storefronts/${encodeURIComponent(storefrontId)}`;
const pageQuery = (page: number, pageSize: number) => `?page=${page}&pageSize=${pageSize}`;

export const commerceKeys = {
  coupons: (storefrontId: string) => ['admin', 'commerce', storefrontId, 'coupons'] as const,
  couponProducts: (storefrontId: string) => ['admin', 'commerce', storefrontId, 'coupon-products'] as const,
  taxRates: (storefrontId: string) => ['admin', 'commerce', storefrontId, 'tax-rates'] as const,
  methods: (storefrontId: string) => ['admin', 'commerce', storefrontId, 'shipping-methods'] as const,
};

export function useCoupons(storefrontId: string | undefined, page: number, pageSize: number) {
  return useQuery({
    queryKey: [...commerceKeys.coupons(storefrontId ?? ''), page, pageSize],
    queryFn: ({ signal }) => apiGet<AdminCouponPage>(`${sf(storefrontId!)}/coupons${pageQuery(page, pageSize)}`, { signal }),
    enabled: Boolean(storefrontId),
    placeholderData: keepPreviousData,
  });
}

export function useCouponProducts(storefrontId: string | undefined) {
  return useQuery({
    queryKey: commerceKeys.couponProducts(storefrontId ?? ''),
    queryFn: ({ signal }) => apiGet<{ id: string; title: string }[]>(`${sf(storefrontId!)}/coupon-products`, { signal }),
    enabled: Boolean(storefrontId),
  });
}

function useListMutation<V, R>(key: readonly unknown[], mutationFn: (variables: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => queryClient.invalidateQueries({ queryKey: key }) });
}

export const useSaveCoupon = (storefrontId: string) =>
  useListMutation(commerceKeys.coupons(storefrontId), ({ id, input }: { id: string | null; input: AdminCouponInput }) =>
    id
      ? apiPut<AdminCoupon>(`${sf(storefrontId)}/coupons/${encodeURIComponent(id)}`, input)
      : apiPost<AdminCoupon>(`${sf(storefrontId)}/coupons`, input),
  );

export const useSetCouponActive = (storefrontId: string) =>
  useListMutation(commerceKeys.coupons(storefrontId), ({ id, active }: { id: string; active: boolean }) =>
    apiPatch<AdminCoupon>(`${sf(storefrontId)}/coupons/${encodeURIComponent(id)}`, { active }),
  );

export function useTaxRates(storefrontId: string | undefined, page: number, pageSize: number) {
  return useQuery({
    queryKey: [...commerceKeys.taxRates(storefrontId ?? ''), page, pageSize],
    queryFn: ({ signal }) => apiGet<AdminTaxRatePage>(`${sf(storefrontId!)}/tax-rates${pageQuery(page, pageSize)}`, { signal }),
    enabled: Boolean(storefrontId),
    placeholderData: keepPreviousData,
  });
}

export const useSetTaxRate = (storefrontId: string) =>
  useListMutation(commerceKeys.taxRates(storefrontId), ({ state, input }: { state: string; input: AdminTaxRateInput }) =>
    apiPut<AdminTaxRate>(`${sf(storefrontId)}/tax-rates/${encodeURIComponent(state)}`, input),
  );

export const useRemoveTaxRate = (storefrontId: string) =>
  useListMutation(commerceKeys.taxRates(storefrontId), (state: string) => apiDelete(`${sf(storefrontId)}/tax-rates/${encodeURIComponent(state)}`));

export function useShippingMethods(storefrontId: string | undefined, page: number, pageSize: number) {
  return useQuery({
    queryKey: [...commerceKeys.methods(storefrontId ?? ''), page, pageSize],
    queryFn: ({ signal }) => apiGet<AdminShippingMethodPage>(`${sf(storefrontId!)}/shipping-methods${pageQuery(page, pageSize)}`, { signal }),
    enabled: Boolean(storefrontId),
    placeholderData: keepPreviousData,
  });
}

export const useSaveShippingMethod = (storefrontId: string) =>
  useListMutation(commerceKeys.methods(storefrontId), ({ id, input }: { id: string | null; input: AdminShippingMethodInput }) =>
    id
      ? apiPut<AdminShippingMethod>(`${sf(storefrontId)}/shipping-methods/${encodeURIComponent(id)}`, input)
      : apiPost<AdminShippingMethod>(`${sf(storefrontId)}/shipping-methods`, input),
  );

export const useSetShippingMethodActive = (storefrontId: string) =>
  useListMutation(commerceKeys.methods(storefrontId), ({ id, active }: { id: string; active: boolean }) =>
    apiPatch<AdminShippingMethod>(`${sf(storefrontId)}/shipping-methods/${encodeURIComponent(id)}`, { active }),
  );
