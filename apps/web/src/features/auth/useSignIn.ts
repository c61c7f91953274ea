// What every way of signing in does afterwards (SPEC §2): refresh everything personal, close the
// login drawer and go to the redirect target (a same-site path, optionally with an id query).
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { useLoginDrawer } from '@/lib/loginDrawer';
import { beginSignIn, refreshAfterSignIn, safeRedirect } from '@/lib/session';
import type { SignedIn } from './api/authApi';

export function useSignedIn() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { closeLoginDrawer } = useLoginDrawer();
  return useCallback(
    /** `redirectTo`: the page's or drawer's target; else the server's; else `fallback`. */
    async (result: SignedIn, redirectTo?: string | null, fallback?: string) => {
      const end = beginSignIn();
      try {
        await refreshAfterSignIn(queryClient);
        closeLoginDrawer();
        const target =
          safeRedirect(redirectTo) ?? safeRedirect(result.redirectTo) ?? safeRedirect(fallback);
        if (target) await navigate(target);
      } finally {
        end();
      }
    },
    [queryClient, closeLoginDrawer, navigate],
  );
}
