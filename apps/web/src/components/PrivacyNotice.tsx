// A small, dismissible cookie/privacy notice (SPEC §2 names a GDPR banner that the reschedule link
// hides with hide_gdpr_banner=1). It sits in the page flow, so it never covers a button; once
// dismissed it stays hidden on this browser.
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { MAIN_CONTENT_ID } from './mainContent';
import { StatusButton } from './StatusButton';

export const PRIVACY_NOTICE_KEY = 'privacyNoticeDismissed';

function wasDismissed(): boolean {
  try {
    return window.localStorage.getItem(PRIVACY_NOTICE_KEY) === '1';
  } catch {
    return false;
  }
}

export function PrivacyNotice() {
  const [dismissed, setDismissed] = useState(wasDismissed);
  if (dismissed) return null;
  const dismiss = () => {
    try {
      window.localStorage.setItem(PRIVACY_NOTICE_KEY, '1');
    } catch {
      // Private mode without storage: hidden until the next page load.
    }
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
