// The open-cart entry page: a returning patient whose cart still holds items is welcomed back and
// offered to continue where they stopped (the first pending stage), see the cart, or browse.
// Hidden by disableOpenCartEntryPage.
import { formatCents } from '@store/domain';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { ProductImage } from '@/components/ProductImage';
import { useCheckoutRoute, type Cart } from '@/shared/cart';

export function OpenCartEntry({ cart, onBrowse }: { cart: Cart; onBrowse: () => void }) {
  const route = useCheckoutRoute(cart);
  return (
    <Container sx={{ py: { xs: 4, md: 8 } }} data-testid="open-cart-entry">
      <Stack spacing={3} sx={{ maxWidth: 720 }}>
        <Typography variant="h1">Welcome back</Typography>
        <Typography variant="subtitle1">You have an order in progress. Pick up where you left off.</Typography>
        <Paper variant="outlined" sx={{ p: 2 }}>
          <Stack component="ul" spacing={2} aria-label="Your order in progress" sx={{ listStyle: 'none', m: 0, p: 0 }}>
            {cart.items.map((item) => (
              <Stack component="li" key={item.id} direction="row" spacing={2} sx={{ alignItems: 'center' }}>
                <Box sx={{ width: 64, flexShrink: 0 }}>
                  <ProductImage src={item.thumbnail} alt="" size={64} />
                </Box>
                <Typography sx={{ flex: 1 }}>
                  {item.title}
                  {item.qty > 1 ? ` × ${item.qty}` : ''}
                </Typography>
              </Stack>
            ))}
          </Stack>
          <Typography sx={{ mt: 2, fontWeight: 700 }}>Total {formatCents(cart.totals.totalCents)}</Typography>
        </Paper>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <Button component={RouterLink} to={route ?? '/cart'} variant="contained" size="large">
            Continue my order
          </Button>
          <Button component={RouterLink} to="/cart" variant="outlined" size="large">
            View cart
          </Button>
          <Button onClick={onBrowse} size="large">
            Keep browsing
          </Button>
        </Stack>
      </Stack>
    </Container>
  );
}
