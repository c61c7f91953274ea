// The accounts API (docs/api-map.md "Accounts"). Every call goes through src/lib/api.ts: cookies
// included, CSRF header sent, problem+json → ApiError, no answer / 5xx → ConnectionError.
import { useQuery } from '@tanstack/react-query';
import { apiGet, apiPost } from '@/lib/api';
import { fetchOrderAppointment, orderAppointmentKey } from '@/shared/orderAppointment';

export interface SignedIn {
  userId: string;
  role: 'patient' | 'doctor' | 'pharmacist' | 'admin';
  redirectTo: string | null;
}

/** A staff member's right password (issue 15): no session yet, a code was sent. */
export interface SecondFactorRequired {
  secondFactor: {
    required: true;
    channels: Channel[];
    sentTo: { email?: string; sms?: string };
    expiresInSeconds: number;
  };
}

export function needsSecondFactor(
  result: SignedIn | SecondFactorRequired,
): result is SecondFactorRequired {
  return 'secondFactor' in result;
}

export interface PasscodeSent {
  sentTo: { email?: string; sms?: string };
  failures: { channel: 'sms' | 'email'; code: string; message: string }[];
  expiresInSeconds: number;
}

export type Channel = 'sms' | 'email';

export interface RegisterPayload {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  phone?: string | undefined;
  landingPage?: string | undefined;
  redirectPage?: string | undefined;
}

export interface EcpInfo {
  peopleId: string;
  guid: string;
  productId: string | null;
  product: {
    id: string;
    slug: string;
    title: string;
    thumbnail: string;
    priceCents: number;
  } | null;
  patient: { email: string; firstName: string; lastName: string; phone: string };
  accountExists: boolean;
}

export const authApi = {
  login: (body: { email: string; password: string }) =>
    apiPost<SignedIn | SecondFactorRequired>('/api/auth/login', body),
  verifyStaffCode: (body: { email: string; code: string }) =>
    apiPost<SignedIn>('/api/auth/staff/verify-code', body),
  sendLoginCode: (body: { email: string; channels: Channel[] }) =>
    apiPost<PasscodeSent>('/api/auth/otp/send', body),
  verifyLoginCode: (body: { email: string; code: string }) =>
    apiPost<SignedIn>('/api/auth/otp/verify', body),
  register: (body: RegisterPayload & { isEcp?: boolean; erxGuid?: string; peopleId?: string }) =>
    apiPost<SignedIn>('/api/auth/register', body),
  registerJoin: (body: RegisterPayload & { marketingOptIn: boolean }) =>
    apiPost<SignedIn>('/api/auth/register/join', body),
  registerInvite: (body: RegisterPayload & { invite: string }) =>
    apiPost<SignedIn>('/api/auth/register/invite', body),
  inspectInvite: (invite: string) =>
    apiPost<{ doctorName: string; expiresAt: string }>('/api/auth/invites/inspect', { invite }),
  sendRegisterCode: (body: { email: string }) =>
    apiPost<PasscodeSent>('/api/auth/register/otp/send', body),
  verifyRegisterCode: (body: {
    email: string;
    code: string;
    firstName?: string;
    lastName?: string;
    redirectPage?: string;
    landingPage?: string;
  }) => apiPost<SignedIn>('/api/auth/register/otp/verify', body),
  requestReset: (body: { email: string }) =>
    apiPost<{ message: string }>('/api/auth/password-reset', body),
  validateReset: (token: string) =>
    apiPost<{ valid: boolean }>('/api/auth/password-reset/validate', { token }),
  completeReset: (body: { token: string; password: string }) =>
    apiPost<SignedIn>('/api/auth/password-reset/complete', body),
  ecpInfo: (peopleId: string, guid: string, signal?: AbortSignal) =>
    apiGet<EcpInfo>(
      `/api/ecp?peopleId=${encodeURIComponent(peopleId)}&guid=${encodeURIComponent(guid)}`,
      signal ? { signal } : {},
    ),
  claimEcp: (body: { peopleId: string; guid: string }) =>
    apiPost<{ productId: string | null; redirectTo: string | null }>('/api/ecp/claim', body),
  sendIntakeLink: (body: { email: string }) =>
    apiPost<{ message: string }>('/api/ecp/intake/email', body),
};

/**
 * The email and phone the patient gave when booking the order's visit (GET
 * /api/orders/:id/appointment, the scheduling API), to start the Register form with; none when
 * the order has no booked visit or the call fails (the form is never held up by it).
 */
export function useVisitContact(orderId: string | null) {
  return useQuery({
    // The schedule step's own query: after booking there, its answer is already here.
    queryKey: orderAppointmentKey(orderId),
    enabled: Boolean(orderId),
    retry: false,
    queryFn: ({ signal }) =>
      fetchOrderAppointment<{ appointment: { invitee?: { email?: string; number?: string } } | null }>(orderId ?? '', signal),
    select: (visit) => ({
      email: visit.appointment?.invitee?.email ?? undefined,
      phone: visit.appointment?.invitee?.number ?? undefined,
    }),
  });
}
