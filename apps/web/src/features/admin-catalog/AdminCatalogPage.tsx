// /admin/catalog (issue 18): the chosen storefront's products, active or not, paged on the server
// (Data Grid), searched by title; each opens the product editor.
import { PRODUCT_CATEGORY_LABELS, PRODUCT_TYPE_LABELS, type AdminProductRow } from '@store/domain';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { GridColDef } from '@mui/x-data-grid';
import { useEffect, useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { AdminPageHeader } from '@/components/admin/AdminPageHeader';
import { AdminTable } from '@/components/admin/AdminTable';
import { ErrorState, LoadingState } from '@/components/PageState';
import { adminHref, formatCents, pageParams, useAdminStorefront } from '@/shared/admin';
import { useDocumentTitle } from '@/shared/storefront';
import { useProductsPage } from './api/adminCatalog.api';

export function AdminCatalogPage() {
  useDocumentTitle('Catalog');
  const { storefront, me } = useAdminStorefront();
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const [typed, setTyped] = useState(q);
  const { page, pageSize } = pageParams(params);
  const products = useProductsPage(storefront?.id, { page, pageSize, q });

  // Searching as one types, a moment after the last key (a new search starts on page 1).
  useEffect(() => {
    if (typed.trim() === q) return;
    const timer = setTimeout(() => {
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          if (typed.trim()) next.set('q', typed.trim());
          else next.delete('q');
          next.delete('page');
          return next;
        },
        { replace: true },
      );
    }, 300);
    return () => clearTimeout(timer);
  }, [typed, q, setParams]);

  if (me.isPending) return <LoadingState label="Loading your storefronts…" />;
  if (me.isError) return <ErrorState error={me.error} onRetry={() => void me.refetch()} retrying={me.isFetching} />;

  const columns: GridColDef<AdminProductRow>[] = [
    {
      field: 'title',
      headerName: 'Product',
      flex: 2,
      minWidth: 220,
      renderCell: ({ row }) => (
        <Link component={RouterLink} to={adminHref(`/admin/catalog/${row.id}`, storefront?.id)}>
          {row.title}
        </Link>
      ),
    },
    { field: 'category', headerName: 'Category', flex: 1, minWidth: 130, valueGetter: (_v, row) => PRODUCT_CATEGORY_LABELS[row.category] },
    { field: 'type', headerName: 'Type', flex: 1, minWidth: 130, valueGetter: (_v, row) => PRODUCT_TYPE_LABELS[row.type] },
    { field: 'priceCents', headerName: 'Price', width: 110, valueGetter: (_v, row) => formatCents(row.priceCents) },
    { field: 'consultFeeCents', headerName: 'Consult fee', width: 120, valueGetter: (_v, row) => formatCents(row.consultFeeCents) },
    {
      field: 'active',
      headerName: 'On sale',
      width: 110,
      renderCell: ({ row }) => <Chip size="small" label={row.active ? 'Active' : 'Inactive'} color={row.active ? 'success' : 'default'} variant="outlined" />,
    },
  ];

  return (
    <>
      <AdminPageHeader
        title="Catalog"
        perStorefront
        actions={
          <Button variant="contained" component={RouterLink} to={adminHref('/admin/catalog/new', storefront?.id)}>
            New product
          </Button>
        }
      >
        Products of {storefront?.name ?? 'this storefront'}: prices, what each needs at checkout, where it ships and what a doctor may prescribe.
      </AdminPageHeader>
      <Stack spacing={2}>
        <TextField
          label="Search by title"
          type="search"
          size="small"
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
          sx={{ maxWidth: 360 }}
        />
        <AdminTable<AdminProductRow>
          label={`Products of ${storefront?.name ?? 'the storefront'}`}
          columns={columns}
          rows={products.data?.items}
          total={products.data?.total}
          loading={products.isFetching}
          error={products.error}
          onRetry={() => void products.refetch()}
          retrying={products.isFetching}
          empty={
            q
              ? { title: 'No products match', body: `No product title contains “${q}”.` }
              : { title: 'No products yet', body: 'Add the first product of this storefront.' }
          }
        />
      </Stack>
    </>
  );
}
