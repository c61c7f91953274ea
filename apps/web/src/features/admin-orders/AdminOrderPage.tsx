// /admin/orders/:orderId (issue 18): one order as support sees it: items and money (the snapshots
// the patient agreed to), the patient's contact (the read is written to the patient's access log),
// payments and refunds, fulfilment, the order's mails (each can be sent again) and the full
// timeline with who and when; Refund (full by default, or an amount) and Cancel, each confirmed.
import { zodResolver } from '@hookform/resolvers/zod';
import {
  adminCancelRequestSchema,
  adminRefundFormSchema,
  refundCentsFrom,
  type AdminOrderDetail,
  type AdminOrderMail,
  type AdminRefundForm,
} from '@store/domain';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Grid from '@mui/material/Grid';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useRef, useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { Link as RouterLink, useParams } from 'react-router';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { FormAlert } from '@/components/FormAlert';
import { FormTextField } from '@/components/FormTextField';
import { ErrorState, LoadingState } from '@/components/PageState';
import { StatusButton, type ButtonStatus } from '@/components/StatusButton';
import { AdminPageHeader } from '@/components/admin/AdminPageHeader';
import { useFormSubmit } from '@/lib/forms';
import { formatCents } from '@/shared/admin';
import { useDocumentTitle } from '@/shared/storefront';
import { STATUS_WORDS, newRequestKey, useAdminOrder, useCancelOrder, useRefund, useResendMail } from './api';

const when = (iso: string) => new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short', hourCycle: 'h12' });

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = `section-${title.toLowerCase().replace(/\W+/g, '-')}`;
  return (
    <Card variant="outlined" component="section" aria-labelledby={id}>
      <CardContent>
        <Typography id={id} variant="h2" sx={{ fontSize: 20, mb: 1.5 }}>
          {title}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}

function RefundForm({ order }: { order: AdminOrderDetail }) {
  const refund = useRefund(order.id);
  const [confirming, setConfirming] = useState<AdminRefundForm | null>(null);
  const [done, setDone] = useState<string | null>(null);
  // One key per intended refund: a double click or a retry of the same form refunds once.
  const requestKey = useRef(newRequestKey());
  const form = useForm<AdminRefundForm>({ defaultValues: { amount: '', reason: '' }, resolver: zodResolver(adminRefundFormSchema) });
  const submit = useFormSubmit(
    form,
    ['amount', 'reason'],
    async (values: AdminRefundForm) => {
      const amountCents = refundCentsFrom(values.amount);
      try {
        const result = await refund.mutateAsync({ ...(amountCents ? { amountCents } : {}), reason: values.reason, idempotencyKey: requestKey.current });
        requestKey.current = newRequestKey();
        return result;
      } catch (error) {
        // The server's amount message goes beside the amount the operator typed.
        const e = error as { fieldErrors?: { field: string; message: string }[] };
        if (e.fieldErrors) for (const f of e.fieldErrors) if (f.field === 'amountCents') f.field = 'amount';
        throw error;
      }
    },
    {
      onSuccess: (result) => {
        setDone(`Refunded. ${formatCents(result.refundedCents)} given back in all; the order is ${STATUS_WORDS(result.orderStatus)}.`);
        form.reset({ amount: '', reason: '' });
      },
    },
  );
  const left = order.actions.refundableCents;
  return (
    <Box component="form" noValidate aria-label="Refund" onSubmit={form.handleSubmit((values) => setConfirming(values))}>
      <Stack spacing={2}>
        <Typography>
          {left > 0 ? `Up to ${formatCents(left)} can be refunded. Leave the amount empty to refund all of it.` : 'Nothing is left to refund on this order.'}
        </Typography>
        <FormTextField<AdminRefundForm> name="amount" control={form.control} label="Amount in dollars (empty: all that is left)" inputMode="decimal" disabled={left === 0} />
        <FormTextField<AdminRefundForm> name="reason" control={form.control} label="Reason" disabled={left === 0} multiline minRows={2} />
        <FormAlert error={submit.error} />
        {done ? (
          <Alert severity="success" role="status">
            {done}
          </Alert>
        ) : null}
        <Box>
          <StatusButton type="submit" status={submit.status} disabled={left === 0} doneLabel="Refunded">
            Refund
          </StatusButton>
        </Box>
      </Stack>
      <ConfirmDialog
        open={confirming !== null}
        title="Refund this order?"
        text={`${confirming?.amount ? `$${confirming.amount}` : `All that is left (${formatCents(left)})`} goes back to the patient’s card. This cannot be undone.`}
        confirmLabel="Refund"
        onClose={() => setConfirming(null)}
        onConfirm={() => {
          setDone(null);
          void submit.onSubmit();
        }}
      />
    </Box>
  );
}

function CancelForm({ order }: { order: AdminOrderDetail }) {
  const cancel = useCancelOrder(order.id);
  const [confirming, setConfirming] = useState(false);
  const form = useForm<{ reason: string }>({ defaultValues: { reason: '' }, resolver: zodResolver(adminCancelRequestSchema) });
  const submit = useFormSubmit(form, ['reason'], (values: { reason: string }) => cancel.mutateAsync(values));
  return (
    <Box component="form" noValidate aria-label="Cancel the order" onSubmit={form.handleSubmit(() => setConfirming(true))}>
      <Stack spacing={2}>
        <Typography>
          {order.actions.cancel
            ? 'A card hold is released; a charge is refunded in full. The patient’s booked visit is cancelled.'
            : 'This order can no longer be cancelled: it is past the doctor’s decision or already closed. Refund it instead.'}
        </Typography>
        <FormTextField<{ reason: string }> name="reason" control={form.control} label="Reason" disabled={!order.actions.cancel} />
        <FormAlert error={submit.error} />
        <Box>
          <StatusButton type="submit" color="error" status={submit.status} disabled={!order.actions.cancel} doneLabel="Cancelled">
            Cancel order
          </StatusButton>
        </Box>
      </Stack>
      <ConfirmDialog
        open={confirming}
        title="Cancel this order?"
        text="The order is cancelled and its payment released or refunded. This cannot be undone."
        confirmLabel="Cancel order"
        cancelLabel="Keep the order"
        onClose={() => setConfirming(false)}
        onConfirm={() => void submit.onSubmit()}
      />
    </Box>
  );
}

function MailRow({ orderId, mail }: { orderId: string; mail: AdminOrderMail }) {
  const resend = useResendMail(orderId);
  const [status, setStatus] = useState<ButtonStatus>('idle');
  const [error, setError] = useState<unknown>(null);
  const requestKey = useRef(newRequestKey());
  return (
    <TableRow>
      <TableCell>
        {mail.label}
        {mail.resend ? <Chip size="small" label="Resent" sx={{ ml: 1 }} /> : null}
      </TableCell>
      <TableCell>{mail.status === 'sent' ? `Sent ${mail.sentAt ? when(mail.sentAt) : ''}` : mail.status}</TableCell>
      <TableCell>
        {mail.resend ? null : (
          <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
            <StatusButton
              size="small"
              variant="outlined"
              status={status}
              doneLabel="Queued"
              aria-label={`Resend: ${mail.label}`}
              onClick={async () => {
                setError(null);
                setStatus('loading');
                try {
                  await resend.mutateAsync({ key: mail.key, idempotencyKey: requestKey.current });
                  requestKey.current = newRequestKey();
                  setStatus('done');
                } catch (err) {
                  setError(err);
                  setStatus('idle');
                }
              }}
            >
              Resend
            </StatusButton>
            {error ? <FormAlert error={error} /> : null}
          </Stack>
        )}
      </TableCell>
    </TableRow>
  );
}

export function AdminOrderPage() {
  const { orderId = '' } = useParams();
  const order = useAdminOrder(orderId);
  useDocumentTitle(order.data ? `Order ${order.data.orderNumber}` : 'Order');
  if (order.isPending) return <LoadingState label="Loading the order…" />;
  if (order.isError) return <ErrorState error={order.error} onRetry={() => void order.refetch()} retrying={order.isFetching} />;
  const o = order.data;
  const m = o.money;
  return (
    <>
      <Link component={RouterLink} to="/admin/orders">
        ← All orders
      </Link>
      <AdminPageHeader title={`Order ${o.orderNumber}`} actions={<Chip label={STATUS_WORDS(o.status)} color="primary" />}>
        {o.storefront.name} · started {when(o.createdAt)} · last change {when(o.updatedAt)}
      </AdminPageHeader>
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, md: 6 }}>
          <Section title="Patient">
            <Typography>{o.patient.name}{o.patient.guest ? ' (guest)' : ''}</Typography>
            <Typography>{o.patient.email ?? 'No email on file'}</Typography>
            <Typography>{o.patient.phone ?? 'No phone on file'}</Typography>
            {o.shipping ? (
              <Typography color="text.secondary" sx={{ mt: 1 }}>
                Ships to {[o.shipping.name, o.shipping.line1, o.shipping.line2, o.shipping.city, o.shipping.state, o.shipping.zip].filter(Boolean).join(', ')}
              </Typography>
            ) : null}
            <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
              Opening this page was written to the patient&rsquo;s access log (reason: support).
            </Typography>
          </Section>
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <Section title="Items and money">
            <Table size="small" aria-label="Items">
              <TableHead>
                <TableRow>
                  <TableCell>Item</TableCell>
                  <TableCell align="right">Qty</TableCell>
                  <TableCell align="right">Price</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {o.items.map((i) => (
                  <TableRow key={i.title}>
                    <TableCell>{i.title}</TableCell>
                    <TableCell align="right">{i.qty}</TableCell>
                    <TableCell align="right">{formatCents(i.lineCents)}</TableCell>
                  </TableRow>
                ))}
                {(
                  [
                    ['Consult fee', m.consultFeeCents],
                    ['Shipping', m.shippingCents],
                    [`Discount${m.couponCode ? ` (${m.couponCode})` : ''}`, -m.discountCents],
                    ['Tax', m.taxCents],
                    ['Donation', m.donationCents],
                  ] as const
                )
                  .filter(([, v]) => v !== 0)
                  .map(([label, v]) => (
                    <TableRow key={label}>
                      <TableCell colSpan={2}>{label}</TableCell>
                      <TableCell align="right">{formatCents(v)}</TableCell>
                    </TableRow>
                  ))}
                <TableRow>
                  <TableCell colSpan={2}>
                    <strong>Total</strong>
                  </TableCell>
                  <TableCell align="right">
                    <strong>{formatCents(m.totalCents)}</strong>
                  </TableCell>
                </TableRow>
              </TableBody>
            </Table>
          </Section>
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <Section title="Payments and refunds">
            {o.payments.length === 0 ? <Typography>No payment yet.</Typography> : null}
            {o.payments.map((p) => (
              <Box key={p.id} sx={{ mb: 1 }}>
                <Typography>
                  {formatCents(p.amountCents)} · {p.card ?? p.gateway} · {STATUS_WORDS(p.status)}
                  {p.refundedCents ? ` · ${formatCents(p.refundedCents)} refunded` : ''}
                </Typography>
                {p.refunds.length > 0 ? (
                  <Box component="ul" sx={{ my: 0.5, pl: 3 }}>
                    {p.refunds.map((r) => (
                      <li key={r.id}>
                        Refund {formatCents(r.amountCents)} ({r.status}) by {r.requestedBy}, {when(r.createdAt)}
                        {r.reason ? ` — ${r.reason}` : ''}
                      </li>
                    ))}
                  </Box>
                ) : null}
              </Box>
            ))}
            {o.fulfilment ? (
              <Typography sx={{ mt: 1 }}>
                Fulfilment: {STATUS_WORDS(o.fulfilment.status)}
                {o.fulfilment.trackingNumber ? ` · ${o.fulfilment.carrier ?? ''} ${o.fulfilment.trackingNumber}` : ''}
              </Typography>
            ) : null}
          </Section>
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <Section title="Mails">
            {o.mails.length === 0 ? (
              <Typography>No mail has been sent about this order.</Typography>
            ) : (
              <Table size="small" aria-label="Mails">
                <TableHead>
                  <TableRow>
                    <TableCell>Mail</TableCell>
                    <TableCell>Status</TableCell>
                    <TableCell>Action</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {o.mails.map((mail) => (
                    <MailRow key={mail.key} orderId={o.id} mail={mail} />
                  ))}
                </TableBody>
              </Table>
            )}
          </Section>
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <Section title="Refund">
            <RefundForm order={o} />
          </Section>
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <Section title="Cancel">
            <CancelForm order={o} />
          </Section>
        </Grid>
        <Grid size={12}>
          <Section title="Timeline">
            <Table size="small" aria-label="Timeline">
              <TableHead>
                <TableRow>
                  <TableCell>When</TableCell>
                  <TableCell>What</TableCell>
                  <TableCell>Who</TableCell>
                  <TableCell>Detail</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {o.timeline.map((t, i) => (
                  <TableRow key={`${t.at}-${i}`}>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{when(t.at)}</TableCell>
                    <TableCell>{t.label}</TableCell>
                    <TableCell>{t.who}</TableCell>
                    <TableCell>{t.detail ?? ''}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Section>
        </Grid>
      </Grid>
    </>
  );
}
