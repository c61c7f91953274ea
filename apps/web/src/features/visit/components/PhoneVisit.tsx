// A phone visit (visit type 2) about to start or open: the doctor calls the patient's number in the
// window; no camera, nothing to join (issue 16 "Phone visits": the doctor sees the number and the
// window, calls, marks it done).
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { PatientVisit } from '../api/visit.api';
import { formatCallWindow, formatVisitRange, zoneOf } from '../format';
import { DoctorCard } from './DoctorCard';
import { VisitActions } from './VisitActions';
import { formatPhoneForPeople } from '@/shared/contact';

export function PhoneVisit({ visit }: { visit: PatientVisit }) {
  const zone = zoneOf(visit.patientTimeZone);
  return (
    <Stack spacing={3}>
      <Typography variant="h1">Your doctor will call you soon</Typography>
      <Typography data-testid="phone-visit">
        Your doctor will call you at <strong>{formatPhoneForPeople(visit.phone)}</strong>{' '}
        {formatCallWindow(visit.startsAt, visit.endsAt, zone)}.
      </Typography>
      <Typography>
        Keep your phone nearby, in a quiet, private place. This is a phone visit: you need no camera
        and nothing to join.
      </Typography>
      <DoctorCard doctor={visit.doctor}>
        <Typography variant="body2">
          {formatVisitRange(visit.startsAt, visit.endsAt, zone)}
        </Typography>
      </DoctorCard>
      <VisitActions />
    </Stack>
  );
}
