// A small, dismissible cookie/privacy notice (SPEC §2 names a GDPR banner that the reschedule link
// hides with hide_gdpr_banner=1). It sits in the page flow, so it never covers a button; once
// dismissed it stays hidden on this browser.
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useCookie, writeCookie } from '@/shared/cookies';
import { MAIN_CONTENT_ID } from './mainContent';
import { StatusButton } from './StatusButton';

export const PRIVACY_NOTICE_KEY = 'privacyNoticeDismissed';
/** The same choice as a cookie, so the server's first render leaves the notice out too. */
const PRIVACY_NOTICE_COOKIE = 'privacy_notice';

function dismissedInStorage(): boolean {
  try {
    return window.localStorage.getItem(PRIVACY_NOTICE_KEY) === '1';
  } catch {
    return false;
  }
}

export function PrivacyNotice() {
  const cookie = useCookie(PRIVACY_NOTICE_COOKIE);
  const [dismissed, setDismissed] = useState(cookie === 'dismissed');
  // Dismissed before the cookie existed (kept in localStorage only): hide it and set the cookie.
  useEffect(() => {
    if (!dismissed && dismissedInStorage()) {
      writeCookie(PRIVACY_NOTICE_COOKIE, 'dismissed', 365);
      setDismissed(true);
    }
  }, [dismissed]);
  if (dismissed) return null;
  const dismiss = () => {
    try {
      window.localStorage.setItem(PRIVACY_NOTICE_KEY, '1');
    } catch {
      // Private mode without storage: the cookie below still remembers it.
    }
    writeCookie(PRIVACY_NOTICE_COOKIE, 'dismissed', 365);
    setDismissed(true);
    // The OK button goes with the notice: keyboard focus continues at the page's content.
    document.getElementById(MAIN_CONTENT_ID)?.focus();
  };
  return (
    <Box
      component="section"
      aria-label="Privacy notice"
      data-testid="privacy-notice"
      sx={{ bgcolor: 'store.primaryLightest', borderBottom: 1, borderColor: 'divider', py: 1 }}
    >
      <Container sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2 }}>
        <Typography variant="body2" sx={{ flex: 1, minWidth: 240 }}>
          We use only the cookies this store needs: to keep you signed in and to remember your cart.
          We do not use advertising cookies.
        </Typography>
        <StatusButton size="small" variant="outlined" onClick={dismiss}>
          OK
        </StatusButton>
      </Container>
    </Box>
  );
}
