// ACCOUNT_ROUTES.myAccessLog (issue 17 "Who looked at my records"): every time someone at the store
// read the patient's health data — who, in what role, when (in the patient's time zone), for which
// storefront, what they read and why — newest first, 20 a page. The sign-in prompt is the account
// feature's; the router hands it in (features do not import each other).
import { patientTimeZone, type AccessLogEntry } from '@store/domain';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Pagination from '@mui/material/Pagination';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { Fragment, useState, type ComponentType, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { EmptyState, ErrorState, LoadingState } from '@/components/PageState';
import { useSession } from '@/shared/session';
import { useDocumentTitle } from '@/shared/storefront';
import { useAccessLog } from '../api/accessLog.api';

const TITLE = 'Who looked at my records';

const ROLE_LABELS: Record<AccessLogEntry['role'], string> = {
  doctor: 'Doctor',
  pharmacist: 'Pharmacist',
  admin: 'Administrator',
  staff: 'Staff',
};

/**
 * "Mar 3, 2026, 2:05 PM EST" in the patient's own time zone. The 12-hour clock is asked for by name
 * (h12): a browser whose locale defaults to a 24-hour cycle would otherwise drop AM/PM and show
 * 21:09 or, worse, 9:09 (issue 17 walk).
 */
export function formatWhen(iso: string, timeZone: string): string {
  return new Intl.DateTimeFormat('en-US', {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    hourCycle: 'h12',
    timeZone,
    timeZoneName: 'short',
  }).format(new Date(iso));
}

/** One entry as a card: below the sm breakpoint six columns do not fit a phone (issue 17 walk). */
function EntryCard({ entry: e, timeZone }: { entry: AccessLogEntry; timeZone: string }) {
  const fields: [string, ReactNode][] = [
    ['Role', ROLE_LABELS[e.role]],
    ['When', <time dateTime={e.at}>{formatWhen(e.at, timeZone)}</time>],
    ['Storefront', e.storefront ?? '—'],
    ['What', e.what],
    ['Why', e.why],
  ];
  return (
    <Paper component="li" variant="outlined" sx={{ p: 2, listStyle: 'none' }}>
      <Typography variant="h2" sx={{ fontSize: '1.05rem', fontWeight: 600, mb: 1 }}>
        {e.who}
      </Typography>
      <Box
        component="dl"
        sx={{ m: 0, display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 0.5 }}
      >
        {fields.map(([label, value]) => (
          <Fragment key={label}>
            <Typography component="dt" variant="body2" color="text.secondary">
              {label}
            </Typography>
            <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
              {value}
            </Typography>
          </Fragment>
        ))}
      </Box>
    </Paper>
  );
}

export interface AccessLogPageProps {
  SignInRequired: ComponentType<{ title: string }>;
  /** The patient's time zone (tests pass one; the browser's otherwise). */
  timeZone?: string;
}

function Entries({ timeZone }: { timeZone: string }) {
  const [page, setPage] = useState(1);
  const log = useAccessLog(page);
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  if (log.isPending) return <LoadingState label="Loading who looked at your records…" />;
  if (log.isError)
    return (
      <ErrorState error={log.error} onRetry={() => void log.refetch()} retrying={log.isFetching} />
    );
  const { items, total, pageSize } = log.data;
  if (total === 0) {
    return (
      <EmptyState
        title="No one has looked at your records."
        body="When a doctor, pharmacist or member of our staff opens your answers, uploads, prescriptions or lab results, you will see it here."
      />
    );
  }
  const pages = Math.ceil(total / pageSize);
  return (
    <Stack spacing={2}>
      <Typography color="text.secondary">
        {total === 1 ? '1 time' : `${total} times`}, newest first. Times are shown in{' '}
        {timeZone.replace(/_/g, ' ')} time.
      </Typography>
      {phone ? (
        <Stack component="ul" spacing={1.5} aria-label={TITLE} sx={{ p: 0, m: 0 }}>
          {items.map((e) => (
            <EntryCard key={e.id} entry={e} timeZone={timeZone} />
          ))}
        </Stack>
      ) : (
        <TableContainer component={Paper} variant="outlined" sx={{ overflowX: 'auto' }}>
          <Table aria-label={TITLE} sx={{ minWidth: 760 }}>
            <TableHead>
              <TableRow>
                <TableCell component="th" scope="col">
                  Who
                </TableCell>
                <TableCell component="th" scope="col">
                  Role
                </TableCell>
                <TableCell component="th" scope="col">
                  When
                </TableCell>
                <TableCell component="th" scope="col">
                  Storefront
                </TableCell>
                <TableCell component="th" scope="col">
                  What
                </TableCell>
                <TableCell component="th" scope="col">
                  Why
                </TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {items.map((e) => (
                <TableRow key={e.id}>
                  <TableCell component="th" scope="row" sx={{ fontWeight: 600 }}>
                    {e.who}
                  </TableCell>
                  <TableCell>{ROLE_LABELS[e.role]}</TableCell>
                  <TableCell>
                    <time dateTime={e.at}>{formatWhen(e.at, timeZone)}</time>
                  </TableCell>
                  <TableCell>{e.storefront ?? '—'}</TableCell>
                  <TableCell>{e.what}</TableCell>
                  <TableCell>{e.why}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      {pages > 1 ? (
        <Pagination
          count={pages}
          page={page}
          onChange={(_event, next) => setPage(next)}
          disabled={log.isFetching}
          getItemAriaLabel={(type, p, selected) =>
            type === 'page' ? `${selected ? 'Page' : 'Go to page'} ${p}` : `Go to ${type} page`
          }
        />
      ) : null}
    </Stack>
  );
}

export function AccessLogPage({ SignInRequired, timeZone }: AccessLogPageProps) {
  useDocumentTitle(TITLE);
  const session = useSession();
  if (session.isPending) return <LoadingState />;
  if (session.data?.kind !== 'user') return <SignInRequired title={TITLE} />;
  const zone = timeZone ?? patientTimeZone(Intl.DateTimeFormat().resolvedOptions().timeZone);
  return (
    <Container sx={{ py: { xs: 4, md: 6 } }}>
      <Stack spacing={3}>
        <Typography variant="h1">{TITLE}</Typography>
        <Typography color="text.secondary" sx={{ maxWidth: 720 }}>
          Every time a doctor, pharmacist or member of our staff reads your health information, we
          keep a record that cannot be changed or deleted: who it was, when, and why.
        </Typography>
        <Entries timeZone={zone} />
        <Link component={RouterLink} to="/my-account" sx={{ alignSelf: 'flex-start' }}>
          Back to my account
        </Link>
      </Stack>
    </Container>
  );
}
