// Query hooks for doctors, slots, booking and the reschedule link (docs/api-map.md, issue 6).
import type { z } from 'zod';
import { FIRST_AVAILABLE, type ScheduledVisitType, type ScheduleInvitee, type VisitType, type doctorSummarySchema, type doctorDetailSchema } from '@store/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiDelete, apiGet, apiPost } from '@/lib/api';
import { fetchOrderAppointment, orderAppointmentKey } from '@/shared/orderAppointment';

/** A doctor as patients see one (packages/domain doctorSummarySchema, doctorDetailSchema). */
export type Doctor = z.infer<typeof doctorSummarySchema>;
export type DoctorDetail = z.infer<typeof doctorDetailSchema>;

export interface Slot {
  startsAt: string;
  endsAt: string;
}

export interface SlotDay {
  /** YYYY-MM-DD in the patient's zone. */
  date: string;
  slots: Slot[];
}

export interface SlotsResponse {
  timeZone: string;
  days: SlotDay[];
  doctor?: Doctor;
  doctorCount?: number;
}

export interface Appointment {
  id: string;
  orderId: string | null;
  status: 'booked' | 'cancelled' | 'rescheduled' | 'completed' | 'missed';
  visitType: ScheduledVisitType | null;
  startsAt: string;
  endsAt: string;
  doctor: Doctor;
  invitee: ScheduleInvitee;
  patientTimeZone: string;
}

export interface Booking {
  appointment: Appointment;
  reschedulePath: string;
}

/**
 * The visit behind a reschedule link and where its order stands (issue 13 #12): unpaid (a new time
 * is chosen in checkout), paid (book a new time or cancel the order), cancelled, or closed.
 */
export interface VisitOrder {
  id: string;
  state: 'unpaid' | 'paid' | 'cancelled' | 'closed';
  visitBooked: boolean;
}
export interface LinkedVisit extends Appointment {
  order: VisitOrder | null;
}

/** How far ahead the picker looks. */
export const SLOT_RANGE_DAYS = 21;

function rangeQuery(timeZone: string, now = new Date()): string {
  const to = new Date(now.getTime() + SLOT_RANGE_DAYS * 86_400_000);
  return new URLSearchParams({ tz: timeZone, to: to.toISOString() }).toString();
}

export function useDoctors(state: string | undefined) {
  return useQuery({
    queryKey: ['doctors', state ?? ''],
    queryFn: ({ signal }) =>
      apiGet<Doctor[]>(`/api/doctors${state ? `?state=${encodeURIComponent(state)}` : ''}`, { signal }),
  });
}

export function useDoctor(id: string | null) {
  return useQuery({
    queryKey: ['doctor', id],
    queryFn: ({ signal }) => apiGet<DoctorDetail>(`/api/doctors/${encodeURIComponent(id ?? '')}`, { signal }),
    enabled: Boolean(id),
  });
}

/** Slots of one doctor, or of "first available" across the doctors licensed in `state`. */
export function useSlots(doctorId: string | null, state: string | undefined, timeZone: string) {
  return useQuery({
    queryKey: ['slots', doctorId, state ?? '', timeZone],
    queryFn: ({ signal }) =>
      doctorId === FIRST_AVAILABLE
        ? apiGet<SlotsResponse>(`/api/slots?state=${encodeURIComponent(state ?? '')}&${rangeQuery(timeZone)}`, { signal })
        : apiGet<SlotsResponse>(`/api/doctors/${encodeURIComponent(doctorId ?? '')}/slots?${rangeQuery(timeZone)}`, { signal }),
    enabled: Boolean(doctorId) && (doctorId !== FIRST_AVAILABLE || Boolean(state)),
  });
}

export interface BookRequest {
  doctorId: string;
  startsAt: string;
  invitee: ScheduleInvitee;
  state?: string;
  timeZone: string;
  visitType?: ScheduledVisitType;
  orderId?: string;
}

export function useBookAppointment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: BookRequest) => {
      // Booking needs a session: the server keeps an existing one, else starts a guest session.
      await apiPost('/api/session/guest');
      if (body.orderId) {
        // Bound to the order: its shipping state and visit type are the server's; Scheduling completes.
        const { orderId, doctorId, startsAt, invitee, timeZone } = body;
        return apiPost<Booking>(`/api/orders/${encodeURIComponent(orderId)}/appointment`, { doctorId, startsAt, invitee, timeZone });
      }
      return apiPost<Booking>('/api/appointments', body);
    },
    onSettled: (_booking, _error, body) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['slots'] }),
        // The order's visit changed: the pages that show it (and /register's contact) read it again.
        ...(body.orderId ? [queryClient.invalidateQueries({ queryKey: orderAppointmentKey(body.orderId) })] : []),
      ]),
  });
}

export function useRescheduling(token: string) {
  return useQuery({
    queryKey: ['rescheduling', token],
    queryFn: ({ signal }) => apiGet<LinkedVisit>(`/api/reschedulings/${encodeURIComponent(token)}`, { signal }),
  });
}

export function useReschedulingSlots(token: string, timeZone: string, enabled: boolean) {
  return useQuery({
    queryKey: ['rescheduling-slots', token, timeZone],
    queryFn: ({ signal }) =>
      apiGet<SlotsResponse>(`/api/reschedulings/${encodeURIComponent(token)}/slots?${rangeQuery(timeZone)}`, { signal }),
    enabled,
  });
}

export function useReschedule(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { startsAt: string; timeZone: string }) =>
      apiPost<Appointment>(`/api/reschedulings/${encodeURIComponent(token)}`, body),
    onSuccess: (appointment) =>
      queryClient.setQueryData<LinkedVisit>(['rescheduling', token], (old) => ({ ...appointment, order: old?.order ?? null })),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['rescheduling-slots', token] }),
  });
}

export function useCancelVisit(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiDelete<LinkedVisit>(`/api/reschedulings/${encodeURIComponent(token)}`),
    onSuccess: (visit) => queryClient.setQueryData(['rescheduling', token], visit),
  });
}

/** A paid order's cancelled visit: a new time with the same doctor (the answer has the new visit's link). */
export function useRebookVisit(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { startsAt: string; timeZone: string }) =>
      apiPost<Booking>(`/api/reschedulings/${encodeURIComponent(token)}/rebook`, body),
    // The old link's visit is not read again here: the page moves to the new visit's link first
    // (a refetch now would show "your order has a new visit" and drop the page's own navigation).
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['rescheduling-slots', token] }),
  });
}

/** Cancel the paid order behind a visit's link: the card hold is released. */
export function useCancelOrder(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiPost<LinkedVisit>(`/api/reschedulings/${encodeURIComponent(token)}/cancel-order`),
    onSuccess: (visit) => queryClient.setQueryData(['rescheduling', token], visit),
  });
}

/** The order's visit (summary and confirmation pages): the appointment, the doctor's id, the visit type. */
export interface OrderAppointment {
  appointment: Appointment | null;
  doctorId: string | null;
  visitType: VisitType | null;
}

export function useOrderAppointment(orderId: string | null) {
  return useQuery({
    queryKey: orderAppointmentKey(orderId),
    queryFn: ({ signal }) => fetchOrderAppointment<OrderAppointment>(orderId ?? '', signal),
    enabled: Boolean(orderId),
  });
}

/** Asynchronous visit (type 3): CONFIRM with a doctor, or next available (no doctorId). */
export function useConfirmDoctor(orderId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (doctorId: string | null) =>
      apiPost<{ doctor: Doctor | null }>(
        `/api/orders/${encodeURIComponent(orderId)}/doctor-confirmation`,
        doctorId && doctorId !== FIRST_AVAILABLE ? { doctorId } : {},
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: orderAppointmentKey(orderId) }),
  });
}

/** The signed-in patient's name, email and phone for the invitee form (null for guests). */
export function useAccountInvitee(enabled: boolean) {
  return useQuery({
    queryKey: ['account', 'profile'],
    queryFn: ({ signal }) =>
      apiGet<{ email: string; firstName: string; lastName: string; phone: string }>('/api/account/profile', { signal }),
    enabled,
    staleTime: 60_000,
  });
}

/**
 * The signed-in patient's next booked visit of an order (the account's recent order), else a paid
 * order's cancelled visit waiting for a new time, with where the order stands.
 */
export interface AccountVisit {
  appointment: Appointment | null;
  order: VisitOrder | null;
  /** A missed visit: who did not come (issue 16: the doctor → another doctor or time is offered). */
  missedBy?: 'patient' | 'doctor' | null;
}

export function useAccountVisit(enabled: boolean) {
  return useQuery({
    queryKey: ['account', 'visit'],
    queryFn: ({ signal }) => apiGet<AccountVisit>('/api/account/visit', { signal }),
    enabled,
  });
}

/** The doctors licensed in the order's shipping state, and that state (SPEC §7 doctors by order id). */
export function useOrderDoctors(orderId: string | null) {
  return useQuery({
    queryKey: ['order-doctors', orderId],
    queryFn: ({ signal }) => apiGet<{ state: string | null; doctors: Doctor[] }>(`/api/orders/${encodeURIComponent(orderId ?? '')}/doctors`, { signal }),
    enabled: Boolean(orderId),
  });
}

/**
 * A paid order's cancelled or missed visit, booked again from the account with the same contact:
 * with the same doctor, or another licensed in the order's state (issue 16).
 */
export function useAccountRebook(appointment: Appointment) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ doctorId, ...body }: { startsAt: string; timeZone: string; doctorId?: string }) =>
      apiPost<Booking>(`/api/orders/${encodeURIComponent(appointment.orderId ?? '')}/appointment`, {
        doctorId: doctorId ?? appointment.doctor.id,
        invitee: appointment.invitee,
        ...body,
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['slots'] }),
  });
}

/** "Cancel my order" from the account: the card hold is released. */
export function useCancelAccountOrder(orderId: string) {
  return useMutation({
    mutationFn: () => apiPost<{ order: VisitOrder | null }>(`/api/account/orders/${encodeURIComponent(orderId)}/cancel`),
  });
}

/** SPEC §7 "reschedule doctor for recent order". */
export function useRescheduleRecent(orderId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { startsAt: string; timeZone: string }) =>
      apiPost<Booking>(`/api/account/orders/${encodeURIComponent(orderId)}/reschedule`, body),
    onSuccess: (booking) =>
      queryClient.setQueryData<{ appointment: Appointment | null; order: VisitOrder | null }>(['account', 'visit'], (old) => ({
        appointment: booking.appointment,
        order: old?.order ?? null,
      })),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['slots'] }),
  });
}
