// The one list of the operator's console (issue 18): MUI X Data Grid (MIT) over a list the server
// pages (page and size kept in the address), with its loading, empty and error states. Rows are
// whatever the page maps them to; a row's link is a column the page renders.
import Box from '@mui/material/Box';
import { DataGrid, type GridColDef, type GridValidRowModel } from '@mui/x-data-grid';
import { useSearchParams } from 'react-router';
import { EmptyState, ErrorState } from '@/components/PageState';
import { pageParams } from '@/shared/admin';

export interface AdminTableProps<R extends GridValidRowModel> {
  /** Names the grid for screen readers ("Products of Evergreen Health"). */
  label: string;
  columns: GridColDef<R>[];
  rows: R[] | undefined;
  total: number | undefined;
  loading: boolean;
  error: unknown;
  onRetry: () => void;
  retrying?: boolean;
  /** Shown instead of the grid when the list has no rows at all. */
  empty: { title: string; body?: string; action?: React.ReactNode };
  getRowId?: (row: R) => string;
}

export function AdminTable<R extends GridValidRowModel>({
  label,
  columns,
  rows,
  total,
  loading,
  error,
  onRetry,
  retrying = false,
  empty,
  getRowId,
}: AdminTableProps<R>) {
  const [params, setParams] = useSearchParams();
  const { page, pageSize } = pageParams(params);
  if (error && !rows) return <ErrorState error={error} onRetry={onRetry} retrying={retrying} />;
  if (!loading && rows && rows.length === 0 && page === 1)
    return <EmptyState title={empty.title} body={empty.body} action={empty.action} />;
  return (
    <Box sx={{ width: '100%' }}>
      <DataGrid<R>
        aria-label={label}
        rows={rows ?? []}
        columns={columns}
        loading={loading}
        rowCount={total ?? 0}
        paginationMode="server"
        sortingMode="server"
        filterMode="server"
        disableColumnFilter
        disableColumnSorting
        disableColumnMenu
        disableRowSelectionOnClick
        pageSizeOptions={[10, 25, 50, 100]}
        paginationModel={{ page: page - 1, pageSize }}
        onPaginationModelChange={(model) =>
          setParams(
            (current) => {
              const next = new URLSearchParams(current);
              next.set('page', String(model.page + 1));
              next.set('pageSize', String(model.pageSize));
              return next;
            },
            { replace: true },
          )
        }
        autoHeight
        getRowHeight={() => 'auto'}
        {...(getRowId ? { getRowId } : {})}
        sx={{ '& .MuiDataGrid-cell': { py: 1 } }}
      />
    </Box>
  );
}
