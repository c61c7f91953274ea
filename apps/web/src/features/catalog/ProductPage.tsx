// One product (PATHS.product): picture, unit price, the first order's total and the price of each
// refill for the quantity chosen, consult fee, quantity and the call to action. Flags: hidePriceAndCycleProductPage hides the price block;
// productImageTopOnMobile puts the picture first on small screens; pricePerCycleBottomOnMobile
// moves the price block below the call to action on small screens.
import { formatCents, lineSubtotal, priceOrder, US_STATES } from '@store/domain';
import Box from '@mui/material/Box';
import Breadcrumbs from '@mui/material/Breadcrumbs';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { AddToCartButton } from '@/components/AddToCartButton';
import { EmptyState, ErrorState } from '@/components/PageState';
import { ProductImage } from '@/components/ProductImage';
import { QuantitySelector } from '@/components/QuantitySelector';
import { TextAndSubText } from '@/components/TextAndSubText';
import { visuallyHidden } from '@/components/visuallyHidden';
import { isApiError } from '@/lib/api';
import { CATEGORY_LABELS, initialQuantity, useProduct, VISIT_TYPE_LABELS, type Product } from '@/shared/catalog';
import { useDocumentTitle, useStoreConfig } from '@/shared/storefront';

/** Grid areas on small screens, in the order the flags choose. */
export function mobileAreas(flags: { productImageTopOnMobile: boolean; pricePerCycleBottomOnMobile: boolean }): string[] {
  const areas = flags.productImageTopOnMobile ? ['image', 'title', 'price', 'details'] : ['title', 'price', 'image', 'details'];
  if (flags.pricePerCycleBottomOnMobile) {
    areas.splice(areas.indexOf('price'), 1);
    areas.push('price');
  }
  return areas;
}

/**
 * What the quantity shown costs, in the cart's own arithmetic (the domain's priceOrder and
 * lineSubtotal): the first order's total with the consult fee (before shipping and tax, which
 * depend on the address), and what each refill of that quantity costs (issue 13 #14).
 */
export function quantityPrices(product: Product, qty: number): { firstOrderCents: number; refillCents: number | null } {
  const first = priceOrder({
    items: [
      {
        productId: product.id,
        unitPriceCents: product.priceCents,
        qty,
        consultFeeCents: product.consultFeeCents,
        consultAttached: product.consultAttached,
      },
    ],
    coupon: null,
    shippingCents: 0,
    taxRatePercent: 0,
    taxAppliesToConsultFee: false,
  });
  return {
    firstOrderCents: first.totalCents,
    refillCents: product.refillCycleDays ? lineSubtotal(product.priceCents, qty) : null,
  };
}

function PriceBlock({ product, qty }: { product: Product; qty: number }) {
  const consultOnly = product.type === 'consult_only';
  const { firstOrderCents, refillCents } = quantityPrices(product, qty);
  const withConsult = product.consultAttached && product.consultFeeCents > 0;
  const cycle = product.refillCycleDays === 30 ? 'every 30 days (monthly)' : `every ${product.refillCycleDays} days`;
  return (
    <Stack spacing={0.5} data-testid="price-block">
      <Typography variant="h2" component="p" data-testid="product-price">
        {consultOnly ? formatCents(product.consultFeeCents) : formatCents(product.priceCents)}
        {product.qtyRange.max > 1 && !consultOnly ? (
          <Typography component="span" variant="body1" color="text.secondary">
            {' '}
            each
          </Typography>
        ) : null}
      </Typography>
      {/* Both lines follow the quantity chosen below, so they match the cart (issue 13 #14). */}
      {!consultOnly && (qty > 1 || withConsult) ? (
        <Typography data-testid="first-order-price" aria-live="polite">
          First order: <strong>{formatCents(firstOrderCents)}</strong>
          {' for '}
          {qty > 1 ? `${qty} × ${formatCents(product.priceCents)}` : 'one'}
          {withConsult ? `, including the doctor’s consult (${formatCents(product.consultFeeCents)})` : ''}
          , before shipping and tax
        </Typography>
      ) : null}
      {!consultOnly && refillCents !== null ? (
        <Typography data-testid="price-per-cycle" color="text.secondary" aria-live="polite">
          Each refill: {formatCents(refillCents)} for {qty === 1 ? 'one' : qty}, {cycle}
        </Typography>
      ) : null}
    </Stack>
  );
}

function ConsultNote({ product }: { product: Product }) {
  if (!product.consultRequired) return null;
  return (
    <Box sx={{ bgcolor: 'store.primaryLightest', borderRadius: 1, p: 2 }} data-testid="consult-fee">
      <Typography sx={{ fontWeight: 600 }}>
        {product.consultAttached && product.consultFeeCents > 0
          ? `Doctor’s consult: ${formatCents(product.consultFeeCents)}, charged once per order`
          : 'Doctor’s consult included'}
      </Typography>
      {product.visitType ? <Typography variant="body2">{VISIT_TYPE_LABELS[product.visitType]}.</Typography> : null}
    </Box>
  );
}

function shipsToLine(product: Product): string | null {
  if (product.shipsTo.length === 0) return null;
  const ships = new Set(product.shipsTo);
  const missing = US_STATES.filter((s) => !ships.has(s.code));
  if (missing.length === 0) return 'Ships to every US state.';
  if (missing.length <= 6) return `Not available in ${missing.map((s) => s.name).join(', ')}.`;
  return `Available in ${product.shipsTo.length} states.`;
}

function ProductDetails({ product }: { product: Product }) {
  const { flags } = useStoreConfig();
  const [qty, setQty] = useState(() => initialQuantity(product));
  useDocumentTitle(product.title);
  const flexible = product.qtyRange.max > product.qtyRange.min;
  const areas = mobileAreas(flags);
  const ships = shipsToLine(product);

  return (
    <Box
      sx={{
        display: 'grid',
        gap: { xs: 3, md: 4 },
        alignItems: 'start',
        gridTemplateColumns: { xs: '1fr', md: '5fr 6fr' },
        gridTemplateAreas: {
          xs: areas.map((a) => `"${a}"`).join(' '),
          md: '"image title" "image price" "image details"',
        },
        gridTemplateRows: { md: 'auto auto 1fr' },
      }}
      data-testid="product-layout"
      data-mobile-order={areas.join(' ')}
    >
      <Box sx={{ gridArea: 'image', maxWidth: { xs: 480, md: 'none' }, width: '100%', mx: 'auto' }}>
        <ProductImage priority src={product.thumbnail} alt={product.images[0]?.alt ?? product.title} data-testid="product-image" />
      </Box>
      <Box sx={{ gridArea: 'title' }}>
        <Typography variant="overline" color="text.secondary">
          {CATEGORY_LABELS[product.category]}
        </Typography>
        <TextAndSubText component="h1" text={product.title} />
      </Box>
      {flags.hidePriceAndCycleProductPage ? (
        <Box sx={{ gridArea: 'price', display: 'none' }} />
      ) : (
        <Box sx={{ gridArea: 'price' }}>
          <PriceBlock product={product} qty={qty} />
        </Box>
      )}
      <Stack spacing={3} sx={{ gridArea: 'details' }}>
        <Typography>{product.description}</Typography>
        <ConsultNote product={product} />
        {flexible ? (
          <Stack spacing={1}>
            <Typography id="qty-label" sx={{ fontWeight: 600 }}>
              Quantity
            </Typography>
            <QuantitySelector
              value={qty}
              min={product.qtyRange.min}
              max={product.qtyRange.max}
              onChange={setQty}
              label={`Quantity of ${product.title}`}
            />
          </Stack>
        ) : null}
        <AddToCartButton product={product} qty={qty} />
        {ships ? (
          <Typography variant="body2" color="text.secondary">
            {ships}
          </Typography>
        ) : null}
      </Stack>
    </Box>
  );
}

function ProductSkeleton() {
  return (
    <Box role="status" aria-live="polite" sx={{ display: 'grid', gap: 4, gridTemplateColumns: { xs: '1fr', md: '5fr 6fr' } }}>
      <Box component="span" sx={visuallyHidden}>
        Loading the product…
      </Box>
      <Skeleton variant="rectangular" sx={{ width: '100%', height: 'auto', aspectRatio: '1 / 1' }} aria-hidden="true" />
      <Box aria-hidden="true">
        <Skeleton variant="text" width="25%" />
        <Skeleton variant="text" sx={{ fontSize: '2.4rem' }} width="80%" />
        <Skeleton variant="text" sx={{ fontSize: '1.8rem' }} width="30%" />
        <Skeleton variant="text" />
        <Skeleton variant="text" />
        <Skeleton variant="rectangular" height={48} width={220} sx={{ mt: 2 }} />
      </Box>
    </Box>
  );
}

export function ProductPage() {
  const { slug } = useParams();
  const product = useProduct(slug);
  return (
    <Container sx={{ py: { xs: 3, md: 6 } }}>
      <Breadcrumbs aria-label="Breadcrumb" sx={{ mb: 3 }}>
        <Link component={RouterLink} to="/products">
          Shop
        </Link>
        <Typography color="text.primary" aria-current="page">
          {product.data?.title ?? 'Product'}
        </Typography>
      </Breadcrumbs>
      {product.isPending ? (
        <ProductSkeleton />
      ) : product.isError ? (
        isApiError(product.error) && product.error.status === 404 ? (
          <EmptyState
            headingComponent="h1"
            title="We could not find that product"
            body="It may no longer be available."
            action={
              <Link component={RouterLink} to="/products">
                See all treatments
              </Link>
            }
          />
        ) : (
          <ErrorState error={product.error} onRetry={() => void product.refetch()} retrying={product.isFetching} />
        )
      ) : (
        <ProductDetails key={product.data.id} product={product.data} />
      )}
    </Container>
  );
}
