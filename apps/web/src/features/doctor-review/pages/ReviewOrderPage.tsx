// One order under review (issue 15 "Review"), at /doctor/orders/:id: opening it claims the order
// (renewed halfway to the lease's end while the page is open), then shows everything the review
// endpoint answers and the decision panel. "Back to queue" gives the claim back.
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { EmptyState, ErrorState, LoadingState } from '@/components/PageState';
import { StatusButton } from '@/components/StatusButton';
import { isApiError } from '@/lib/api';
import { useDocumentTitle } from '@/shared/storefront';
import { CLAIM_IDLE_MS, renewDelayMs, doctorReviewApi, doctorReviewKeys, useReviewDetail } from '../api/doctor-review.api';
import { DecisionPanel } from '../components/DecisionPanel';
import { ReviewRecords } from '../components/ReviewRecords';
import { DOCTOR_QUEUE_PATH } from '../reviewFormat';

export function ReviewOrderPage() {
  useDocumentTitle('Review order');
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const claim = useMutation({ mutationFn: () => doctorReviewApi.claim(id) });
  const [released, setReleased] = useState<'idle' | 'loading'>('idle');
  const detail = useReviewDetail(id, claim.isSuccess);
  const { mutate: claimNow } = claim;

  // Claim on open; renew the lease halfway to its end while the page is open.
  useEffect(() => {
    claimNow();
  }, [id, claimNow]);
  // Renewed only while the doctor is at the page: a tab left open does not hold the order for
  // ever (the lease lapses and other doctors can take it; "Claim again" brings it back).
  const lastActive = useRef(Date.now());
  useEffect(() => {
    const seen = () => {
      lastActive.current = Date.now();
    };
    const events = ['pointerdown', 'keydown', 'scroll', 'focus'] as const;
    for (const e of events) window.addEventListener(e, seen, { passive: true });
    return () => {
      for (const e of events) window.removeEventListener(e, seen);
    };
  }, []);
  const leaseEnds = claim.data?.leaseExpiresAt;
  useEffect(() => {
    if (!leaseEnds) return;
    const timer = setTimeout(() => {
      if (Date.now() - lastActive.current < CLAIM_IDLE_MS) claimNow();
    }, renewDelayMs(leaseEnds));
    return () => clearTimeout(timer);
  }, [leaseEnds, claimNow]);

  const backToQueue = async () => {
    setReleased('loading');
    try {
      await doctorReviewApi.release(id);
    } catch {
      // A claim that already lapsed has nothing to give back.
    }
    void queryClient.invalidateQueries({ queryKey: doctorReviewKeys.all });
    void navigate(DOCTOR_QUEUE_PATH);
  };
  const decided = (confirmation: string) => {
    void queryClient.invalidateQueries({ queryKey: doctorReviewKeys.all });
    void navigate(DOCTOR_QUEUE_PATH, { state: { confirmation } });
  };
  const reclaim = async () => {
    await claim.mutateAsync();
    await detail.refetch();
  };

  const back = (
    <StatusButton variant="outlined" status={released} onClick={() => void backToQueue()}>
      Back to queue
    </StatusButton>
  );

  let body;
  if (claim.isError && !claim.isSuccess && !detail.data) {
    body =
      isApiError(claim.error) && claim.error.code === 'REVIEW_TAKEN' ? (
        <EmptyState title="Taken" body="Another doctor is reviewing this order." action={<Button onClick={() => void navigate(DOCTOR_QUEUE_PATH)}>Back to queue</Button>} />
      ) : isApiError(claim.error) && (claim.error.status === 404 || claim.error.status === 400) ? (
        // A claim has no body: a 400 means the address's id is not an order id at all.
        <EmptyState title="Not in your queue" body="This order is not waiting for your review." action={<Button onClick={() => void navigate(DOCTOR_QUEUE_PATH)}>Back to queue</Button>} />
      ) : (
        <ErrorState error={claim.error} onRetry={() => claim.mutate()} retrying={claim.isPending} />
      );
  } else if (!detail.data && (claim.isPending || detail.isPending) && !detail.isError) {
    body = <LoadingState label="Opening the order…" lines={8} />;
  } else if (detail.isError) {
    body = <ErrorState error={detail.error} onRetry={() => void reclaim()} retrying={detail.isFetching} />;
  } else if (detail.data) {
    const d = detail.data;
    body = (
      <Stack spacing={2}>
        <Typography>
          {d.storefront.name} · {d.products.map((p) => `${p.title}${p.quantity > 1 ? ` × ${p.quantity}` : ''}`).join(', ')}
        </Typography>
        {claim.isError ? <Alert severity="warning">Your claim could not be renewed. Decide soon or claim the order again.</Alert> : null}
        <Grid container spacing={2}>
          <Grid size={{ xs: 12, md: 7 }}>
            <ReviewRecords detail={d} />
          </Grid>
          <Grid size={{ xs: 12, md: 5 }}>
            <DecisionPanel orderId={id} onDecided={decided} onReclaim={reclaim} />
          </Grid>
        </Grid>
      </Stack>
    );
  }

  return (
    <Container maxWidth="xl" sx={{ py: { xs: 3, md: 5 } }}>
      <Stack spacing={2}>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
          <Typography variant="h1">{detail.data ? `Order ${detail.data.orderNumber}` : 'Review order'}</Typography>
          {back}
        </Stack>
        {body}
      </Stack>
    </Container>
  );
}
