// APP_ROUTES.disqualified (issue 8 "Disqualification"): a kind, clear explanation — the operator's
// reason for the disqualifying answer — that nothing was charged, and what to do instead: talk to
// support, or choose a product that needs no consult. The reason comes with the navigation, or is
// read again from the order's consults (`?order=`), so a reload shows the same page.
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import Container from '@mui/material/Container';
import { Link as RouterLink, useLocation, useSearchParams } from 'react-router';
import { ErrorState, LoadingState } from '@/components/PageState';
import { visuallyHidden } from '@/components/visuallyHidden';
import { useProducts } from '@/shared/catalog';
import { telHref } from '@/shared/contact';
import { useDocumentTitle, useStoreConfig } from '@/shared/storefront';
import { useOrderConsults } from '../api/consult.api';

const TITLE = 'This treatment is not right for you right now';
const GENERIC_REASON =
  'Based on your answers, a doctor could not safely prescribe this treatment for you through our online service.';

function useDisqualificationReason(): {
  reason: string | null;
  isLoading: boolean;
  error: unknown;
  retry: () => void;
  retrying: boolean;
} {
  const location = useLocation();
  const [params] = useSearchParams();
  const fromState = (location.state as { reason?: unknown } | null)?.reason;
  const stateReason = typeof fromState === 'string' && fromState.trim() !== '' ? fromState : null;
  const orderId = stateReason ? null : params.get('order');
  const consults = useOrderConsults(orderId);
  const fromOrder =
    consults.data?.items.find((i) => i.consult?.disqualified)?.consult?.disqualified?.reason ??
    null;
  return {
    reason: stateReason ?? fromOrder,
    isLoading: Boolean(orderId) && consults.isPending,
    error: orderId ? consults.error : null,
    retry: () => void consults.refetch(),
    retrying: consults.isFetching,
  };
}

/** Products the patient can order without a consult (SPEC §3 isConsultRequired false). */
function NoConsultProducts() {
  const products = useProducts();
  if (products.isPending) {
    return (
      <Box role="status" aria-live="polite">
        <Box component="span" sx={visuallyHidden}>
          Loading products…
        </Box>
        <Skeleton variant="text" width="60%" aria-hidden="true" />
        <Skeleton variant="text" width="50%" aria-hidden="true" />
      </Box>
    );
  }
  // Without the list the shop link below still works.
  if (products.error) return null;
  const list = products.data.filter((p) => !p.consultRequired).slice(0, 6);
  if (list.length === 0) return null;
  return (
    <Box component="ul" sx={{ m: 0, pl: 3 }}>
      {list.map((p) => (
        <li key={p.id}>
          <Link component={RouterLink} to={`/products/${encodeURIComponent(p.slug)}`}>
            {p.title}
          </Link>
        </li>
      ))}
    </Box>
  );
}

export function DisqualifiedPage() {
  useDocumentTitle(TITLE);
  const { settings, name } = useStoreConfig();
  const { reason, isLoading, error, retry, retrying } = useDisqualificationReason();
  const phone = settings.supportPhone.trim();
  const email = settings.supportEmail.trim();

  return (
    <Container sx={{ py: { xs: 4, md: 6 } }}>
      <Stack spacing={4} sx={{ maxWidth: 760 }}>
        <Stack spacing={2}>
          <Typography variant="h1">{TITLE}</Typography>
          <Typography variant="subtitle1" component="p">
            Thank you for answering our questions honestly. Your safety comes first, so we have
            stopped this order. <strong>Nothing has been charged.</strong>
          </Typography>
        </Stack>

        <Paper variant="outlined" component="section" aria-labelledby="why-title" sx={{ p: 3 }}>
          <Typography id="why-title" variant="h2" sx={{ mb: 1.5 }}>
            Why
          </Typography>
          {isLoading ? (
            <LoadingState label="Loading the explanation…" lines={2} />
          ) : error && !reason ? (
            <ErrorState error={error} onRetry={retry} retrying={retrying} headingComponent="h3" />
          ) : (
            <Typography data-testid="disqualified-reason">{reason ?? GENERIC_REASON}</Typography>
          )}
        </Paper>

        <Stack component="section" spacing={2} aria-labelledby="instead-title">
          <Typography id="instead-title" variant="h2">
            What you can do instead
          </Typography>
          <Box component="ul" sx={{ m: 0, pl: 3, '& > li': { mb: 1.5 } }}>
            <li>
              <Typography>
                Talk with your own doctor or pharmacist about other options that may suit you.
              </Typography>
            </li>
            {phone || email ? (
              <li>
                <Typography>
                  Questions about your answers or this order? Contact {name} customer support
                  {phone ? (
                    <>
                      {' '}
                      by phone at{' '}
                      <Link href={telHref(phone)} underline="always">
                        {phone}
                      </Link>
                    </>
                  ) : null}
                  {phone && email ? ' or' : null}
                  {email ? (
                    <>
                      {' '}
                      by email at{' '}
                      <Link href={`mailto:${email}`} underline="always">
                        {email}
                      </Link>
                    </>
                  ) : null}
                  .
                </Typography>
              </li>
            ) : null}
            <li>
              <Typography sx={{ mb: 1 }}>
                Browse products you can order without a consult:
              </Typography>
              <NoConsultProducts />
            </li>
          </Box>
          <Box>
            <Button component={RouterLink} to="/products" variant="contained">
              Browse the shop
            </Button>
          </Box>
        </Stack>
      </Stack>
    </Container>
  );
}
