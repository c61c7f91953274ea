// /my-account/refills (issue 17; SPEC §7 auto-refill): the patient's auto-refills, the orders that
// can have one ("Activate auto-refill", the current card by default), and the storefront's terms.
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { EligibleRefill } from '@store/domain';
import { useState, type ComponentType } from 'react';
import { Link as RouterLink } from 'react-router';
import { EmptyState, ErrorState, errorText, LoadingState } from '@/components/PageState';
import { StatusButton } from '@/components/StatusButton';
import { useSession } from '@/shared/session';
import { useDocumentTitle } from '@/shared/storefront';
import { useActivateRefill, useEligibleRefills, useRefillCards, useRefillPlans, useRefillTerms, type RefillCard } from '../api/refills.api';
import { formatDay, RefillPlanCard } from '../components/RefillPlanCard';

function EligibleOrder({ order, cards }: { order: EligibleRefill; cards: RefillCard[] }) {
  const activate = useActivateRefill();
  const [cardId, setCardId] = useState('current');
  const headingId = `eligible-${order.orderId}`;
  return (
    <Card variant="outlined" component="section" aria-labelledby={headingId}>
      <CardContent>
        <Stack spacing={1.5}>
          <Typography variant="h3" id={headingId} sx={{ fontSize: '1.2rem' }}>
            {order.productTitle}
          </Typography>
          <Typography color="text.secondary">
            {order.medication} · order {order.orderNumber} · {order.refillsLeft} refills left · expires {formatDay(order.expiresAt)}
          </Typography>
          <Typography>
            First refill on {formatDay(order.nextDate)}, then every {order.cycleDays} days.
          </Typography>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' } }}>
            <TextField select size="small" label="Card to charge" value={cardId} onChange={(e) => setCardId(e.target.value)} sx={{ minWidth: 260 }}>
              <MenuItem value="current">My current card</MenuItem>
              {cards.filter((c) => !c.expired).map((c) => (
                <MenuItem key={c.id} value={c.id}>
                  {c.label}
                </MenuItem>
              ))}
            </TextField>
            <StatusButton
              variant="contained"
              status={activate.isPending ? 'loading' : activate.isSuccess ? 'done' : 'idle'}
              onClick={() => activate.mutate({ orderId: order.orderId, cardId: cardId === 'current' ? null : cardId })}
            >
              Activate auto-refill
            </StatusButton>
          </Stack>
          {activate.error && <Typography color="error">{errorText(activate.error)}</Typography>}
        </Stack>
      </CardContent>
    </Card>
  );
}

export function RefillsPage({ SignInRequired }: { SignInRequired: ComponentType<{ title: string }> }) {
  useDocumentTitle('Auto-refills');
  const session = useSession();
  const signedIn = session.data?.kind === 'user';
  if (session.isPending) return <LoadingState />;
  if (!signedIn) return <SignInRequired title="Auto-refills" />;
  return <RefillsContent />;
}

function RefillsContent() {
  const plans = useRefillPlans();
  const eligible = useEligibleRefills();
  const terms = useRefillTerms();
  // One Retry brings back every part that failed (a dropped connection fails them together).
  const retryFailed = () => {
    for (const part of [plans, eligible, terms]) if (part.isError) void part.refetch();
  };
  const cards = useRefillCards();
  const cardList = cards.data ?? [];
  return (
    <Container sx={{ py: { xs: 4, md: 6 } }}>
      <Stack spacing={3} sx={{ maxWidth: 760 }}>
        <Typography variant="h1">Auto-refills</Typography>
        <Typography color="text.secondary">Refills that follow your prescription: charged and sent to your pharmacy on each date, until your refills run out.</Typography>

        <Typography variant="h2">Your auto-refills</Typography>
        {plans.isPending ? (
          <LoadingState label="Loading your auto-refills…" />
        ) : plans.isError ? (
          <ErrorState error={plans.error} onRetry={retryFailed} retrying={plans.isFetching} />
        ) : plans.data.length === 0 ? (
          <EmptyState title="No auto-refills yet" body="Turn one on below for a prescription with refills left." headingComponent="h3" />
        ) : (
          plans.data.map((plan) => <RefillPlanCard key={plan.id} plan={plan} cards={cardList} />)
        )}

        <Typography variant="h2">Orders you can refill automatically</Typography>
        {eligible.isPending ? (
          <LoadingState label="Loading your orders…" />
        ) : eligible.isError ? (
          <ErrorState error={eligible.error} onRetry={retryFailed} retrying={eligible.isFetching} />
        ) : eligible.data.length === 0 ? (
          <EmptyState title="Nothing to set up" body="None of your prescriptions has refills left without an auto-refill." headingComponent="h3" />
        ) : (
          eligible.data.map((order) => <EligibleOrder key={order.orderId} order={order} cards={cardList} />)
        )}

        <Typography variant="h2">How auto-refills work</Typography>
        {terms.isPending ? (
          <LoadingState lines={2} />
        ) : terms.isError ? (
          <ErrorState error={terms.error} onRetry={retryFailed} />
        ) : (
          <Stack component="ul" spacing={0.5} sx={{ pl: 3, m: 0 }}>
            {terms.data.terms.map((t) => (
              <Typography component="li" key={t}>
                {t}
              </Typography>
            ))}
          </Stack>
        )}
        <Link component={RouterLink} to="/my-account" sx={{ alignSelf: 'flex-start' }}>
          Back to my account
        </Link>
      </Stack>
    </Container>
  );
}
