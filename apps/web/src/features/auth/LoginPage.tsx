// APP_ROUTES.login: the login forms as a page, for links that ask for a login
// (/login?redirect=/order-details&id=42 goes to /order-details?id=42 afterwards, SPEC §2).
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Navigate, useSearchParams } from 'react-router';
import { LoadingState } from '@/components/PageState';
import { safeRedirect, useSession, isSigningIn } from '@/shared/session';
import { useDocumentTitle } from '@/shared/storefront';
import { LoginForms } from './components/LoginForms';

export function LoginPage() {
  useDocumentTitle('Log in');
  const [params] = useSearchParams();
  const target = safeRedirect(params.get('redirect'), params.get('id'));
  const session = useSession();

  if (session.isPending) return <LoadingState label="Checking whether you are logged in…" />;
  // A sign-in made on this page navigates by itself (useSignedIn); only an earlier one is sent on.
  if (session.data?.kind === 'user') {
    if (isSigningIn()) return <LoadingState label="Signing you in…" />;
    return <Navigate to={target ?? '/my-account'} replace />;
  }
  return (
    <Container sx={{ py: { xs: 4, md: 6 } }}>
      <Stack spacing={3} sx={{ maxWidth: 460, mx: 'auto' }}>
        <Typography variant="h1">Log in</Typography>
        <LoginForms redirectTo={target} />
      </Stack>
    </Container>
  );
}
