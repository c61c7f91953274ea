// The storefront's landing page: incentive banner, hero (or the alternative hero), then either the
// popular products or, with overrideMTMPWithSPHomePage, a single product; then the feature
// information sections. A returning patient with items in the cart first sees the open-cart entry
// page unless disableOpenCartEntryPage is on.
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { ErrorState } from '@/components/PageState';
import { ProductGrid, ProductGridSkeleton } from '@/components/ProductGrid';
import { TextAndSubText } from '@/components/TextAndSubText';
import { cartActiveThisVisit, markCartActiveThisVisit, useCart } from '@/shared/cart';
import { useHydrated } from '@/shared/hydration';
import { useProducts } from '@/shared/catalog';
import { useDocumentTitle, useStoreConfig } from '@/shared/storefront';
import { FeatureInfoSections } from './components/FeatureInfoSections';
import { OpenCartEntry } from './components/OpenCartEntry';
import { SingleProductHero } from './components/SingleProductHero';

const FEATURED_COUNT = 4;

function PopularProducts() {
  const products = useProducts();
  return (
    <Container component="section" aria-labelledby="popular-title" sx={{ pt: { xs: 4, md: 6 } }}>
      <Stack spacing={3}>
        <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'flex-end', gap: 2, flexWrap: 'wrap' }}>
          <TextAndSubText id="popular-title" text="Popular treatments" subText="Reviewed by licensed doctors, delivered to you." />
          <Button component={RouterLink} to="/products">
            See all treatments
          </Button>
        </Stack>
        {products.isPending ? (
          <ProductGridSkeleton count={FEATURED_COUNT} />
        ) : products.isError ? (
          <ErrorState error={products.error} onRetry={() => void products.refetch()} retrying={products.isFetching} />
        ) : (
          <ProductGrid products={products.data.slice(0, FEATURED_COUNT)} />
        )}
      </Stack>
    </Container>
  );
}

function SingleProductHome() {
  const products = useProducts();
  if (products.isPending) {
    return (
      <Container sx={{ py: 4 }}>
        <ProductGridSkeleton count={1} label="Loading the product…" />
      </Container>
    );
  }
  if (products.isError) {
    return (
      <Container>
        <ErrorState error={products.error} onRetry={() => void products.refetch()} retrying={products.isFetching} />
      </Container>
    );
  }
  const [first] = products.data;
  return first ? <SingleProductHero product={first} /> : null;
}

/** Whether to show the open-cart entry page: a cart with items, found at the start of a visit. */
function useOpenCartEntry() {
  const { flags } = useStoreConfig();
  const { cart } = useCart();
  // This tab's visit lives in sessionStorage, which the server cannot see: its drawing (and the
  // browser's first render, which adopts it) is the plain home page; the entry page follows.
  const hydrated = useHydrated();
  const [dismissed, setDismissed] = useState(() => cartActiveThisVisit());
  const show = hydrated && !flags.disableOpenCartEntryPage && !dismissed && cart !== null && cart.items.length > 0;
  const dismiss = () => {
    markCartActiveThisVisit();
    setDismissed(true);
  };
  return { show, cart, dismiss };
}

export function HomePage() {
  const { flags, content } = useStoreConfig();
  useDocumentTitle();
  const entry = useOpenCartEntry();
  const title = flags.useAltHeroTitleAndDesc ? content.altHeroTitle : content.heroTitle;
  const description = flags.useAltHeroTitleAndDesc ? content.altHeroDescription : content.heroDescription;
  const banner = content.incentiveBanner.trim();

  if (entry.show && entry.cart) return <OpenCartEntry cart={entry.cart} onBrowse={entry.dismiss} />;

  return (
    <>
      {!flags.hideIncentiveBanner && banner ? (
        <Box data-testid="incentive-banner" sx={{ bgcolor: 'primary.main', color: 'primary.contrastText', py: 1, textAlign: 'center' }}>
          <Container>
            <Typography variant="body2" sx={{ fontWeight: 600 }}>
              {banner}
            </Typography>
          </Container>
        </Box>
      ) : null}
      <Box component="section" aria-labelledby="hero-title" sx={{ bgcolor: 'store.primaryLightest' }}>
        <Container sx={{ py: { xs: 6, md: 10 } }}>
          <Stack spacing={3} sx={{ maxWidth: 720, alignItems: 'flex-start' }}>
            <Typography id="hero-title" variant="h1">
              {title}
            </Typography>
            <Typography variant="subtitle1">{description}</Typography>
            <Button component={RouterLink} to="/products" variant="contained" size="large">
              Shop treatments
            </Button>
          </Stack>
        </Container>
      </Box>
      {flags.overrideMTMPWithSPHomePage ? <SingleProductHome /> : <PopularProducts />}
      <Box sx={{ pb: { xs: 6, md: 10 } }}>
        <FeatureInfoSections />
      </Box>
    </>
  );
}
