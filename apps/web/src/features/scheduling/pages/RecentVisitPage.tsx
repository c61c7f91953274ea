// /my-account/visit: SPEC §7 "reschedule doctor for recent order" from the account. The signed-in
// patient's next booked visit, and a new day and time with the same doctor in their time zone.
import Alert from '@mui/material/Alert';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { EmptyState, ErrorState, LoadingState, errorText } from '@/components/PageState';
import { StatusButton } from '@/components/StatusButton';
import { isApiError } from '@/lib/api';
import { useSession } from '@/lib/session';
import { useDocumentTitle } from '@/lib/storefront';
import { useAccountVisit, useRescheduleRecent, useSlots, type Appointment } from '../api/scheduling';
import { SlotPicker } from '../components/SlotPicker';
import { doctorTitle } from '../format';
import { formatVisitRange, visitTimeZone } from '../time';

function Mover({ appointment }: { appointment: Appointment }) {
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
      </Stack>
    </Stack>
  );
}

export function RecentVisitPage() {
  useDocumentTitle('Reschedule your visit');
  const session = useSession();
  const signedIn = session.data?.kind === 'user';
  const visit = useAccountVisit(signedIn);

  let content: React.ReactNode;
  if (session.isPending || (signedIn && visit.isPending)) content = <LoadingState label="Loading your visit…" lines={4} />;
  else if (session.isError) content = <ErrorState error={session.error} onRetry={() => void session.refetch()} />;
  else if (!signedIn) content = <EmptyState title="Please log in to continue." body="Log in to see and move your visit." />;
  else if (visit.isError) content = <ErrorState error={visit.error} onRetry={() => void visit.refetch()} retrying={visit.isFetching} />;
  else if (!visit.data?.appointment) content = <EmptyState title="No upcoming visit" body="When you book a video or phone visit with an order, you can move it here." />;
  else content = <Mover key={visit.data.appointment.id} appointment={visit.data.appointment} />;

  return (
    <Container sx={{ py: { xs: 4, md: 6 } }}>
      <Stack spacing={3} sx={{ maxWidth: 880 }}>
        <Typography variant="h1">Reschedule your visit</Typography>
        {content}
      </Stack>
    </Container>
  );
}
