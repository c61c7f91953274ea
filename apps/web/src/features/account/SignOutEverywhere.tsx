// "Sign out everywhere" (issue 13 #9): a patient who signed in on a shared or lost device ends every
// session at once, this one included, after confirming; then, as after logout, home with the login
// drawer open. If the server does not answer, the patient stays here and is told.
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMutation } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { FormAlert } from '@/components/FormAlert';
import { StatusButton } from '@/components/StatusButton';
import { useAfterSignOut } from '@/shared/session';
import { useFocusLater } from '@/components/useFocusLater';
import { accountApi } from './api/account.api';

export function SignOutEverywhere() {
  const id = useId();
  const focusLater = useFocusLater();
  const afterSignOut = useAfterSignOut();
  const [confirming, setConfirming] = useState(false);
  const signOut = useMutation({
    mutationFn: accountApi.signOutEverywhere,
    onSuccess: afterSignOut,
  });
  const busy = signOut.isPending || signOut.isSuccess;
  const cancel = () => {
    setConfirming(false);
    signOut.reset();
    focusLater(`${id}-start`);
  };

  return (
    <Stack spacing={1} sx={{ alignItems: 'flex-start' }} component="section" aria-labelledby={`${id}-heading`}>
      <Typography id={`${id}-heading`} variant="h2">
        Devices
      </Typography>
      <Typography>Signed in on a phone or computer you no longer use? Sign out on every device, this one included.</Typography>
      {confirming ? (
        <Alert
          severity="warning"
          sx={{ alignSelf: 'stretch' }}
          // Escape answers "Cancel".
          onKeyDown={(event) => {
            if (event.key !== 'Escape' || busy) return;
            event.preventDefault();
            cancel();
          }}
        >
          <Typography variant="body2">Sign out on every device, this one included?</Typography>
          <Stack direction="row" spacing={1} sx={{ mt: 1 }}>
            <StatusButton
              size="small"
              color="error"
              status={busy ? 'loading' : 'idle'}
              onClick={() => signOut.mutate()}
            >
              Yes, sign out everywhere
            </StatusButton>
            <Button id={`${id}-cancel`} size="small" color="inherit" onClick={cancel} disabled={busy}>
              Cancel
            </Button>
          </Stack>
        </Alert>
      ) : (
        <Button
          id={`${id}-start`}
          variant="outlined"
          color="error"
          onClick={() => {
            setConfirming(true);
            // The question replaces the button: focus its safe answer.
            focusLater(`${id}-cancel`);
          }}
        >
          Sign out everywhere
        </Button>
      )}
      <FormAlert error={signOut.error} />
    </Stack>
  );
}
