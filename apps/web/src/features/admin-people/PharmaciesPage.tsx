// /admin/pharmacies (issue 18): the company's partner pharmacies (each storefront's mail-order
// pharmacy, one per storefront), paged on the server, and adding one.
import type { AdminPharmacy } from '@store/domain';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { GridColDef } from '@mui/x-data-grid';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { AdminPageHeader } from '@/components/admin/AdminPageHeader';
import { AdminTable } from '@/components/admin/AdminTable';
import { pageParams, useAdminMe } from '@/shared/admin';
import { useDocumentTitle } from '@/shared/storefront';
import { PEOPLE_KEYS, peopleApi, usePharmacies } from './api/people.api';
import { PharmacyForm } from './PharmacyForm';

export function PharmaciesPage() {
  useDocumentTitle('Partner pharmacies');
  const me = useAdminMe();
  const [params] = useSearchParams();
  const { page, pageSize } = pageParams(params);
  const list = usePharmacies({ page, pageSize });
  const [adding, setAdding] = useState(false);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const storefrontName = (id: string) => me.data?.storefronts.find((s) => s.id === id)?.name ?? '';
  const columns: GridColDef<AdminPharmacy>[] = [
    {
      field: 'name',
      headerName: 'Pharmacy',
      flex: 1.3,
      minWidth: 180,
      renderCell: ({ row }) => (
        <Link component={RouterLink} to={`/admin/pharmacies/${row.id}`}>
          {row.name}
        </Link>
      ),
    },
    { field: 'storefrontId', headerName: 'Partner of', flex: 1, minWidth: 140, valueGetter: (_v, row) => storefrontName(row.storefrontId) },
    { field: 'npi', headerName: 'NPI', width: 130 },
    { field: 'phone', headerName: 'Phone', width: 130 },
    { field: 'city', headerName: 'City', flex: 1, minWidth: 140, valueGetter: (_v, row) => `${row.city}, ${row.state}` },
  ];
  return (
    <>
      <AdminPageHeader
        title="Partner pharmacies"
        actions={
          <Button variant="contained" onClick={() => setAdding(true)} disabled={adding}>
            Add a partner pharmacy
          </Button>
        }
      >
        Each storefront ships from one partner (mail-order) pharmacy; its pharmacists fill and ship the storefront&rsquo;s orders.
      </AdminPageHeader>
      {adding ? (
        <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 }, mb: 3 }}>
          <Typography variant="h2" sx={{ fontSize: 22, mb: 2 }}>
            Add a partner pharmacy
          </Typography>
          <PharmacyForm
            label="Add a partner pharmacy"
            submitLabel="Add pharmacy"
            onCancel={() => setAdding(false)}
            onSave={async (values) => {
              const created = await peopleApi.createPharmacy(values);
              await queryClient.invalidateQueries({ queryKey: PEOPLE_KEYS.pharmacies });
              await navigate(`/admin/pharmacies/${created.id}`);
            }}
          />
        </Paper>
      ) : null}
      <AdminTable
        label="Partner pharmacies"
        columns={columns}
        rows={list.data?.items}
        total={list.data?.total}
        loading={list.isFetching}
        error={list.error}
        onRetry={() => void list.refetch()}
        retrying={list.isFetching}
        empty={{ title: 'No partner pharmacy yet', body: 'Add the pharmacy that ships a storefront’s orders.' }}
      />
    </>
  );
}
