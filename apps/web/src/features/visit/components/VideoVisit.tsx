// A booked video visit from "about to start" to its end (SPEC §2 "visit-about-to-start welcome
// screen", "connect to your visit now", START ONLINE VISIT, START VISIT; §7 POST welcome-back for
// visit about to start). About to start: START ONLINE VISIT leads to the camera and microphone
// check early (the shared JoinVisit), its START VISIT held until the window opens (5 minutes before
// the start). Open: the check, START VISIT, the call. The same JoinVisit stays mounted as the window
// opens (the camera is not asked for again, the devices picked are kept) and while the heading
// above it changes, so the call never restarts because of the page.
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { ACTION_LABELS, type VisitWindowPhase } from '@store/domain';
import { useState } from 'react';
import { StatusButton } from '@/components/StatusButton';
import { JoinVisit } from '@/shared/visit-call';
import type { PatientVisit } from '../api/visit.api';
import { formatTime, formatVisitRange, zoneOf } from '../format';
import { DoctorCard } from './DoctorCard';
import { VisitActions } from './VisitActions';

export interface VideoVisitProps {
  visit: PatientVisit;
  phase: VisitWindowPhase;
  /** The patient pressed START ONLINE VISIT, or the window opened while on the page: the check (then the call) shows. */
  joining: boolean;
  onJoin: () => void;
  onEnded: (by: 'patient' | 'doctor' | 'system') => void;
}

export function VideoVisit({ visit, phase, joining, onJoin, onEnded }: VideoVisitProps) {
  const zone = zoneOf(visit.patientTimeZone);
  const open = phase === 'open' || phase === 'closed';
  const opensAt = formatTime(visit.opensAt, zone);
  // START ONLINE VISIT pressed (not the window opening on its own): the check takes its focus.
  const [pressed, setPressed] = useState(false);

  return (
    <Stack spacing={3}>
      <Typography variant="h1">
        {open ? 'Connect to your visit now' : 'Your visit is about to start'}
      </Typography>
      {/* Once joining, the check says the rest (its heading, and when START VISIT works). */}
      {!joining ? (
        <Typography data-testid="visit-intro">
          {`Your visit opens at ${opensAt}. Connect to your visit now: check your camera and microphone so you are ready when your doctor is.`}
        </Typography>
      ) : null}
      <DoctorCard doctor={visit.doctor} compact={joining}>
        <Typography variant="body2">
          {formatVisitRange(visit.startsAt, visit.endsAt, zone)}
        </Typography>
      </DoctorCard>
      {joining ? (
        <JoinVisit
          appointmentId={visit.appointmentId}
          role="patient"
          phone={visit.phone}
          notYet={open ? undefined : `Your visit opens at ${opensAt}.`}
          focusOnMount={pressed}
          onEnded={onEnded}
        />
      ) : (
        <VisitActions>
          <StatusButton
            size="large"
            onClick={() => {
              setPressed(true);
              onJoin();
            }}
          >
            {ACTION_LABELS.startOnlineVisit}
          </StatusButton>
        </VisitActions>
      )}
    </Stack>
  );
}
