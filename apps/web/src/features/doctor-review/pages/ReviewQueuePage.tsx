// The doctor's review queue (issue 15 "Queue"): the orders this doctor may review, soonest due
// first (overdue ones highlighted), filtered by storefront, product and state with their counts,
// who holds each, and the doctor's visits today. Claiming an order opens its review page. Not
// registered in the router here: the lead mounts it in the /doctor area (e.g. /doctor).
import {
  VISIT_CLOSES_AFTER_END_MS,
  VISIT_OPENS_BEFORE_MS,
  VISIT_TYPE_LABELS,
  VISIT_TYPE_VIDEO,
  type ReviewQueueItem,
  type TodayVisit,
} from '@store/domain';
import Alert from '@mui/material/Alert';
import Chip from '@mui/material/Chip';
import Container from '@mui/material/Container';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Pagination from '@mui/material/Pagination';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router';
import { EmptyState, ErrorState, LoadingState, errorText } from '@/components/PageState';
import { StatusButton } from '@/components/StatusButton';
import { visuallyHidden } from '@/components/visuallyHidden';
import { useDocumentTitle } from '@/shared/storefront';
import { useClaimOrder, useMarkMissed, useReviewQueue, type QueueFilters } from '../api/doctor-review.api';
import { doctorOrderPath, doctorVisitPath, formatWaiting, formatWhen } from '../reviewFormat';


export function ReviewQueuePage() {
  useDocumentTitle('Review queue');
  const location = useLocation();
  const confirmation = (location.state as { confirmation?: string } | null)?.confirmation ?? null;
  const [filters, setFilters] = useState<QueueFilters>({});
  const queue = useReviewQueue(filters);
  const set = (key: keyof QueueFilters) => (value: string) => setFilters((f) => ({ ...f, [key]: value || undefined, page: undefined }));

  return (
    <Container sx={{ py: { xs: 3, md: 5 } }}>
      <Stack spacing={3}>
        <Typography variant="h1">Review queue</Typography>
        {confirmation ? <Alert severity="success">{confirmation}</Alert> : null}
        {queue.isPending ? (
          <LoadingState label="Loading the review queue…" lines={6} />
        ) : queue.isError ? (
          <ErrorState error={queue.error} onRetry={() => void queue.refetch()} retrying={queue.isFetching} />
        ) : (
          <>
            <TodayVisits visits={queue.data.todayVisits} timeZone={queue.data.timeZone} now={Date.parse(queue.data.serverNow)} />
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <FilterSelect label="Storefront" value={filters.storefrontId} options={queue.data.counts.byStorefront} onChange={set('storefrontId')} />
              <FilterSelect label="Product" value={filters.productId} options={queue.data.counts.byProduct} onChange={set('productId')} />
              <FilterSelect label="State" value={filters.state} options={queue.data.counts.byState} onChange={set('state')} />
              <FilterSelect label="Status" value={filters.status} options={queue.data.counts.byStatus} onChange={set('status')} />
            </Stack>
            <Typography>
              {queue.data.total} of {queue.data.counts.total} orders
            </Typography>
            {queue.data.items.length === 0 ? (
              <EmptyState title="Nothing to review" body="No orders match. New orders appear here once they are paid." />
            ) : (
              <QueueTable items={queue.data.items} now={Date.parse(queue.data.serverNow)} />
            )}
            {queue.data.total > queue.data.pageSize ? (
              <Pagination
                count={Math.ceil(queue.data.total / queue.data.pageSize)}
                page={queue.data.page}
                onChange={(_e, page) => setFilters((f) => ({ ...f, page }))}
                aria-label="Queue pages"
              />
            ) : null}
          </>
        )}
      </Stack>
    </Container>
  );
}

function FilterSelect({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: string | undefined;
  options: { id: string; label: string; count: number }[];
  onChange: (value: string) => void;
}) {
  return (
    <TextField
      select
      label={label}
      value={value ?? ''}
      onChange={(e) => onChange(e.target.value)}
      sx={{ minWidth: 200 }}
      size="small"
      // "All" is the empty value: shown as the choice, not as a blank box.
      slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
    >
      <MenuItem value="">All</MenuItem>
      {options.map((o) => (
        <MenuItem key={o.id} value={o.id}>
          {o.label} ({o.count})
        </MenuItem>
      ))}
    </TextField>
  );
}

/** How a visit's status reads in today's visits. */
const VISIT_STATUS_LABELS: Record<string, string> = {
  booked: 'Booked',
  completed: 'Completed',
  missed: 'Missed',
  cancelled: 'Cancelled',
  rescheduled: 'Moved',
};

/** "PST": the zone today's times are written in. */
function zoneName(timeZone: string, at: number): string {
  return new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'short' }).formatToParts(new Date(Number.isFinite(at) ? at : Date.now())).find((p) => p.type === 'timeZoneName')?.value ?? timeZone;
}

function TodayVisits({ visits, timeZone, now }: { visits: TodayVisit[]; timeZone: string; now: number }) {
  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby="today-visits">
      <Typography variant="h2" id="today-visits" sx={{ fontSize: '1.25rem' }}>
        Today’s visits
      </Typography>
      <Typography variant="body2" color="text.secondary">
        Times in {zoneName(timeZone, now)}
      </Typography>
      {visits.length === 0 ? (
        <Typography sx={{ mt: 1 }}>No visits today.</Typography>
      ) : (
        <List dense>
          {visits.map((v) => (
            <ListItem key={v.appointmentId} disableGutters sx={{ flexWrap: 'wrap', gap: 1 }}>
              <ListItemText
                primary={`${formatWhen(v.startsAt, timeZone, { timeOnly: true })} · ${v.patientFirstName}`}
                secondary={[v.visitType ? VISIT_TYPE_LABELS[v.visitType as 1 | 2] : null, v.orderNumber, VISIT_STATUS_LABELS[v.status] ?? v.status].filter(Boolean).join(' · ')}
              />
              <VisitLink visit={v} timeZone={timeZone} now={now} />
              {v.status === 'booked' && v.orderId ? (
                // The decision after the visit is this doctor's: the order opens for review.
                <Button size="small" variant="contained" component={RouterLink} to={doctorOrderPath(v.orderId)} aria-label={`Open order ${v.orderNumber ?? ''} to decide after the visit`}>
                  Open order
                </Button>
              ) : null}
              {v.status === 'booked' && v.orderId && new Date(v.startsAt).getTime() <= now ? <MarkMissed visit={v} timeZone={timeZone} /> : null}
            </ListItem>
          ))}
        </List>
      )}
    </Paper>
  );
}

/**
 * issue 16: each of today's visits opens its page; a booked video visit whose window is open says
 * "Join visit" (the window opens 5 minutes before the start and closes 15 minutes after the end).
 */
function VisitLink({ visit, timeZone, now }: { visit: TodayVisit; timeZone: string; now: number }) {
  const joinable =
    visit.status === 'booked' &&
    visit.visitType === VISIT_TYPE_VIDEO &&
    now >= new Date(visit.startsAt).getTime() - VISIT_OPENS_BEFORE_MS &&
    now < new Date(visit.endsAt).getTime() + VISIT_CLOSES_AFTER_END_MS;
  const label = joinable ? 'Join visit' : 'Open visit';
  return (
    <Button
      size="small"
      variant={joinable ? 'contained' : 'outlined'}
      component={RouterLink}
      to={doctorVisitPath(visit.appointmentId)}
      aria-label={`${label} at ${formatWhen(visit.startsAt, timeZone, { timeOnly: true })} with ${visit.patientFirstName}`}
    >
      {label}
    </Button>
  );
}

/** issue 15: a booked visit whose start has passed and that did not happen is marked missed. */
function MarkMissed({ visit, timeZone }: { visit: TodayVisit; timeZone: string }) {
  const mark = useMarkMissed();
  return (
    <Stack spacing={0.5} sx={{ alignItems: 'flex-start' }}>
      <StatusButton
        size="small"
        variant="outlined"
        status={mark.isPending ? 'loading' : 'idle'}
        onClick={() => mark.mutate(visit.appointmentId)}
        aria-label={`Mark the visit at ${formatWhen(visit.startsAt, timeZone, { timeOnly: true })} missed`}
      >
        Mark missed
      </StatusButton>
      {mark.isError ? (
        <Typography role="alert" variant="body2" color="error">
          {errorText(mark.error)}
        </Typography>
      ) : null}
    </Stack>
  );
}

function QueueTable({ items, now }: { items: ReviewQueueItem[]; now: number }) {
  return (
    <TableContainer component={Paper} variant="outlined">
      <Table size="small" aria-label="Orders to review">
        <TableHead>
          <TableRow>
            <TableCell>Order</TableCell>
            <TableCell>Storefront</TableCell>
            <TableCell>Products</TableCell>
            <TableCell>State</TableCell>
            <TableCell>Waiting</TableCell>
            <TableCell>Due</TableCell>
            <TableCell>Claim</TableCell>
            <TableCell>
              <Box component="span" sx={visuallyHidden}>
                Actions
              </Box>
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {items.map((item) => (
            <QueueRow key={item.orderId} item={item} overdue={new Date(item.dueAt).getTime() < now} />
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

function QueueRow({ item, overdue }: { item: ReviewQueueItem; overdue: boolean }) {
  const navigate = useNavigate();
  const claim = useClaimOrder();
  const taken = item.claim !== null && !item.claim.byMe;
  return (
    <TableRow sx={overdue ? { bgcolor: 'warning.light' } : undefined} data-overdue={overdue || undefined}>
      <TableCell>
        <Stack spacing={0.5}>
          <span>{item.orderNumber}</span>
          {item.waitingForPatient ? <Chip size="small" label="Waiting for the patient" /> : null}
          {item.newAnswer ? <Chip size="small" color="info" label="New answer" /> : null}
        </Stack>
      </TableCell>
      <TableCell>{item.storefront.name}</TableCell>
      <TableCell>{item.products.map((p) => p.title).join(', ')}</TableCell>
      <TableCell>{item.state ?? '—'}</TableCell>
      <TableCell>{formatWaiting(item.waitingSince)}</TableCell>
      <TableCell>
        {formatWhen(item.dueAt)}
        {overdue ? (
          <Typography component="span" sx={{ display: 'block', fontWeight: 'bold' }}>
            Overdue
          </Typography>
        ) : null}
      </TableCell>
      <TableCell>{item.claim === null ? 'Free' : item.claim.byMe ? 'Yours' : 'Taken by another doctor'}</TableCell>
      <TableCell>
        {taken ? (
          <Typography component="span">Taken</Typography>
        ) : item.waitingForPatient ? null : (
          <Stack spacing={0.5}>
            <StatusButton
              size="small"
              status={claim.isPending ? 'loading' : 'idle'}
              onClick={() => claim.mutate(item.orderId, { onSuccess: () => void navigate(doctorOrderPath(item.orderId)) })}
              aria-label={`Claim order ${item.orderNumber}`}
            >
              {item.claim?.byMe ? 'Open' : 'Claim'}
            </StatusButton>
            {claim.isError ? (
              <Typography role="alert" variant="body2" color="error">
                {errorText(claim.error)}
              </Typography>
            ) : null}
          </Stack>
        )}
      </TableCell>
    </TableRow>
  );
}
