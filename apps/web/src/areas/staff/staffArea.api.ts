// What every staff area reads (issue 15): the signed-in staff member's name for the header.
import { useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api';

export interface StaffProfile {
  id: string;
  firstName: string;
  lastName: string;
  role: 'patient' | 'doctor' | 'pharmacist' | 'admin';
}

export const staffProfileKey = (userId: string | null) => ['staff', 'profile', userId] as const;

export function useStaffProfile(userId: string | null) {
  return useQuery({
    queryKey: staffProfileKey(userId),
    enabled: Boolean(userId),
    queryFn: ({ signal }) => apiGet<StaffProfile>('/api/account/profile', { signal }),
  });
}

export function fullName(profile: Pick<StaffProfile, 'firstName' | 'lastName'> | undefined): string | null {
  const name = `${profile?.firstName ?? ''} ${profile?.lastName ?? ''}`.trim();
  return name || null;
}
