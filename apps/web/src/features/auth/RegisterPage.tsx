// APP_ROUTES.register (SPEC §2; the checkout's Register stage): create an account with a password
// and be logged in, or register with a one-time passcode instead. Inside a guest's checkout (the
// checkout's frame gives the order through `@/shared/checkout`) it says the account finishes the
// order and starts the names from the shipping address's full name, and the email and phone from
// the visit the patient booked.
import { isScheduledVisit } from '@store/domain';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMemo } from 'react';
import { Navigate, Link as RouterLink, useSearchParams } from 'react-router';
import { LoadingState } from '@/components/PageState';
import { useCart } from '@/shared/cart';
import { useCheckoutInProgress } from '@/shared/checkout';
import { entryPage, isSigningIn, safeRedirect, useSession } from '@/shared/session';
import { useDocumentTitle } from '@/shared/storefront';
import { authApi, useVisitContact } from './api/auth.api';
import { RegistrationForm } from './components/RegistrationForm';
import { splitFullName } from './splitFullName';
import { useSignedIn } from './useSignIn';

export function RegisterPage() {
  useDocumentTitle('Create your account');
  const [params] = useSearchParams();
  const redirect = safeRedirect(params.get('redirect'), params.get('id'));
  const session = useSession();
  const signedIn = useSignedIn();
  const { cart, isLoading: cartLoading } = useCart();
  const checkout = useCheckoutInProgress();
  const shippingName = checkout?.order.shippingAddress?.fullName;
  // Inside checkout, what the patient already gave: the shipping name, the booked visit's email and phone.
  const visitContact = useVisitContact(checkout && isScheduledVisit(checkout.order.visitType) ? checkout.order.id : null).data;
  const prefill = useMemo(
    () => ({ ...splitFullName(shippingName), email: visitContact?.email, phone: visitContact?.phone }),
    [shippingName, visitContact?.email, visitContact?.phone],
  );

  if (session.isPending) return <LoadingState label="Checking whether you are logged in…" />;
  if (session.data?.kind === 'user') {
    if (isSigningIn() || cartLoading) return <LoadingState label="Signing you in…" />;
    // /register is the checkout's Register stage (SPEC §2): someone already signed in with a cart
    // under way carries on with the checkout; otherwise their account.
    const next = redirect ?? (cart && cart.items.length > 0 ? '/checkout' : '/my-account');
    return <Navigate to={next} replace />;
  }
  return (
    <Container sx={{ py: { xs: 4, md: 6 } }}>
      <Stack spacing={3} sx={{ maxWidth: 560, mx: 'auto' }}>
        <Typography variant="h1">Create your account</Typography>
        {checkout ? (
          <Typography>You are creating an account to finish your order.</Typography>
        ) : null}
        <RegistrationForm
          prefill={prefill}
          loginRedirect={redirect}
          onSubmit={async (values) => {
            const result = await authApi.register({
              ...values,
              landingPage: entryPage(),
              redirectPage: redirect ?? undefined,
            });
            await signedIn(result, redirect, '/my-account');
          }}
        />
        <Typography>
          <Link
            component={RouterLink}
            to={
              redirect
                ? `/register/passcode?redirect=${encodeURIComponent(redirect)}`
                : '/register/passcode'
            }
          >
            Register with a one-time passcode instead
          </Link>
        </Typography>
      </Stack>
    </Container>
  );
}
