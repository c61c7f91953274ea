// /doctor (issue 15): who is signed in, and the orders waiting for review in a plain table (the
// doctor-review feature's queue page replaces it). Loading, empty and error states.
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { EmptyState, ErrorState, LoadingState } from '@/components/PageState';
import { useSession } from '@/shared/session';
import { fullName, useStaffProfile } from '../staff/staffArea.api';
import { useReviewQueue, type QueueItem } from './doctorArea.api';

const when = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

function takenBy(claim: QueueItem['claim']): string {
  if (!claim) return 'Nobody yet';
  return claim.byMe ? 'You' : 'Another doctor';
}

export function DoctorHomePage() {
  const session = useSession();
  const profile = useStaffProfile(session.data?.userId ?? null);
  const queue = useReviewQueue();
  const name = fullName(profile.data);
  return (
    <Stack spacing={3}>
      <Stack spacing={1}>
        <Typography variant="h1">{name ? `Welcome, Dr. ${profile.data?.lastName}` : 'Welcome'}</Typography>
        <Typography>
          Signed in as {name ?? 'a doctor'}, doctor. Here you review the paid consult orders of the
          storefronts you serve, from patients in the states you are licensed in, longest waiting
          first.
        </Typography>
      </Stack>
      <Typography variant="h2">Orders waiting for review</Typography>
      {queue.isPending ? (
        <LoadingState label="Loading the orders waiting for review…" />
      ) : queue.isError ? (
        <ErrorState error={queue.error} onRetry={() => void queue.refetch()} retrying={queue.isFetching} />
      ) : queue.data.items.length === 0 ? (
        <EmptyState title="No orders are waiting for review." headingComponent="h3" />
      ) : (
        <TableContainer component={Paper} variant="outlined">
          <Table aria-label="Orders waiting for review">
            <TableHead>
              <TableRow>
                <TableCell>Order</TableCell>
                <TableCell>Storefront</TableCell>
                <TableCell>Products</TableCell>
                <TableCell>State</TableCell>
                <TableCell>Waiting since</TableCell>
                <TableCell>Due</TableCell>
                <TableCell>Taken by</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {queue.data.items.map((item) => (
                <TableRow key={item.orderId}>
                  <TableCell component="th" scope="row">
                    {item.orderNumber}
                  </TableCell>
                  <TableCell>{item.storefront.name}</TableCell>
                  <TableCell>{item.products.map((p) => p.title).join(', ')}</TableCell>
                  <TableCell>{item.state ?? '—'}</TableCell>
                  <TableCell>{when.format(new Date(item.waitingSince))}</TableCell>
                  <TableCell>{when.format(new Date(item.dueAt))}</TableCell>
                  <TableCell>{takenBy(item.claim)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      {queue.data && queue.data.total > queue.data.items.length ? (
        <Typography color="text.secondary">
          Showing the first {queue.data.items.length} of {queue.data.total} orders.
        </Typography>
      ) : null}
    </Stack>
  );
}
