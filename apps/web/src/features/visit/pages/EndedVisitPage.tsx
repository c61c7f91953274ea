// CHECKOUT_ROUTES.endedVisit, /checkout/ended-visit?id=<orderId> (issue 16; SPEC §2 ended-visit,
// "doctor rating"): what happens next, and "rate your doctor" (1–5 stars, optional comment,
// CONFIRM). The same page serves an asynchronous review (visit type 3) once the doctor decided.
import Container from '@mui/material/Container';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useSearchParams } from 'react-router';
import { ErrorState, LoadingState } from '@/components/PageState';
import { useSession } from '@/shared/session';
import { useDocumentTitle } from '@/shared/storefront';
import { isNotFound, useOrderRating, usePaidOrder } from '../api/visit.api';
import { RateDoctor } from '../components/RateDoctor';
import { VisitActions } from '../components/VisitActions';
import { NotFound, SignInToSee } from '../components/VisitStates';
import { WhatHappensNext } from '../components/WhatHappensNext';

export const ORDER_NOT_FOUND_TITLE = 'We couldn’t find this order';

export function EndedVisitPage() {
  useDocumentTitle('What happens next');
  const [params] = useSearchParams();
  const orderId = params.get('id') ?? '';
  const session = useSession();
  const signedIn = session.data?.kind === 'user';
  const order = usePaidOrder(orderId, signedIn);
  const rating = useOrderRating(orderId, signedIn);

  let body;
  if (!orderId) body = <NotFound title={ORDER_NOT_FOUND_TITLE} />;
  else if (session.isPending) body = <LoadingState label="Loading your order…" lines={4} />;
  else if (session.isError)
    body = (
      <ErrorState
        error={session.error}
        onRetry={() => void session.refetch()}
        retrying={session.isFetching}
        headingComponent="h1"
        title="We could not load your order"
      />
    );
  else if (!signedIn)
    body = (
      <SignInToSee
        title="What happens next"
        body="Please log in to see your order and rate your doctor."
      />
    );
  else if (order.isPending || rating.isPending)
    body = <LoadingState label="Loading your order…" lines={4} />;
  else if (order.isError || rating.isError) {
    const error = order.error ?? rating.error;
    body = isNotFound(error) ? (
      <NotFound title={ORDER_NOT_FOUND_TITLE} />
    ) : (
      <ErrorState
        error={error}
        onRetry={() => {
          if (order.isError) void order.refetch();
          if (rating.isError) void rating.refetch();
        }}
        retrying={order.isFetching || rating.isFetching}
        headingComponent="h1"
        title="We could not load your order"
      />
    );
  } else
    body = (
      <Stack spacing={3}>
        <Typography variant="h1">What happens next</Typography>
        <WhatHappensNext order={order.data} />
        <Divider />
        <RateDoctor orderId={orderId} rating={rating.data} />
        <Divider />
        <VisitActions />
      </Stack>
    );

  return (
    <Container maxWidth="md" sx={{ py: { xs: 3, md: 6 } }}>
      {body}
    </Container>
  );
}
