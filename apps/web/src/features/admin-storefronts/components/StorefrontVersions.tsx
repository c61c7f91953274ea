// A storefront's versions (issue 18), newest first and paged: draft, live or published, the note,
// who made and published each and when; Roll back (confirmed) publishes an earlier one again.
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import type { GridColDef } from '@mui/x-data-grid';
import type { StorefrontVersionSummary } from '@store/domain';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { AdminTable } from '@/components/admin/AdminTable';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { FormAlert } from '@/components/FormAlert';
import { StatusButton } from '@/components/StatusButton';
import { pageParams } from '@/shared/admin';
import { useRollback, useStorefrontVersions } from '../api/adminStorefronts.api';

const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' }) : '');

export function StorefrontVersions({ storefrontId }: { storefrontId: string }) {
  const [params] = useSearchParams();
  const { page, pageSize } = pageParams(params, 10);
  const versions = useStorefrontVersions(storefrontId, page, pageSize);
  const rollback = useRollback(storefrontId);
  const [asked, setAsked] = useState<StorefrontVersionSummary | null>(null);

  const columns: GridColDef<StorefrontVersionSummary>[] = [
    { field: 'version', headerName: 'Version', width: 90 },
    {
      field: 'status',
      headerName: 'Status',
      width: 110,
      renderCell: ({ row }) => (
        <Chip size="small" label={row.status === 'live' ? 'Live' : row.status === 'draft' ? 'Draft' : 'Published'} color={row.status === 'live' ? 'success' : 'default'} />
      ),
    },
    { field: 'note', headerName: 'Note', flex: 1, minWidth: 160 },
    { field: 'createdAt', headerName: 'Made', minWidth: 190, valueGetter: (_, row) => `${row.createdBy?.name ?? '—'}, ${when(row.createdAt)}` },
    { field: 'publishedAt', headerName: 'Published', minWidth: 190, valueGetter: (_, row) => (row.publishedAt ? `${row.publishedBy?.name ?? '—'}, ${when(row.publishedAt)}` : '') },
    {
      field: 'actions',
      headerName: 'Action',
      width: 150,
      renderCell: ({ row }) =>
        row.status === 'published' ? (
          <StatusButton
            size="small"
            variant="outlined"
            status={rollback.isPending && rollback.variables === row.id ? 'loading' : 'idle'}
            disabled={rollback.isPending}
            onClick={() => setAsked(row)}
            aria-label={`Roll back to version ${row.version}`}
          >
            Roll back
          </StatusButton>
        ) : null,
    },
  ];

  return (
    <section aria-labelledby="sf-versions">
      <Typography id="sf-versions" variant="h2" sx={{ fontSize: 20, mb: 2 }}>
        Versions
      </Typography>
      <FormAlert error={rollback.error} />
      <AdminTable
        label="Versions"
        columns={columns}
        rows={versions.data?.items}
        total={versions.data?.total}
        loading={versions.isFetching}
        error={versions.error}
        onRetry={() => void versions.refetch()}
        retrying={versions.isFetching}
        empty={{ title: 'No versions yet', body: 'Saving a draft makes the first one.' }}
      />
      <ConfirmDialog
        open={asked !== null}
        title={`Roll back to version ${asked?.version ?? ''}?`}
        text="Patients will see that version again at once, published as a new version. An open draft stays as it is."
        confirmLabel="Roll back"
        onConfirm={() => asked && rollback.mutate(asked.id)}
        onClose={() => setAsked(null)}
      />
    </section>
  );
}
