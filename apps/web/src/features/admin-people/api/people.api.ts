// The operator's people (issue 18): doctors, partner pharmacies and pharmacists. Calls and query
// hooks; response types from the domain's schemas the server answers with.
import type {
  AdminDoctor,
  AdminPage,
  AdminDoctorRow,
  AdminPharmacist,
  AdminPharmacy,
  AvailabilityExceptionInput,
  AvailabilityRulesInput,
  DoctorInviteInput,
  DoctorLicenseInput,
  DoctorProfileInput,
  PartnerPharmacyInput,
  PharmacistInviteInput,
} from '@store/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiDelete, apiGet, apiPost, apiPut } from '@/lib/api';

export const PEOPLE_KEYS = {
  doctors: ['admin', 'doctors'] as const,
  doctor: (id: string) => ['admin', 'doctor', id] as const,
  pharmacies: ['admin', 'pharmacies'] as const,
  pharmacy: (id: string) => ['admin', 'pharmacy', id] as const,
  staff: (id: string) => ['admin', 'pharmacy-staff', id] as const,
};

const qs = (params: Record<string, string | number | undefined>) =>
  new URLSearchParams(Object.entries(params).flatMap(([k, v]) => (v === undefined || v === '' ? [] : [[k, String(v)]]))).toString();

export function useDoctors(query: { page: number; pageSize: number; q: string }) {
  return useQuery({
    queryKey: [...PEOPLE_KEYS.doctors, query],
    queryFn: ({ signal }) => apiGet<AdminPage<AdminDoctorRow>>(`/api/admin/doctors?${qs(query)}`, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useDoctor(id: string) {
  return useQuery({
    queryKey: PEOPLE_KEYS.doctor(id),
    queryFn: ({ signal }) => apiGet<AdminDoctor>(`/api/admin/doctors/${encodeURIComponent(id)}`, { signal }),
  });
}

export function usePharmacies(query: { page: number; pageSize: number }) {
  return useQuery({
    queryKey: [...PEOPLE_KEYS.pharmacies, query],
    queryFn: ({ signal }) => apiGet<AdminPage<AdminPharmacy>>(`/api/admin/pharmacies?${qs(query)}`, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function usePharmacy(id: string) {
  return useQuery({
    queryKey: PEOPLE_KEYS.pharmacy(id),
    queryFn: ({ signal }) => apiGet<AdminPharmacy>(`/api/admin/pharmacies/${encodeURIComponent(id)}`, { signal }),
  });
}

export function usePharmacists(id: string, query: { page: number; pageSize: number }) {
  return useQuery({
    queryKey: [...PEOPLE_KEYS.staff(id), query],
    queryFn: ({ signal }) => apiGet<AdminPage<AdminPharmacist>>(`/api/admin/pharmacies/${encodeURIComponent(id)}/staff?${qs(query)}`, { signal }),
    placeholderData: keepPreviousData,
  });
}

const doctorPath = (id: string, rest = '') => `/api/admin/doctors/${encodeURIComponent(id)}${rest}`;

export const peopleApi = {
  inviteDoctor: (body: DoctorInviteInput) => apiPost<{ id: string; delivered: boolean }>('/api/admin/doctors', body),
  resendInvite: (id: string) => apiPost<{ delivered: boolean }>(doctorPath(id, '/invite')),
  updateProfile: (id: string, body: DoctorProfileInput) => apiPut<AdminDoctor>(doctorPath(id), body),
  setStorefront: (id: string, storefrontId: string | null) => apiPut<AdminDoctor>(doctorPath(id, '/storefront'), { storefrontId }),
  addLicense: (id: string, body: DoctorLicenseInput) => apiPost<AdminDoctor>(doctorPath(id, '/licenses'), body),
  removeLicense: (id: string, state: string) => apiDelete<AdminDoctor>(doctorPath(id, `/licenses/${encodeURIComponent(state)}`)),
  setRules: (id: string, body: AvailabilityRulesInput) => apiPut<AdminDoctor>(doctorPath(id, '/availability'), body),
  addException: (id: string, body: AvailabilityExceptionInput) => apiPost<AdminDoctor>(doctorPath(id, '/exceptions'), body),
  removeException: (id: string, exceptionId: string) => apiDelete<AdminDoctor>(doctorPath(id, `/exceptions/${encodeURIComponent(exceptionId)}`)),
  createPharmacy: (body: PartnerPharmacyInput) => apiPost<AdminPharmacy>('/api/admin/pharmacies', body),
  updatePharmacy: (id: string, body: PartnerPharmacyInput) => apiPut<AdminPharmacy>(`/api/admin/pharmacies/${encodeURIComponent(id)}`, body),
  invitePharmacist: (id: string, body: PharmacistInviteInput) =>
    apiPost<{ userId: string; delivered: boolean }>(`/api/admin/pharmacies/${encodeURIComponent(id)}/staff`, body),
  removePharmacist: (id: string, userId: string) =>
    apiDelete(`/api/admin/pharmacies/${encodeURIComponent(id)}/staff/${encodeURIComponent(userId)}`),
};
