// /admin/audit (issue 18): the company's audit log (its storefronts' events and its staff's),
// filtered by action, actor, subject, storefront and days, newest first, paged on the server; an
// admin change's before and after side by side; Export CSV takes the same filters.
import { adminAuditFiltersSchema, type AdminAuditEvent } from '@store/domain';
import DownloadIcon from '@mui/icons-material/Download';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { GridColDef } from '@mui/x-data-grid';
import { useSearchParams } from 'react-router';
import { AdminPageHeader } from '@/components/admin/AdminPageHeader';
import { AdminTable } from '@/components/admin/AdminTable';
import { pageParams, useAdminMe } from '@/shared/admin';
import { useDocumentTitle } from '@/shared/storefront';
import { FilterForm } from './FilterForm';
import { AUDIT_FILTER_KEYS, filtersFrom, queryOf, useAdminAudit } from './api';

const when = (iso: string) => new Date(iso).toLocaleString('en-US', { dateStyle: 'short', timeStyle: 'medium', hourCycle: 'h12' });
const show = (v: unknown) => (v === null || v === undefined ? '—' : typeof v === 'object' ? JSON.stringify(v) : String(v as string | number | boolean));

/** "field: before → after", one line a changed field. */
function Change({ event }: { event: AdminAuditEvent }) {
  if (!event.before && !event.after) {
    const entries = Object.entries(event.details);
    return entries.length ? <Typography variant="body2">{entries.map(([k, v]) => `${k}: ${show(v)}`).join(' · ')}</Typography> : null;
  }
  const keys = [...new Set([...Object.keys(event.before ?? {}), ...Object.keys(event.after ?? {})])];
  return (
    <Box component="ul" sx={{ m: 0, pl: 2 }} aria-label="Before and after">
      {keys.map((k) => (
        <li key={k}>
          <Typography variant="body2" component="span">
            <strong>{k}</strong>: {show(event.before?.[k])} → {show(event.after?.[k])}
          </Typography>
        </li>
      ))}
    </Box>
  );
}

export function AdminAuditPage() {
  useDocumentTitle('Audit log');
  const [params] = useSearchParams();
  const me = useAdminMe();
  const filters = filtersFrom(params, AUDIT_FILTER_KEYS);
  const { page, pageSize } = pageParams(params);
  const events = useAdminAudit(filters, page, pageSize);
  const columns: GridColDef<AdminAuditEvent>[] = [
    { field: 'at', headerName: 'When', width: 150, valueFormatter: (v: string) => when(v) },
    { field: 'action', headerName: 'Action', width: 170 },
    { field: 'actor', headerName: 'Who', width: 130 },
    {
      field: 'subjectType',
      headerName: 'Subject',
      width: 150,
      valueGetter: (_v, row) => [row.subjectType, row.subjectId, row.storefrontName ? `(${row.storefrontName})` : null].filter(Boolean).join(' '),
    },
    { field: 'details', headerName: 'Change', flex: 1, minWidth: 240, renderCell: ({ row }) => <Change event={row} /> },
  ];
  return (
    <>
      <AdminPageHeader
        title="Audit log"
        actions={
          <Button variant="outlined" startIcon={<DownloadIcon />} href={`/api/admin/audit.csv${queryOf(filters)}`} download>
            Export CSV
          </Button>
        }
      >
        What happened in your company&rsquo;s storefronts and what your staff did, newest first. An action may end in * to match its beginning
        (payment.*). Export CSV takes the same filters (at most 10,000 events).
      </AdminPageHeader>
      <FilterForm
        label="Filter the audit log"
        schema={adminAuditFiltersSchema}
        fields={[
          { name: 'action', label: 'Action', helperText: 'e.g. payment.refunded or payment.*' },
          { name: 'actor', label: 'Who (email or user id)' },
          { name: 'subjectType', label: 'Subject type', helperText: 'e.g. order, user, product' },
          { name: 'subjectId', label: 'Subject id' },
          { name: 'storefrontId', label: 'Storefront', type: 'select', options: (me.data?.storefronts ?? []).map((s) => ({ value: s.id, label: s.name })) },
          { name: 'from', label: 'From', type: 'date' },
          { name: 'to', label: 'To', type: 'date' },
        ]}
      />
      <AdminTable<AdminAuditEvent>
        label="Audit events"
        columns={columns}
        rows={events.data?.items}
        total={events.data?.total}
        loading={events.isFetching}
        error={events.error}
        onRetry={() => void events.refetch()}
        retrying={events.isFetching}
        empty={{ title: 'No events found', body: 'Nothing matches these filters. Clear them or widen the dates.' }}
      />
    </>
  );
}
