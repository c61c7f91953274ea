// "Ask for a renewal" (issue 17) at /orders/:id/renew-prescription: the prescription written for the
// patient's own order, with no refills left or expired. Asking puts a consult prefilled with their last answers in the cart
// and goes to its first pending stage (the questionnaire); the doctor reviews what changed. A
// prescription with refills left, or revoked, says why it cannot be renewed. Signed out: log in.
import { RENEWAL_MESSAGES, type PrescriptionRenewal } from '@store/domain';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useLocation, useNavigate, useParams } from 'react-router';
import { ErrorState, LoadingState, errorText } from '@/components/PageState';
import { StatusButton } from '@/components/StatusButton';
import { useLoginDrawer } from '@/shared/loginDrawer';
import { useSession } from '@/shared/session';
import { useDocumentTitle } from '@/shared/storefront';
import { useAskForRenewal, useOrderPrescriptionRenewal } from '../api/renewal.api';

const dateOf = (iso: string) => new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' }).format(new Date(iso));

function SignInPrompt() {
  const { openLoginDrawer } = useLoginDrawer();
  const location = useLocation();
  return (
    <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
      <Typography>Please log in to renew your prescription.</Typography>
      <Button variant="contained" onClick={() => openLoginDrawer({ redirectTo: `${location.pathname}${location.search}` })}>
        Log in
      </Button>
    </Stack>
  );
}

function Renewal({ orderId, data }: { orderId: string; data: PrescriptionRenewal }) {
  const ask = useAskForRenewal(orderId, data.prescription.id);
  const navigate = useNavigate();
  const rx = data.prescription;
  const onAsk = () =>
    ask.mutate(undefined, {
      onSuccess: (opened) => {
        void navigate(opened.route);
      },
    });
  return (
    <Stack spacing={3}>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Typography variant="h2" sx={{ fontSize: '1.25rem', mb: 1 }}>
          {rx.medication} {rx.strength}
        </Typography>
        {rx.productTitle ? <Typography>{rx.productTitle}</Typography> : null}
        <Typography>
          Written {dateOf(rx.writtenAt)}
          {rx.doctorName ? ` by ${rx.doctorName}` : ''}
        </Typography>
        <Typography>
          Refills left: {rx.refillsLeft} of {rx.refillsAuthorized} · {rx.expired ? 'expired' : 'valid until'} {dateOf(rx.expiresAt)}
        </Typography>
      </Paper>
      {data.blockedBy === 'refills_left' ? <Alert severity="info">{RENEWAL_MESSAGES.REFILLS_LEFT}</Alert> : null}
      {data.blockedBy === 'revoked' ? <Alert severity="warning">{RENEWAL_MESSAGES.PRESCRIPTION_REVOKED}</Alert> : null}
      {data.renewable ? (
        <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
          <Typography>
            {data.renewalOrderId
              ? 'Your renewal is in your cart. Continue where you left off.'
              : 'A doctor needs to review a short consult to renew it. We fill in your answers from last time: you check each one and change anything that’s different. You are charged only if the doctor approves.'}
          </Typography>
          {ask.isError ? (
            <Alert severity="error" role="alert">
              {errorText(ask.error)}
            </Alert>
          ) : null}
          <StatusButton variant="contained" status={ask.isPending ? 'loading' : 'idle'} onClick={onAsk}>
            {data.renewalOrderId ? 'Continue your renewal' : 'Ask for a renewal'}
          </StatusButton>
        </Stack>
      ) : null}
    </Stack>
  );
}

export function RenewPrescriptionPage() {
  useDocumentTitle('Renew your prescription');
  const { id = '' } = useParams();
  const session = useSession();
  const signedIn = session.data?.kind === 'user';
  const renewal = useOrderPrescriptionRenewal(id, signedIn);

  let body;
  if (session.isPending) body = <LoadingState label="Loading…" />;
  else if (session.isError) body = <ErrorState error={session.error} onRetry={() => void session.refetch()} retrying={session.isFetching} />;
  else if (!signedIn) body = <SignInPrompt />;
  else if (renewal.isPending) body = <LoadingState label="Loading your prescription…" />;
  else if (renewal.isError)
    body = <ErrorState error={renewal.error} onRetry={() => void renewal.refetch()} retrying={renewal.isFetching} title="We could not load this prescription" />;
  else body = <Renewal orderId={id} data={renewal.data} />;

  return (
    <Container maxWidth="sm" sx={{ py: { xs: 3, md: 5 } }}>
      <Typography variant="h1" sx={{ fontSize: '2rem', mb: 3 }}>
        Renew your prescription
      </Typography>
      {body}
    </Container>
  );
}
