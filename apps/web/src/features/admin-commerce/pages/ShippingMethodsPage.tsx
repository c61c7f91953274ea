// /admin/shipping-methods (issue 18): the chosen storefront's shipping methods and prices, paged,
// active first in their order: add, edit (a dialog), deactivate (confirmed) or activate. A new price
// holds for the next cart at once; paid orders keep what they were charged.
import type { AdminShippingMethod, AdminShippingMethodInput } from '@store/domain';
import AddIcon from '@mui/icons-material/Add';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import type { GridColDef } from '@mui/x-data-grid';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { AdminPageHeader } from '@/components/admin/AdminPageHeader';
import { AdminTable } from '@/components/admin/AdminTable';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { errorText, ErrorState, LoadingState } from '@/components/PageState';
import { StatusButton } from '@/components/StatusButton';
import { formatCents, pageParams, useAdminStorefront } from '@/shared/admin';
import { useDocumentTitle } from '@/shared/storefront';
import { useSaveShippingMethod, useSetShippingMethodActive, useShippingMethods } from '../api/admin-commerce.api';
import { ShippingMethodDialog } from '../components/ShippingMethodDialog';

const label = (m: AdminShippingMethod) => `${m.carrier} ${m.name}`;

export function ShippingMethodsPage() {
  useDocumentTitle('Shipping methods');
  const { storefront, me } = useAdminStorefront();
  const [params] = useSearchParams();
  const { page, pageSize } = pageParams(params);
  const storefrontId = storefront?.id;
  const methods = useShippingMethods(storefrontId, page, pageSize);
  const save = useSaveShippingMethod(storefrontId ?? '');
  const setActive = useSetShippingMethodActive(storefrontId ?? '');
  const [editing, setEditing] = useState<AdminShippingMethod | 'new' | null>(null);
  const [confirming, setConfirming] = useState<AdminShippingMethod | null>(null);
  const [notice, setNotice] = useState<{ text: string; error: boolean } | null>(null);

  if (me.isPending) return <LoadingState label="Loading your storefronts…" />;
  if (me.isError || !storefront) return <ErrorState error={me.error} onRetry={() => void me.refetch()} retrying={me.isFetching} />;

  const toggle = async (m: AdminShippingMethod, active: boolean) => {
    setNotice(null);
    try {
      await setActive.mutateAsync({ id: m.id, active });
      setNotice({ text: `${label(m)} is ${active ? 'offered again' : 'no longer offered'}.`, error: false });
    } catch (err) {
      setNotice({ text: errorText(err), error: true });
    }
  };
  const saveMethod = async (input: AdminShippingMethodInput) => {
    const id = editing && editing !== 'new' ? editing.id : null;
    const saved = await save.mutateAsync({ id, input });
    setEditing(null);
    setNotice({ text: `${label(saved)} is ${id ? 'saved' : 'added'}.`, error: false });
  };
  const busy = (m: AdminShippingMethod) => setActive.isPending && setActive.variables?.id === m.id;

  const columns: GridColDef<AdminShippingMethod>[] = [
    { field: 'carrier', headerName: 'Carrier', minWidth: 100 },
    { field: 'name', headerName: 'Name', minWidth: 140, flex: 1 },
    { field: 'costCents', headerName: 'Cost', minWidth: 90, valueGetter: (_v, m) => (m.costCents === 0 ? 'Free' : formatCents(m.costCents)) },
    { field: 'freeAboveCents', headerName: 'Free from', minWidth: 100, valueGetter: (_v, m) => (m.freeAboveCents === null ? '—' : formatCents(m.freeAboveCents)) },
    { field: 'days', headerName: 'Arrives in', minWidth: 110, valueGetter: (_v, m) => (m.minDays === m.maxDays ? `${m.minDays} days` : `${m.minDays}–${m.maxDays} days`) },
    { field: 'sortOrder', headerName: 'Order', minWidth: 70 },
    {
      field: 'active',
      headerName: 'Status',
      minWidth: 100,
      renderCell: ({ row }) => <Chip size="small" color={row.active ? 'success' : 'default'} variant={row.active ? 'filled' : 'outlined'} label={row.active ? 'Active' : 'Inactive'} />,
    },
    {
      field: 'actions',
      headerName: 'Actions',
      minWidth: 220,
      renderCell: ({ row }) => (
        <Stack direction="row" spacing={1} sx={{ py: 0.5 }}>
          <Button size="small" variant="outlined" onClick={() => setEditing(row)} aria-label={`Edit ${label(row)}`}>
            Edit
          </Button>
          <StatusButton
            size="small"
            variant="text"
            color={row.active ? 'error' : 'primary'}
            status={busy(row) ? 'loading' : 'idle'}
            aria-label={`${row.active ? 'Deactivate' : 'Activate'} ${label(row)}`}
            onClick={() => (row.active ? setConfirming(row) : void toggle(row, true))}
          >
            {row.active ? 'Deactivate' : 'Activate'}
          </StatusButton>
        </Stack>
      ),
    },
  ];

  return (
    <>
      <AdminPageHeader
        title="Shipping methods"
        perStorefront
        actions={
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing('new')}>
            New shipping method
          </Button>
        }
      >
        How {storefront.name} ships and what it costs. A new price holds for the next cart at once; paid orders keep what they were
        charged. Which products may use which method is set on each product.
      </AdminPageHeader>
      {notice ? (
        <Alert severity={notice.error ? 'error' : 'info'} role={notice.error ? 'alert' : 'status'} onClose={() => setNotice(null)} sx={{ mb: 2 }}>
          {notice.text}
        </Alert>
      ) : null}
      <AdminTable<AdminShippingMethod>
        label={`Shipping methods of ${storefront.name}`}
        columns={columns}
        rows={methods.data?.items}
        total={methods.data?.total}
        loading={methods.isFetching}
        error={methods.error}
        onRetry={() => void methods.refetch()}
        retrying={methods.isFetching}
        empty={{ title: 'No shipping methods yet', body: `Add one: ${storefront.name}'s orders that ship need a method to be priced.` }}
      />
      {editing ? (
        <ShippingMethodDialog method={editing === 'new' ? null : editing} storefrontName={storefront.name} onSave={saveMethod} onClose={() => setEditing(null)} />
      ) : null}
      <ConfirmDialog
        open={confirming !== null}
        title={`Deactivate ${confirming ? label(confirming) : ''}?`}
        text="Checkout stops offering it; carts that chose it fall back to the first active method at their next change. Paid orders keep theirs."
        confirmLabel="Deactivate"
        onConfirm={() => confirming && void toggle(confirming, false)}
        onClose={() => setConfirming(null)}
      />
    </>
  );
}
