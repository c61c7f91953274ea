// Our own reschedule page (SPEC §2: the scheduling address with a reschedulings/ path part and the
// hide-GDPR-banner flag): /reschedulings/{token}?hide_gdpr_banner=1 from the confirmation mail.
// Move the visit to another of the doctor's open times, or cancel it.
import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
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
import { useParams } from 'react-router';
import { EmptyState, ErrorState, LoadingState, errorText } from '@/components/PageState';
import { StatusButton } from '@/components/StatusButton';
import { isApiError } from '@/lib/api';
import { useDocumentTitle } from '@/lib/storefront';
import {
  useCancelVisit,
  useReschedule,
  useRescheduling,
  useReschedulingSlots,
  type Appointment,
} from '../api/scheduling';
import { SlotPicker } from '../components/SlotPicker';
import { doctorTitle } from '../format';
import { detectTimeZone, formatVisitRange } from '../time';

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

function Rescheduler({ token, appointment }: { token: string; appointment: Appointment }) {
  const [timeZone, setTimeZone] = useState(detectTimeZone);
  const [startsAt, setStartsAt] = useState<string | null>(null);
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
        onError: (error) => {
          if (isApiError(error) && (error.code === 'SLOT_TAKEN' || error.code === 'SLOT_UNAVAILABLE')) setStartsAt(null);
        },
      },
    );
  }

  return (
    <Stack spacing={3}>
      <VisitSummary appointment={appointment} timeZone={timeZone} label={moved ? 'Your new time' : 'Your visit'} />
      {moved ? (
        <Alert severity="success" role="status">
          Your visit was moved. We sent an updated calendar invite to {appointment.invitee.email}.
        </Alert>
      ) : null}

      <Stack component="section" spacing={2} aria-labelledby="new-time-heading">
        <Typography variant="h2" id="new-time-heading">
          Choose a new time
        </Typography>
        {slots.isPending ? <LoadingState label="Loading open times…" lines={4} /> : null}
        {slots.isError ? <ErrorState error={slots.error} onRetry={() => void slots.refetch()} retrying={slots.isFetching} /> : null}
        {slots.isSuccess && slots.data.days.length === 0 ? (
          <EmptyState
            title="No other open times in the next three weeks"
            body="You can keep your visit, or cancel it and book again later."
            headingComponent="h3"
          />
        ) : null}
        {slots.isSuccess && slots.data.days.length > 0 ? (
          <SlotPicker
            days={slots.data.days}
            timeZone={timeZone}
            onTimeZoneChange={(zone) => {
              setTimeZone(zone);
              setStartsAt(null);
            }}
            value={startsAt}
            onChange={(value) => {
              setStartsAt(value);
              setMoved(false);
            }}
            disabled={reschedule.isPending}
          />
        ) : null}
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
    content = (
      <Stack spacing={2}>
        <Alert severity="info" role="status">
          This visit was cancelled.
        </Alert>
        <VisitSummary appointment={query.data} timeZone={detectTimeZone()} label="Cancelled visit" />
      </Stack>
    );
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
