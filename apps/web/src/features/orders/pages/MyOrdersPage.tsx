// ACCOUNT_ROUTES.myOrders (issue 17; SPEC §7 recent and previous orders): the signed-in patient's
// orders in two tabs, ten a page, each with its number, date, items, total, SPEC §4 label and
// latest step; an unfinished one continues at its first pending stage, a decided one offers the
// doctor's rating; each opens /order-details?id=… (SPEC §2). The sign-in prompt is the account
// feature's; the router hands it in (features do not import each other).
import type { AccountOrderScope, AccountOrderSummary } from '@store/domain';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Pagination from '@mui/material/Pagination';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import type { ComponentType } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { EmptyState, ErrorState, LoadingState } from '@/components/PageState';
import { ACCOUNT_ROUTES } from '@/shared/accountRoutes';
import { useSession } from '@/shared/session';
import { useDocumentTitle } from '@/shared/storefront';
import { useAccountOrders } from '../api/orders.api';
import { LatestStep, OrderStatusChip } from '../components/OrderStatus';
import { formatDate, money } from '../format';

export const NO_ORDERS_TITLE = 'You have no orders yet';
const SCOPE_TITLES: Record<AccountOrderScope, string> = { recent: 'Recent orders', previous: 'Previous orders' };

export const detailsPath = (id: string) => `${ACCOUNT_ROUTES.orderDetails}?id=${encodeURIComponent(id)}`;

function OrderRow({ order }: { order: AccountOrderSummary }) {
  const items = order.items.map((i) => (i.qty > 1 ? `${i.title} × ${i.qty}` : i.title)).join(', ');
  return (
    <Paper variant="outlined" component="li" sx={{ p: 2, listStyle: 'none' }}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ justifyContent: 'space-between' }}>
        <Stack spacing={0.5} sx={{ minWidth: 0 }}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
            <Typography variant="h3" component="h3" sx={{ fontSize: '1.1rem' }}>
              <Link component={RouterLink} to={detailsPath(order.id)} aria-label={`Order ${order.orderNumber}`}>
                Order {order.orderNumber}
              </Link>
            </Typography>
            <OrderStatusChip label={order.statusLabel} />
          </Stack>
          <Typography variant="body2" color="text.secondary">
            {order.placedAt ? `Placed ${formatDate(order.placedAt)}` : `Started ${formatDate(order.createdAt)}`} · {money(order.totalCents)}
          </Typography>
          <Typography variant="body2">{items || 'No items'}</Typography>
          <LatestStep step={order.latestStep} />
        </Stack>
        <Stack spacing={1} sx={{ alignItems: { xs: 'flex-start', sm: 'flex-end' }, flexShrink: 0 }}>
          {order.resumePath ? (
            <Button variant="contained" component={RouterLink} to={order.resumePath}>
              Continue
            </Button>
          ) : null}
          <Button variant="outlined" component={RouterLink} to={detailsPath(order.id)} aria-label={`View details of order ${order.orderNumber}`}>
            View details
          </Button>
          {order.ratePath ? (
            <Link component={RouterLink} to={order.ratePath} variant="body2">
              Rate your doctor
            </Link>
          ) : null}
        </Stack>
      </Stack>
    </Paper>
  );
}

function OrderList({ scope, page, onPage }: { scope: AccountOrderScope; page: number; onPage: (page: number) => void }) {
  const orders = useAccountOrders(scope, page);
  if (orders.isPending) return <LoadingState label="Loading your orders…" />;
  if (orders.isError) return <ErrorState error={orders.error} onRetry={() => void orders.refetch()} retrying={orders.isFetching} />;
  const { items, total, pageSize } = orders.data;
  if (total === 0) {
    return (
      <EmptyState
        title={scope === 'recent' ? NO_ORDERS_TITLE : 'No previous orders'}
        headingComponent="h2"
        body={scope === 'recent' ? 'When you place an order it will appear here.' : 'Completed and closed orders will appear here.'}
        action={
          <Button variant="contained" component={RouterLink} to="/">
            Shop now
          </Button>
        }
      />
    );
  }
  const pages = Math.ceil(total / pageSize);
  return (
    <Stack spacing={2}>
      <Typography variant="h2" sx={{ fontSize: '1.25rem' }}>
        {SCOPE_TITLES[scope]} ({total})
      </Typography>
      <Stack component="ul" spacing={2} sx={{ p: 0, m: 0 }} aria-label={SCOPE_TITLES[scope]}>
        {items.map((order) => (
          <OrderRow key={order.id} order={order} />
        ))}
      </Stack>
      {pages > 1 ? (
        <Pagination count={pages} page={page} onChange={(_e, p) => onPage(p)} getItemAriaLabel={(type, p) => (type === 'page' ? `Page ${p}` : `Go to ${type} page`)} />
      ) : null}
    </Stack>
  );
}

export interface MyOrdersPageProps {
  /** What someone not signed in sees instead (the account feature's prompt). */
  SignInRequired: ComponentType<{ title: string }>;
}

export function MyOrdersPage({ SignInRequired }: MyOrdersPageProps) {
  useDocumentTitle('My orders');
  const session = useSession();
  const [params, setParams] = useSearchParams();
  const scope: AccountOrderScope = params.get('scope') === 'previous' ? 'previous' : 'recent';
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);

  if (session.isPending) return <LoadingState />;
  if (session.data?.kind !== 'user') return <SignInRequired title="My orders" />;
  return (
    <Container sx={{ py: { xs: 4, md: 6 } }}>
      <Stack spacing={3} sx={{ maxWidth: 820 }}>
        <Typography variant="h1">My orders</Typography>
        <Tabs value={scope} onChange={(_e, value: AccountOrderScope) => setParams(value === 'recent' ? {} : { scope: value })} aria-label="Orders">
          <Tab value="recent" label="Recent orders" id="orders-tab-recent" aria-controls="orders-panel" />
          <Tab value="previous" label="Previous orders" id="orders-tab-previous" aria-controls="orders-panel" />
        </Tabs>
        <div role="tabpanel" id="orders-panel" aria-labelledby={`orders-tab-${scope}`}>
          <OrderList scope={scope} page={page} onPage={(p) => setParams({ ...(scope === 'previous' ? { scope } : {}), page: String(p) })} />
        </div>
        <Link component={RouterLink} to="/my-account" sx={{ alignSelf: 'flex-start' }}>
          Back to my account
        </Link>
      </Stack>
    </Container>
  );
}
