// Who is signed in, shared by the header, the auth and account features and checkout. The
// session itself is the HttpOnly `sid` cookie: the browser never sees or stores a token.
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { apiGet, apiPost } from '@/lib/api';
import { useLoginDrawer } from './loginDrawer';

export interface SessionInfo {
  kind: 'none' | 'guest' | 'user';
  userId: string | null;
  role: 'patient' | 'doctor' | 'pharmacist' | 'admin' | null;
  /** A staff member (doctor, pharmacist, admin), signed in with password plus code (issue 15). */
  staff?: boolean;
}

export const SESSION_QUERY_KEY = ['session'] as const;
/** Queries that do not depend on who is signed in; everything else is refetched at sign-in/out. */
const SHARED_QUERY_ROOTS = new Set(['storefront', 'catalog', 'products']);

export function useSession() {
  return useQuery({
    queryKey: SESSION_QUERY_KEY,
    queryFn: ({ signal }) => apiGet<SessionInfo>('/api/session', { signal }),
    staleTime: 60_000,
  });
}

/** True once the session is known to be a signed-in person. */
export function useIsSignedIn(): boolean {
  return useSession().data?.kind === 'user';
}

function isPersonal(queryKey: readonly unknown[]): boolean {
  return !SHARED_QUERY_ROOTS.has(String(queryKey[0]));
}

// A sign-in under way: between the session refresh and the navigation to its target, pages that
// send an already signed-in visitor elsewhere (login, register, join, invite) must not race it.
let signInsUnderWay = 0;
export function beginSignIn(): () => void {
  signInsUnderWay += 1;
  return () => {
    signInsUnderWay -= 1;
  };
}
export function isSigningIn(): boolean {
  return signInsUnderWay > 0;
}

/** After any sign-in: drop what belonged to the previous (guest) session and load the new one. */
export async function refreshAfterSignIn(queryClient: QueryClient): Promise<void> {
  await queryClient.invalidateQueries({ predicate: (q) => isPersonal(q.queryKey) });
}

/** A same-site path (never `//host` or `http:`), else null: sign-in never redirects off-site. */
export function safeRedirect(path: string | null | undefined, id?: string | null): string | null {
  if (!path || !path.startsWith('/') || path.startsWith('//') || path.startsWith('/\\'))
    return null;
  if (!id) return path;
  return `${path}${path.includes('?') ? '&' : '?'}id=${encodeURIComponent(id)}`;
}

/**
 * What this tab does once signed out (logout, or "sign out everywhere"): nothing personal stays,
 * then home with the login drawer open (SPEC §2).
 */
export function useAfterSignOut(): () => Promise<void> {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { openLoginDrawer } = useLoginDrawer();
  return useCallback(async () => {
    queryClient.removeQueries({
      predicate: (q) => isPersonal(q.queryKey) && q.queryKey[0] !== 'session',
    });
    queryClient.setQueryData<SessionInfo>(SESSION_QUERY_KEY, {
      kind: 'none',
      userId: null,
      role: null,
    });
    await queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY });
    await navigate('/');
    openLoginDrawer();
  }, [queryClient, navigate, openLoginDrawer]);
}

/** SPEC §2: logout revokes the session on the server, goes to / and opens the login drawer. */
export function useLogout() {
  const afterSignOut = useAfterSignOut();
  const mutation = useMutation({
    mutationFn: () => apiPost<void>('/api/auth/logout'),
    // Whatever the server answered, nothing personal stays in this tab.
    onSettled: afterSignOut,
  });
  const logout = useCallback(() => mutation.mutate(), [mutation]);
  return { logout, isPending: mutation.isPending };
}

const ENTRY_PAGE_KEY = 'entryPage';

/** The first page of this visit (SPEC §7 register: landingPage), kept for the tab's lifetime. */
export function entryPage(): string | undefined {
  try {
    return sessionStorage.getItem(ENTRY_PAGE_KEY) ?? undefined;
  } catch {
    return undefined;
  }
}

export function rememberEntryPage(): void {
  try {
    if (!sessionStorage.getItem(ENTRY_PAGE_KEY)) {
      sessionStorage.setItem(
        ENTRY_PAGE_KEY,
        `${location.pathname}${location.search}`.slice(0, 500),
      );
    }
  } catch {
    // storage may be off; the landing page is only informative
  }
}
