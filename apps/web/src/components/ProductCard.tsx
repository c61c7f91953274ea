// One product on a shelf: picture, name, what it is and its price, linking to its page.
import { formatCents } from '@store/domain';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import { Placeholder } from './Placeholder';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { CATEGORY_LABELS, cycleLabel, type Product } from '@/shared/catalog';
import { ProductImage } from './ProductImage';

export function productPath(slug: string): string {
  return `/products/${encodeURIComponent(slug)}`;
}

/** The price a shelf shows: the consult alone for a visit, else the unit price and its cycle. */
export function shelfPrice(product: Product): string {
  if (product.type === 'consult_only') return `${formatCents(product.consultFeeCents)} visit`;
  const cycle = cycleLabel(product);
  return cycle === 'per month' ? `${formatCents(product.priceCents)} / month` : formatCents(product.priceCents);
}

export function ProductCard({ product, headingComponent = 'h3' }: { product: Product; headingComponent?: 'h2' | 'h3' }) {
  return (
    <Card variant="outlined" sx={{ height: '100%' }}>
      <CardActionArea component={RouterLink} to={productPath(product.slug)} sx={{ height: '100%', alignItems: 'stretch' }}>
        <ProductImage src={product.thumbnail} alt="" size={400} sx={{ borderRadius: 0 }} />
        <CardContent>
          <Stack spacing={1}>
            <Typography variant="overline" color="text.secondary">
              {CATEGORY_LABELS[product.category]}
            </Typography>
            <Typography variant="h3" component={headingComponent}>
              {product.title}
            </Typography>
            <Typography
              variant="body2"
              color="text.secondary"
              sx={{ display: '-webkit-box', WebkitLineClamp: 2, WebkitBoxOrient: 'vertical', overflow: 'hidden' }}
            >
              {product.description}
            </Typography>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
              <Typography sx={{ fontWeight: 700 }}>{shelfPrice(product)}</Typography>
              {/* A plain tag: MUI's Chip would add 2 KB to the home page's first load for this word (issue 19). */}
              {product.consultRequired ? (
                <Typography
                  component="span"
                  variant="body2"
                  sx={{ px: 1, lineHeight: '24px', borderRadius: 3, bgcolor: 'action.selected', color: 'text.primary' }}
                >
                  Doctor visit
                </Typography>
              ) : null}
            </Stack>
          </Stack>
        </CardContent>
      </CardActionArea>
    </Card>
  );
}

/** The card's shape while products load. */
export function ProductCardSkeleton() {
  return (
    <Card variant="outlined" aria-hidden="true">
      <Placeholder variant="rectangular" sx={{ width: '100%', height: 'auto', aspectRatio: '1 / 1' }} />
      <CardContent>
        <Placeholder variant="text" width="30%" />
        <Placeholder variant="text" sx={{ fontSize: '1.25rem' }} width="80%" />
        <Placeholder variant="text" />
        <Placeholder variant="text" width="40%" />
      </CardContent>
    </Card>
  );
}
