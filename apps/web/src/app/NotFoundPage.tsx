import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useLocation } from 'react-router';
import { useDocumentTitle } from '@/shared/storefront';

/** Any path no route matches. */
export function NotFoundPage() {
  useDocumentTitle('Page not found');
  const { pathname } = useLocation();
  return (
    <Container sx={{ py: { xs: 4, md: 6 } }}>
      <Stack spacing={2} sx={{ alignItems: 'flex-start', maxWidth: 720 }}>
        <Typography variant="h1">Page not found</Typography>
        <Typography variant="subtitle1">
          There is no page at{' '}
          <Typography component="code" sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }}>
            {pathname}
          </Typography>
          . It may have moved, or the address may have a typo.
        </Typography>
        <Button component={RouterLink} to="/" variant="contained">
          Go to the home page
        </Button>
      </Stack>
    </Container>
  );
}
