// The order's money as the server priced it — subtotal, consult fee (the highest attached, once),
// discount, shipping, tax, donation and total — one list for the cart, shipping details and the
// summary so the three pages never say the same order costs different things in different words.
// A description list whose rows are div groups (dt + dd): the only children a <dl> may have.
import { formatCents } from '@store/domain';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Cart } from '@/shared/cart';

function Row({ label, value, testId, strong = false, live = false }: { label: string; value: string; testId: string; strong?: boolean; live?: boolean }) {
  return (
    <Stack direction="row" sx={{ justifyContent: 'space-between', gap: 2, ...(strong ? { borderTop: 1, borderColor: 'divider', pt: 1 } : {}) }}>
      <Typography component="dt" sx={strong ? { fontWeight: 700, fontSize: '1.125rem' } : undefined}>
        {label}
      </Typography>
      <Typography component="dd" sx={{ m: 0, fontWeight: strong ? 700 : 500, fontSize: strong ? '1.125rem' : undefined }}>
        {/* A live total is announced when a choice on the page changes it (shipping method, state). */}
        <span data-testid={testId} {...(live ? { role: 'status', 'aria-live': 'polite' as const } : {})}>
          {value}
        </span>
      </Typography>
    </Stack>
  );
}

export interface OrderTotalsProps {
  order: Cart;
  /** Show the Shipping row (an order with nothing to ship has none). */
  ships: boolean;
  /** Announce the total when it changes on this page. */
  liveTotal?: boolean;
  /** True while a choice on the page is being re-priced. */
  updating?: boolean;
}

export function OrderTotals({ order, ships, liveTotal = false, updating = false }: OrderTotalsProps) {
  const t = order.totals;
  const state = order.shipping.state;
  return (
    <Stack component="dl" spacing={1} sx={{ m: 0 }} aria-label="Order total" aria-busy={updating || undefined}>
      <Row label="Subtotal" value={formatCents(t.subtotalCents)} testId="summary-subtotal" />
      {t.consultFeeCents > 0 ? <Row label="Doctor’s consult" value={formatCents(t.consultFeeCents)} testId="summary-consult" /> : null}
      {t.discountCents > 0 ? (
        <Row label={`Discount${order.promoCode ? ` (${order.promoCode.code})` : ''}`} value={`−${formatCents(t.discountCents)}`} testId="summary-discount" />
      ) : null}
      {ships ? <Row label="Shipping" value={t.shippingCents === 0 ? 'Free' : formatCents(t.shippingCents)} testId="summary-shipping" /> : null}
      <Row
        label={state ? `Tax (${state}${order.isSalesTaxApplied ? ` ${order.taxRatePercent}%` : ''})` : 'Tax'}
        value={state ? formatCents(t.taxCents) : 'Calculated from your state'}
        testId="summary-tax"
      />
      {(t.donationCents ?? 0) > 0 ? <Row label="Donation" value={formatCents(t.donationCents ?? 0)} testId="summary-donation" /> : null}
      <Row label="Total" value={formatCents(t.totalCents)} testId="order-total" strong live={liveTotal} />
    </Stack>
  );
}
