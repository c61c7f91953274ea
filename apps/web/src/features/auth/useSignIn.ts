// What every way of signing in does afterwards (SPEC §2): refresh everything personal, close the
// login drawer and go to the redirect target (a same-site path, optionally with an id query).
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { SIGNED_OUT_ONLY_PATHS } from '@/shared/accountRoutes';
import { useLoginDrawer } from '@/shared/loginDrawer';
import { beginSignIn, refreshAfterSignIn, safeRedirect } from '@/shared/session';
import type { SignedIn } from './api/auth.api';

export function useSignedIn() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { pathname } = useLocation();
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
        // Signing in on /register (say) leaves a page that would only send the patient on: replace
        // it, so Back from the checkout's summary goes to the step before, not back to the summary.
        if (target) await navigate(target, { replace: SIGNED_OUT_ONLY_PATHS.includes(pathname) });
      } finally {
        end();
      }
    },
    [queryClient, closeLoginDrawer, navigate, pathname],
  );
}
