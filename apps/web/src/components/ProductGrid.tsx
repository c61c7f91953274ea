// Products in a responsive grid, with skeleton cards while they load.
import Box from '@mui/material/Box';
import type { Product } from '@/shared/catalog';
import { visuallyHidden } from './visuallyHidden';
import { ProductCard, ProductCardSkeleton } from './ProductCard';

const gridSx = {
  display: 'grid',
  gap: 3,
  gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', md: 'repeat(3, 1fr)', lg: 'repeat(4, 1fr)' },
  listStyle: 'none',
  p: 0,
  m: 0,
} as const;

export function ProductGrid({ products, headingComponent }: { products: Product[]; headingComponent?: 'h2' | 'h3' }) {
  return (
    <Box component="ul" sx={gridSx}>
      {products.map((product) => (
        <li key={product.id}>
          <ProductCard product={product} {...(headingComponent ? { headingComponent } : {})} />
        </li>
      ))}
    </Box>
  );
}

export function ProductGridSkeleton({ count = 4, label = 'Loading products…' }: { count?: number; label?: string }) {
  return (
    <Box role="status" aria-live="polite">
      <Box component="span" sx={visuallyHidden}>
        {label}
      </Box>
      <Box sx={gridSx}>
        {Array.from({ length: count }, (_, i) => (
          <ProductCardSkeleton key={i} />
        ))}
      </Box>
    </Box>
  );
}
