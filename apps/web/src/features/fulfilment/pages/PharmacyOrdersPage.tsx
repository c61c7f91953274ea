// The pharmacist's orders (issue 15 "Fulfilment", /pharmacy): the orders sent to their pharmacy by
// status — to fill, filled, shipped, delivered, ready for pickup, all — with counts, oldest first;
// each row with the patient, items, prescription, ship-to and method, and its next step: Fill,
// Ship (carrier and tracking number), Mark delivered; Cannot fill (before shipping: the patient is
// refunded); the prescription PDF opens in a new tab.
import { PHARMACY_TABS } from '@store/domain';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Pagination from '@mui/material/Pagination';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { format } from 'date-fns';
import { useState } from 'react';
import { EmptyState, ErrorState, LoadingState, errorText } from '@/components/PageState';
import { StatusButton } from '@/components/StatusButton';
import {
  fulfilmentApi,
  prescriptionPdfUrl,
  useFulfilmentStep,
  usePharmacyOrders,
  type PharmacyOrder,
  type PharmacyOrderStatus,
  type PharmacyTab,
  usePharmacistPharmacy,
} from '../api/fulfilment.api';
import { CannotFillDialog } from '../components/CannotFillDialog';
import { ShipDialog } from '../components/ShipDialog';

export const TAB_LABELS: Record<PharmacyTab, string> = {
  to_fill: 'To fill',
  filled: 'Filled',
  shipped: 'Shipped',
  delivered: 'Delivered',
  ready_for_pickup: 'Ready for pickup',
  all: 'All',
};

const STATUS_LABELS: Record<PharmacyOrderStatus, string> = {
  to_fill: 'To fill',
  filled: 'Filled',
  shipped: 'Shipped',
  delivered: 'Delivered',
  ready_for_pickup: 'Ready for pickup',
};

const EMPTY: Record<PharmacyTab, string> = {
  to_fill: 'Nothing to fill right now.',
  filled: 'No filled orders waiting to ship.',
  shipped: 'No orders on their way.',
  delivered: 'No delivered orders yet.',
  ready_for_pickup: 'No prescriptions waiting for pickup.',
  all: 'No orders have been sent to your pharmacy yet.',
};

const day = (iso: string | null) => (iso ? format(new Date(iso), 'MMM d, yyyy') : null);

export function PharmacyOrdersPage() {
  const [tab, setTab] = useState<PharmacyTab>('to_fill');
  const [page, setPage] = useState(1);
  const orders = usePharmacyOrders(tab, page);
  const counts = orders.data?.counts;
  const pharmacy = usePharmacistPharmacy().data?.pharmacy;

  return (
    <Box component="section" aria-labelledby="pharmacy-orders-title" sx={{ py: 3 }}>
      <Typography id="pharmacy-orders-title" variant="h1" sx={{ fontSize: '2rem', mb: 2 }}>
        Orders
      </Typography>
      {pharmacy ? (
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          Prescriptions and orders sent to {pharmacy.name}, {pharmacy.city}, {pharmacy.state}
        </Typography>
      ) : null}
      <Tabs
        value={tab}
        onChange={(_e, next: PharmacyTab) => {
          setTab(next);
          setPage(1);
        }}
        variant="scrollable"
        allowScrollButtonsMobile
        aria-label="Orders by status"
      >
        {PHARMACY_TABS.map((t) => (
          <Tab key={t} value={t} label={counts ? `${TAB_LABELS[t]} (${counts[t]})` : TAB_LABELS[t]} />
        ))}
      </Tabs>
      <Box sx={{ mt: 2 }}>
        {orders.isPending ? (
          <LoadingState label="Loading orders…" />
        ) : orders.isError ? (
          <ErrorState error={orders.error} onRetry={() => void orders.refetch()} retrying={orders.isFetching} />
        ) : orders.data.items.length === 0 ? (
          <EmptyState title={EMPTY[tab]} />
        ) : (
          <>
            <TableContainer>
              <Table size="small" aria-label={`${TAB_LABELS[tab]} orders`}>
                <TableHead>
                  <TableRow>
                    <TableCell>Order</TableCell>
                    <TableCell>Patient</TableCell>
                    <TableCell>Items</TableCell>
                    <TableCell>Prescription</TableCell>
                    <TableCell>Ship to</TableCell>
                    <TableCell>Method</TableCell>
                    <TableCell>Status</TableCell>
                    <TableCell>Dates</TableCell>
                    <TableCell>Actions</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {orders.data.items.map((order) => (
                    <OrderRow key={order.orderId} order={order} />
                  ))}
                </TableBody>
              </Table>
            </TableContainer>
            {orders.data.total > orders.data.pageSize ? (
              <Pagination
                sx={{ mt: 2 }}
                page={page}
                count={Math.ceil(orders.data.total / orders.data.pageSize)}
                onChange={(_e, next) => setPage(next)}
                aria-label="Pages of orders"
              />
            ) : null}
          </>
        )}
      </Box>
    </Box>
  );
}

function OrderRow({ order }: { order: PharmacyOrder }) {
  const ship = order.shipTo;
  const p = order.prescription;
  return (
    <TableRow data-testid={`order-${order.orderNumber}`}>
      <TableCell>{order.orderNumber}</TableCell>
      <TableCell>{order.patientName || '—'}</TableCell>
      <TableCell>
        {order.items.map((i) => (
          <div key={i.title}>
            {i.title} × {i.qty}
          </div>
        ))}
      </TableCell>
      <TableCell>
        {p ? (
          <>
            <div>
              {p.medication} {p.strength} {p.form}
            </div>
            <Typography variant="body2" color="text.secondary">
              Qty {p.quantity} · {p.daysSupply} days · {p.refills} refills
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {p.directions}
            </Typography>
          </>
        ) : (
          'No prescription needed'
        )}
      </TableCell>
      <TableCell>
        {ship ? (
          <>
            <div>{ship.fullName}</div>
            <div>{[ship.line1, ship.line2].filter(Boolean).join(', ')}</div>
            <div>
              {ship.city}, {ship.state} {ship.zip}
            </div>
          </>
        ) : (
          '—'
        )}
      </TableCell>
      <TableCell>{order.shippingMethod ? `${order.shippingMethod.carrier} ${order.shippingMethod.name}` : '—'}</TableCell>
      <TableCell>
        <Stack spacing={0.5} sx={{ alignItems: 'flex-start' }}>
          <span>{STATUS_LABELS[order.status]}</span>
          {order.trackingNumber ? (
            <Typography variant="body2">
              {order.carrier}{' '}
              {order.trackingUrl ? (
                <a href={order.trackingUrl} target="_blank" rel="noreferrer">
                  {order.trackingNumber}
                </a>
              ) : (
                order.trackingNumber
              )}
            </Typography>
          ) : null}
          {order.deliveryOverdue ? <Chip size="small" color="warning" label="Not delivered after 14 days" /> : null}
        </Stack>
      </TableCell>
      <TableCell>
        <Typography variant="body2">Sent {day(order.dates.sentAt)}</Typography>
        {order.dates.filledAt ? <Typography variant="body2">Filled {day(order.dates.filledAt)}</Typography> : null}
        {order.dates.shippedAt ? <Typography variant="body2">Shipped {day(order.dates.shippedAt)}</Typography> : null}
        {order.dates.deliveredAt ? <Typography variant="body2">Delivered {day(order.dates.deliveredAt)}</Typography> : null}
        {order.dates.readyAt ? <Typography variant="body2">Ready {day(order.dates.readyAt)}</Typography> : null}
      </TableCell>
      <TableCell>
        <OrderActions order={order} />
      </TableCell>
    </TableRow>
  );
}

/** The order's next step, and its prescription. A refusal (out of order, gone) shows under the buttons. */
function OrderActions({ order }: { order: PharmacyOrder }) {
  const fill = useFulfilmentStep(() => fulfilmentApi.fill(order.orderId));
  const deliver = useFulfilmentStep(() => fulfilmentApi.deliver(order.orderId));
  const ship = useFulfilmentStep((input: Parameters<typeof fulfilmentApi.ship>[1]) => fulfilmentApi.ship(order.orderId, input));
  const cannotFill = useFulfilmentStep((input: Parameters<typeof fulfilmentApi.cannotFill>[1]) => fulfilmentApi.cannotFill(order.orderId, input));
  const [shipping, setShipping] = useState(false);
  const [refusing, setRefusing] = useState(false);
  const failed = fill.error ?? deliver.error;
  const of = `order ${order.orderNumber}`;
  return (
    <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
      {order.status === 'to_fill' ? (
        <StatusButton size="small" status={fill.isPending ? 'loading' : 'idle'} onClick={() => fill.mutate(undefined)} aria-label={`Fill ${of}`}>
          Fill
        </StatusButton>
      ) : null}
      {order.status === 'filled' ? (
        <>
          <Button size="small" variant="contained" onClick={() => setShipping(true)} aria-label={`Ship ${of}`}>
            Ship
          </Button>
          <ShipDialog open={shipping} orderNumber={order.orderNumber} onClose={() => setShipping(false)} onShip={(input) => ship.mutateAsync(input)} />
        </>
      ) : null}
      {order.status === 'shipped' ? (
        <StatusButton size="small" status={deliver.isPending ? 'loading' : 'idle'} onClick={() => deliver.mutate(undefined)} aria-label={`Mark ${of} delivered`}>
          Mark delivered
        </StatusButton>
      ) : null}
      {order.status === 'to_fill' || order.status === 'filled' ? (
        <>
          <Button size="small" color="error" onClick={() => setRefusing(true)} aria-label={`Cannot fill ${of}`}>
            Cannot fill
          </Button>
          <CannotFillDialog open={refusing} orderNumber={order.orderNumber} onClose={() => setRefusing(false)} onConfirm={(input) => cannotFill.mutateAsync(input)} />
        </>
      ) : null}
      {order.prescription ? (
        <Button size="small" variant="outlined" href={prescriptionPdfUrl(order.orderId)} target="_blank" rel="noreferrer" aria-label={`Open the prescription PDF of ${of}`}>
          Prescription PDF
        </Button>
      ) : null}
      {failed ? (
        <Alert severity="error" role="alert">
          {errorText(failed)}
        </Alert>
      ) : null}
    </Stack>
  );
}
