// The checkout's calls: the order in checkout (the store's cart, else the order waiting for
// payment), its progress (SPEC §7 "checkout progress"), and the consults of its items with saving
// and submitting their answers.
import type {
  Answers,
  CheckoutProgressView,
  Disqualification,
  QuestionnaireDefinition,
} from '@store/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiPost, apiPut } from '@/lib/api';
import { CART_QUERY_KEY, useCart, type Cart } from '@/shared/cart';

export const checkoutKeys = {
  all: ['checkout'] as const,
  awaitingPayment: ['checkout', 'awaiting-payment'] as const,
  progress: (orderId: string) => ['checkout', 'progress', orderId] as const,
  consults: (orderId: string) => ['checkout', 'consults', orderId] as const,
};

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

// ---- The consult of each item ----

export interface ConsultView {
  id: string;
  orderItemId: string;
  status: 'in_progress' | 'submitted' | 'disqualified';
  questionnaire: {
    id: string;
    slug: string;
    title: string;
    version: {
      id: string;
      version: number;
      publishedAt: string | null;
      definition: QuestionnaireDefinition;
    };
  };
  answers: Answers;
  currentPage: number;
  submittedAt: string | null;
  disqualified: Disqualification | null;
}

export interface OrderConsult {
  itemId: string;
  productId: string;
  title: string;
  questionnaireId: string | null;
  completed: boolean;
  consult: ConsultView | null;
}

export interface OrderConsults {
  orderId: string;
  items: OrderConsult[];
}

/** Each item needing a consult, with its consult (created by the server on first read). */
export function useOrderConsults(orderId: string | null) {
  return useQuery({
    queryKey: checkoutKeys.consults(orderId ?? ''),
    queryFn: ({ signal }) =>
      apiGet<OrderConsults>(`/api/orders/${encodeURIComponent(orderId!)}/consults`, { signal }),
    enabled: Boolean(orderId),
    // Answers change as the patient goes; a refetch on focus would overwrite what they are typing.
    refetchOnWindowFocus: false,
    staleTime: Infinity,
  });
}

export interface SavedConsultPage {
  consult: ConsultView;
  nextPageIndex: number | null;
  disqualified: Disqualification | null;
}

/** Saves one page ("next" checks it and moves on; "draft" keeps what was typed and stays). */
export function saveConsultPage(input: {
  consultId: string;
  pageIndex: number;
  answers: Answers;
  mode: 'next' | 'draft';
}) {
  return apiPut<SavedConsultPage>(
    `/api/consults/${encodeURIComponent(input.consultId)}/pages/${input.pageIndex}`,
    {
      answers: input.answers,
      mode: input.mode,
    },
  );
}

/** Freezes the answers with their version; says whether they disqualify. */
export function submitConsult(consultId: string) {
  return apiPost<{ consult: ConsultView; disqualified: Disqualification | null }>(
    `/api/consults/${encodeURIComponent(consultId)}/submit`,
  );
}

/** Keeps the cached consults in step with a saved or submitted consult. */
export function useStoreConsult(orderId: string) {
  const client = useQueryClient();
  return (consult: ConsultView) => storeConsult(client, orderId, consult);
}

function storeConsult(
  client: ReturnType<typeof useQueryClient>,
  orderId: string,
  consult: ConsultView,
) {
  client.setQueryData<OrderConsults>(checkoutKeys.consults(orderId), (current) =>
    current
      ? {
          ...current,
          items: current.items.map((item) =>
            item.consult?.id === consult.id
              ? { ...item, consult, completed: item.completed || consult.status === 'submitted' }
              : item,
          ),
        }
      : current,
  );
}

/** After a stage changed on the server: the cart, the order waiting for payment and the progress. */
export async function invalidateCheckout(client: ReturnType<typeof useQueryClient>): Promise<void> {
  await Promise.all([
    client.invalidateQueries({ queryKey: CART_QUERY_KEY }),
    client.invalidateQueries({ queryKey: checkoutKeys.awaitingPayment }),
    client.invalidateQueries({ queryKey: ['checkout', 'progress'] }),
  ]);
}
