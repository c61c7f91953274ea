// /admin/tax-rates (issue 18): every US state with the chosen storefront's sales-tax rate (or none),
// paged; add or edit a state's rate (a dialog) and remove it (confirmed). A change holds for the next
// cart at once; orders already paid keep the tax they were charged.
import type { AdminTaxRate, AdminTaxRateInput } from '@store/domain';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import type { GridColDef } from '@mui/x-data-grid';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { AdminPageHeader } from '@/components/admin/AdminPageHeader';
import { AdminTable } from '@/components/admin/AdminTable';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { errorText, ErrorState, LoadingState } from '@/components/PageState';
import { StatusButton } from '@/components/StatusButton';
import { pageParams, useAdminStorefront } from '@/shared/admin';
import { useDocumentTitle } from '@/shared/storefront';
import { useRemoveTaxRate, useSetTaxRate, useTaxRates } from '../api/admin-commerce.api';
import { TaxRateDialog } from '../components/TaxRateDialog';

export function TaxRatesPage() {
  useDocumentTitle('Tax rates');
  const { storefront, me } = useAdminStorefront();
  const [params] = useSearchParams();
  const { page, pageSize } = pageParams(params);
  const storefrontId = storefront?.id;
  const rates = useTaxRates(storefrontId, page, pageSize);
  const setRate = useSetTaxRate(storefrontId ?? '');
  const remove = useRemoveTaxRate(storefrontId ?? '');
  const [editing, setEditing] = useState<AdminTaxRate | null>(null);
  const [removing, setRemoving] = useState<AdminTaxRate | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  if (me.isPending) return <LoadingState label="Loading your storefronts…" />;
  if (me.isError || !storefront) return <ErrorState error={me.error} onRetry={() => void me.refetch()} retrying={me.isFetching} />;

  const save = async (input: AdminTaxRateInput) => {
    const state = editing!;
    await setRate.mutateAsync({ state: state.state, input });
    setEditing(null);
    setNotice(`${state.stateName}: ${input.ratePercent}% saved.`);
  };
  const removeRate = async (rate: AdminTaxRate) => {
    setNotice(null);
    try {
      await remove.mutateAsync(rate.state);
      setNotice(`${storefront.name} no longer collects sales tax in ${rate.stateName}.`);
    } catch (err) {
      setNotice(errorText(err));
    }
  };

  const columns: GridColDef<AdminTaxRate>[] = [
    { field: 'stateName', headerName: 'State', minWidth: 160, flex: 1, valueGetter: (_v, r) => `${r.stateName} (${r.state})` },
    { field: 'ratePercent', headerName: 'Rate', minWidth: 110, valueGetter: (_v, r) => (r.ratePercent === null ? 'No sales tax' : `${r.ratePercent}%`) },
    {
      field: 'appliesToConsultFee',
      headerName: 'On the consult fee',
      minWidth: 150,
      valueGetter: (_v, r) => (r.appliesToConsultFee === null ? '—' : r.appliesToConsultFee ? 'Yes' : 'No'),
    },
    {
      field: 'actions',
      headerName: 'Actions',
      minWidth: 200,
      renderCell: ({ row }) => (
        <Stack direction="row" spacing={1} sx={{ py: 0.5 }}>
          <Button size="small" variant="outlined" onClick={() => setEditing(row)} aria-label={`${row.ratePercent === null ? 'Add a rate for' : 'Edit the rate of'} ${row.stateName}`}>
            {row.ratePercent === null ? 'Add rate' : 'Edit'}
          </Button>
          {row.ratePercent !== null ? (
            <StatusButton
              size="small"
              variant="text"
              color="error"
              status={remove.isPending && remove.variables === row.state ? 'loading' : 'idle'}
              aria-label={`Remove the rate of ${row.stateName}`}
              onClick={() => setRemoving(row)}
            >
              Remove
            </StatusButton>
          ) : null}
        </Stack>
      ),
    },
  ];

  return (
    <>
      <AdminPageHeader title="Tax rates" perStorefront>
        Sales tax of {storefront.name} by the state an order ships to. It is charged on products (and on the consult fee where marked),
        never on shipping. A change holds for the next cart; paid orders keep the tax they were charged.
      </AdminPageHeader>
      {notice ? (
        <Alert severity="info" role="status" onClose={() => setNotice(null)} sx={{ mb: 2 }}>
          {notice}
        </Alert>
      ) : null}
      <AdminTable<AdminTaxRate>
        label={`Sales tax by state of ${storefront.name}`}
        columns={columns}
        rows={rates.data?.items}
        total={rates.data?.total}
        loading={rates.isFetching}
        error={rates.error}
        onRetry={() => void rates.refetch()}
        retrying={rates.isFetching}
        getRowId={(r) => r.state}
        empty={{ title: 'No states to show' }}
      />
      {editing ? <TaxRateDialog rate={editing} storefrontName={storefront.name} onSave={save} onClose={() => setEditing(null)} /> : null}
      <ConfirmDialog
        open={removing !== null}
        title={`Remove the rate of ${removing?.stateName ?? ''}?`}
        text={`${storefront.name} will collect no sales tax on new orders shipping there. Paid orders keep the tax they were charged.`}
        confirmLabel="Remove rate"
        onConfirm={() => removing && void removeRate(removing)}
        onClose={() => setRemoving(null)}
      />
    </>
  );
}
