// A new time for an order's missed visit, on the patient's visit screen (issue 16 "missed visit
// (after the window, with rebook)"; "a doctor who does not come → the patient is offered another
// doctor or time first"; SPEC §4 SCHEDULE). The order's missed visit (GET /api/orders/:id/appointment)
// gives the doctor, the contact and the patient's zone; the new time is booked for the same order
// (POST /api/orders/:id/appointment), or the order is cancelled (the hold released). The visit
// feature's page shows it; the router hands it in (features never import each other).
import { ACTION_LABELS, FIRST_AVAILABLE } from '@store/domain';
import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { EmptyState, ErrorState, LoadingState } from '@/components/PageState';
import { ACCOUNT_VISIT_QUERY_KEY } from '@/shared/accountVisit';
import {
  useBookAppointment,
  useCancelAccountOrder,
  useOrderAppointment,
  useOrderDoctors,
  useSlots,
  type Appointment,
} from '../api/scheduling.api';
import { ORDER_CANCELLED_TEXT } from '../pages/ReschedulingPage';
import { visitTimeZone } from '../time';
import { useSlotChoice } from '../useSlotChoice';
import { CancelOrderButton } from './CancelOrderButton';
import { DoctorChooser } from './DoctorChooser';
import { RebookVisit } from './RebookVisit';

export interface OrderVisitRebookProps {
  orderId: string;
  /** The doctor did not come: another doctor (first available by default) or the same one. */
  doctorMissed: boolean;
  onBooked: () => void;
}

export function OrderVisitRebook({ orderId, doctorMissed, onBooked }: OrderVisitRebookProps) {
  const visit = useOrderAppointment(orderId);
  const area = useOrderDoctors(orderId, doctorMissed);
  if (visit.isPending || (doctorMissed && area.isPending))
    return <LoadingState label="Loading open times…" lines={4} />;
  if (visit.isError)
    return (
      <ErrorState
        error={visit.error}
        onRetry={() => void visit.refetch()}
        retrying={visit.isFetching}
      />
    );
  if (doctorMissed && area.isError)
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
      state={doctorMissed ? (area.data?.state ?? undefined) : undefined}
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
  const choice = useSlotChoice(() => visitTimeZone(appointment.patientTimeZone));
  const [doctorId, setDoctorId] = useState(
    doctorMissed && state ? FIRST_AVAILABLE : appointment.doctor.id,
  );
  const slots = useSlots(doctorId, state, choice.timeZone);
  const book = useBookAppointment();
  const cancel = useCancelAccountOrder(orderId);

  if (cancel.isSuccess)
    return (
      <Alert severity="info" role="status">
        {ORDER_CANCELLED_TEXT}
      </Alert>
    );

  return (
    <Stack spacing={3}>
      {doctorMissed ? (
        <DoctorChooser
          state={state}
          value={doctorId}
          onChange={(id) => {
            setDoctorId(id);
            choice.setStartsAt(null);
            book.reset();
          }}
        />
      ) : null}
      <RebookVisit
        intro={null}
        visit={null}
        slots={slots}
        choice={choice}
        emptyBody="You can cancel your order, or come back later."
        booking={{ pending: book.isPending, error: book.error }}
        bookLabel={ACTION_LABELS.schedule}
        onBook={(startsAt) =>
          book.mutate(
            {
              orderId,
              doctorId,
              startsAt,
              invitee: appointment.invitee,
              timeZone: choice.timeZone,
            },
            {
              onSuccess: () => {
                void queryClient.invalidateQueries({ queryKey: ACCOUNT_VISIT_QUERY_KEY });
                onBooked();
              },
              onError: choice.pickAgainIfGone,
            },
          )
        }
        cancelOrder={
          <CancelOrderButton
            pending={cancel.isPending}
            error={cancel.error}
            onConfirm={() => cancel.mutate()}
          />
        }
      />
    </Stack>
  );
}
