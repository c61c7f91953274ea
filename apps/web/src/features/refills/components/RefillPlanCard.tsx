// One auto-refill: product, next date, refills left, expiry, card, status with its reason; and what
// the patient can do with it (move the date within its bounds, skip the next one, change the card,
// turn it off after a confirmation); paused for renewal, Renew prescription (issue 17).
import type { RefillPlanView } from '@store/domain';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { errorText } from '@/components/PageState';
import { StatusButton } from '@/components/StatusButton';
import { isApiError } from '@/lib/api';
import { renewPrescriptionPath } from '@/shared/renewal';
import { useDeactivateRefill, useMoveRefill, useRefillCard, useSkipRefill, type RefillCard } from '../api/refills.api';

export const formatDay = (iso: string) => new Intl.DateTimeFormat(undefined, { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(iso));

const STATUS_LABEL = { active: 'Active', paused: 'Paused', ended: 'Turned off' } as const;

export function RefillPlanCard({ plan, cards }: { plan: RefillPlanView; cards: RefillCard[] }) {
  const move = useMoveRefill();
  const skip = useSkipRefill();
  const off = useDeactivateRefill();
  const card = useRefillCard();
  const [day, setDay] = useState(plan.nextDate.slice(0, 10));
  const [confirmOff, setConfirmOff] = useState(false);
  const headingId = `refill-${plan.id}`;
  // Paused for renewal: the renewal order's checkout while it is in the cart, else the renew page.
  const renewing = plan.status === 'paused' && plan.statusReason === 'renewal';
  const moveError = move.error && isApiError(move.error) ? (move.error.fieldError('nextDate') ?? move.error.detail) : move.error ? errorText(move.error) : null;

  return (
    <Card variant="outlined" component="section" aria-labelledby={headingId}>
      <CardContent>
        <Stack spacing={2}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
            <Typography variant="h3" id={headingId} sx={{ fontSize: '1.2rem' }}>
              {plan.productTitle}
            </Typography>
            <Chip size="small" label={STATUS_LABEL[plan.status]} color={plan.status === 'active' ? 'success' : 'warning'} />
          </Stack>
          {plan.statusMessage && (
            <Alert
              severity="warning"
              action={
                renewing ? (
                  <Button color="inherit" size="small" component={RouterLink} to={plan.renewalResumePath ?? renewPrescriptionPath(plan.sourceOrderId)}>
                    Renew prescription
                  </Button>
                ) : undefined
              }
            >
              {plan.statusMessage}
            </Alert>
          )}
          {plan.lastCycle?.status === 'declined' && plan.lastCycle.nextAttemptAt && (
            <Alert severity="warning">
              Your card was declined for your last refill. We will try again on {formatDay(plan.lastCycle.nextAttemptAt)}. Update your card so it is not delayed.
            </Alert>
          )}
          <Stack component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 2, rowGap: 0.5, '& dd': { m: 0 } }}>
            <Typography component="dt" color="text.secondary">Medication</Typography>
            <Typography component="dd">{plan.medication} (order {plan.orderNumber})</Typography>
            <Typography component="dt" color="text.secondary">Next refill</Typography>
            <Typography component="dd">{formatDay(plan.nextDate)}</Typography>
            <Typography component="dt" color="text.secondary">Refills left</Typography>
            <Typography component="dd">{plan.refillsLeft}</Typography>
            <Typography component="dt" color="text.secondary">Prescription expires</Typography>
            <Typography component="dd">{formatDay(plan.expiresAt)}</Typography>
            <Typography component="dt" color="text.secondary">Card</Typography>
            <Typography component="dd">{plan.cardLabel}</Typography>
          </Stack>
          {plan.status !== 'ended' && (
            <>
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'flex-start' } }}>
                <TextField
                  type="date"
                  label="Move the next refill to"
                  value={day}
                  onChange={(e) => setDay(e.target.value)}
                  slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: plan.moveBounds.min, max: plan.moveBounds.max } }}
                  error={Boolean(moveError)}
                  helperText={moveError ?? `Between ${formatDay(`${plan.moveBounds.min}T12:00:00Z`)} and ${formatDay(`${plan.moveBounds.max}T12:00:00Z`)}`}
                  size="small"
                />
                <StatusButton variant="outlined" status={move.isPending ? 'loading' : move.isSuccess ? 'done' : 'idle'} onClick={() => move.mutate({ id: plan.id, nextDate: day })}>
                  Move date
                </StatusButton>
              </Stack>
              <TextField
                select
                size="small"
                label="Card to charge"
                value={plan.card?.id ?? 'current'}
                onChange={(e) => card.mutate({ id: plan.id, cardId: e.target.value === 'current' ? null : e.target.value })}
                sx={{ maxWidth: 360 }}
                disabled={card.isPending}
                helperText={card.error ? errorText(card.error) : undefined}
                error={Boolean(card.error)}
              >
                <MenuItem value="current">My current card</MenuItem>
                {cards.filter((c) => !c.expired).map((c) => (
                  <MenuItem key={c.id} value={c.id}>
                    {c.label}
                  </MenuItem>
                ))}
              </TextField>
              <Stack direction="row" spacing={1}>
                {plan.status === 'active' && (
                  <StatusButton variant="outlined" status={skip.isPending ? 'loading' : skip.isSuccess ? 'done' : 'idle'} onClick={() => skip.mutate(plan.id)}>
                    Skip next refill
                  </StatusButton>
                )}
                <Button color="error" onClick={() => setConfirmOff(true)}>
                  Turn off auto-refill
                </Button>
              </Stack>
              {(skip.error || off.error) && <Alert severity="error">{errorText(skip.error ?? off.error)}</Alert>}
            </>
          )}
        </Stack>
      </CardContent>
      <ConfirmDialog
        open={confirmOff}
        title="Turn off this auto-refill?"
        text="No more refills will be charged or sent. You can turn it on again while your prescription has refills left."
        confirmLabel="Turn off"
        cancelLabel="Keep it"
        onConfirm={() => {
          setConfirmOff(false);
          off.mutate(plan.id);
        }}
        onClose={() => setConfirmOff(false)}
      />
    </Card>
  );
}
