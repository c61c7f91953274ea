// The way into an order's booked visit from the pages that show it (My account, the reschedule
// page; issue 16, SPEC §2 "connect to your visit now", §4 START ONLINE VISIT): when the video visit
// is about to start or open, START ONLINE VISIT; before that (or for a phone visit) a plain link to
// the visit's screen; nothing once its window is over. The phase changes at the minute it should.
import { ACTION_LABELS } from '@store/domain';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { patientVisitPath, useVisitWindowPhase } from '@/shared/visitWindow';

export interface VisitJoinLinkProps {
  orderId: string;
  /** 1 video, 2 phone (null: treated as video). */
  visitType: number | null;
  startsAt: string;
  endsAt: string;
}

export function VisitJoinLink({ orderId, visitType, startsAt, endsAt }: VisitJoinLinkProps) {
  const phase = useVisitWindowPhase(startsAt, endsAt);
  const to = patientVisitPath(orderId);
  if (phase === 'closed') return null;
  const near = phase === 'about_to_start' || phase === 'open';
  if (near && visitType !== 2) {
    return (
      <Stack spacing={1} sx={{ alignItems: { xs: 'stretch', sm: 'flex-start' } }}>
        <Typography sx={{ fontWeight: 600 }}>
          {phase === 'open'
            ? 'Your visit is open: connect to your visit now.'
            : 'Your visit is about to start: connect to your visit now.'}
        </Typography>
        <Button component={RouterLink} to={to} variant="contained" size="large">
          {ACTION_LABELS.startOnlineVisit}
        </Button>
      </Stack>
    );
  }
  return (
    <Button
      component={RouterLink}
      to={to}
      variant="outlined"
      sx={{ alignSelf: { xs: 'stretch', sm: 'flex-start' } }}
    >
      {near ? 'Your doctor will call you soon: see your visit' : 'See your visit'}
    </Button>
  );
}
