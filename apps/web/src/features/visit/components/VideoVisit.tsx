// A booked video visit from "about to start" to its end (SPEC §2 "visit-about-to-start welcome
// screen", "connect to your visit now", START ONLINE VISIT, START VISIT; §7 POST welcome-back for
// visit about to start). About to start: START ONLINE VISIT leads to the camera and microphone
// check early, its START VISIT held until the window opens (5 minutes before the start). Open: the
// check, START VISIT, the call. This is the shared JoinVisit's sequence (DeviceCheck, then
// VisitCall with the devices chosen) plus the hold: the check stays mounted as the window opens,
// so the camera is not asked for again and the devices picked are kept. The heading changes above
// it; the call never restarts because of it.
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { ACTION_LABELS, type VisitWindowPhase } from '@store/domain';
import { useState } from 'react';
import { StatusButton } from '@/components/StatusButton';
import { DeviceCheck, START_VISIT_LABEL, VisitCall, type VisitDevices } from '@/shared/visit-call';
import type { PatientVisit } from '../api/visit.api';
import { formatTime, formatVisitRange, zoneOf } from '../format';
import { DoctorCard } from './DoctorCard';
import { VisitActions } from './VisitActions';

export const LEFT_NOTICE = 'You left the visit. You can join again while it is open.';

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
  const [devices, setDevices] = useState<VisitDevices | null>(null);
  const [left, setLeft] = useState(false);
  const open = phase === 'open' || phase === 'closed';
  const opensAt = formatTime(visit.opensAt, zone);

  let intro: string | null = null;
  if (!open && !joining)
    intro = `Your visit opens at ${opensAt}. Connect to your visit now: check your camera and microphone so you are ready when your doctor is.`;
  // Joining: the check says the rest (its heading, and when START VISIT works).
  else if (open && !devices)
    intro = 'Your doctor lets you in from the waiting room after you START VISIT.';

  return (
    <Stack spacing={3}>
      <Typography variant="h1">
        {open ? 'Connect to your visit now' : 'Your visit is about to start'}
      </Typography>
      {intro ? <Typography data-testid="visit-intro">{intro}</Typography> : null}
      <DoctorCard doctor={visit.doctor} compact={joining}>
        <Typography variant="body2">
          {formatVisitRange(visit.startsAt, visit.endsAt, zone)}
        </Typography>
      </DoctorCard>
      {joining && !devices ? (
        <DeviceCheck
          startLabel={START_VISIT_LABEL}
          notYet={open ? undefined : `Your visit opens at ${opensAt}.`}
          notice={left ? LEFT_NOTICE : undefined}
          onStart={setDevices}
        />
      ) : null}
      {joining && devices ? (
        <VisitCall
          appointmentId={visit.appointmentId}
          role="patient"
          phone={visit.phone}
          devices={devices}
          onEnded={onEnded}
          onLeft={() => {
            setDevices(null);
            setLeft(true);
          }}
        />
      ) : null}
      {!joining ? (
        <VisitActions>
          <StatusButton size="large" onClick={onJoin}>
            {ACTION_LABELS.startOnlineVisit}
          </StatusButton>
        </VisitActions>
      ) : null}
    </Stack>
  );
}
