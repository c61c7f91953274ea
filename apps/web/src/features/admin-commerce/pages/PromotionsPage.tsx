// /admin/promotions (issue 18): the chosen storefront's promo codes, paged: code, discount, minimum,
// products, uses so far against the limits, dates and whether it is on. New, edit (a dialog) and
// deactivate (confirmed) or activate.
import type { AdminCoupon, AdminCouponInput } from '@store/domain';
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
import { useCouponProducts, useCoupons, useSaveCoupon, useSetCouponActive } from '../api/admin-commerce.api';
import { CouponDialog } from '../components/CouponDialog';

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

export function discountText(c: Pick<AdminCoupon, 'kind' | 'percentOff' | 'amountOffCents'>): string {
  return c.kind === 'percent' ? `${c.percentOff}% off` : `${formatCents(c.amountOffCents ?? 0)} off`;
}

function datesText(c: AdminCoupon): string {
  if (!c.startsAt && !c.endsAt) return 'Always';
  const from = c.startsAt ? `From ${dateFormat.format(new Date(c.startsAt))}` : '';
  const to = c.endsAt ? `until ${dateFormat.format(new Date(c.endsAt))}` : '';
  return [from, to].filter(Boolean).join(' ').replace(/^until/, 'Until');
}

export function PromotionsPage() {
  useDocumentTitle('Promotions');
  const { storefront, me } = useAdminStorefront();
  const [params] = useSearchParams();
  const { page, pageSize } = pageParams(params);
  const storefrontId = storefront?.id;
  const coupons = useCoupons(storefrontId, page, pageSize);
  const products = useCouponProducts(storefrontId);
  const save = useSaveCoupon(storefrontId ?? '');
  const setActive = useSetCouponActive(storefrontId ?? '');
  const [editing, setEditing] = useState<AdminCoupon | 'new' | null>(null);
  const [confirming, setConfirming] = useState<AdminCoupon | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  if (me.isPending) return <LoadingState label="Loading your storefronts…" />;
  if (me.isError || !storefront) return <ErrorState error={me.error} onRetry={() => void me.refetch()} retrying={me.isFetching} />;

  const toggle = async (coupon: AdminCoupon, active: boolean) => {
    setNotice(null);
    try {
      await setActive.mutateAsync({ id: coupon.id, active });
      setNotice(`${coupon.code} is ${active ? 'active again' : 'deactivated'}.`);
    } catch (err) {
      setNotice(errorText(err));
    }
  };
  const saveCoupon = async (input: AdminCouponInput) => {
    const id = editing && editing !== 'new' ? editing.id : null;
    const saved = await save.mutateAsync({ id, input });
    setEditing(null);
    setNotice(id ? `${saved.code} is saved.` : `${saved.code} is created.`);
  };
  const busy = (c: AdminCoupon) => setActive.isPending && setActive.variables?.id === c.id;

  const columns: GridColDef<AdminCoupon>[] = [
    { field: 'code', headerName: 'Code', minWidth: 110, flex: 0.8 },
    { field: 'discount', headerName: 'Discount', minWidth: 95, valueGetter: (_v, c) => discountText(c) },
    { field: 'minSubtotalCents', headerName: 'Minimum', minWidth: 85, valueGetter: (_v, c) => (c.minSubtotalCents === null ? 'None' : formatCents(c.minSubtotalCents)) },
    { field: 'products', headerName: 'Products', minWidth: 120, flex: 1, valueGetter: (_v, c) => (c.products.length === 0 ? 'All products' : c.products.map((p) => p.title).join(', ')) },
    {
      field: 'uses',
      headerName: 'Uses / limit',
      minWidth: 105,
      valueGetter: (_v, c) => `${c.uses} / ${c.maxRedemptions ?? 'no limit'}${c.maxRedemptionsPerPatient !== null ? ` (${c.maxRedemptionsPerPatient} per patient)` : ''}`,
    },
    { field: 'dates', headerName: 'Dates', minWidth: 120, flex: 1, valueGetter: (_v, c) => datesText(c) },
    {
      field: 'active',
      headerName: 'Status',
      minWidth: 90,
      renderCell: ({ row }) => <Chip size="small" color={row.active ? 'success' : 'default'} variant={row.active ? 'filled' : 'outlined'} label={row.active ? 'Active' : 'Inactive'} />,
    },
    {
      field: 'actions',
      headerName: 'Actions',
      minWidth: 190,
      sortable: false,
      renderCell: ({ row }) => (
        <Stack direction="row" spacing={1} sx={{ py: 0.5 }}>
          <Button size="small" variant="outlined" onClick={() => setEditing(row)} aria-label={`Edit ${row.code}`}>
            Edit
          </Button>
          <StatusButton
            size="small"
            variant="text"
            color={row.active ? 'error' : 'primary'}
            status={busy(row) ? 'loading' : 'idle'}
            aria-label={`${row.active ? 'Deactivate' : 'Activate'} ${row.code}`}
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
        title="Promotions"
        perStorefront
        actions={
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing('new')} disabled={!products.data}>
            New promo code
          </Button>
        }
      >
        Promo codes of {storefront.name}. Uses count paid orders (a refunded or failed payment gives its use back). Once a code has
        been used its code and discount stay fixed; its limits, dates, minimum and products may change and apply to later uses only.
      </AdminPageHeader>
      {notice ? (
        <Alert severity="info" role="status" onClose={() => setNotice(null)} sx={{ mb: 2 }}>
          {notice}
        </Alert>
      ) : null}
      <AdminTable<AdminCoupon>
        label={`Promo codes of ${storefront.name}`}
        columns={columns}
        rows={coupons.data?.items}
        total={coupons.data?.total}
        loading={coupons.isFetching}
        error={coupons.error}
        onRetry={() => void coupons.refetch()}
        retrying={coupons.isFetching}
        empty={{ title: 'No promo codes yet', body: `Create ${storefront.name}'s first code: patients type it where the cart says “Enter a promo code”.` }}
      />
      {editing ? (
        <CouponDialog
          coupon={editing === 'new' ? null : editing}
          storefrontName={storefront.name}
          products={products.data ?? []}
          onSave={saveCoupon}
          onClose={() => setEditing(null)}
        />
      ) : null}
      <ConfirmDialog
        open={confirming !== null}
        title={`Deactivate ${confirming?.code ?? ''}?`}
        text="Patients can no longer apply it, and carts that hold it lose the discount at their next change. Orders already paid keep theirs. You can activate it again later."
        confirmLabel="Deactivate"
        onConfirm={() => confirming && void toggle(confirming, false)}
        onClose={() => setConfirming(null)}
      />
    </>
  );
}
