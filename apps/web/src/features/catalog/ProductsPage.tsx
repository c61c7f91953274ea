// The shop: every product of the storefront, by category (APP_ROUTES.products).
import Chip from '@mui/material/Chip';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import { useSearchParams } from 'react-router';
import { EmptyState, ErrorState } from '@/components/PageState';
import { ProductGrid, ProductGridSkeleton } from '@/components/ProductGrid';
import { TextAndSubText } from '@/components/TextAndSubText';
import { CATEGORY_LABELS, useProducts, type ProductCategory } from '@/shared/catalog';
import { useDocumentTitle } from '@/shared/storefront';

export function ProductsPage() {
  useDocumentTitle('Shop treatments');
  const products = useProducts();
  const [params, setParams] = useSearchParams();
  const category = params.get('category') as ProductCategory | null;
  const categories = (Object.keys(CATEGORY_LABELS) as ProductCategory[]).filter((c) =>
    products.data?.some((p) => p.category === c),
  );
  const shown = products.data?.filter((p) => !category || p.category === category) ?? [];

  return (
    <Container sx={{ py: { xs: 4, md: 6 } }}>
      <Stack spacing={4}>
        <TextAndSubText
          component="h1"
          text="Shop treatments"
          subText="Prescription treatments reviewed by licensed doctors, lab tests and everyday essentials."
        />
        {products.data && categories.length > 1 ? (
          <Stack direction="row" spacing={1} role="group" aria-label="Filter by category" sx={{ flexWrap: 'wrap', rowGap: 1 }}>
            <Chip label="All" clickable color={category ? 'default' : 'primary'} aria-pressed={!category} onClick={() => setParams({})} />
            {categories.map((c) => (
              <Chip
                key={c}
                label={CATEGORY_LABELS[c]}
                clickable
                color={category === c ? 'primary' : 'default'}
                aria-pressed={category === c}
                onClick={() => setParams({ category: c })}
              />
            ))}
          </Stack>
        ) : null}
        {products.isPending ? (
          <ProductGridSkeleton count={8} />
        ) : products.isError ? (
          <ErrorState error={products.error} onRetry={() => void products.refetch()} retrying={products.isFetching} />
        ) : shown.length === 0 ? (
          <EmptyState title="No products here yet" body="Please check back soon." />
        ) : (
          <ProductGrid products={shown} headingComponent="h2" />
        )}
      </Stack>
    </Container>
  );
}
