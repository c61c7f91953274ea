// Subtotal, consult fee, discount, shipping, tax and total, as the server priced them.
import { formatCents } from '@store/domain';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Cart } from '@/lib/cart';

function Row({ label, value, testId, strong = false }: { label: string; value: string; testId: string; strong?: boolean }) {
  return (
    <Stack direction="row" sx={{ justifyContent: 'space-between', gap: 2 }}>
      <Typography component="dt" sx={strong ? { fontWeight: 700, fontSize: '1.125rem' } : undefined}>
        {label}
      </Typography>
      <Typography component="dd" data-testid={testId} sx={{ m: 0, fontWeight: strong ? 700 : 500, fontSize: strong ? '1.125rem' : undefined }}>
        {value}
      </Typography>
    </Stack>
  );
}

export function OrderSummary({ cart, ships }: { cart: Cart; ships: boolean }) {
  const t = cart.totals;
  return (
    <Stack component="dl" spacing={1} sx={{ m: 0 }} aria-label="Order total">
      <Row label="Subtotal" value={formatCents(t.subtotalCents)} testId="summary-subtotal" />
      {t.consultFeeCents > 0 ? <Row label="Doctor’s consult" value={formatCents(t.consultFeeCents)} testId="summary-consult" /> : null}
      {t.discountCents > 0 ? (
        <Row label={`Discount${cart.promoCode ? ` (${cart.promoCode.code})` : ''}`} value={`−${formatCents(t.discountCents)}`} testId="summary-discount" />
      ) : null}
      {ships ? <Row label="Shipping" value={t.shippingCents === 0 ? 'Free' : formatCents(t.shippingCents)} testId="summary-shipping" /> : null}
      <Row
        label={cart.shipping.state ? `Tax (${cart.shipping.state}${cart.isSalesTaxApplied ? ` ${cart.taxRatePercent}%` : ''})` : 'Tax'}
        value={cart.shipping.state ? formatCents(t.taxCents) : 'Calculated from your state'}
        testId="summary-tax"
      />
      <Divider />
      <Row label="Total" value={formatCents(t.totalCents)} testId="order-total" strong />
    </Stack>
  );
}
