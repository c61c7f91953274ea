// The operator's console, orders (issue 18): the order search, one order, its actions, the audit
// log viewer, and the CSV export addresses (the current filters).
import type {
  AdminAuditEvent,
  AdminOrderDetail,
  AdminOrderRow,
  AdminPage,
  AdminRefundRequest,
  OrderStatus,
} from '@store/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiPost } from '@/lib/api';

/** Only the filters that are set, as a query string ('' when none). */
export function queryOf(params: Record<string, string | number | undefined | null>): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== null && v !== '') q.set(k, String(v));
  const s = q.toString();
  return s ? `?${s}` : '';
}

export const ORDER_FILTER_KEYS = ['number', 'email', 'status', 'storefrontId', 'from', 'to'] as const;
export const AUDIT_FILTER_KEYS = ['action', 'actor', 'subjectType', 'subjectId', 'storefrontId', 'from', 'to'] as const;

/** The filters kept in the address. */
export function filtersFrom<K extends string>(params: URLSearchParams, keys: readonly K[]): Record<K, string> {
  return Object.fromEntries(keys.map((k) => [k, params.get(k) ?? ''])) as Record<K, string>;
}

export function useAdminOrders(filters: Record<string, string>, page: number, pageSize: number) {
  const qs = queryOf({ ...filters, page, pageSize });
  return useQuery({
    queryKey: ['admin', 'orders', qs],
    queryFn: ({ signal }) => apiGet<AdminPage<AdminOrderRow>>(`/api/admin/orders${qs}`, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useAdminOrder(orderId: string) {
  return useQuery({
    queryKey: ['admin', 'order', orderId],
    queryFn: ({ signal }) => apiGet<AdminOrderDetail>(`/api/admin/orders/${encodeURIComponent(orderId)}`, { signal }),
  });
}

function useOrderAction<TBody, TResult>(orderId: string, path: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TBody) => apiPost<TResult>(`/api/admin/orders/${encodeURIComponent(orderId)}/${path}`, body),
    onSettled: () => client.invalidateQueries({ queryKey: ['admin'] }),
  });
}

export const useRefund = (orderId: string) =>
  useOrderAction<AdminRefundRequest, { orderStatus: OrderStatus; refundedCents: number; replayed: boolean }>(orderId, 'refunds');
export const useCancelOrder = (orderId: string) => useOrderAction<{ reason: string }, { orderStatus: OrderStatus }>(orderId, 'cancel');
export const useResendMail = (orderId: string) => useOrderAction<{ key: string; idempotencyKey: string }, unknown>(orderId, 'mails/resend');

export function useAdminAudit(filters: Record<string, string>, page: number, pageSize: number) {
  const qs = queryOf({ ...filters, page, pageSize });
  return useQuery({
    queryKey: ['admin', 'audit', qs],
    queryFn: ({ signal }) => apiGet<AdminPage<AdminAuditEvent>>(`/api/admin/audit${qs}`, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** A fresh key for one operator's request (a double click sends the same one). */
export const newRequestKey = () => `admin-${crypto.randomUUID()}`;

export const STATUS_WORDS = (s: string) => s.replace(/_/g, ' ');
