// /admin/phone-orders (issue 18): the chosen storefront's phone-order requests (SPEC §7), new ones
// to call back first; "Mark handled" once called. Handled ones stay for reference. Paged on the
// server; the page keeps its tab, page and storefront in the address.
import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import type { AdminPhoneOrder, AdminPhoneOrderPage } from '@store/domain';
import type { GridColDef } from '@mui/x-data-grid';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { AdminPageHeader } from '@/components/admin/AdminPageHeader';
import { AdminTable } from '@/components/admin/AdminTable';
import { errorText, LoadingState } from '@/components/PageState';
import { StatusButton } from '@/components/StatusButton';
import { apiGet, apiPost } from '@/lib/api';
import { pageParams, useAdminStorefront } from '@/shared/admin';
import { useDocumentTitle } from '@/shared/storefront';

type Status = 'new' | 'handled';

function formatPhone(phone: string): string {
  return phone.length === 10 ? `(${phone.slice(0, 3)}) ${phone.slice(3, 6)}-${phone.slice(6)}` : phone;
}

function formatWhen(iso: string): string {
  return new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });
}

function MarkHandled({ storefrontId, request }: { storefrontId: string; request: AdminPhoneOrder }) {
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: () => apiPost<AdminPhoneOrder>(`/api/admin/storefronts/${storefrontId}/phone-orders/${request.id}/handled`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin', 'phone-orders', storefrontId] }),
  });
  return (
    <Stack spacing={0.5} sx={{ alignItems: 'flex-start' }}>
      <StatusButton
        size="small"
        variant="outlined"
        status={mutation.isPending ? 'loading' : mutation.isSuccess ? 'done' : 'idle'}
        disabled={mutation.isSuccess}
        onClick={() => mutation.mutate()}
        aria-label={`Mark the request from ${request.name} handled`}
      >
        Mark handled
      </StatusButton>
      {mutation.isError ? (
        <Typography variant="body2" color="error" role="alert">
          {errorText(mutation.error)}
        </Typography>
      ) : null}
    </Stack>
  );
}

export function AdminPhoneOrdersPage() {
  useDocumentTitle('Phone orders');
  const { storefront, me } = useAdminStorefront();
  const [params, setParams] = useSearchParams();
  const status: Status = params.get('status') === 'handled' ? 'handled' : 'new';
  const { page, pageSize } = pageParams(params);
  const storefrontId = storefront?.id ?? null;
  const list = useQuery({
    queryKey: ['admin', 'phone-orders', storefrontId, status, page, pageSize],
    enabled: Boolean(storefrontId),
    placeholderData: keepPreviousData,
    queryFn: ({ signal }) =>
      apiGet<AdminPhoneOrderPage>(`/api/admin/storefronts/${storefrontId}/phone-orders?status=${status}&page=${page}&pageSize=${pageSize}`, { signal }),
  });
  const [announce, setAnnounce] = useState('');

  if (me.isPending) return <LoadingState label="Loading your storefronts…" />;
  if (!storefrontId) return <AdminPageHeader title="Phone orders" />;

  const columns: GridColDef<AdminPhoneOrder>[] = [
    { field: 'createdAt', headerName: 'Asked', width: 170, valueFormatter: (value: string) => formatWhen(value) },
    {
      field: 'name',
      headerName: 'Who',
      flex: 1,
      minWidth: 180,
      renderCell: ({ row }) => (
        <Stack>
          <span>{row.name}</span>
          <Typography variant="body2" color="text.secondary">
            {row.fromPatient ? 'Signed-in patient' : 'Guest'}
          </Typography>
        </Stack>
      ),
    },
    { field: 'phone', headerName: 'Phone', width: 150, valueFormatter: (value: string) => formatPhone(value) },
    { field: 'bestTime', headerName: 'Best time to call', width: 190 },
    { field: 'need', headerName: 'What they need', flex: 2, minWidth: 220 },
    status === 'new'
      ? {
          field: 'actions',
          headerName: 'Action',
          width: 170,
          renderCell: ({ row }) => <MarkHandled storefrontId={storefrontId} request={row} />,
        }
      : {
          field: 'handledAt',
          headerName: 'Handled',
          width: 220,
          renderCell: ({ row }) => (
            <Stack>
              <span>{row.handledAt ? formatWhen(row.handledAt) : ''}</span>
              <Typography variant="body2" color="text.secondary">
                {row.handledBy ?? ''}
              </Typography>
            </Stack>
          ),
        },
  ];

  const counts = list.data?.counts;
  return (
    <>
      <AdminPageHeader title="Phone orders" perStorefront>
        Patients who asked {storefront?.name} to call them and take their order by phone.
      </AdminPageHeader>
      <Tabs
        value={status}
        onChange={(_, value: Status) => {
          setParams(
            (current) => {
              const next = new URLSearchParams(current);
              next.set('status', value);
              next.delete('page');
              return next;
            },
            { replace: true },
          );
          setAnnounce(value === 'new' ? 'Showing requests to call back' : 'Showing handled requests');
        }}
        aria-label="Phone-order requests by status"
        sx={{ mb: 2 }}
      >
        <Tab value="new" label={`To call back${counts ? ` (${counts.new})` : ''}`} />
        <Tab value="handled" label={`Handled${counts ? ` (${counts.handled})` : ''}`} />
      </Tabs>
      <Typography role="status" sx={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' }}>
        {announce}
      </Typography>
      {list.isError && list.data ? (
        <Alert severity="error" sx={{ mb: 2 }}>
          {errorText(list.error)}
        </Alert>
      ) : null}
      <AdminTable<AdminPhoneOrder>
        label={`Phone-order requests of ${storefront?.name ?? ''}`}
        columns={columns}
        rows={list.data?.items}
        total={list.data?.total}
        loading={list.isFetching}
        error={list.error}
        onRetry={() => void list.refetch()}
        retrying={list.isFetching}
        empty={
          status === 'new'
            ? { title: 'No one is waiting for a call', body: 'New phone-order requests from this storefront will appear here.' }
            : { title: 'No handled requests yet', body: 'Requests you mark handled are kept here.' }
        }
      />
    </>
  );
}
