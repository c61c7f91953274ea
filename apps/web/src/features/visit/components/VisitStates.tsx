// The patient-visit and ended-visit pages' own states: signed out (log in and come back), not found,
// a visit whose time is over, a cancelled visit.
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useLocation } from 'react-router';
import { useLoginDrawer } from '@/shared/loginDrawer';
import { VisitActions } from './VisitActions';

export const NOT_FOUND_TITLE = 'We couldn’t find this visit';

/** Signed out: the login drawer, coming back to this very address afterwards (SPEC §2 redirect target). */
export function SignInToSee({ title, body }: { title: string; body: string }) {
  const { openLoginDrawer } = useLoginDrawer();
  const location = useLocation();
  return (
    <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
      <Typography variant="h1">{title}</Typography>
      <Typography>{body}</Typography>
      <Button
        variant="contained"
        onClick={() => openLoginDrawer({ redirectTo: `${location.pathname}${location.search}` })}
      >
        Log in
      </Button>
    </Stack>
  );
}

/** Someone else's order, an unknown one, or an order without a visit: the same answer (a 404). */
export function NotFound({ title = NOT_FOUND_TITLE }: { title?: string }) {
  return (
    <Stack spacing={2}>
      <Typography variant="h1">{title}</Typography>
      <Typography>
        Check the link in your email, or find your visit in your account. You need to be logged in
        to the account you booked with.
      </Typography>
      <VisitActions />
    </Stack>
  );
}

/** The window closed and the visit is not marked done or missed yet. */
export function VisitOver() {
  return (
    <Stack spacing={2}>
      <Typography variant="h1">The time for this visit is over</Typography>
      <Typography>
        If your visit took place, your doctor now reviews it and decides on your treatment; we email
        you when they do. If it did not, this page shows how to book a new time shortly.
      </Typography>
      <VisitActions />
    </Stack>
  );
}

/** A cancelled visit of a paid order: a new time (or cancelling the order) from the account. */
export function CancelledVisit() {
  return (
    <Stack spacing={2}>
      <Typography variant="h1">This visit was cancelled</Typography>
      <Typography>
        Your card has not been charged. You can book a new time, or cancel your order, from your
        account.
      </Typography>
      <VisitActions>
        <Button component={RouterLink} to="/my-account/visit" variant="contained">
          Book a new time
        </Button>
      </VisitActions>
    </Stack>
  );
}
