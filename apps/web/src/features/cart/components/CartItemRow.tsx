// One line of the cart: picture, name, unit price, quantity, line total and Remove.
import { formatCents } from '@store/domain';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { ProductImage } from '@/components/ProductImage';
import { QuantitySelector } from '@/components/QuantitySelector';
import type { CartItem } from '@/shared/cart';

export interface CartItemRowProps {
  item: CartItem;
  busy: boolean;
  onQuantity: (qty: number) => void;
  onRemove: () => void;
}

export function CartItemRow({ item, busy, onQuantity, onRemove }: CartItemRowProps) {
  const flexible = item.qtyRange.max > item.qtyRange.min;
  return (
    <Box
      component="li"
      data-testid="cart-item"
      sx={{ display: 'grid', gridTemplateColumns: { xs: '72px 1fr', sm: '96px 1fr auto' }, gap: 2, py: 2, borderBottom: 1, borderColor: 'divider' }}
    >
      <ProductImage src={item.thumbnail} alt="" size={96} />
      <Stack spacing={1} sx={{ minWidth: 0 }}>
        <Typography variant="h3" component="h2">
          {item.slug ? (
            <Link component={RouterLink} to={`/products/${encodeURIComponent(item.slug)}`} color="inherit">
              {item.title}
            </Link>
          ) : (
            item.title
          )}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {item.type === 'consult_only' ? 'Doctor’s visit' : `${formatCents(item.unitPriceCents)} each`}
          {item.consultRequired ? (item.consultAttached && item.consultFeeCents > 0 ? ` · consult ${formatCents(item.consultFeeCents)}` : ' · consult included') : ''}
        </Typography>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
          {flexible ? (
            <QuantitySelector
              value={item.qty}
              min={item.qtyRange.min}
              max={item.qtyRange.max}
              onChange={onQuantity}
              disabled={busy}
              label={`Quantity of ${item.title}`}
            />
          ) : (
            <Typography variant="body2">Quantity {item.qty}</Typography>
          )}
          <Button size="small" startIcon={<DeleteOutlineIcon />} onClick={onRemove} disabled={busy} aria-label={`Remove ${item.title}`}>
            Remove
          </Button>
        </Stack>
      </Stack>
      <Typography sx={{ fontWeight: 700, gridColumn: { xs: '2', sm: 'auto' }, textAlign: { sm: 'right' } }} data-testid="line-subtotal">
        {item.type === 'consult_only' ? formatCents(item.consultFeeCents) : formatCents(item.lineSubtotalCents)}
      </Typography>
    </Box>
  );
}
