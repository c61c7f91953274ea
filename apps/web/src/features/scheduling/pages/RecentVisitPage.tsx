// /my-account/visit: SPEC §7 "reschedule doctor for recent order" from the account. The signed-in
// patient's next booked visit, and a new day and time with the same doctor in their time zone. A
// paid order's visit that was cancelled is booked again here, and a paid order can be cancelled
// (the card hold released); the page says which happened (issue 13 #12).
import Alert from '@mui/material/Alert';
import Container from '@mui/material/Container';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { EmptyState, ErrorState, LoadingState, errorText } from '@/components/PageState';
import { StatusButton } from '@/components/StatusButton';
import { isApiError } from '@/lib/api';
import { useSession } from '@/lib/session';
import { useDocumentTitle } from '@/lib/storefront';
import { useQueryClient } from '@tanstack/react-query';
import {
  useAccountRebook,
  useAccountVisit,
  useCancelAccountOrder,
  useRescheduleRecent,
  useSlots,
  type Appointment,
  type VisitOrder,
} from '../api/scheduling';
import { SlotPicker } from '../components/SlotPicker';
import { doctorTitle } from '../format';
import { formatVisitRange, visitTimeZone } from '../time';
import { ORDER_CANCELLED_TEXT, REBOOK_TEXT } from './ReschedulingPage';

/** "Cancel my order" with its confirmation (a paid visit order: the hold is released). */
function CancelOrder({ orderId, onCancelled }: { orderId: string; onCancelled: () => void }) {
  const [open, setOpen] = useState(false);
  const cancel = useCancelAccountOrder(orderId);
  return (
    <>
      <StatusButton variant="outlined" color="error" onClick={() => setOpen(true)} aria-haspopup="dialog">
        Cancel my order
      </StatusButton>
      <Dialog open={open} onClose={() => setOpen(false)} aria-labelledby="account-cancel-order-title">
        <DialogTitle id="account-cancel-order-title">Cancel your order?</DialogTitle>
        <DialogContent>
          <DialogContentText>The hold on your card will be released and you will not be charged.</DialogContentText>
          {cancel.isError ? (
            <Alert severity="error" role="alert" sx={{ mt: 2 }}>
              {errorText(cancel.error)}
            </Alert>
          ) : null}
        </DialogContent>
        <DialogActions>
          <StatusButton variant="text" onClick={() => setOpen(false)}>
            Keep my order
          </StatusButton>
          <StatusButton color="error" status={cancel.isPending ? 'loading' : 'idle'} onClick={() => cancel.mutate(undefined, { onSuccess: onCancelled })}>
            Yes, cancel my order
          </StatusButton>
        </DialogActions>
      </Dialog>
    </>
  );
}

/** A paid order's cancelled visit: a new time with the same doctor, or the order cancelled. */
function Rebook({ appointment, onBooked, onCancelled }: { appointment: Appointment; onBooked: () => void; onCancelled: () => void }) {
  const [timeZone, setTimeZone] = useState(() => visitTimeZone(appointment.patientTimeZone));
  const [startsAt, setStartsAt] = useState<string | null>(null);
  const slots = useSlots(appointment.doctor.id, undefined, timeZone);
  const rebook = useAccountRebook(appointment);
  const days = slots.data?.days ?? [];
  return (
    <Stack spacing={3}>
      <Alert severity="info" role="status">
        {REBOOK_TEXT}
      </Alert>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Typography variant="body2" color="text.secondary">
          Cancelled visit
        </Typography>
        <Typography sx={{ fontWeight: 700 }}>{doctorTitle(appointment.doctor)}</Typography>
        <Typography>{formatVisitRange(appointment.startsAt, appointment.endsAt, timeZone)}</Typography>
      </Paper>
      <Stack component="section" spacing={2} aria-labelledby="account-rebook-heading">
        <Typography variant="h2" id="account-rebook-heading">
          Book a new time
        </Typography>
        {slots.isPending ? <LoadingState label="Loading open times…" lines={4} /> : null}
        {slots.isError ? <ErrorState error={slots.error} onRetry={() => void slots.refetch()} retrying={slots.isFetching} /> : null}
        {slots.isSuccess && days.length === 0 ? (
          <EmptyState title="No open times in the next three weeks" body="You can cancel your order, or come back later." headingComponent="h3" />
        ) : null}
        {slots.isSuccess && days.length > 0 ? (
          <SlotPicker
            days={days}
            timeZone={timeZone}
            onTimeZoneChange={(zone) => {
              setTimeZone(zone);
              setStartsAt(null);
            }}
            value={startsAt}
            onChange={setStartsAt}
            disabled={rebook.isPending}
          />
        ) : null}
        {rebook.isError ? (
          <Alert severity="error" role="alert">
            {errorText(rebook.error)}
          </Alert>
        ) : null}
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <StatusButton
            status={rebook.isPending ? 'loading' : 'idle'}
            disabled={!startsAt}
            onClick={() => startsAt && rebook.mutate({ startsAt, timeZone }, { onSuccess: onBooked })}
          >
            Book this time
          </StatusButton>
          <CancelOrder orderId={appointment.orderId ?? ''} onCancelled={onCancelled} />
        </Stack>
      </Stack>
    </Stack>
  );
}

function Mover({ appointment, order, rebooked, onCancelled }: { appointment: Appointment; order: VisitOrder | null; rebooked: boolean; onCancelled: () => void }) {
  const [timeZone, setTimeZone] = useState(() => visitTimeZone(appointment.patientTimeZone));
  const [startsAt, setStartsAt] = useState<string | null>(null);
  const slots = useSlots(appointment.doctor.id, undefined, timeZone);
  const move = useRescheduleRecent(appointment.orderId ?? '');
  const days = slots.data?.days.map((d) => ({ ...d, slots: d.slots.filter((s) => s.startsAt !== appointment.startsAt) })).filter((d) => d.slots.length > 0) ?? [];

  return (
    <Stack spacing={3}>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Typography variant="body2" color="text.secondary">
          Your visit
        </Typography>
        <Typography sx={{ fontWeight: 700 }}>{doctorTitle(appointment.doctor)}</Typography>
        <Typography>{formatVisitRange(appointment.startsAt, appointment.endsAt, timeZone)}</Typography>
      </Paper>
      {move.isSuccess ? (
        <Alert severity="success" role="status">
          Your visit was moved. We sent an updated calendar invite to {appointment.invitee.email}.
        </Alert>
      ) : rebooked ? (
        <Alert severity="success" role="status">
          Your new visit is booked. We sent the details and a calendar invite to {appointment.invitee.email}.
        </Alert>
      ) : null}
      <Stack component="section" spacing={2} aria-labelledby="recent-new-time">
        <Typography variant="h2" id="recent-new-time">
          Choose a new time
        </Typography>
        {slots.isPending ? <LoadingState label="Loading open times…" lines={4} /> : null}
        {slots.isError ? <ErrorState error={slots.error} onRetry={() => void slots.refetch()} retrying={slots.isFetching} /> : null}
        {slots.isSuccess && days.length === 0 ? (
          <EmptyState title="No other open times in the next three weeks" body="You can keep your visit." headingComponent="h3" />
        ) : null}
        {slots.isSuccess && days.length > 0 ? (
          <SlotPicker
            days={days}
            timeZone={timeZone}
            onTimeZoneChange={(zone) => {
              setTimeZone(zone);
              setStartsAt(null);
            }}
            value={startsAt}
            onChange={(value) => {
              setStartsAt(value);
              move.reset();
            }}
            disabled={move.isPending}
          />
        ) : null}
        {move.isError ? (
          <Alert severity="error" role="alert">
            {errorText(move.error)}
          </Alert>
        ) : null}
        <div>
          <StatusButton
            status={move.isPending ? 'loading' : move.isSuccess ? 'done' : 'idle'}
            doneLabel="Moved"
            disabled={!startsAt}
            onClick={() =>
              startsAt &&
              move.mutate(
                { startsAt, timeZone },
                {
                  onSuccess: () => setStartsAt(null),
                  onError: (error) => {
                    if (isApiError(error) && (error.code === 'SLOT_TAKEN' || error.code === 'SLOT_UNAVAILABLE')) setStartsAt(null);
                  },
                },
              )
            }
          >
            Move my visit
          </StatusButton>
        </div>
        {order?.state === 'paid' && appointment.orderId ? (
          <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
            <Typography>Do not need the visit any more? Cancelling your order releases the hold on your card.</Typography>
            <CancelOrder orderId={appointment.orderId} onCancelled={onCancelled} />
          </Stack>
        ) : null}
      </Stack>
    </Stack>
  );
}

export function RecentVisitPage() {
  useDocumentTitle('Reschedule your visit');
  const session = useSession();
  const signedIn = session.data?.kind === 'user';
  const visit = useAccountVisit(signedIn);
  const queryClient = useQueryClient();
  const [outcome, setOutcome] = useState<'rebooked' | 'order_cancelled' | null>(null);
  const cancelled = () => setOutcome('order_cancelled');
  const booked = () => {
    setOutcome('rebooked');
    void queryClient.invalidateQueries({ queryKey: ['account', 'visit'] });
  };

  let content: React.ReactNode;
  if (session.isPending || (signedIn && visit.isPending)) content = <LoadingState label="Loading your visit…" lines={4} />;
  else if (session.isError) content = <ErrorState error={session.error} onRetry={() => void session.refetch()} />;
  else if (!signedIn) content = <EmptyState title="Please log in to continue." body="Log in to see and move your visit." />;
  else if (outcome === 'order_cancelled')
    content = (
      <Alert severity="info" role="status">
        {ORDER_CANCELLED_TEXT}
      </Alert>
    );
  else if (visit.isError) content = <ErrorState error={visit.error} onRetry={() => void visit.refetch()} retrying={visit.isFetching} />;
  else if (!visit.data?.appointment) content = <EmptyState title="No upcoming visit" body="When you book a video or phone visit with an order, you can move it here." />;
  else if (visit.data.appointment.status === 'cancelled')
    content = <Rebook key={visit.data.appointment.id} appointment={visit.data.appointment} onBooked={booked} onCancelled={cancelled} />;
  else
    content = (
      <Mover
        key={visit.data.appointment.id}
        appointment={visit.data.appointment}
        order={visit.data.order ?? null}
        rebooked={outcome === 'rebooked'}
        onCancelled={cancelled}
      />
    );

  return (
    <Container sx={{ py: { xs: 4, md: 6 } }}>
      <Stack spacing={3} sx={{ maxWidth: 880 }}>
        <Typography variant="h1">Reschedule your visit</Typography>
        {content}
      </Stack>
    </Container>
  );
}
