// Password reset, step two (SPEC §7 validate token, reset password): the emailed link
// /reset-password#token=… (the token rides in the fragment, so it never reaches a server log).
// A good link lets the patient choose a new password; every session ends and this one logs in.
import { zodResolver } from '@hookform/resolvers/zod';
import { MESSAGES, registrationPasswordSchema } from '@store/domain';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link as RouterLink } from 'react-router';
import { z } from 'zod';
import { FormAlert } from '@/components/FormAlert';
import { NewPasswordFields } from '@/components/FormFieldGroups';
import { ErrorState, LoadingState } from '@/components/PageState';
import { StatusButton } from '@/components/StatusButton';
import { isApiError } from '@/lib/api';
import { useFormSubmit } from '@/lib/forms';
import { useDocumentTitle } from '@/shared/storefront';
import { authApi } from './api/auth.api';
import { useSignedIn } from './useSignIn';

const schema = z
  .object({ password: registrationPasswordSchema, confirm: z.string() })
  .refine((v) => v.password === v.confirm, {
    path: ['confirm'],
    error: 'The two passwords do not match.',
  });

function tokenFromHash(): string {
  const match = /(?:^#|&)token=([\w-]+)/.exec(window.location.hash);
  return match?.[1] ?? '';
}

export function ResetPasswordPage() {
  useDocumentTitle('Choose a new password');
  const [token] = useState(tokenFromHash);
  const signedIn = useSignedIn();
  const form = useForm<z.input<typeof schema>, unknown, z.output<typeof schema>>({
    resolver: zodResolver(schema),
    defaultValues: { password: '', confirm: '' },
    mode: 'onTouched',
  });

  // Keep the token out of the address bar and history once read.
  useEffect(() => {
    if (window.location.hash)
      window.history.replaceState(window.history.state, '', window.location.pathname);
  }, []);

  const check = useQuery({
    queryKey: ['password-reset', token],
    queryFn: () => authApi.validateReset(token),
    enabled: token.length > 0,
    staleTime: Infinity,
  });

  const { onSubmit: submit, status, error } = useFormSubmit(
    form,
    ['password'],
    ({ password }) => authApi.completeReset({ token, password }),
    { onSuccess: (result) => signedIn(result, null, '/my-account') },
  );

  let body;
  if (!token || check.data?.valid === false) {
    body = (
      <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
        <Alert severity="error" role="alert">
          {MESSAGES.RESET_LINK_INVALID}
        </Alert>
        <Button component={RouterLink} to="/forgot-password" variant="contained">
          Send me a new link
        </Button>
      </Stack>
    );
  } else if (check.isPending) {
    body = <LoadingState label="Checking your link…" />;
  } else if (check.isError) {
    body = (
      <ErrorState
        error={check.error}
        onRetry={() => void check.refetch()}
        retrying={check.isFetching}
      />
    );
  } else {
    body = (
      <Stack
        component="form"
        noValidate
        spacing={2}
        onSubmit={submit}
        aria-label="Choose a new password"
      >
        <NewPasswordFields control={form.control} name="password" confirm="confirm" />
        <FormAlert
          error={error}
          severity={isApiError(error) && error.status === 429 ? 'warning' : 'error'}
        />
        <StatusButton type="submit" status={status} fullWidth>
          Save new password
        </StatusButton>
      </Stack>
    );
  }
  return (
    <Container sx={{ py: { xs: 4, md: 6 } }}>
      <Stack spacing={3} sx={{ maxWidth: 480, mx: 'auto' }}>
        <Typography variant="h1">Choose a new password</Typography>
        {body}
      </Stack>
    </Container>
  );
}
