// A new time for an order's missed visit, on the patient's visit screen (issue 16 "missed visit
// (after the window, with rebook)"; "a doctor who does not come → the patient is offered another
// doctor or time first"; SPEC §4 SCHEDULE). Like the account's rebooking: the doctors licensed in
// the order's state, the same doctor chosen when the patient missed it and nobody chosen for the
// patient when the doctor did not come; the chosen doctor's open times in the visit's zone; booked
// for the same order with the missed visit's contact (POST /api/orders/:id/appointment), or the
// order cancelled (the hold released). The visit feature's page shows it; the router hands it in
// (features never import each other).
import { ACTION_LABELS } from '@store/domain';
import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { EmptyState, ErrorState, LoadingState, errorText } from '@/components/PageState';
import { StatusButton } from '@/components/StatusButton';
import { apiGet } from '@/lib/api';
import { ACCOUNT_VISIT_QUERY_KEY } from '@/shared/accountVisit';
import {
  useBookAppointment,
  useCancelAccountOrder,
  useOrderAppointment,
  useSlots,
  type Appointment,
  type Doctor,
} from '../api/scheduling.api';
import { ORDER_CANCELLED_TEXT } from '../pages/ReschedulingPage';
import { visitTimeZone } from '../time';
import { useSlotChoice } from '../useSlotChoice';
import { CancelOrderButton } from './CancelOrderButton';
import { DoctorChooser } from './DoctorChooser';
import { OpenTimes } from './OpenTimes';

export interface OrderVisitRebookProps {
  orderId: string;
  /** The doctor did not come: nobody is chosen for the patient. */
  doctorMissed: boolean;
  onBooked: () => void;
}

/** The order's shipping state (SPEC §7 doctors by order id): the doctors licensed there are offered. */
function useOrderState(orderId: string) {
  return useQuery({
    queryKey: ['order-doctors', orderId],
    queryFn: ({ signal }) =>
      apiGet<{ state: string | null; doctors: Doctor[] }>(
        `/api/orders/${encodeURIComponent(orderId)}/doctors`,
        { signal },
      ),
  });
}

export function OrderVisitRebook({ orderId, doctorMissed, onBooked }: OrderVisitRebookProps) {
  const visit = useOrderAppointment(orderId);
  const area = useOrderState(orderId);
  if (visit.isPending || area.isPending)
    return <LoadingState label="Loading open times…" lines={4} />;
  if (visit.isError)
    return (
      <ErrorState
        error={visit.error}
        onRetry={() => void visit.refetch()}
        retrying={visit.isFetching}
      />
    );
  if (area.isError)
    return (
      <ErrorState
        error={area.error}
        onRetry={() => void area.refetch()}
        retrying={area.isFetching}
      />
    );
  const appointment = visit.data.appointment;
  if (!appointment)
    return (
      <EmptyState
        title="There is no visit to book again"
        body="Your account shows your order's visit."
      />
    );
  return (
    <Rebook
      appointment={appointment}
      orderId={orderId}
      state={area.data.state ?? undefined}
      doctorMissed={doctorMissed}
      onBooked={onBooked}
    />
  );
}

function Rebook({
  appointment,
  orderId,
  state,
  doctorMissed,
  onBooked,
}: {
  appointment: Appointment;
  orderId: string;
  state: string | undefined;
  doctorMissed: boolean;
  onBooked: () => void;
}) {
  const queryClient = useQueryClient();
  const headingId = useId();
  const choice = useSlotChoice(() => visitTimeZone(appointment.patientTimeZone));
  const [doctorId, setDoctorId] = useState<string | null>(
    doctorMissed ? null : appointment.doctor.id,
  );
  const slots = useSlots(doctorId, undefined, choice.timeZone);
  const book = useBookAppointment();
  const cancel = useCancelAccountOrder(orderId);
  const { startsAt } = choice;

  if (cancel.isSuccess)
    return (
      <Alert severity="info" role="status">
        {ORDER_CANCELLED_TEXT}
      </Alert>
    );

  function schedule() {
    if (!doctorId || !startsAt) return;
    book.mutate(
      { orderId, doctorId, startsAt, invitee: appointment.invitee, timeZone: choice.timeZone },
      {
        onSuccess: () => {
          void queryClient.invalidateQueries({ queryKey: ACCOUNT_VISIT_QUERY_KEY });
          onBooked();
        },
        onError: choice.pickAgainIfGone,
      },
    );
  }

  return (
    <Stack spacing={3}>
      <DoctorChooser
        state={state}
        value={doctorId}
        allowFirstAvailable={false}
        onChange={(id) => {
          setDoctorId(id);
          choice.setStartsAt(null);
          book.reset();
        }}
      />
      <Stack component="section" spacing={2} aria-labelledby={headingId}>
        <Typography variant="h2" id={headingId}>
          Book a new time
        </Typography>
        {doctorId ? (
          <OpenTimes
            slots={slots}
            empty={{
              title: 'No open times in the next three weeks',
              body: 'Choose another doctor, cancel your order, or come back later.',
            }}
            timeZone={choice.timeZone}
            onTimeZoneChange={choice.changeTimeZone}
            value={startsAt}
            onChange={choice.setStartsAt}
            disabled={book.isPending}
          />
        ) : (
          <Typography color="text.secondary">
            Choose a doctor above to see their open times.
          </Typography>
        )}
        {book.isError ? (
          <Alert severity="error" role="alert">
            {errorText(book.error)}
          </Alert>
        ) : null}
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <StatusButton
            status={book.isPending ? 'loading' : 'idle'}
            disabled={!doctorId || !startsAt}
            onClick={schedule}
          >
            {ACTION_LABELS.schedule}
          </StatusButton>
          <CancelOrderButton
            pending={cancel.isPending}
            error={cancel.error}
            onConfirm={() => cancel.mutate()}
          />
        </Stack>
      </Stack>
    </Stack>
  );
}
