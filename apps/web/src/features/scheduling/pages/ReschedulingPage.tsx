// Our own reschedule page (SPEC §2: the scheduling address with a reschedulings/ path part and the
// hide-GDPR-banner flag): /reschedulings/{token}?hide_gdpr_banner=1 from the confirmation mail.
// Move the visit to another of the doctor's open times, or cancel it. A cancelled visit of a paid
// order is booked again here, or its order cancelled (the card hold released); one not paid yet is
// chosen again in checkout (issue 13 #12). Times are in the patient's zone, named (issue 13 #15).
import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { VISIT_TYPE_LABELS } from '@store/domain';
import { useState } from 'react';
import { Link as RouterLink, useLocation, useNavigate, useParams } from 'react-router';
import { EmptyState, ErrorState, LoadingState, errorText } from '@/components/PageState';
import { StatusButton } from '@/components/StatusButton';
import { isApiError } from '@/lib/api';
import { useDocumentTitle } from '@/shared/storefront';
import {
  useCancelOrder,
  useCancelVisit,
  useRebookVisit,
  useReschedule,
  useRescheduling,
  useReschedulingSlots,
  type Appointment,
  type LinkedVisit,
} from '../api/scheduling.api';
import { CancelOrderButton } from '../components/CancelOrderButton';
import { OpenTimes } from '../components/OpenTimes';
import { RebookVisit } from '../components/RebookVisit';
import { VisitChangeNotice } from '../components/VisitChangeNotice';
import { doctorTitle } from '../format';
import { formatVisitRange, visitTimeZone } from '../time';
import { useSlotChoice } from '../useSlotChoice';

/** What the page says once the order is cancelled (the mail says the same). */
export const ORDER_CANCELLED_TEXT = 'Your order was cancelled and the hold on your card was released. You were not charged.';
export { REBOOK_TEXT } from '../components/RebookVisit';
export const CHOOSE_AGAIN_TEXT = 'Your visit was cancelled. You have not paid for this order: choose a new time in checkout to finish it.';

function VisitSummary({ appointment, timeZone, label }: { appointment: Appointment; timeZone: string; label: string }) {
  const kind = appointment.visitType ? VISIT_TYPE_LABELS[appointment.visitType] : 'Visit';
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        <Avatar src={appointment.doctor.photoUrl ?? undefined} alt="" sx={{ width: 64, height: 64 }} />
        <Stack>
          <Typography variant="body2" color="text.secondary">
            {label}
          </Typography>
          <Typography sx={{ fontWeight: 700 }} data-testid="visit-time">
            {formatVisitRange(appointment.startsAt, appointment.endsAt, timeZone)}
          </Typography>
          <Typography>
            {kind} with {doctorTitle(appointment.doctor)}
          </Typography>
        </Stack>
      </Stack>
    </Paper>
  );
}

function Rescheduler({ token, appointment }: { token: string; appointment: LinkedVisit }) {
  const { timeZone, changeTimeZone, startsAt, setStartsAt, pickAgainIfGone } = useSlotChoice(() => visitTimeZone(appointment.patientTimeZone));
  const rebooked = (useLocation().state as { rebooked?: boolean } | null)?.rebooked === true;
  const paid = appointment.order?.state === 'paid';
  const [confirmCancel, setConfirmCancel] = useState(false);
  const [moved, setMoved] = useState(false);
  const slots = useReschedulingSlots(token, timeZone, true);
  const reschedule = useReschedule(token);
  const cancel = useCancelVisit(token);

  function move() {
    if (!startsAt) return;
    reschedule.mutate(
      { startsAt, timeZone },
      {
        onSuccess: () => {
          setMoved(true);
          setStartsAt(null);
        },
        onError: pickAgainIfGone,
      },
    );
  }

  return (
    <Stack spacing={3}>
      <VisitSummary appointment={appointment} timeZone={timeZone} label={moved ? 'Your new time' : 'Your visit'} />
      <VisitChangeNotice moved={moved} rebooked={rebooked} email={appointment.invitee.email} />

      <Stack component="section" spacing={2} aria-labelledby="new-time-heading">
        <Typography variant="h2" id="new-time-heading">
          Choose a new time
        </Typography>
        <OpenTimes
          slots={slots}
          empty={{ title: 'No other open times in the next three weeks', body: 'You can keep your visit, or cancel it and book again later.' }}
          timeZone={timeZone}
          onTimeZoneChange={changeTimeZone}
          value={startsAt}
          onChange={(value) => {
            setStartsAt(value);
            setMoved(false);
          }}
          disabled={reschedule.isPending}
        />
        {reschedule.isError ? (
          <Alert severity="error" role="alert">
            {errorText(reschedule.error)}
          </Alert>
        ) : null}
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <StatusButton
            status={reschedule.isPending ? 'loading' : moved ? 'done' : 'idle'}
            doneLabel="Moved"
            disabled={!startsAt}
            onClick={move}
          >
            Move my visit
          </StatusButton>
          <StatusButton variant="outlined" color="error" onClick={() => setConfirmCancel(true)} aria-haspopup="dialog">
            Cancel visit
          </StatusButton>
        </Stack>
      </Stack>

      <Dialog open={confirmCancel} onClose={() => setConfirmCancel(false)} aria-labelledby="cancel-visit-title">
        <DialogTitle id="cancel-visit-title">Cancel this visit?</DialogTitle>
        <DialogContent>
          <DialogContentText>
            {formatVisitRange(appointment.startsAt, appointment.endsAt, timeZone)} with {doctorTitle(appointment.doctor)}
          </DialogContentText>
          {paid ? (
            <DialogContentText sx={{ mt: 2 }}>
              Your order stays open and your card is not charged. You can then book a new time or cancel your order.
            </DialogContentText>
          ) : null}
          {cancel.isError ? (
            <Alert severity="error" role="alert" sx={{ mt: 2 }}>
              {errorText(cancel.error)}
            </Alert>
          ) : null}
        </DialogContent>
        <DialogActions>
          <StatusButton variant="text" onClick={() => setConfirmCancel(false)}>
            Keep visit
          </StatusButton>
          <StatusButton color="error" status={cancel.isPending ? 'loading' : 'idle'} onClick={() => cancel.mutate()}>
            Yes, cancel visit
          </StatusButton>
        </DialogActions>
      </Dialog>
    </Stack>
  );
}

/** A paid order's cancelled visit: a new time with the same doctor, or the order cancelled. */
function Rebook({ token, visit }: { token: string; visit: LinkedVisit }) {
  const choice = useSlotChoice(() => visitTimeZone(visit.patientTimeZone));
  const slots = useReschedulingSlots(token, choice.timeZone, true);
  const rebook = useRebookVisit(token);
  const cancelOrder = useCancelOrder(token);
  const navigate = useNavigate();

  function book(startsAt: string) {
    rebook.mutate(
      { startsAt, timeZone: choice.timeZone },
      {
        // The new visit has its own link: the page moves there, saying it is booked.
        onSuccess: (booking) => void navigate(booking.reschedulePath, { replace: true, state: { rebooked: true } }),
        onError: choice.pickAgainIfGone,
      },
    );
  }

  return (
    <RebookVisit
      visit={<VisitSummary appointment={visit} timeZone={choice.timeZone} label="Cancelled visit" />}
      slots={slots}
      choice={choice}
      emptyBody="You can cancel your order, or come back to this page later."
      booking={{ pending: rebook.isPending, error: rebook.error }}
      onBook={book}
      cancelOrder={<CancelOrderButton pending={cancelOrder.isPending} error={cancelOrder.error} onConfirm={() => cancelOrder.mutate()} />}
    />
  );
}

/** A cancelled visit: what became of its order, and what the patient can do next (issue 13 #12). */
function CancelledVisit({ token, visit }: { token: string; visit: LinkedVisit }) {
  const timeZone = visitTimeZone(visit.patientTimeZone);
  const order = visit.order;
  if (order?.state === 'paid' && !order.visitBooked) return <Rebook token={token} visit={visit} />;
  let message = 'This visit was cancelled.';
  let next: React.ReactNode = null;
  if (order?.state === 'cancelled') message = ORDER_CANCELLED_TEXT;
  else if (order?.state === 'paid') message = 'This visit was cancelled. Your order has a new visit; the link in its email moves or cancels it.';
  else if (order?.state === 'unpaid') {
    message = CHOOSE_AGAIN_TEXT;
    next = (
      <Button component={RouterLink} to="/checkout/schedule-visit" variant="contained" sx={{ alignSelf: 'flex-start' }}>
        Choose a new time
      </Button>
    );
  }
  return (
    <Stack spacing={2}>
      <Alert severity="info" role="status">
        {message}
      </Alert>
      <VisitSummary appointment={visit} timeZone={timeZone} label="Cancelled visit" />
      {next}
    </Stack>
  );
}

export function ReschedulingPage() {
  const { token = '' } = useParams();
  const query = useRescheduling(token);
  useDocumentTitle('Reschedule your visit');

  let content;
  if (query.isPending) {
    content = <LoadingState label="Loading your visit…" lines={4} />;
  } else if (query.isError) {
    content =
      isApiError(query.error) && query.error.status === 404 ? (
        <EmptyState
          title="This link no longer works"
          body="Links to change a visit stop working once the visit has ended. If you need help, please contact us."
        />
      ) : (
        <ErrorState error={query.error} onRetry={() => void query.refetch()} retrying={query.isFetching} />
      );
  } else if (query.data.status === 'cancelled') {
    content = <CancelledVisit token={token} visit={query.data} />;
  } else {
    content = <Rescheduler token={token} appointment={query.data} />;
  }

  return (
    <Container maxWidth="md" sx={{ py: { xs: 3, md: 5 } }}>
      <Typography variant="h1" sx={{ mb: 3 }}>
        Reschedule your visit
      </Typography>
      {content}
    </Container>
  );
}
