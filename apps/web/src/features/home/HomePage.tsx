// The storefront's landing page: its hero (or the alternative hero), the incentive banner and a way
// into the shop. The Store issue adds the featured products below the hero.
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { useDocumentTitle, useStoreConfig } from '@/lib/storefront';

export function HomePage() {
  const { flags, content } = useStoreConfig();
  useDocumentTitle();
  const title = flags.useAltHeroTitleAndDesc ? content.altHeroTitle : content.heroTitle;
  const description = flags.useAltHeroTitleAndDesc
    ? content.altHeroDescription
    : content.heroDescription;
  const banner = content.incentiveBanner.trim();

  return (
    <>
      {!flags.hideIncentiveBanner && banner ? (
        <Box
          data-testid="incentive-banner"
          sx={{
            bgcolor: 'primary.main',
            color: 'primary.contrastText',
            py: 1,
            textAlign: 'center',
          }}
        >
          <Container>
            <Typography variant="body2" sx={{ fontWeight: 600 }}>
              {banner}
            </Typography>
          </Container>
        </Box>
      ) : null}
      <Box
        component="section"
        aria-labelledby="hero-title"
        sx={{ bgcolor: 'store.primaryLightest' }}
      >
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
    </>
  );
}
