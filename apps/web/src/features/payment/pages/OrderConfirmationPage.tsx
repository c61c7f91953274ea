// CHECKOUT_ROUTES.orderConfirmation (issue 7; SPEC §2 progress 5): the order number, what happens
// next, add-to-calendar (.ics) for a booked visit, the receipt and a link to the account. A video or
// phone visit links to its screen ("Your visit"); once the doctor decided (or the visit is over) and
// the doctor can be rated, "Rate your doctor" leads to ended-visit (issue 16).
import { formatCents, formatVisitRange, VISIT_TYPES } from '@store/domain';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { ACCOUNT_ROUTES } from '@/shared/accountRoutes';
import { EmptyState, ErrorState, LoadingState } from '@/components/PageState';
import { useDocumentTitle } from '@/shared/storefront';
import { downloadVisitIcs } from '@/shared/visitIcs';
import { endedVisitPath, isDecidedOrder, patientVisitPath } from '@/shared/visitWindow';
import { useOrderAppointment, useOrderRating, usePurchase, visitIcs } from '../api/payment.api';

export function OrderConfirmationPage() {
  useDocumentTitle('Order confirmation');
  const [params] = useSearchParams();
  const orderId = params.get('order');
  const purchase = usePurchase(orderId);
  const status = purchase.data?.status ?? '';
  const visit = useOrderAppointment(orderId, status === 'visit_scheduled' || status === 'visit_missed');
  // Rating the doctor works after a completed visit or a decision: asked only then, linked only when it can.
  const visitOver = visit.data?.appointment?.status === 'completed';
  const rating = useOrderRating(orderId, isDecidedOrder(status) || visitOver);

  if (!orderId) {
    return (
      <EmptyState
        title="No order to confirm"
        // issue 13 #17: the account does not list orders; the confirmation email does.
        body="The confirmation email we sent after payment has your order number and a link to your receipt."
        headingComponent="h1"
        action={<Button component={RouterLink} to="/products" variant="contained">Back to the shop</Button>}
      />
    );
  }
  if (purchase.isPending) return <LoadingState label="Loading your order…" />;
  if (purchase.isError) {
    return <ErrorState error={purchase.error} onRetry={() => void purchase.refetch()} retrying={purchase.isFetching} headingComponent="h1" title="We could not load your order" />;
  }
  const p = purchase.data;
  const appointment = visit.data?.appointment ?? null;
  // Only what really happens now (issue 13 #17): nothing is joined from the account and no
  // shipping mail exists yet, so neither is promised.
  const next = p.payment.captured
    ? 'Your payment is complete. There is nothing more you need to do.'
    : p.status === 'visit_scheduled'
      ? `${visit.data?.visitType === VISIT_TYPES.phone ? 'Your doctor will call you at the booked time.' : 'Your video visit is booked for the time below. You join it from “Your visit” (the reminder emails and your account lead there too). The email about your visit has a link to reschedule or cancel it.'} Your card is only charged if the doctor approves your treatment.`
      : p.status === 'visit_missed'
        ? 'Your visit did not take place. Book a new time from “Your visit”. Your card is only charged if the doctor approves your treatment.'
        : 'A doctor will review your answers, usually within one business day. Your card is only charged if the doctor approves your treatment.';

  function downloadIcs() {
    if (!appointment) return;
    downloadVisitIcs(
      visitIcs({
        uid: `${appointment.id}@storefront`,
        startsAt: appointment.startsAt,
        endsAt: appointment.endsAt,
        title: `Visit with ${appointment.doctor.name}`,
        description: `Order ${p.orderNumber}`,
      }),
    );
  }

  return (
    <Stack spacing={3}>
      <Typography variant="h1" sx={{ fontSize: { xs: 28, sm: 38 } }}>
        Thank you! Your order is placed.
      </Typography>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        <Stack spacing={1.5}>
          <Typography>
            Order number: <strong data-testid="order-number">{p.orderNumber}</strong>
          </Typography>
          <Typography>
            {p.payment.captured ? 'Paid' : 'Authorized'}: {formatCents(p.payment.amountCents)}
            {p.payment.card ? ` with ${p.payment.card.label}` : ''}
          </Typography>
          <Typography variant="h2" sx={{ fontSize: 20, pt: 1 }}>
            What happens next
          </Typography>
          <Typography data-testid="next-steps">{next}</Typography>
          {appointment ? (
            <Typography data-testid="your-visit">
              {/* Underlined: a link inside a sentence is told apart by more than its colour (axe link-in-text-block). */}
              <Link component={RouterLink} to={patientVisitPath(p.orderId)} underline="always">
                Your visit
              </Link>
              : {formatVisitRange(appointment.startsAt, appointment.endsAt, appointment.patientTimeZone)}
            </Typography>
          ) : null}
          <Typography color="text.secondary">We sent a confirmation email with a link to your receipt.</Typography>
        </Stack>
      </Paper>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        {appointment ? (
          <Button variant="outlined" onClick={downloadIcs}>
            Add to calendar
          </Button>
        ) : null}
        {rating.data?.canRate ? (
          <Button variant="contained" component={RouterLink} to={endedVisitPath(p.orderId)}>
            Rate your doctor
          </Button>
        ) : null}
        <Button variant="outlined" href={p.receiptUrl} target="_blank" rel="noopener">
          View receipt (PDF)
        </Button>
        {/* issue 17: the order's own page in the account (details, receipt, address until it ships). */}
        <Button variant="outlined" component={RouterLink} to={`${ACCOUNT_ROUTES.orderDetails}?id=${encodeURIComponent(p.orderId)}`}>
          View your order
        </Button>
        <Button variant="contained" component={RouterLink} to="/my-account">
          Go to my account
        </Button>
      </Stack>
    </Stack>
  );
}
