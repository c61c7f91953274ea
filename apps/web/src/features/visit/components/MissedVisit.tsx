// SPEC §2 "missed-visit welcome screen" (§7 POST welcome-back for missed visit; issue 16 "a visit
// nobody joined in its window becomes missed; the patient can rebook within a few days, else the
// order is cancelled and the hold voided; a doctor who does not come → the patient is offered another
// doctor or time first"). Booking the new time (SCHEDULE) is the scheduling feature's, handed in by
// the router.
import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ComponentType } from 'react';
import type { PatientVisit } from '../api/visit.api';
import { doctorTitle, formatDateTime, formatVisitRange, zoneOf } from '../format';
import { DoctorCard } from './DoctorCard';
import { VisitActions } from './VisitActions';

/** The scheduling feature's booking of a new time for the order (same doctor, or another when the doctor missed it). */
export interface RebookProps {
  orderId: string;
  /** The doctor did not come: offer another doctor as well as another time. */
  doctorMissed: boolean;
  onBooked: () => void;
}

export const REBOOK_PASSED_TEXT =
  'The time to book a new visit has passed. This order is cancelled and your card is not charged.';
export const ORDER_CANCELLED_TEXT = 'This order was cancelled. Your card was not charged.';

export function MissedVisit({
  visit,
  Rebook,
  onBooked,
}: {
  visit: PatientVisit;
  Rebook: ComponentType<RebookProps>;
  onBooked: () => void;
}) {
  // The store's time when it answered, not the device's (which may be off).
  const now = new Date(visit.serverNow).getTime();
  const zone = zoneOf(visit.patientTimeZone);
  const doctorMissed = visit.outcome === 'missed_by_doctor';
  const until = visit.rebookUntil;
  const cancelled = visit.orderStatus === 'cancelled';
  const passed = cancelled || (until !== null && new Date(until).getTime() <= now);
  const when = formatVisitRange(visit.startsAt, visit.endsAt, zone);

  return (
    <Stack spacing={3}>
      <Typography variant="h1">
        {doctorMissed ? 'Your doctor could not join your visit' : 'You missed your visit'}
      </Typography>
      <Typography data-testid="missed-intro">
        {doctorMissed
          ? `We are sorry: ${doctorTitle(visit.doctor)} could not join your visit on ${when}. Your card has not been charged.${passed ? '' : ' Choose another time, or another doctor, below.'}`
          : `Your visit with ${doctorTitle(visit.doctor)} on ${when} did not take place. Your card has not been charged.`}
      </Typography>
      {passed ? (
        <Alert severity="info" role="status">
          {cancelled ? ORDER_CANCELLED_TEXT : REBOOK_PASSED_TEXT}
        </Alert>
      ) : (
        <>
          {until ? (
            <Typography data-testid="rebook-until">
              Book a new time by <strong>{formatDateTime(until, zone)}</strong>, or the order is
              cancelled and your card is not charged.
            </Typography>
          ) : null}
          {/* The same doctor's times below (when the doctor missed it, the doctors to choose from show instead). */}
          {doctorMissed ? null : <DoctorCard doctor={visit.doctor} compact />}
          <Rebook orderId={visit.orderId} doctorMissed={doctorMissed} onBooked={onBooked} />
        </>
      )}
      <VisitActions />
    </Stack>
  );
}
