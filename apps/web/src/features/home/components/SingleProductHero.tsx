// The single-product home (overrideMTMPWithSPHomePage): one product in place of the shelves.
import { formatCents } from '@store/domain';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { AddToCartButton } from '@/components/AddToCartButton';
import { ProductImage } from '@/components/ProductImage';
import { initialQuantity, VISIT_TYPE_LABELS, type Product } from '@/shared/catalog';

export function SingleProductHero({ product }: { product: Product }) {
  return (
    <Box component="section" aria-labelledby="single-product-title" data-testid="single-product-home" sx={{ py: { xs: 4, md: 8 } }}>
      <Container>
        <Box sx={{ display: 'grid', gap: { xs: 3, md: 6 }, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, alignItems: 'center' }}>
          <Box sx={{ maxWidth: 480, width: '100%', mx: 'auto' }}>
            <ProductImage priority src={product.thumbnail} alt={product.title} />
          </Box>
          <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
            <Typography id="single-product-title" variant="h2">
              {product.title}
            </Typography>
            <Typography variant="subtitle1">{product.description}</Typography>
            <Typography variant="h3" component="p">
              {product.type === 'consult_only' ? formatCents(product.consultFeeCents) : formatCents(product.priceCents)}
              {product.pricePerCycleCents !== null && product.refillCycleDays ? (
                <Typography component="span" color="text.secondary">
                  {' '}
                  · {formatCents(product.pricePerCycleCents)} per 30 days
                </Typography>
              ) : null}
            </Typography>
            {product.visitType ? <Typography color="text.secondary">{VISIT_TYPE_LABELS[product.visitType]}.</Typography> : null}
            <AddToCartButton product={product} qty={initialQuantity(product)} />
            <Link component={RouterLink} to={`/products/${encodeURIComponent(product.slug)}`}>
              More about {product.title}
            </Link>
          </Stack>
        </Box>
      </Container>
    </Box>
  );
}
