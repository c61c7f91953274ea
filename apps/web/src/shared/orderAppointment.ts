// GET /api/orders/:id/appointment under one query key, so every page that asks about an order's
// visit (the schedule and doctor steps, /register's contact details) shares one cached answer and
// one invalidation after a booking. Each feature types the part it reads.
import { apiGet } from '@/lib/api';

export const orderAppointmentKey = (orderId: string | null) => ['order-appointment', orderId] as const;

export function fetchOrderAppointment<T>(orderId: string, signal?: AbortSignal): Promise<T> {
  return apiGet<T>(`/api/orders/${encodeURIComponent(orderId)}/appointment`, { signal });
}
