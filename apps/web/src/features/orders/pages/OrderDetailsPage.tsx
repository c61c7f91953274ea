// SPEC §2 /order-details?id=… (issue 17; SPEC §7 order details, details for customer receipt):
// one of the patient's orders — status and latest step, items and totals, shipping address,
// pharmacy, doctor, visit, prescription summary, payment, fulfilment and tracking, the steps so far
// — with the receipt PDF, Reorder (the refills part's endpoint), Continue for an unfinished order,
// Change shipping address while the order has not shipped, and Renew prescription once its
// prescription has no refills left or has expired (the renewal feature's page).
import { CARD_BRAND_NAMES, type AccountOrderDetails, type CardBrand } from '@store/domain';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Divider from '@mui/material/Divider';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState, type ComponentType, type ReactNode } from 'react';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { withNotice } from '@/components/NavigationNotice';
import { EmptyState, ErrorState, errorText, LoadingState } from '@/components/PageState';
import { StatusButton } from '@/components/StatusButton';
import { useFocusLater } from '@/components/useFocusLater';
import { isApiError } from '@/lib/api';
import { ACCOUNT_ROUTES } from '@/shared/accountRoutes';
import { renewPrescriptionPath } from '@/shared/renewal';
import { useSession } from '@/shared/session';
import { useDocumentTitle } from '@/shared/storefront';
import { useAccountOrder, useReorder } from '../api/orders.api';
import { ChangeAddressForm } from '../components/ChangeAddressForm';
import { LatestStep, OrderStatusChip } from '../components/OrderStatus';
import { formatDate, formatDateTime, money } from '../format';

export const ORDER_NOT_FOUND_TITLE = 'We could not find this order';

const PAYMENT_WORDS: Record<string, string> = {
  authorized: 'Authorized (held on your card until your doctor approves)',
  captured: 'Charged',
  voided: 'Released (not charged)',
  refunded: 'Refunded',
  failed: 'Declined',
  pending: 'Processing',
};

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper variant="outlined" component="section" sx={{ p: 2 }} aria-label={title}>
      <Typography variant="h2" sx={{ fontSize: '1.15rem', mb: 1 }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

function Row({ label, value, strong = false }: { label: string; value: string; strong?: boolean }) {
  return (
    <Stack direction="row" sx={{ justifyContent: 'space-between', fontWeight: strong ? 700 : undefined }}>
      <Typography component="span" sx={{ fontWeight: 'inherit' }}>
        {label}
      </Typography>
      <Typography component="span" sx={{ fontWeight: 'inherit' }}>
        {value}
      </Typography>
    </Stack>
  );
}

function ReorderButton({ orderId }: { orderId: string }) {
  const reorder = useReorder(orderId);
  const navigate = useNavigate();
  return (
    <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
      <StatusButton
        variant="outlined"
        status={reorder.isPending ? 'loading' : 'idle'}
        onClick={() =>
          reorder.mutate(undefined, {
            // The layout's NavigationNotice shows the server's message on arrival.
            onSuccess: (result) => void navigate(result.path, { state: withNotice(result.message) }),
          })
        }
      >
        Reorder
      </StatusButton>
      {reorder.isError ? (
        <Alert severity="error" role="alert">
          {isApiError(reorder.error) ? reorder.error.detail : errorText(reorder.error)}
        </Alert>
      ) : null}
    </Stack>
  );
}

const ADDRESS_CHANGED_ID = 'order-address-changed';
const CHANGE_ADDRESS_ID = 'order-change-address';

function Details({ order }: { order: AccountOrderDetails }) {
  const [editing, setEditing] = useState(false);
  const [changed, setChanged] = useState(false);
  // The form closes after Save or Cancel: focus goes to the message, or back to the button.
  const focusLater = useFocusLater();
  const t = order.totals;
  const a = order.shippingAddress;
  const unfinished = order.statusLabel === 'Incomplete';
  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography variant="h1">Order {order.orderNumber}</Typography>
        <OrderStatusChip label={order.statusLabel} />
      </Stack>
      <Typography color="text.secondary">
        {order.placedAt ? `Placed ${formatDate(order.placedAt)}` : `Started ${formatDate(order.createdAt)}`}
      </Typography>
      <LatestStep step={order.latestStep} />
      <Stack direction="row" spacing={2} sx={{ flexWrap: 'wrap', alignItems: 'flex-start' }} useFlexGap>
        {order.resumePath ? (
          <Button variant="contained" component={RouterLink} to={order.resumePath}>
            Continue
          </Button>
        ) : null}
        {order.receiptUrl ? (
          <Button variant="outlined" href={order.receiptUrl} download={`receipt-${order.orderNumber}.pdf`}>
            Download receipt
          </Button>
        ) : null}
        {!unfinished ? <ReorderButton orderId={order.id} /> : null}
        {order.ratePath ? (
          <Button component={RouterLink} to={order.ratePath}>
            Rate your doctor
          </Button>
        ) : null}
      </Stack>

      <Section title="Items">
        <Stack spacing={0.5}>
          {order.lines.map((l) => (
            <Row key={l.title} label={`${l.title} × ${l.qty} (${money(l.unitPriceCents)} each)`} value={money(l.lineSubtotalCents)} />
          ))}
          <Divider sx={{ my: 1 }} />
          <Row label="Subtotal" value={money(t.subtotalCents)} />
          {t.consultFeeCents > 0 ? <Row label="Consult fee" value={money(t.consultFeeCents)} /> : null}
          <Row label="Shipping" value={money(t.shippingCents)} />
          {t.discountCents > 0 ? <Row label={`Discount${order.promoCode ? ` (${order.promoCode})` : ''}`} value={`-${money(t.discountCents)}`} /> : null}
          <Row label="Tax" value={money(t.taxCents)} />
          {t.donationCents > 0 ? <Row label="Donation" value={money(t.donationCents)} /> : null}
          <Row label="Total" value={money(t.totalCents)} strong />
        </Stack>
      </Section>

      <Section title="Shipping address">
        {changed ? (
          <Alert id={ADDRESS_CHANGED_ID} tabIndex={-1} severity="success" sx={{ mb: 1 }}>
            Your shipping address was changed.
          </Alert>
        ) : null}
        {editing ? (
          <ChangeAddressForm
            order={order}
            onDone={() => {
              setEditing(false);
              setChanged(true);
              focusLater(ADDRESS_CHANGED_ID);
            }}
            onCancel={() => {
              setEditing(false);
              focusLater(CHANGE_ADDRESS_ID);
            }}
          />
        ) : (
          <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
            {a ? (
              <Typography component="address" sx={{ fontStyle: 'normal' }}>
                {a.fullName}
                <br />
                {a.line1}
                {a.line2 ? `, ${a.line2}` : ''}
                <br />
                {a.city}, {a.state} {a.zip}
              </Typography>
            ) : (
              <Typography>{order.ships ? 'No shipping address yet.' : 'This order does not ship.'}</Typography>
            )}
            {order.shippingMethod ? (
              <Typography variant="body2" color="text.secondary">
                {order.shippingMethod.carrier} · {order.shippingMethod.name}
              </Typography>
            ) : null}
            {order.addressChange.allowed ? (
              <Button id={CHANGE_ADDRESS_ID} variant="text" onClick={() => { setChanged(false); setEditing(true); }}>
                Change shipping address
              </Button>
            ) : order.addressChange.reason && a && !unfinished ? (
              <Typography variant="body2" color="text.secondary">
                {order.addressChange.reason}
              </Typography>
            ) : null}
          </Stack>
        )}
      </Section>

      {order.fulfilment ? (
        <Section title="Delivery">
          <Typography>
            {order.latestStep.label}
            {order.fulfilment.carrier ? ` · ${order.fulfilment.carrier}` : ''}
          </Typography>
          {order.fulfilment.trackingUrl ? (
            <Link href={order.fulfilment.trackingUrl} target="_blank" rel="noopener noreferrer">
              Track your package ({order.fulfilment.trackingNumber})
            </Link>
          ) : order.fulfilment.trackingNumber ? (
            <Typography>Tracking number: {order.fulfilment.trackingNumber}</Typography>
          ) : null}
        </Section>
      ) : null}

      {order.pharmacy ? (
        <Section title="Pharmacy">
          <Typography>{order.pharmacy.name}</Typography>
          <Typography variant="body2">
            {[order.pharmacy.address.line, order.pharmacy.address.city, order.pharmacy.address.state, order.pharmacy.address.zip].filter(Boolean).join(', ')}
          </Typography>
          {order.pharmacy.phone ? <Typography variant="body2">{order.pharmacy.phone}</Typography> : null}
        </Section>
      ) : null}

      {order.doctor || order.visit ? (
        <Section title="Your doctor and visit">
          {order.doctor ? (
            <Typography>
              {order.doctor.name}
              {order.doctor.credentials ? `, ${order.doctor.credentials}` : ''}
            </Typography>
          ) : null}
          {order.visit ? (
            <Typography variant="body2">
              {order.visit.type === 'review' ? 'Online review by a doctor' : order.visit.type === 'video' ? 'Video visit' : 'Phone visit'}
              {order.visit.startsAt ? ` · ${formatDateTime(order.visit.startsAt)}` : ''} · {order.visit.status.replace(/_/g, ' ')}
            </Typography>
          ) : null}
        </Section>
      ) : null}

      {order.prescription ? (
        <Section title="Prescription">
          <Typography>
            {order.prescription.medication} {order.prescription.strength} {order.prescription.form}, quantity {order.prescription.quantity}
          </Typography>
          <Typography variant="body2">{order.prescription.directions}</Typography>
          <Typography variant="body2">
            Refills left: {order.prescription.refillsLeft} · Expires {formatDate(order.prescription.expiresAt)}
          </Typography>
          {order.prescription.renewable ? (
            <Stack spacing={1} sx={{ mt: 1.5, alignItems: 'flex-start' }}>
              <Typography variant="body2">This prescription has no refills left or has expired. A doctor can renew it after a short consult.</Typography>
              <Button variant="outlined" component={RouterLink} to={renewPrescriptionPath(order.id)}>
                Renew prescription
              </Button>
            </Stack>
          ) : null}
        </Section>
      ) : null}

      {order.payment ? (
        <Section title="Payment">
          <Typography>
            {order.payment.card ? `${CARD_BRAND_NAMES[order.payment.card.brand as CardBrand] ?? order.payment.card.brand} ending in ${order.payment.card.last4}` : 'Card'}
          </Typography>
          <Typography variant="body2">
            {PAYMENT_WORDS[order.payment.status] ?? order.payment.status}: {money(order.payment.amountCents)}
          </Typography>
          {(
            [
              ['Authorized', order.payment.authorizedAt],
              ['Charged', order.payment.capturedAt],
              ['Released', order.payment.voidedAt],
              ['Refunded', order.payment.refundedAt],
            ] as const
          )
            .filter(([, at]) => at)
            .map(([label, at]) => (
              <Typography key={label} variant="body2" color="text.secondary">
                {label} {formatDateTime(at!)}
              </Typography>
            ))}
          {order.payment.status === 'captured' && order.payment.refundedCents ? (
            // issue 18: part of the charge given back by the store (a partial refund).
            <Typography variant="body2">Refunded so far: {money(order.payment.refundedCents)}</Typography>
          ) : null}
        </Section>
      ) : null}

      {order.timeline.length > 1 ? (
        <Section title="Order history">
          <Stack component="ol" spacing={0.5} sx={{ pl: 2, m: 0 }}>
            {order.timeline.map((s) => (
              <Typography component="li" key={`${s.label}-${s.at}`} variant="body2">
                {s.label} · {formatDateTime(s.at)}
              </Typography>
            ))}
          </Stack>
        </Section>
      ) : null}
    </Stack>
  );
}

export interface OrderDetailsPageProps {
  SignInRequired: ComponentType<{ title: string }>;
}

export function OrderDetailsPage({ SignInRequired }: OrderDetailsPageProps) {
  useDocumentTitle('Order details');
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const session = useSession();
  const signedIn = session.data?.kind === 'user';
  const order = useAccountOrder(id, signedIn);

  let body: ReactNode;
  if (session.isPending) body = <LoadingState />;
  else if (!signedIn) return <SignInRequired title="Order details" />;
  // A mistyped id (400) is as unknown as another account's order (404): the same plain answer.
  else if (!id || (order.isError && isApiError(order.error) && (order.error.status === 404 || order.error.status === 400)))
    body = <EmptyState headingComponent="h1" title={ORDER_NOT_FOUND_TITLE} body="It may belong to another account." />;
  else if (order.isPending) body = <LoadingState label="Loading your order…" />;
  else if (order.isError) body = <ErrorState title="Order details" headingComponent="h1" error={order.error} onRetry={() => void order.refetch()} retrying={order.isFetching} />;
  else body = <Details order={order.data} />;
  return (
    <Container sx={{ py: { xs: 4, md: 6 } }}>
      <Stack spacing={3} sx={{ maxWidth: 820 }}>
        {body}
        <Link component={RouterLink} to={ACCOUNT_ROUTES.myOrders} sx={{ alignSelf: 'flex-start' }}>
          Back to my orders
        </Link>
      </Stack>
    </Container>
  );
}
