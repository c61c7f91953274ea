// The doctor's visit calls (issue 16): one visit with its patient, window and outcome, the private
// visit note, and marking the visit done. Types come from the domain's API schemas.
import type { DoctorVisit } from '@store/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { apiGet, apiPost, apiPut } from '@/lib/api';

export const doctorVisitKeys = {
  visit: (appointmentId: string) => ['doctor-visit', appointmentId] as const,
};

const visitPath = (appointmentId: string) =>
  `/api/doctor/visits/${encodeURIComponent(appointmentId)}`;

export const doctorVisitApi = {
  get: (appointmentId: string, signal?: AbortSignal) =>
    apiGet<DoctorVisit>(visitPath(appointmentId), { signal }),
  saveNote: (appointmentId: string, text: string) =>
    apiPut<DoctorVisit>(`${visitPath(appointmentId)}/note`, { text }),
  complete: (appointmentId: string) => apiPost<DoctorVisit>(`${visitPath(appointmentId)}/complete`),
};

/** One visit; a booked one is read again every half minute (its phase moves with the clock). */
export function useDoctorVisit(appointmentId: string) {
  return useQuery({
    queryKey: doctorVisitKeys.visit(appointmentId),
    queryFn: ({ signal }) => doctorVisitApi.get(appointmentId, signal),
    refetchInterval: (query) => (query.state.data?.status === 'booked' ? 30_000 : false),
  });
}

/** Puts the server's answer (after a note or completion) in the cache. */
export function useSetDoctorVisit(appointmentId: string) {
  const queryClient = useQueryClient();
  return useCallback(
    (visit: DoctorVisit) => queryClient.setQueryData(doctorVisitKeys.visit(appointmentId), visit),
    [queryClient, appointmentId],
  );
}
