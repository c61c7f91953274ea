// /admin/orders (issue 18): the company's orders, searched by number, the patient's email, status,
// storefront and days, newest first, paged on the server; Export CSV takes the same filters.
import { ORDER_STATUSES, adminOrderFiltersSchema, type AdminOrderRow } from '@store/domain';
import DownloadIcon from '@mui/icons-material/Download';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import type { GridColDef } from '@mui/x-data-grid';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { AdminPageHeader } from '@/components/admin/AdminPageHeader';
import { AdminTable } from '@/components/admin/AdminTable';
import { formatCents, pageParams, useAdminMe } from '@/shared/admin';
import { useDocumentTitle } from '@/shared/storefront';
import { FilterForm } from './FilterForm';
import { ORDER_FILTER_KEYS, STATUS_WORDS, filtersFrom, queryOf, useAdminOrders } from './api';

const when = (iso: string) => new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short', hourCycle: 'h12' });

export function AdminOrdersPage() {
  useDocumentTitle('Orders');
  const [params] = useSearchParams();
  const me = useAdminMe();
  const filters = filtersFrom(params, ORDER_FILTER_KEYS);
  const { page, pageSize } = pageParams(params);
  const orders = useAdminOrders(filters, page, pageSize);
  const columns: GridColDef<AdminOrderRow>[] = [
    {
      field: 'orderNumber',
      headerName: 'Order',
      width: 120,
      renderCell: ({ row }) => (
        <Link component={RouterLink} to={`/admin/orders/${row.id}`}>
          {row.orderNumber}
        </Link>
      ),
    },
    { field: 'createdAt', headerName: 'Placed', width: 190, valueFormatter: (v: string) => when(v) },
    { field: 'patientName', headerName: 'Patient', flex: 1, minWidth: 150 },
    { field: 'patientEmail', headerName: 'Email', flex: 1, minWidth: 200 },
    { field: 'status', headerName: 'Status', width: 140, valueFormatter: (v: string) => STATUS_WORDS(v) },
    { field: 'storefrontName', headerName: 'Storefront', width: 160 },
    { field: 'totalCents', headerName: 'Total', width: 100, valueFormatter: (v: number) => formatCents(v) },
    { field: 'refundedCents', headerName: 'Refunded', width: 100, valueFormatter: (v: number) => (v ? formatCents(v) : '—') },
  ];
  return (
    <>
      <AdminPageHeader
        title="Orders"
        actions={
          <Button variant="outlined" startIcon={<DownloadIcon />} href={`/api/admin/orders.csv${queryOf(filters)}`} download>
            Export CSV
          </Button>
        }
      >
        Every storefront of your company. Search by order number, the patient&rsquo;s email (the whole address or its beginning), status,
        storefront or dates. Export CSV takes the same filters (at most 10,000 orders, newest first).
      </AdminPageHeader>
      <FilterForm
        label="Search orders"
        schema={adminOrderFiltersSchema}
        fields={[
          { name: 'number', label: 'Order number' },
          { name: 'email', label: 'Patient email' },
          { name: 'status', label: 'Status', type: 'select', options: ORDER_STATUSES.map((s) => ({ value: s, label: STATUS_WORDS(s) })) },
          { name: 'storefrontId', label: 'Storefront', type: 'select', options: (me.data?.storefronts ?? []).map((s) => ({ value: s.id, label: s.name })) },
          { name: 'from', label: 'Placed from', type: 'date' },
          { name: 'to', label: 'Placed to', type: 'date' },
        ]}
      />
      <AdminTable<AdminOrderRow>
        label="Orders"
        columns={columns}
        rows={orders.data?.items}
        total={orders.data?.total}
        loading={orders.isFetching}
        error={orders.error}
        onRetry={() => void orders.refetch()}
        retrying={orders.isFetching}
        empty={{ title: 'No orders found', body: 'No order matches these filters. Clear them or search for something else.' }}
      />
    </>
  );
}
