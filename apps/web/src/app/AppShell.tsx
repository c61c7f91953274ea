// The root route's element: the layout around the current page, the login drawer and a progress
// bar while a lazy page loads.
import Box from '@mui/material/Box';
import { keyframes } from '@mui/material/styles';
import { Suspense, lazy, useState } from 'react';
import { hidesGdprBanner } from '@store/domain';
import { Outlet, ScrollRestoration, useLocation, useNavigation } from 'react-router';
import { Layout } from '@/components/Layout';
import { useLandingCapture } from '@/shared/landing';
import { LoginDrawerProvider, useLoginDrawer } from '@/shared/loginDrawer';

// The drawer will hold the login forms (react-hook-form, zod): load it on first open, not with the shell.
const LoginDrawer = lazy(() =>
  import('@/features/auth/LoginDrawer').then((m) => ({ default: m.LoginDrawer })),
);

function LazyLoginDrawer() {
  const { isOpen } = useLoginDrawer();
  // Once opened, stay mounted so the drawer can animate closed.
  const [loaded, setLoaded] = useState(false);
  if (isOpen && !loaded) setLoaded(true);
  if (!loaded && !isOpen) return null;
  return (
    <Suspense fallback={null}>
      <LoginDrawer />
    </Suspense>
  );
}

const slide = keyframes`
  from { transform: translateX(-100%); }
  to { transform: translateX(250%); }
`;

/** A thin bar while a lazy page loads. Drawn here rather than with MUI's LinearProgress, which the first page would download only for this (issue 19's budget). */
function NavigationProgress() {
  const navigation = useNavigation();
  if (navigation.state === 'idle') return null;
  return (
    <Box
      role="progressbar"
      aria-label="Loading page"
      sx={{
        position: 'fixed',
        top: 0,
        left: 0,
        right: 0,
        height: 4,
        overflow: 'hidden',
        zIndex: (theme) => theme.zIndex.appBar + 1,
        bgcolor: 'action.selected',
      }}
    >
      <Box
        sx={{
          width: '40%',
          height: '100%',
          bgcolor: 'primary.main',
          animation: `${slide} 1.2s ease-in-out infinite`,
          '@media (prefers-reduced-motion: reduce)': { animation: 'none', width: '100%' },
        }}
      />
    </Box>
  );
}

export function AppShell() {
  // SPEC §7 landing capture (LandingPage / RedirectPage in the query string) on any page.
  useLandingCapture();
  // The reschedule link (SPEC §2) carries hide_gdpr_banner=1: no privacy notice on that page.
  const { search } = useLocation();
  return (
    <LoginDrawerProvider>
      <NavigationProgress />
      <Layout showPrivacyNotice={!hidesGdprBanner(search)}>
        {/* Its own boundary, so hydrating a server-drawn page (issue 19) is two shorter pieces of
            work, the frame and then the page, not one long task. */}
        <Suspense fallback={null}>
          <Outlet />
        </Suspense>
      </Layout>
      <LazyLoginDrawer />
      <ScrollRestoration />
    </LoginDrawerProvider>
  );
}
