// CHECKOUT_ROUTES.patientVisit, /checkout/patient-visit?id=<orderId> (issue 16; SPEC §2 "missed-visit
// and visit-about-to-start welcome screens, start visit, connect to your visit now, go to my
// account"; §7 "patient visit details", "POST welcome-back for schedule visit, missed visit, visit
// about to start"). Reached from the reminder mails' join link, the order confirmation and My
// account; not a checkout stage (no open order needed). The screen follows the visit: scheduled
// (welcome back), about to start (START ONLINE VISIT), open (the call), phone (the doctor calls),
// missed (SCHEDULE a new time), completed (→ ended-visit). The phase is recomputed in the browser at
// the minute it changes; the visit itself is read again gently.
import type { VisitWindowPhase } from '@store/domain';
import Container from '@mui/material/Container';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type ComponentType } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { ErrorState, LoadingState } from '@/components/PageState';
import { useSession } from '@/shared/session';
import { useDocumentTitle } from '@/shared/storefront';
import { endedVisitPath, useVisitWindowPhase } from '@/shared/visitWindow';
import { isNotFound, usePatientVisit, visitKeys, type PatientVisit } from '../api/visit.api';
import { MissedVisit, type RebookProps } from '../components/MissedVisit';
import { PhoneVisit } from '../components/PhoneVisit';
import { ScheduledVisit } from '../components/ScheduledVisit';
import { VideoVisit } from '../components/VideoVisit';
import { CancelledVisit, NotFound, SignInToSee, VisitOver } from '../components/VisitStates';

export const REBOOKED_TEXT = 'Your new visit is booked. We emailed you the details.';

export interface PatientVisitPageProps {
  /** Books a new time for a missed visit (the scheduling feature's; the router hands it in). */
  Rebook: ComponentType<RebookProps>;
}

export function PatientVisitPage({ Rebook }: PatientVisitPageProps) {
  useDocumentTitle('Your visit');
  const [params] = useSearchParams();
  const orderId = params.get('id') ?? '';
  const session = useSession();
  const signedIn = session.data?.kind === 'user';
  const visit = usePatientVisit(orderId, signedIn);
  const [notice, setNotice] = useState<string | null>(null);

  let body;
  if (!orderId) body = <NotFound />;
  else if (session.isPending) body = <LoadingState label="Loading your visit…" lines={4} />;
  else if (session.isError)
    body = (
      <ErrorState
        error={session.error}
        onRetry={() => void session.refetch()}
        retrying={session.isFetching}
        headingComponent="h1"
        title="We could not load your visit"
      />
    );
  else if (!signedIn)
    body = <SignInToSee title="Your visit" body="Please log in to see your visit." />;
  else if (visit.isPending) body = <LoadingState label="Loading your visit…" lines={4} />;
  // A failed poll keeps what is on screen (never a call torn down by a blip); only a first failure shows.
  else if (visit.isError && !visit.data)
    body = isNotFound(visit.error) ? (
      <NotFound />
    ) : (
      <ErrorState
        error={visit.error}
        onRetry={() => void visit.refetch()}
        retrying={visit.isFetching}
        headingComponent="h1"
        title="We could not load your visit"
      />
    );
  else if (visit.data)
    body = (
      <VisitScreen
        key={visit.data.appointmentId}
        visit={visit.data}
        Rebook={Rebook}
        notice={notice}
        onRebooked={() => setNotice(REBOOKED_TEXT)}
      />
    );

  return (
    <Container maxWidth="md" sx={{ py: { xs: 3, md: 6 } }}>
      {body}
    </Container>
  );
}

function VisitScreen({
  visit,
  Rebook,
  notice,
  onRebooked,
}: {
  visit: PatientVisit;
  Rebook: ComponentType<RebookProps>;
  notice: string | null;
  onRebooked: () => void;
}) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const phase = useVisitWindowPhase(visit.startsAt, visit.endsAt, visit.phase, visit.serverNow);
  const [joining, setJoining] = useState(false);
  // The window opened with the page open: the call is shown, and stays while the visit is booked
  // (a window closing mid-call does not tear the call down).
  if (visit.status === 'booked' && visit.visitType === 1 && phase === 'open' && !joining)
    setJoining(true);

  const refresh = () => queryClient.invalidateQueries({ queryKey: visitKeys.visit(visit.orderId) });

  if (visit.status === 'completed' || visit.outcome === 'completed')
    return <Navigate to={endedVisitPath(visit.orderId)} replace />;
  if (
    visit.status === 'missed' ||
    visit.outcome === 'missed_by_patient' ||
    visit.outcome === 'missed_by_doctor'
  )
    return (
      <MissedVisit
        visit={visit}
        Rebook={Rebook}
        onBooked={() => {
          onRebooked();
          void refresh();
        }}
      />
    );
  if (visit.status !== 'booked') return <CancelledVisit />;
  if (visit.visitType === 2) return phaseScreen(phase, <PhoneVisit visit={visit} />, visit, notice);
  if (joining || phase === 'about_to_start')
    return (
      <VideoVisit
        visit={visit}
        phase={phase}
        joining={joining}
        onJoin={() => setJoining(true)}
        onEnded={(by) => {
          void refresh();
          // The doctor ended it: the visit is completed. Otherwise the visit says what it became.
          if (by === 'doctor') void navigate(endedVisitPath(visit.orderId));
        }}
      />
    );
  return phaseScreen(phase, null, visit, notice);
}

/** Scheduled: welcome back; over: the time is over; otherwise the screen given. */
function phaseScreen(
  phase: VisitWindowPhase,
  near: React.ReactNode,
  visit: PatientVisit,
  notice: string | null,
) {
  if (phase === 'scheduled') return <ScheduledVisit visit={visit} notice={notice} />;
  if (phase === 'closed') return <VisitOver />;
  return near;
}
