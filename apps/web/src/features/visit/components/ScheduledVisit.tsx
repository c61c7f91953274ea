// SPEC §2 "welcome-back screen for a scheduled visit" (§7 POST welcome-back for schedule visit):
// the doctor with photo and name, the time in the patient's zone named, what to prepare, add to
// calendar, where to reschedule, and "go to my account".
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useRef } from 'react';
import { Link as RouterLink } from 'react-router';
import { downloadVisitIcs, visitIcs } from '@/shared/visitIcs';
import { patientVisitPath } from '@/shared/visitWindow';
import type { PatientVisit } from '../api/visit.api';
import {
  doctorTitle,
  formatCallWindow,
  formatTime,
  formatVisitRange,
  zoneOf,
} from '../format';
import { DoctorCard } from './DoctorCard';
import { VisitActions } from './VisitActions';
import { formatPhoneForPeople } from '@/shared/contact';

export const PREPARE_VIDEO = [
  'A quiet, private, well-lit place.',
  'A phone, tablet or computer with a camera and microphone, and a steady internet connection. We check your camera and microphone before you join.',
  'The names and doses of the medicines you take, and any questions for your doctor.',
];
export const PREPARE_PHONE = [
  'A quiet, private place, with your phone charged and nearby.',
  'The names and doses of the medicines you take, and any questions for your doctor.',
];

export function ScheduledVisit({ visit, notice }: { visit: PatientVisit; notice?: string | null }) {
  const zone = zoneOf(visit.patientTimeZone);
  const phone = visit.visitType === 2;
  const prepare = phone ? PREPARE_PHONE : PREPARE_VIDEO;
  // The notice follows an action lower down (SCHEDULE on the missed-visit screen, now gone): focus
  // it, which also scrolls it into view on a phone.
  const noticeRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (notice) noticeRef.current?.focus();
  }, [notice]);
  return (
    <Stack spacing={3}>
      {notice ? (
        <Alert severity="success" role="status" ref={noticeRef} tabIndex={-1}>
          {notice}
        </Alert>
      ) : null}
      <Stack spacing={1}>
        <Typography variant="h1">Welcome back</Typography>
        <Typography>
          {phone ? 'Your phone visit is scheduled.' : 'Your video visit is scheduled.'}
        </Typography>
      </Stack>
      <DoctorCard doctor={visit.doctor}>
        <Typography data-testid="visit-time">
          {formatVisitRange(visit.startsAt, visit.endsAt, zone)}
        </Typography>
      </DoctorCard>
      {phone ? (
        <Typography data-testid="phone-visit">
          Your doctor will call you at <strong>{formatPhoneForPeople(visit.phone)}</strong>{' '}
          {formatCallWindow(visit.startsAt, visit.endsAt, zone)}.
        </Typography>
      ) : (
        <Typography>
          Your visit opens at {formatTime(visit.opensAt, zone)}, 5 minutes before it starts. Come
          back to this page then (the reminder email links here too) to check your camera and
          microphone and start your visit.
        </Typography>
      )}
      <Box component="section" aria-labelledby="visit-prepare">
        <Typography variant="h2" id="visit-prepare" sx={{ fontSize: 20, mb: 1 }}>
          What to prepare
        </Typography>
        <Box component="ul" sx={{ m: 0, pl: 3, '& li': { mb: 0.5 } }}>
          {prepare.map((item) => (
            <Typography component="li" key={item}>
              {item}
            </Typography>
          ))}
        </Box>
      </Box>
      <Typography>
        Need another time?{' '}
        <Link component={RouterLink} to="/my-account/visit">
          Reschedule your visit
        </Link>{' '}
        — the email about your visit has a link to reschedule or cancel it too.
      </Typography>
      <VisitActions>
        <Button
          variant="outlined"
          onClick={() =>
            downloadVisitIcs(
              visitIcs({
                uid: `${visit.appointmentId}@storefront`,
                startsAt: visit.startsAt,
                endsAt: visit.endsAt,
                title: `Visit with ${doctorTitle(visit.doctor)}`,
                description: phone
                  ? `Your doctor calls you at ${formatPhoneForPeople(visit.phone)}`
                  : `Join at ${window.location.origin}${patientVisitPath(visit.orderId)}`,
              }),
            )
          }
        >
          Add to calendar
        </Button>
      </VisitActions>
    </Stack>
  );
}
