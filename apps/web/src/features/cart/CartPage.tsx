// The cart (APP_ROUTES.cart): items with quantity and Remove, the promo code, the state and method
// for tax and shipping, the priced totals, and "Proceed to checkout", which sends the patient to
// the first pending stage (SPEC §2).
import { hasStage, Stage } from '@store/domain';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Divider from '@mui/material/Divider';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { EmptyState, ErrorState, errorText } from '@/components/PageState';
import { OrderTotals } from '@/components/OrderTotals';
import { PromoCodeForm } from '@/components/PromoCodeForm';
import { StatusButton } from '@/components/StatusButton';
import { visuallyHidden } from '@/components/visuallyHidden';
import {
  useApplyPromoCode,
  useCart,
  useCheckoutRoute,
  useRemoveItem,
  useRemovePromoCode,
  useSetQuantity,
  type Cart,
} from '@/shared/cart';
import { useDocumentTitle } from '@/shared/storefront';
import { CartItemRow } from './components/CartItemRow';
import { ShippingEstimate } from './components/ShippingEstimate';

/** SPEC §3 "cart (with an empty-cart title)". */
export const EMPTY_CART_TITLE = 'Your cart is empty';

function CartSkeleton() {
  return (
    <Box role="status" aria-live="polite" sx={{ display: 'grid', gap: 4, gridTemplateColumns: { xs: '1fr', md: '3fr 2fr' } }}>
      <Box component="span" sx={visuallyHidden}>
        Loading your cart…
      </Box>
      <Stack spacing={2} aria-hidden="true">
        {[0, 1].map((i) => (
          <Stack key={i} direction="row" spacing={2}>
            <Skeleton variant="rectangular" width={96} height={96} />
            <Box sx={{ flex: 1 }}>
              <Skeleton variant="text" sx={{ fontSize: '1.25rem' }} width="60%" />
              <Skeleton variant="text" width="30%" />
              <Skeleton variant="text" width="40%" />
            </Box>
          </Stack>
        ))}
      </Stack>
      <Skeleton variant="rectangular" height={280} aria-hidden="true" />
    </Box>
  );
}

function FilledCart({ cart }: { cart: Cart }) {
  const setQty = useSetQuantity();
  const remove = useRemoveItem();
  const applyPromo = useApplyPromoCode();
  const removePromo = useRemovePromoCode();
  const navigate = useNavigate();
  const route = useCheckoutRoute(cart);
  const [leaving, setLeaving] = useState(false);
  const busy = setQty.isPending || remove.isPending;
  const itemError = setQty.error ?? remove.error;
  const ships = cart.items.some((i) => hasStage(i.checkoutStages, Stage.Shipping));

  return (
    <Box sx={{ display: 'grid', gap: 4, gridTemplateColumns: { xs: '1fr', md: '3fr 2fr' }, alignItems: 'start' }}>
      <Box>
        {itemError ? (
          <Alert severity="error" sx={{ mb: 2 }}>
            {errorText(itemError)}
          </Alert>
        ) : null}
        <Box component="ul" aria-label="Items in your cart" sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {cart.items.map((item) => (
            <CartItemRow
              key={item.id}
              item={item}
              busy={busy}
              onQuantity={(qty) => setQty.mutate({ productId: item.productId, qty })}
              onRemove={() => remove.mutate({ productId: item.productId })}
            />
          ))}
        </Box>
        <Button component={RouterLink} to="/products" sx={{ mt: 2 }}>
          Continue shopping
        </Button>
      </Box>
      <Paper variant="outlined" component="section" aria-labelledby="summary-title" sx={{ p: 3 }}>
        <Stack spacing={3}>
          <Typography id="summary-title" variant="h3" component="h2">
            Order summary
          </Typography>
          <PromoCodeForm
            applied={cart.promoCode}
            onApply={(promoCode) => applyPromo.mutateAsync({ promoCode })}
            onRemove={() => removePromo.mutateAsync()}
            appliedHeading={<Typography sx={{ fontWeight: 600 }}>Promo code</Typography>}
          />
          <ShippingEstimate cart={cart} ships={ships} />
          <Divider />
          <OrderTotals order={cart} ships={ships} />
          <StatusButton
            size="large"
            fullWidth
            status={leaving ? 'loading' : 'idle'}
            disabled={!route || busy}
            onClick={async () => {
              if (!route) return;
              setLeaving(true);
              await navigate(route);
            }}
          >
            Proceed to checkout
          </StatusButton>
        </Stack>
      </Paper>
    </Box>
  );
}

export function CartPage() {
  useDocumentTitle('Your cart');
  const { cart, isLoading, error, refetch, isFetching } = useCart();
  let body;
  if (isLoading) body = <CartSkeleton />;
  else if (error) body = <ErrorState error={error} onRetry={() => void refetch()} retrying={isFetching} />;
  else if (!cart || cart.items.length === 0) {
    body = (
      <EmptyState
        title={EMPTY_CART_TITLE}
        body="Find a treatment and start your online visit in minutes."
        action={
          <Button component={RouterLink} to="/products" variant="contained">
            Browse treatments
          </Button>
        }
      />
    );
  } else body = <FilledCart cart={cart} />;

  return (
    <Container sx={{ py: { xs: 3, md: 6 } }}>
      <Typography variant="h1" sx={{ mb: 3 }}>
        Your cart
      </Typography>
      {body}
    </Container>
  );
}
