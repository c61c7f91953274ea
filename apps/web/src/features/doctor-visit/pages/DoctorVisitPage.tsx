// One visit in the doctor's area (issue 16), at /doctor/visits/:appointmentId: who, when (in the
// doctor's zone, named), the order it belongs to. A video visit is joined here once its window
// opens (camera check, then Join; the patient waits until admitted); a phone visit shows the
// patient's number and is marked done here. The private visit note sits beside it, and after the
// visit the order's review page is one link away ("Decide on this order").
import {
  formatVisitRange,
  VISIT_TYPE_LABELS,
  VISIT_TYPE_PHONE,
  type DoctorVisit,
} from '@store/domain';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Grid from '@mui/material/Grid';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { formatPhoneForPeople, patientTelHref } from '@/shared/contact';
import { Link as RouterLink, useParams } from 'react-router';
import { EmptyState, ErrorState, LoadingState, errorText } from '@/components/PageState';
import { StatusButton } from '@/components/StatusButton';
import { isApiError } from '@/lib/api';
import { useDocumentTitle } from '@/shared/storefront';
import { JoinVisit } from '@/shared/visit-call';
import {
  doctorVisitApi,
  doctorVisitKeys,
  useDoctorVisit,
  useSetDoctorVisit,
} from '../api/doctor-visit.api';
import { VisitNoteForm } from '../components/VisitNoteForm';
import {
  DOCTOR_QUEUE_PATH,
  doctorOrderPath,
  doctorZone,
  formatMoment,
  outcomeText,
} from '../visitFormat';

export function DoctorVisitPage() {
  useDocumentTitle('Visit');
  const { appointmentId = '' } = useParams();
  const visit = useDoctorVisit(appointmentId);

  let body;
  if (visit.isPending) {
    body = <LoadingState label="Opening the visit…" lines={6} />;
  } else if (visit.isError) {
    body =
      isApiError(visit.error) && (visit.error.status === 404 || visit.error.status === 400) ? (
        <EmptyState
          title="Not in your visits"
          body="This visit is not one of yours, or it does not exist."
          action={
            <Button component={RouterLink} to={DOCTOR_QUEUE_PATH}>
              Back to queue
            </Button>
          }
        />
      ) : (
        <ErrorState
          error={visit.error}
          onRetry={() => void visit.refetch()}
          retrying={visit.isFetching}
        />
      );
  } else {
    body = <VisitDetail visit={visit.data} />;
  }

  return (
    <Container maxWidth="lg" sx={{ py: { xs: 3, md: 5 } }}>
      <Stack spacing={3}>
        <Stack
          direction="row"
          spacing={2}
          sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap' }}
        >
          <Typography variant="h1">
            {visit.data ? `Visit with ${visit.data.patient.name}` : 'Visit'}
          </Typography>
          <Button variant="outlined" component={RouterLink} to={DOCTOR_QUEUE_PATH}>
            Back to queue
          </Button>
        </Stack>
        {body}
      </Stack>
    </Container>
  );
}

function VisitDetail({ visit }: { visit: DoctorVisit }) {
  const zone = doctorZone(visit);
  const setVisit = useSetDoctorVisit(visit.appointmentId);
  const phoneVisit = visit.visitType === VISIT_TYPE_PHONE;
  return (
    <Grid container spacing={3}>
      <Grid size={{ xs: 12, md: 7 }}>
        <Stack spacing={3}>
          <Paper
            variant="outlined"
            component="section"
            aria-labelledby="visit-details"
            sx={{ p: 2 }}
          >
            <Typography variant="h2" id="visit-details" sx={{ fontSize: '1.25rem', mb: 1 }}>
              Details
            </Typography>
            <Stack
              component="dl"
              spacing={1}
              sx={{ m: 0, '& dt': { fontWeight: 600 }, '& dd': { m: 0 } }}
            >
              <div>
                <dt>When</dt>
                <dd>{formatVisitRange(visit.startsAt, visit.endsAt, zone)}</dd>
              </div>
              {visit.patient.timeZone !== zone ? (
                <div>
                  <dt>The patient’s time</dt>
                  <dd>{formatVisitRange(visit.startsAt, visit.endsAt, visit.patient.timeZone)}</dd>
                </div>
              ) : null}
              <div>
                <dt>Type</dt>
                <dd>{VISIT_TYPE_LABELS[visit.visitType]}</dd>
              </div>
              <div>
                <dt>Order</dt>
                <dd>
                  {visit.orderId ? (
                    <Link component={RouterLink} to={doctorOrderPath(visit.orderId)}>
                      {visit.orderNumber ?? 'Open the order'}
                    </Link>
                  ) : (
                    'No order'
                  )}
                </dd>
              </div>
              <div>
                <dt>Patient’s phone</dt>
                <dd>
                  <Link href={patientTelHref(visit.patient.phone)}>
                    {formatPhoneForPeople(visit.patient.phone)}
                  </Link>
                </dd>
              </div>
            </Stack>
          </Paper>
          {phoneVisit ? (
            <PhoneVisit visit={visit} zone={zone} onDone={setVisit} />
          ) : (
            <VideoVisit visit={visit} zone={zone} />
          )}
          {visit.status === 'completed' && visit.orderId ? (
            <div>
              <Button
                variant="contained"
                size="large"
                component={RouterLink}
                to={doctorOrderPath(visit.orderId)}
              >
                Decide on this order
              </Button>
            </div>
          ) : null}
        </Stack>
      </Grid>
      <Grid size={{ xs: 12, md: 5 }}>
        <Paper variant="outlined" component="section" aria-labelledby="visit-note" sx={{ p: 2 }}>
          <Typography variant="h2" id="visit-note" sx={{ fontSize: '1.25rem', mb: 1 }}>
            Visit note
          </Typography>
          <VisitNoteForm visit={visit} onSaved={setVisit} />
        </Paper>
      </Grid>
    </Grid>
  );
}

/**
 * Refetches the visit when its window opens, so "Opens at" turns into the camera check on time. The
 * moment is the store's (`serverNow`), not the device clock's, which may be minutes off.
 */
function useRefetchAt(iso: string, serverNow: string, appointmentId: string, active: boolean) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!active) return;
    const wait = new Date(iso).getTime() - new Date(serverNow).getTime() + 500;
    if (wait <= 0 || wait > 2 ** 31 - 1) return;
    const timer = setTimeout(
      () => void queryClient.invalidateQueries({ queryKey: doctorVisitKeys.visit(appointmentId) }),
      wait,
    );
    return () => clearTimeout(timer);
  }, [iso, serverNow, appointmentId, active, queryClient]);
}

function VideoVisit({ visit, zone }: { visit: DoctorVisit; zone: string }) {
  const queryClient = useQueryClient();
  const booked = visit.status === 'booked';
  // Once the doctor could join, the call stays on the page until it ends (a refresh of the visit
  // as the window closes must not cut a call short).
  const [opened, setOpened] = useState(false);
  if (booked && visit.phase === 'open' && !opened) setOpened(true);
  useRefetchAt(visit.opensAt, visit.serverNow, visit.appointmentId, booked && !opened);
  const refresh = () =>
    void queryClient.invalidateQueries({ queryKey: doctorVisitKeys.visit(visit.appointmentId) });

  let content;
  if (booked && (visit.phase === 'open' || opened)) {
    content = (
      <JoinVisit
        appointmentId={visit.appointmentId}
        role="doctor"
        phone={visit.patient.phone}
        onEnded={refresh}
      />
    );
  } else if (booked && visit.phase !== 'closed') {
    content = (
      <Typography>
        Opens at {formatMoment(visit.opensAt, zone)}. You can join from 5 minutes before the start;
        the patient waits until you admit them.
      </Typography>
    );
  } else if (booked) {
    content = (
      <Typography>
        The window closed at {formatMoment(visit.closesAt, zone)} without the visit.
      </Typography>
    );
  } else {
    content = (
      <Typography>
        {outcomeText(visit)}
        {visit.endedAt ? ` Ended at ${formatMoment(visit.endedAt, zone)}.` : ''}
      </Typography>
    );
  }
  return (
    <Paper variant="outlined" component="section" aria-labelledby="visit-call" sx={{ p: 2 }}>
      <Typography variant="h2" id="visit-call" sx={{ fontSize: '1.25rem', mb: 1 }}>
        Video call
      </Typography>
      {content}
    </Paper>
  );
}

function PhoneVisit({
  visit,
  zone,
  onDone,
}: {
  visit: DoctorVisit;
  zone: string;
  onDone: (visit: DoctorVisit) => void;
}) {
  const [confirmingDone, setConfirmingDone] = useState(false);
  const complete = useMutation({
    mutationFn: () => doctorVisitApi.complete(visit.appointmentId),
    onSuccess: onDone,
  });
  const booked = visit.status === 'booked';
  return (
    <Paper variant="outlined" component="section" aria-labelledby="visit-phone" sx={{ p: 2 }}>
      <Stack spacing={1.5}>
        <Typography variant="h2" id="visit-phone" sx={{ fontSize: '1.25rem' }}>
          Phone call
        </Typography>
        {booked ? (
          <>
            <Typography>
              Call{' '}
              <Link href={patientTelHref(visit.patient.phone)}>
                {formatPhoneForPeople(visit.patient.phone)}
              </Link>{' '}
              between {formatMoment(visit.startsAt, zone)} and {formatMoment(visit.endsAt, zone)}.
            </Typography>
            <div>
              <StatusButton
                status={complete.isPending ? 'loading' : 'idle'}
                onClick={() => setConfirmingDone(true)}
              >
                Mark visit done
              </StatusButton>
            </div>
            {/* Marking it done completes the visit; it cannot be undone. */}
            <ConfirmDialog
              open={confirmingDone}
              title="Mark the visit done?"
              text="Do this after you have spoken with the patient. The visit is marked completed and you then decide on the order."
              confirmLabel="Mark visit done"
              onConfirm={() => complete.mutate()}
              onClose={() => setConfirmingDone(false)}
            />
            {complete.isError ? (
              <Typography role="alert" color="error">
                {errorText(complete.error)}
              </Typography>
            ) : null}
          </>
        ) : (
          <Typography role="status">
            {outcomeText(visit)}
            {visit.endedAt ? ` Ended at ${formatMoment(visit.endedAt, zone)}.` : ''}
          </Typography>
        )}
      </Stack>
    </Paper>
  );
}
