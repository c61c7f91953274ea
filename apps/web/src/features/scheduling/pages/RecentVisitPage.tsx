// /my-account/visit: SPEC §7 "reschedule doctor for recent order" from the account. The signed-in
// patient's next booked visit, and a new day and time with the same doctor in their time zone. A
// paid order's visit that was cancelled is booked again here, and a paid order can be cancelled
// (the card hold released); the page says which happened (issue 13 #12). A cancelled or missed
// visit is booked again with the same doctor or another licensed in the order's state; when the
// doctor did not come, the patient chooses (issue 16: "offered another doctor or time first").
import Alert from '@mui/material/Alert';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { EmptyState, ErrorState, LoadingState, errorText } from '@/components/PageState';
import { StatusButton } from '@/components/StatusButton';
import { VisitJoinLink } from '@/components/VisitJoinLink';
import { useSession } from '@/shared/session';
import { useDocumentTitle } from '@/shared/storefront';
import { useQueryClient } from '@tanstack/react-query';
import {
  useAccountRebook,
  useAccountVisit,
  useCancelAccountOrder,
  useOrderDoctors,
  useRescheduleRecent,
  useSlots,
  type Appointment,
  type VisitOrder,
} from '../api/scheduling.api';
import { CancelOrderButton } from '../components/CancelOrderButton';
import { DoctorChooser } from '../components/DoctorChooser';
import { OpenTimes } from '../components/OpenTimes';
import { MISSED_BY_DOCTOR_TEXT, MISSED_TEXT, RebookVisit } from '../components/RebookVisit';
import { VisitChangeNotice } from '../components/VisitChangeNotice';
import { doctorTitle } from '../format';
import { formatVisitRange, visitTimeZone } from '../time';
import { useSlotChoice } from '../useSlotChoice';
import { ORDER_CANCELLED_TEXT } from './ReschedulingPage';

/** "Cancel my order" with its confirmation (a paid visit order: the hold is released). */
function CancelOrder({ orderId, onCancelled }: { orderId: string; onCancelled: () => void }) {
  const cancel = useCancelAccountOrder(orderId);
  return <CancelOrderButton pending={cancel.isPending} error={cancel.error} onConfirm={() => cancel.mutate(undefined, { onSuccess: onCancelled })} />;
}

/** The visit: doctor and time, under what it is (the visit, or the cancelled one). */
function VisitCard({ appointment, timeZone, label }: { appointment: Appointment; timeZone: string; label: string }) {
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography sx={{ fontWeight: 700 }}>{doctorTitle(appointment.doctor)}</Typography>
      <Typography>{formatVisitRange(appointment.startsAt, appointment.endsAt, timeZone)}</Typography>
    </Paper>
  );
}

/** The doctors licensed in the order's state, to book the new time with (issue 16). */
function RebookDoctor({ orderId, value, onChange }: { orderId: string | null; value: string | null; onChange: (doctorId: string) => void }) {
  const orderDoctors = useOrderDoctors(orderId);
  if (orderDoctors.isPending) return <LoadingState label="Loading the doctors…" lines={3} />;
  if (orderDoctors.isError)
    return <ErrorState error={orderDoctors.error} onRetry={() => void orderDoctors.refetch()} retrying={orderDoctors.isFetching} />;
  return <DoctorChooser state={orderDoctors.data.state ?? undefined} value={value} onChange={onChange} allowFirstAvailable={false} />;
}

/**
 * A paid order's cancelled (or missed, issue 15) visit: a new time with the same doctor or another
 * (issue 16; a doctor who did not come is not chosen for the patient), or the order cancelled.
 */
function Rebook({ appointment, missedBy, onBooked, onCancelled }: { appointment: Appointment; missedBy: 'patient' | 'doctor' | null; onBooked: () => void; onCancelled: () => void }) {
  const missed = appointment.status === 'missed';
  const byDoctor = missed && missedBy === 'doctor';
  const choice = useSlotChoice(() => visitTimeZone(appointment.patientTimeZone));
  const [doctorId, setDoctorId] = useState<string | null>(byDoctor ? null : appointment.doctor.id);
  const slots = useSlots(doctorId, undefined, choice.timeZone);
  const rebook = useAccountRebook(appointment);
  return (
    <RebookVisit
      intro={byDoctor ? MISSED_BY_DOCTOR_TEXT : missed ? MISSED_TEXT : undefined}
      visit={<VisitCard appointment={appointment} timeZone={choice.timeZone} label={missed ? 'Missed visit' : 'Cancelled visit'} />}
      chooser={
        <RebookDoctor
          orderId={appointment.orderId}
          value={doctorId}
          onChange={(id) => {
            setDoctorId(id);
            choice.setStartsAt(null);
            rebook.reset();
          }}
        />
      }
      slots={doctorId ? slots : null}
      choice={choice}
      emptyBody="Choose another doctor, cancel your order, or come back later."
      booking={{ pending: rebook.isPending, error: rebook.error }}
      onBook={(startsAt) => doctorId && rebook.mutate({ startsAt, timeZone: choice.timeZone, doctorId }, { onSuccess: onBooked, onError: choice.pickAgainIfGone })}
      cancelOrder={<CancelOrder orderId={appointment.orderId ?? ''} onCancelled={onCancelled} />}
    />
  );
}

function Mover({ appointment, order, rebooked, onCancelled }: { appointment: Appointment; order: VisitOrder | null; rebooked: boolean; onCancelled: () => void }) {
  const { timeZone, changeTimeZone, startsAt, setStartsAt, pickAgainIfGone } = useSlotChoice(() => visitTimeZone(appointment.patientTimeZone));
  const slots = useSlots(appointment.doctor.id, undefined, timeZone);
  const move = useRescheduleRecent(appointment.orderId ?? '');
  const days = slots.data?.days.map((d) => ({ ...d, slots: d.slots.filter((s) => s.startsAt !== appointment.startsAt) })).filter((d) => d.slots.length > 0) ?? [];

  return (
    <Stack spacing={3}>
      <VisitCard appointment={appointment} timeZone={timeZone} label="Your visit" />
      {/* issue 16: the way into the visit (START ONLINE VISIT once it is about to start). */}
      {appointment.orderId && appointment.status === 'booked' ? (
        <VisitJoinLink orderId={appointment.orderId} visitType={appointment.visitType} startsAt={appointment.startsAt} endsAt={appointment.endsAt} />
      ) : null}
      <VisitChangeNotice moved={move.isSuccess} rebooked={rebooked} email={appointment.invitee.email} />
      <Stack component="section" spacing={2} aria-labelledby="recent-new-time">
        <Typography variant="h2" id="recent-new-time">
          Choose a new time
        </Typography>
        <OpenTimes
          slots={slots}
          days={days}
          empty={{ title: 'No other open times in the next three weeks', body: 'You can keep your visit.' }}
          timeZone={timeZone}
          onTimeZoneChange={changeTimeZone}
          value={startsAt}
          onChange={(value) => {
            setStartsAt(value);
            move.reset();
          }}
          disabled={move.isPending}
        />
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
                { onSuccess: () => setStartsAt(null), onError: pickAgainIfGone },
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
  else if (visit.data.appointment.status === 'cancelled' || visit.data.appointment.status === 'missed')
    content = (
      <Rebook key={visit.data.appointment.id} appointment={visit.data.appointment} missedBy={visit.data.missedBy ?? null} onBooked={booked} onCancelled={cancelled} />
    );
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
