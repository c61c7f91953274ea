// The e-prescribing (ECP) link /ecp?peopleId=…&guid=… (SPEC §6 ECP customer, §7 GET ECP info and
// register ECP variant): shows the prescribed product and the pre-filled details, registers the
// patient (isECP) — or lets an existing patient log in and take it up — and drops them into
// checkout with that product. A lost or used link offers "registration by intake email".
import { zodResolver } from '@hookform/resolvers/zod';
import { emailSchema, MESSAGES } from '@store/domain';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate, useSearchParams } from 'react-router';
import { z } from 'zod';
import { FormAlert } from '@/components/FormAlert';
import { EmailField } from '@/components/FormFieldGroups';
import { ErrorState, LoadingState } from '@/components/PageState';
import { StatusButton } from '@/components/StatusButton';
import { isApiError } from '@/lib/api';
import { useFormSubmit } from '@/lib/forms';
import { useLoginDrawer } from '@/shared/loginDrawer';
import { entryPage, refreshAfterSignIn, useSession } from '@/shared/session';
import { useDocumentTitle } from '@/shared/storefront';
import { useQueryClient } from '@tanstack/react-query';
import { authApi } from './api/auth.api';
import { RegistrationForm } from './components/RegistrationForm';
import { useSignedIn } from './useSignIn';

const intakeSchema = z.object({ email: emailSchema });

/** Registration by intake email: the link goes again to the address the prescriber has on file. */
function IntakeEmailForm() {
  const [message, setMessage] = useState<string | null>(null);
  const form = useForm<z.input<typeof intakeSchema>, unknown, z.output<typeof intakeSchema>>({
    resolver: zodResolver(intakeSchema),
    defaultValues: { email: '' },
  });
  const { onSubmit: submit, status, error } = useFormSubmit(form, ['email'], async (values) => {
    setMessage((await authApi.sendIntakeLink(values)).message);
  });
  return (
    <Stack
      component="form"
      noValidate
      spacing={2}
      onSubmit={submit}
      aria-label="Send my prescription link again"
    >
      <Typography>
        Lost your link? Enter the email your provider has on file and we will send it again.
      </Typography>
      <EmailField control={form.control} />
      {message ? (
        <Alert severity="success" role="status">
          {message}
        </Alert>
      ) : null}
      <FormAlert error={error} />
      <StatusButton type="submit" status={status} disabled={status === 'done'} doneLabel="Sent">
        Send my link
      </StatusButton>
    </Stack>
  );
}

export function EcpPage() {
  useDocumentTitle('Your prescription');
  const [params] = useSearchParams();
  const peopleId = params.get('peopleId') ?? '';
  const guid = params.get('guid') ?? '';
  const here = `/ecp?peopleId=${encodeURIComponent(peopleId)}&guid=${encodeURIComponent(guid)}`;
  const session = useSession();
  const signedIn = useSignedIn();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { openLoginDrawer } = useLoginDrawer();
  const [claiming, setClaiming] = useState<'idle' | 'loading' | 'done'>('idle');
  const [claimError, setClaimError] = useState<unknown>(null);
  const info = useQuery({
    queryKey: ['ecp', peopleId, guid],
    queryFn: ({ signal }) => authApi.ecpInfo(peopleId, guid, signal),
    enabled: Boolean(peopleId && guid),
    retry: false,
  });
  const productName = info.data?.product?.title ?? 'The treatment your provider prescribed';

  const claim = async () => {
    setClaimError(null);
    setClaiming('loading');
    try {
      const result = await authApi.claimEcp({ peopleId, guid });
      setClaiming('done');
      await refreshAfterSignIn(queryClient);
      await navigate(result.redirectTo ?? '/cart');
    } catch (err) {
      setClaiming('idle');
      setClaimError(err);
    }
  };

  let body;
  if (!peopleId || !guid || (info.isError && isApiError(info.error))) {
    body = (
      <Stack spacing={3}>
        <Alert severity="error" role="alert">
          {MESSAGES.ECP_LINK_INVALID}
        </Alert>
        <IntakeEmailForm />
      </Stack>
    );
  } else if (info.isPending || session.isPending) {
    body = <LoadingState label="Loading your prescription…" />;
  } else if (info.isError) {
    body = (
      <ErrorState
        error={info.error}
        onRetry={() => void info.refetch()}
        retrying={info.isFetching}
      />
    );
  } else {
    const { patient, accountExists } = info.data;
    const summary = (
      <Card variant="outlined">
        <CardContent>
          <Typography variant="h3" component="h2">
            Prescribed for {patient.firstName} {patient.lastName}
          </Typography>
          <Typography data-testid="ecp-product" sx={{ mt: 1 }}>
            {productName}
          </Typography>
        </CardContent>
      </Card>
    );
    if (session.data?.kind === 'user') {
      body = (
        <Stack spacing={2}>
          {summary}
          <FormAlert error={claimError} />
          <StatusButton status={claiming} onClick={claim}>
            Continue to checkout
          </StatusButton>
        </Stack>
      );
    } else if (accountExists) {
      body = (
        <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
          {summary}
          <Typography>
            You already have an account with {patient.email}. Log in to continue to checkout.
          </Typography>
          <Button variant="contained" onClick={() => openLoginDrawer({ redirectTo: here })}>
            Log in
          </Button>
        </Stack>
      );
    } else {
      body = (
        <Stack spacing={3}>
          {summary}
          <Typography>Create your account to review your prescription and check out.</Typography>
          <RegistrationForm
            emailReadOnly
            loginRedirect={here}
            defaultValues={{
              email: patient.email,
              firstName: patient.firstName,
              lastName: patient.lastName,
              phone: patient.phone,
            }}
            submitLabel="Create account and continue"
            onSubmit={async (values) => {
              const result = await authApi.register({
                ...values,
                isEcp: true,
                erxGuid: guid,
                peopleId,
                landingPage: entryPage(),
              });
              await signedIn(result, null, '/cart');
            }}
          />
        </Stack>
      );
    }
  }
  return (
    <Container sx={{ py: { xs: 4, md: 6 } }}>
      <Stack spacing={3} sx={{ maxWidth: 560, mx: 'auto' }}>
        <Typography variant="h1">Your prescription</Typography>
        {body}
      </Stack>
    </Container>
  );
}
