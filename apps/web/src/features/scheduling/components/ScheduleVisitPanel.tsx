// The schedule-visit flow (issue 6; SPEC §2 schedule-visit, §3 Schedule): choose a doctor or
// "First available", pick a day and a time in the patient's zone, confirm name, email and phone
// number, SCHEDULE. The checkout page embeds it with the order's id, shipping state and visit type.
import { FIRST_AVAILABLE, type ScheduledVisitType, type ScheduleInvitee, type ScheduleInviteeInput } from '@store/domain';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { errorText } from '@/components/PageState';
import { StatusButton } from '@/components/StatusButton';
import { isApiError } from '@/lib/api';
import { useBookAppointment, useSlots, type Booking } from '../api/scheduling.api';
import { doctorTitle } from '../format';
import { detectTimeZone, formatVisitRange } from '../time';
import { useSlotChoice } from '../useSlotChoice';
import { DoctorChooser } from './DoctorChooser';
import { InviteeForm } from './InviteeForm';
import { OpenTimes } from './OpenTimes';

export interface ScheduleVisitPanelProps {
  /** The shipping state: only doctors licensed there are offered. */
  state: string | undefined;
  visitType?: ScheduledVisitType;
  orderId?: string;
  defaultInvitee?: Partial<ScheduleInviteeInput>;
  onBooked?: (booking: Booking) => void;
}

export function ScheduleVisitPanel({ state, visitType, orderId, defaultInvitee, onBooked }: ScheduleVisitPanelProps) {
  const [doctorId, setDoctorId] = useState<string | null>(state ? FIRST_AVAILABLE : null);
  const { timeZone, changeTimeZone, startsAt, setStartsAt, pickAgainIfGone } = useSlotChoice(detectTimeZone);
  const slots = useSlots(doctorId, state, timeZone);
  const book = useBookAppointment();
  const [booking, setBooking] = useState<Booking | null>(null);

  function chooseDoctor(id: string) {
    setDoctorId(id);
    setStartsAt(null);
    book.reset();
  }

  function schedule(invitee: ScheduleInvitee) {
    if (!doctorId || !startsAt) return;
    book.mutate(
      {
        doctorId,
        startsAt,
        invitee,
        timeZone,
        ...(state ? { state } : {}),
        ...(visitType ? { visitType } : {}),
        ...(orderId ? { orderId } : {}),
      },
      {
        onSuccess: (result) => {
          setBooking(result);
          onBooked?.(result);
        },
        onError: pickAgainIfGone,
      },
    );
  }

  if (booking) {
    const { appointment } = booking;
    return (
      <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
        <Alert severity="success" sx={{ width: '100%' }}>
          <Typography sx={{ fontWeight: 700 }}>Your visit is scheduled</Typography>
          <Typography>
            {doctorTitle(appointment.doctor)} · {formatVisitRange(appointment.startsAt, appointment.endsAt, timeZone)}
          </Typography>
          <Typography>We sent the details and a calendar invite to {appointment.invitee.email}.</Typography>
        </Alert>
        <Link component={RouterLink} to={booking.reschedulePath}>
          Reschedule or cancel
        </Link>
      </Stack>
    );
  }

  const bookError = book.isError ? errorText(book.error) : null;
  const fieldErrors = isApiError(book.error) ? book.error.fieldErrors : undefined;

  return (
    <Stack spacing={4}>
      <DoctorChooser state={state} value={doctorId} onChange={chooseDoctor} />

      {doctorId ? (
        <Box component="section" aria-labelledby="pick-time-heading">
          <Typography variant="h3" component="h2" id="pick-time-heading" sx={{ mb: 2 }}>
            Pick a day and time
          </Typography>
          <OpenTimes
            slots={slots}
            empty={{
              title: 'No open times in the next three weeks',
              body: doctorId === FIRST_AVAILABLE ? 'Please check again soon.' : 'Please choose another doctor or First available.',
              action:
                doctorId !== FIRST_AVAILABLE && state ? (
                  <StatusButton variant="outlined" onClick={() => chooseDoctor(FIRST_AVAILABLE)}>
                    Show first available
                  </StatusButton>
                ) : undefined,
            }}
            timeZone={timeZone}
            onTimeZoneChange={changeTimeZone}
            value={startsAt}
            onChange={setStartsAt}
            disabled={book.isPending}
          />
        </Box>
      ) : null}

      <Box component="section" aria-labelledby="invitee-heading">
        <Typography variant="h3" component="h2" id="invitee-heading" sx={{ mb: 2 }}>
          Your details
        </Typography>
        {bookError && !fieldErrors?.length ? (
          <Alert severity="error" role="alert" sx={{ mb: 2 }}>
            {bookError}
          </Alert>
        ) : null}
        <InviteeForm
          defaultValues={defaultInvitee}
          onSubmit={schedule}
          status={book.isPending ? 'loading' : 'idle'}
          disabled={!startsAt}
          serverErrors={fieldErrors}
        />
        {!startsAt ? (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            Pick a time above to schedule.
          </Typography>
        ) : null}
      </Box>
    </Stack>
  );
}
