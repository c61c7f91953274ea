// Registration from a provider-invite link (/register/invite?invite=…): the signed, expiring
// token names the doctor; the patient sees who invited them and creates their account.
import { MESSAGES } from '@store/domain';
import Alert from '@mui/material/Alert';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { Navigate, useSearchParams } from 'react-router';
import { ErrorState, LoadingState } from '@/components/PageState';
import { isApiError } from '@/lib/api';
import { entryPage, useSession, isSigningIn } from '@/shared/session';
import { useDocumentTitle } from '@/shared/storefront';
import { authApi } from './api/auth.api';
import { RegistrationForm } from './components/RegistrationForm';
import { useSignedIn } from './useSignIn';

export function InvitePage() {
  useDocumentTitle('You are invited');
  const [params] = useSearchParams();
  const invite = params.get('invite') ?? '';
  const session = useSession();
  const signedIn = useSignedIn();
  const inspect = useQuery({
    queryKey: ['invite', invite],
    queryFn: () => authApi.inspectInvite(invite),
    enabled: invite.length > 0,
    staleTime: Infinity,
  });

  // A sign-in made on this page navigates by itself (useSignedIn); only an earlier one is sent on.
  if (session.data?.kind === 'user') {
    if (isSigningIn()) return <LoadingState label="Signing you in…" />;
    return <Navigate to="/my-account" replace />;
  }
  let body;
  if (!invite || (inspect.isError && isApiError(inspect.error))) {
    body = (
      <Alert severity="error" role="alert">
        {MESSAGES.INVITE_INVALID}
      </Alert>
    );
  } else if (inspect.isPending || session.isPending) {
    body = <LoadingState label="Checking your invitation…" />;
  } else if (inspect.isError) {
    body = (
      <ErrorState
        error={inspect.error}
        onRetry={() => void inspect.refetch()}
        retrying={inspect.isFetching}
      />
    );
  } else {
    body = (
      <>
        <Typography data-testid="invited-by">
          {inspect.data.doctorName} invited you to create your account.
        </Typography>
        <RegistrationForm
          onSubmit={async (values) => {
            const result = await authApi.registerInvite({
              ...values,
              invite,
              landingPage: entryPage(),
            });
            await signedIn(result, null, '/my-account');
          }}
        />
      </>
    );
  }
  return (
    <Container sx={{ py: { xs: 4, md: 6 } }}>
      <Stack spacing={3} sx={{ maxWidth: 560, mx: 'auto' }}>
        <Typography variant="h1">You are invited</Typography>
        {body}
      </Stack>
    </Container>
  );
}
