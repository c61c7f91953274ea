// Signing a staff member out (issue 15): the session ends on the server, nothing personal stays in
// the tab, and the staff sign-in page follows. Staff pages have no login drawer, so this is not
// the patient's useLogout (which goes home and opens the drawer).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { apiPost } from '@/lib/api';
import { SESSION_QUERY_KEY, type SessionInfo } from './session';

export const STAFF_SIGN_IN_PATH = '/staff/sign-in';

/** Ends the session on the server and forgets everything personal in this tab. */
export function useEndStaffSession() {
  const queryClient = useQueryClient();
  return useCallback(async () => {
    try {
      await apiPost<void>('/api/auth/logout');
    } finally {
      queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== 'storefront' && q.queryKey[0] !== 'session' });
      queryClient.setQueryData<SessionInfo>(SESSION_QUERY_KEY, { kind: 'none', userId: null, role: null, staff: false });
    }
  }, [queryClient]);
}

/** The staff header's Sign out: ends the session, then the staff sign-in page. */
export function useStaffSignOut() {
  const endSession = useEndStaffSession();
  const navigate = useNavigate();
  const mutation = useMutation({
    mutationFn: endSession,
    onSettled: () => navigate(STAFF_SIGN_IN_PATH, { replace: true }),
  });
  const signOut = useCallback(() => mutation.mutate(), [mutation]);
  return { signOut, isPending: mutation.isPending };
}
