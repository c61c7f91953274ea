// The signed-in patient's profile and password (docs/api-map.md "Accounts").
import type { OpenQuestions, UserRole } from '@store/domain';
import { apiGet, apiPatch, apiPost, apiPut } from '@/lib/api';

export interface Profile {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  phone: string;
  dateOfBirth: string | null;
  role: UserRole;
  isEcp: boolean;
  hasPassword: boolean;
  passwordChangedAt: string | null;
  createdAt: string;
}

export const PROFILE_QUERY_KEY = ['account', 'profile'] as const;
export const QUESTIONS_QUERY_KEY = ['account', 'questions'] as const;
export type { OpenQuestions };

export const accountApi = {
  profile: (signal?: AbortSignal) =>
    apiGet<Profile>('/api/account/profile', signal ? { signal } : {}),
  updateProfile: (body: {
    firstName: string;
    lastName: string;
    phone: string;
    dateOfBirth: string | null;
  }) => apiPatch<Profile>('/api/account/profile', body),
  changePassword: (body: { currentPassword: string; newPassword: string }) =>
    apiPut<{ message: string; passwordChangedAt: string }>('/api/account/password', body),
  /** The doctors' questions still to answer, across the patient's orders (issue 15). */
  questions: (signal?: AbortSignal) => apiGet<OpenQuestions>('/api/account/questions', signal ? { signal } : {}),
  /** Ends every session of the patient, this one included (issue 13 #9). */
  signOutEverywhere: () => apiPost<void>('/api/account/sessions/revoke-all'),
};
