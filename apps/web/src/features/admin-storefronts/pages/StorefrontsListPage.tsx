// /admin/storefronts (issue 18): the company's storefronts, a page at a time, with their host
// names and versions; a link to each one's editor and to create a new one.
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import type { GridColDef } from '@mui/x-data-grid';
import type { AdminStorefrontListItem } from '@store/domain';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { AdminPageHeader } from '@/components/admin/AdminPageHeader';
import { AdminTable } from '@/components/admin/AdminTable';
import { pageParams } from '@/shared/admin';
import { useDocumentTitle } from '@/shared/storefront';
import { useStorefrontList } from '../api/adminStorefronts.api';

const columns: GridColDef<AdminStorefrontListItem>[] = [
  {
    field: 'name',
    headerName: 'Storefront',
    flex: 1,
    minWidth: 180,
    renderCell: ({ row }) => (
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <Link component={RouterLink} to={`/admin/storefronts/${row.id}`}>
          {row.name}
        </Link>
        {row.isDefault ? <Chip size="small" label="Default" /> : null}
      </Stack>
    ),
  },
  { field: 'hosts', headerName: 'Host names', flex: 1, minWidth: 200, valueGetter: (_, row) => (row.hosts.length ? row.hosts.join(', ') : 'None yet (not published)') },
  { field: 'liveVersion', headerName: 'Live version', width: 120, valueGetter: (_, row) => (row.liveVersion === null ? 'Original' : `Version ${row.liveVersion}`) },
  { field: 'draftVersion', headerName: 'Draft', width: 120, valueGetter: (_, row) => (row.draftVersion === null ? '—' : `Version ${row.draftVersion}`) },
];

export function StorefrontsListPage() {
  useDocumentTitle('Storefronts');
  const [params] = useSearchParams();
  const { page, pageSize } = pageParams(params);
  const list = useStorefrontList(page, pageSize);
  return (
    <>
      <AdminPageHeader
        title="Storefronts"
        actions={
          <Button variant="contained" component={RouterLink} to="/admin/storefronts/new">
            New storefront
          </Button>
        }
      >
        Each brand: its name, host names, theme, features, settings, texts and consents.
      </AdminPageHeader>
      <AdminTable
        label="Storefronts"
        columns={columns}
        rows={list.data?.items}
        total={list.data?.total}
        loading={list.isFetching}
        error={list.error}
        onRetry={() => void list.refetch()}
        retrying={list.isFetching}
        empty={{ title: 'No storefronts yet', body: 'Create the first one to start selling.' }}
      />
    </>
  );
}
