// The live preview of a storefront being edited (issue 18): the home page, a product page and the
// checkout summary as a patient would see them, drawn in the edited (unpublished) theme and texts.
// The theme is built by the store's own code (createStoreTheme) from the editor's values, and the
// parts read the config through the same StoreConfigContext the store's pages use. Nothing here is
// served to patients: it lives only in the operator's page. The preview is inert (nothing in it
// can be clicked or focused) and its headings sit below the editor's.
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import { ThemeProvider } from '@mui/material/styles';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import type { StorefrontConfig } from '@store/domain';
import { useMemo, useRef, useState } from 'react';
import { StoreConfigContext, useStoreConfig } from '@/shared/storefront';
import { createStoreTheme } from '@/theme/createStoreTheme';

export type PreviewPage = 'home' | 'product' | 'summary';

const SAMPLE = { title: 'Sample treatment', description: 'A doctor-reviewed treatment plan, shipped to your door.', price: '$49.00', consult: '$25.00' };

function Header() {
  const { name } = useStoreConfig();
  return (
    <Box sx={{ bgcolor: 'store.navBackground', color: 'store.navLink', borderBottom: 1, borderColor: 'divider' }}>
      <Container sx={{ display: 'flex', alignItems: 'center', gap: 1, py: 1.5, flexWrap: 'wrap' }}>
        <Typography data-testid="preview-brand-name" sx={{ mr: 'auto', fontWeight: 700, color: 'primary.main', fontSize: (t) => t.typography.h3.fontSize }}>
          {name}
        </Typography>
        <Typography component="span" sx={{ color: 'store.navLink', fontWeight: 600, px: 1 }}>
          Shop
        </Typography>
        <Typography component="span" sx={{ color: 'store.navLink', fontWeight: 600, px: 1 }}>
          Cart
        </Typography>
        <Button variant="outlined" tabIndex={-1} sx={{ color: 'store.signInText', borderColor: 'currentColor' }}>
          Log in
        </Button>
      </Container>
    </Box>
  );
}

function Footer() {
  const { settings } = useStoreConfig();
  const phone = settings.supportPhone.trim();
  const email = settings.supportEmail.trim();
  if (!phone && !email) return null;
  return (
    <Box sx={{ bgcolor: 'store.primaryLightest', py: 3 }}>
      <Container>
        <Typography sx={{ fontWeight: 700 }}>Customer support</Typography>
        <Typography>
          {phone ? <>Call <Box component="span" sx={{ color: 'store.infoLinkText' }}>{phone}</Box> </> : null}
          {email ? <>Email <Box component="span" sx={{ color: 'store.infoLinkText' }}>{email}</Box></> : null}
        </Typography>
      </Container>
    </Box>
  );
}

function Home() {
  const { flags, content } = useStoreConfig();
  const title = flags.useAltHeroTitleAndDesc ? content.altHeroTitle : content.heroTitle;
  const description = flags.useAltHeroTitleAndDesc ? content.altHeroDescription : content.heroDescription;
  const banner = content.incentiveBanner.trim();
  return (
    <>
      {!flags.hideIncentiveBanner && banner ? (
        <Box sx={{ bgcolor: 'primary.main', color: 'primary.contrastText', py: 1, textAlign: 'center' }}>
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            {banner}
          </Typography>
        </Box>
      ) : null}
      <Box sx={{ bgcolor: 'store.primaryLightest' }}>
        <Container sx={{ py: 5 }}>
          <Stack spacing={2} sx={{ maxWidth: 720, alignItems: 'flex-start' }}>
            <Typography variant="h1" component="h3" data-testid="preview-hero-title">
              {title}
            </Typography>
            <Typography variant="subtitle1">{description}</Typography>
            <Button variant="contained" size="large" tabIndex={-1}>
              Shop treatments
            </Button>
          </Stack>
        </Container>
      </Box>
      <Container sx={{ py: 4 }}>
        <Typography variant="h2" component="h4" sx={{ mb: 2 }}>
          Popular treatments
        </Typography>
        <Card variant="outlined" sx={{ maxWidth: 280 }}>
          <Box sx={{ aspectRatio: '4 / 3', bgcolor: 'store.primaryLight' }} />
          <CardContent>
            <Typography variant="overline" color="text.secondary">
              Weight care
            </Typography>
            <Typography variant="h3" component="h5">
              {SAMPLE.title}
            </Typography>
            <Typography sx={{ fontWeight: 700, mt: 1 }}>{SAMPLE.price} / month</Typography>
          </CardContent>
        </Card>
      </Container>
    </>
  );
}

function Product() {
  const { flags } = useStoreConfig();
  return (
    <Container sx={{ py: 4 }}>
      <Stack direction={{ xs: flags.productImageTopOnMobile ? 'column' : 'column-reverse', md: 'row' }} spacing={4}>
        <Box sx={{ flex: 1, aspectRatio: '1 / 1', bgcolor: 'store.primaryLightest', borderRadius: 1, maxWidth: 360 }} />
        <Stack spacing={2} sx={{ flex: 1 }}>
          <Typography sx={{ color: 'store.backText', fontWeight: 600 }}>‹ Back to treatments</Typography>
          <Typography variant="h1" component="h3">
            {SAMPLE.title}
          </Typography>
          <Typography variant="subtitle1">{SAMPLE.description}</Typography>
          {flags.hidePriceAndCycleProductPage ? null : (
            <Typography variant="h2" component="p">
              {SAMPLE.price} <Typography component="span">per month</Typography>
            </Typography>
          )}
          <Typography variant="body2">Doctor’s consult {SAMPLE.consult}, charged once</Typography>
          <Box>
            <Button variant="contained" size="large" tabIndex={-1}>
              Add to cart
            </Button>
          </Box>
          <Typography sx={{ color: 'store.infoLinkText' }}>How does the online visit work?</Typography>
        </Stack>
      </Stack>
    </Container>
  );
}

function Summary() {
  const { flags } = useStoreConfig();
  const rows: [string, string][] = [
    ['Subtotal', SAMPLE.price],
    ['Doctor’s consult', SAMPLE.consult],
    ['Shipping', 'Free'],
    ['Tax (CA)', '$0.00'],
    ...(flags.enableDonationsSummaryPage ? ([['Donation', '$1.00']] as [string, string][]) : []),
  ];
  return (
    <>
      <Box sx={{ bgcolor: 'store.checkoutHeaderBackground', py: 2 }}>
        <Container>
          <Typography variant="overline">Step 4 of 5</Typography>
          <Typography variant="h2" component="h3">
            Summary
          </Typography>
        </Container>
      </Box>
      <Container sx={{ py: 3 }}>
        <Stack spacing={2} sx={{ maxWidth: 520 }}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <Typography sx={{ fontWeight: 600 }}>{SAMPLE.title}</Typography>
            <Chip size="small" label="Pending" sx={{ bgcolor: 'store.pendingStatus', color: '#fff' }} />
          </Stack>
          <Stack component="dl" spacing={1} sx={{ m: 0 }}>
            {rows.map(([label, value]) => (
              <Stack key={label} direction="row" sx={{ justifyContent: 'space-between' }}>
                <Typography component="dt">{label}</Typography>
                <Typography component="dd" sx={{ m: 0, fontWeight: 500 }}>
                  {value}
                </Typography>
              </Stack>
            ))}
            <Stack direction="row" sx={{ justifyContent: 'space-between', borderTop: 1, borderColor: 'divider', pt: 1 }}>
              <Typography component="dt" sx={{ fontWeight: 700 }}>
                Total
              </Typography>
              <Typography component="dd" sx={{ m: 0, fontWeight: 700 }}>
                $74.00
              </Typography>
            </Stack>
          </Stack>
          <Typography sx={{ color: 'store.shippingError' }}>We cannot ship this treatment to Alaska.</Typography>
          <Typography sx={{ color: 'error.main' }}>Sorry that promo code is invalid.</Typography>
          <Button variant="contained" size="large" tabIndex={-1}>
            Pay now
          </Button>
        </Stack>
      </Container>
    </>
  );
}

const PAGES: Record<PreviewPage, { label: string; Component: () => React.ReactNode }> = {
  home: { label: 'Home', Component: Home },
  product: { label: 'Product', Component: Product },
  summary: { label: 'Summary', Component: Summary },
};

/** The edited storefront's pages in its own theme; `config` is what the editor holds now. */
export function StorefrontPreview({ config }: { config: StorefrontConfig }) {
  const [page, setPage] = useState<PreviewPage>('home');
  // A theme MUI cannot build (it never should: previewConfig keeps good values) keeps the last one.
  const last = useRef<ReturnType<typeof createStoreTheme> | null>(null);
  const theme = useMemo(() => {
    try {
      last.current = createStoreTheme(config);
    } catch {
      // keep the last theme that rendered
    }
    return last.current!;
  }, [config]);
  const { Component } = PAGES[page];
  return (
    <Stack spacing={1.5} component="section" aria-labelledby="storefront-preview-title">
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', gap: 1 }}>
        <Typography id="storefront-preview-title" variant="h2" sx={{ fontSize: 20 }}>
          Preview (not published)
        </Typography>
        <ToggleButtonGroup
          size="small"
          exclusive
          value={page}
          onChange={(_, next: PreviewPage | null) => next && setPage(next)}
          aria-label="Page to preview"
        >
          {(Object.keys(PAGES) as PreviewPage[]).map((key) => (
            <ToggleButton key={key} value={key}>
              {PAGES[key].label}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
      </Stack>
      <Box
        data-testid="storefront-preview"
        inert
        sx={{ border: 1, borderColor: 'divider', borderRadius: 1, overflow: 'hidden', maxHeight: 720, overflowY: 'auto' }}
      >
        <ThemeProvider theme={theme}>
          <StoreConfigContext.Provider value={config}>
            <Box sx={{ bgcolor: 'background.default', color: 'text.primary', fontFamily: theme.typography.fontFamily }}>
              <Header />
              <Component />
              <Footer />
            </Box>
          </StoreConfigContext.Provider>
        </ThemeProvider>
      </Box>
    </Stack>
  );
}
