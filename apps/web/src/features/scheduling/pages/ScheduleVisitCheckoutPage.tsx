// /checkout/schedule-visit (SPEC §2; issue 6): the ScheduleVisitPanel bound to the order in
// checkout. Doctors licensed in the order's shipping state or "First available", a day and a slot
// in the patient's time zone, the invitee (prefilled from the account when signed in), SCHEDULE.
// The server books the visit for the order and completes its Scheduling stage; then the patient
// goes on to the first pending stage.
import { isScheduledVisit, VISIT_TYPES } from '@store/domain';
import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { EmptyState, ErrorState, LoadingState } from '@/components/PageState';
import { StatusButton } from '@/components/StatusButton';
import { useCheckout } from '@/shared/checkout';
import { useIsSignedIn } from '@/shared/session';
import { useDocumentTitle } from '@/shared/storefront';
import { useAccountInvitee, useOrderAppointment } from '../api/scheduling.api';
import { ScheduleVisitPanel } from '../components/ScheduleVisitPanel';
import { doctorTitle } from '../format';
import { formatVisitRange } from '../time';

export function ScheduleVisitCheckoutPage() {
  useDocumentTitle('Schedule your visit');
  const { order, progress, continueCheckout } = useCheckout();
  const signedIn = useIsSignedIn();
  const profile = useAccountInvitee(signedIn);
  const current = useOrderAppointment(order.id);
  const visitType = progress.visitType;

  let body: React.ReactNode;
  if (!isScheduledVisit(visitType)) {
    body = (
      <EmptyState
        title="This order has no video or phone visit"
        body="Nothing to schedule here. Continue with your order."
        action={<StatusButton onClick={() => continueCheckout()}>Continue</StatusButton>}
      />
    );
  } else if (current.isPending || (signedIn && profile.isPending)) {
    body = <LoadingState label="Loading your visit…" lines={4} />;
  } else if (current.isError) {
    body = <ErrorState error={current.error} onRetry={() => void current.refetch()} retrying={current.isFetching} />;
  } else {
    const booked = current.data.appointment?.status === 'booked' ? current.data.appointment : null;
    const account = profile.data;
    body = (
      <Stack spacing={3}>
        {booked ? (
          <Alert severity="info">
            Your visit is booked: {doctorTitle(booked.doctor)} ·{' '}
            {formatVisitRange(booked.startsAt, booked.endsAt, booked.patientTimeZone)}. Choose another time below to move it, or{' '}
            <StatusButton variant="text" size="small" onClick={() => continueCheckout()}>
              keep it and continue
            </StatusButton>
          </Alert>
        ) : null}
        <ScheduleVisitPanel
          state={order.shipping.state ?? undefined}
          visitType={visitType}
          orderId={order.id}
          defaultInvitee={
            booked
              ? booked.invitee
              : account
                ? { name: `${account.firstName} ${account.lastName}`.trim(), email: account.email, number: account.phone }
                : order.shippingAddress
                  ? // A guest already gave a name and phone for shipping: start from them.
                    { name: order.shippingAddress.fullName, number: order.shippingAddress.phone }
                  : undefined
          }
          onBooked={() => void continueCheckout()}
        />
      </Stack>
    );
  }

  return (
    <Stack spacing={3} sx={{ maxWidth: 880 }}>
      <Typography variant="h1">Schedule your visit</Typography>
      <Typography variant="subtitle1" component="p">
        {visitType === VISIT_TYPES.phone ? 'Choose a time for your phone visit with a doctor.' : 'Choose a time for your video visit with a doctor.'}
      </Typography>
      {body}
    </Stack>
  );
}
