// Join the movement (SPEC §7 POST register join-the-movement): an account plus an optional yes to
// news by email.
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Navigate } from 'react-router';
import { LoadingState } from '@/components/PageState';
import { entryPage, useSession, isSigningIn } from '@/shared/session';
import { useDocumentTitle, useStoreConfig } from '@/shared/storefront';
import { authApi } from './api/auth.api';
import { RegistrationForm } from './components/RegistrationForm';
import { useSignedIn } from './useSignIn';

export function JoinPage() {
  useDocumentTitle('Join the movement');
  const { name } = useStoreConfig();
  const session = useSession();
  const signedIn = useSignedIn();
  if (session.isPending) return <LoadingState />;
  // A sign-in made on this page navigates by itself (useSignedIn); only an earlier one is sent on.
  if (session.data?.kind === 'user') {
    if (isSigningIn()) return <LoadingState label="Signing you in…" />;
    return <Navigate to="/my-account" replace />;
  }
  return (
    <Container sx={{ py: { xs: 4, md: 6 } }}>
      <Stack spacing={3} sx={{ maxWidth: 560, mx: 'auto' }}>
        <Typography variant="h1">Join the movement</Typography>
        <Typography>
          Create your {name} account to start an online visit whenever you are ready.
        </Typography>
        <RegistrationForm
          offerMarketing
          submitLabel="Join"
          onSubmit={async (values) => {
            const result = await authApi.registerJoin({
              ...values,
              marketingOptIn: values.marketingOptIn ?? false,
              landingPage: entryPage(),
            });
            await signedIn(result, null, '/my-account');
          }}
        />
      </Stack>
    </Container>
  );
}
