// The catalog console's server calls (issue 18): /api/admin/storefronts/:storefrontId/products…,
// typed from the domain's contracts.
import type {
  AdminCatalogOptions,
  AdminFlaggedAnswers,
  AdminFormularyRow,
  AdminPage,
  AdminProduct,
  AdminProductRow,
  AdminProductView,
  FlaggedAnswerInput,
  FormularyInput,
} from '@store/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiDelete, apiGet, apiPost, apiPut } from '@/lib/api';

const root = (storefrontId: string) => `/api/admin/storefronts/${storefrontId}`;
const KEY = ['admin', 'catalog'] as const;

export function useProductsPage(storefrontId: string | undefined, query: { page: number; pageSize: number; q: string }) {
  return useQuery({
    queryKey: [...KEY, storefrontId, 'products', query],
    queryFn: ({ signal }) => {
      const params = new URLSearchParams({ page: String(query.page), pageSize: String(query.pageSize) });
      if (query.q) params.set('q', query.q);
      return apiGet<AdminPage<AdminProductRow>>(`${root(storefrontId!)}/products?${params.toString()}`, { signal });
    },
    enabled: Boolean(storefrontId),
    placeholderData: keepPreviousData,
  });
}

export function useCatalogOptions(storefrontId: string | undefined) {
  return useQuery({
    queryKey: [...KEY, storefrontId, 'options'],
    queryFn: ({ signal }) => apiGet<AdminCatalogOptions>(`${root(storefrontId!)}/catalog-options`, { signal }),
    enabled: Boolean(storefrontId),
  });
}

export function useProduct(storefrontId: string | undefined, productId: string | undefined) {
  return useQuery({
    queryKey: [...KEY, storefrontId, 'product', productId],
    queryFn: ({ signal }) => apiGet<AdminProductView>(`${root(storefrontId!)}/products/${productId}`, { signal }),
    enabled: Boolean(storefrontId && productId),
  });
}

export function useSaveProduct(storefrontId: string, productId: string | null) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: AdminProduct) =>
      productId
        ? apiPut<AdminProductView>(`${root(storefrontId)}/products/${productId}`, input)
        : apiPost<AdminProductView>(`${root(storefrontId)}/products`, input),
    onSuccess: async (saved) => {
      client.setQueryData([...KEY, storefrontId, 'product', saved.id], saved);
      await client.invalidateQueries({ queryKey: [...KEY, storefrontId, 'products'] });
    },
  });
}

export function useSetActive(storefrontId: string, productId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (active: boolean) => apiPut<AdminProductView>(`${root(storefrontId)}/products/${productId}/active`, { active }),
    onSuccess: async (saved) => {
      client.setQueryData([...KEY, storefrontId, 'product', saved.id], saved);
      await client.invalidateQueries({ queryKey: [...KEY, storefrontId, 'products'] });
    },
  });
}

export function useFormulary(storefrontId: string, productId: string) {
  return useQuery({
    queryKey: [...KEY, storefrontId, 'formulary', productId],
    queryFn: ({ signal }) => apiGet<AdminFormularyRow[]>(`${root(storefrontId)}/products/${productId}/formulary`, { signal }),
  });
}

export function useFormularyMutations(storefrontId: string, productId: string) {
  const client = useQueryClient();
  const url = `${root(storefrontId)}/products/${productId}/formulary`;
  const refresh = () => client.invalidateQueries({ queryKey: [...KEY, storefrontId, 'formulary', productId] });
  return {
    save: useMutation({
      mutationFn: ({ id, input }: { id: string | null; input: FormularyInput }) =>
        id ? apiPut<AdminFormularyRow>(`${url}/${id}`, input) : apiPost<AdminFormularyRow>(url, input),
      onSuccess: refresh,
    }),
    remove: useMutation({ mutationFn: (id: string) => apiDelete(`${url}/${id}`), onSuccess: refresh }),
  };
}

export function useFlags(storefrontId: string, productId: string) {
  return useQuery({
    queryKey: [...KEY, storefrontId, 'flags', productId],
    queryFn: ({ signal }) => apiGet<AdminFlaggedAnswers>(`${root(storefrontId)}/products/${productId}/flagged-answers`, { signal }),
  });
}

export function useFlagMutations(storefrontId: string, productId: string) {
  const client = useQueryClient();
  const url = `${root(storefrontId)}/products/${productId}/flagged-answers`;
  const refresh = () => client.invalidateQueries({ queryKey: [...KEY, storefrontId, 'flags', productId] });
  return {
    add: useMutation({ mutationFn: (input: FlaggedAnswerInput) => apiPost(url, input), onSuccess: refresh }),
    remove: useMutation({ mutationFn: (id: string) => apiDelete(`${url}/${id}`), onSuccess: refresh }),
  };
}
