// A paid order's cancelled visit (issue 13 #12): the doctor's open times to book a new one for the
// same order, or "Cancel my order". From the visit's link and from the account, each with its own
// calls (and its own way of showing the visit). The account offers another doctor too (issue 16).
import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { UseQueryResult } from '@tanstack/react-query';
import { useId, type ReactNode } from 'react';
import { errorText } from '@/components/PageState';
import { StatusButton } from '@/components/StatusButton';
import type { SlotsResponse } from '../api/scheduling.api';
import type { SlotChoice } from '../useSlotChoice';
import { OpenTimes } from './OpenTimes';

export const REBOOK_TEXT =
  'Your visit was cancelled. Your order is still open and your card has not been charged. Book a new time below, or cancel your order.';
/** issue 15: the doctor marked the visit missed; the order is cancelled if no new time is booked in 3 days. */
export const MISSED_TEXT =
  'You missed your visit. Book a new time within 3 days, or the order is cancelled and your card is not charged.';
/** issue 16: the patient came and the doctor did not; another doctor or time is offered first. */
export const MISSED_BY_DOCTOR_TEXT =
  'We are sorry: your doctor could not join your visit. Choose another doctor or time within 3 days, or the order is cancelled and your card is not charged.';

export interface RebookVisitProps {
  /** The cancelled visit, shown as the page shows visits. */
  visit: ReactNode;
  /** Choosing the doctor (the account: the same one or another licensed in the order's state). */
  chooser?: ReactNode;
  /** The chosen doctor's open times; null before a doctor is chosen. */
  slots: UseQueryResult<SlotsResponse> | null;
  choice: SlotChoice;
  /** Said when the doctor has no open times. */
  emptyBody: string;
  booking: { pending: boolean; error: unknown };
  onBook: (startsAt: string) => void;
  /** The "Cancel my order" button, with its confirmation. */
  cancelOrder: ReactNode;
  /** What happened to the visit (by default: it was cancelled). */
  intro?: string;
}

export function RebookVisit({
  visit,
  chooser,
  slots,
  choice,
  emptyBody,
  booking,
  onBook,
  cancelOrder,
  intro = REBOOK_TEXT,
}: RebookVisitProps) {
  const headingId = useId();
  const { startsAt } = choice;
  return (
    <Stack spacing={3}>
      <Alert severity="info" role="status">
        {intro}
      </Alert>
      {visit}
      {chooser}
      <Stack component="section" spacing={2} aria-labelledby={headingId}>
        <Typography variant="h2" id={headingId}>
          Book a new time
        </Typography>
        {slots ? (
          <OpenTimes
            slots={slots}
            empty={{ title: 'No open times in the next three weeks', body: emptyBody }}
            timeZone={choice.timeZone}
            onTimeZoneChange={choice.changeTimeZone}
            value={startsAt}
            onChange={choice.setStartsAt}
            disabled={booking.pending}
          />
        ) : (
          <Typography color="text.secondary">Choose a doctor above to see their open times.</Typography>
        )}
        {booking.error ? (
          <Alert severity="error" role="alert">
            {errorText(booking.error)}
          </Alert>
        ) : null}
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <StatusButton
            status={booking.pending ? 'loading' : 'idle'}
            disabled={!startsAt}
            onClick={() => startsAt && onBook(startsAt)}
          >
            Book this time
          </StatusButton>
          {cancelOrder}
        </Stack>
      </Stack>
    </Stack>
  );
}
