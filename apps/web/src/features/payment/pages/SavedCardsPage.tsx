// The account's saved cards (issue 7 "Saved cards: list, add, update (expiry, billing address),
// remove, set current"; SPEC §7 "payment methods"): SavedCards in its manage mode, for a signed-in
// patient. The sign-in prompt is the account feature's; the router hands it in (features do not
// import each other).
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ComponentType } from 'react';
import { Link as RouterLink } from 'react-router';
import { LoadingState } from '@/components/PageState';
import { useSession } from '@/shared/session';
import { useDocumentTitle } from '@/shared/storefront';
import { SavedCards } from '../components/SavedCards';

export interface SavedCardsPageProps {
  /** What someone not signed in sees instead (the account feature's prompt). */
  SignInRequired: ComponentType<{ title: string }>;
  /** Today, for the card form's expiry check (tests pass a fixed date). */
  now?: () => Date;
}

export function SavedCardsPage({ SignInRequired, now }: SavedCardsPageProps) {
  useDocumentTitle('Saved cards');
  const session = useSession();

  if (session.isPending) return <LoadingState />;
  if (session.data?.kind !== 'user') return <SignInRequired title="Saved cards" />;
  return (
    <Container sx={{ py: { xs: 4, md: 6 } }}>
      <Stack spacing={3} sx={{ maxWidth: 640 }}>
        <Typography variant="h1">Saved cards</Typography>
        <Typography color="text.secondary">
          The current card is offered first at checkout. Of the card itself we keep only the brand, the
          last four digits and the expiry date, with the billing address you give us.
        </Typography>
        <SavedCards mode="manage" heading="Your cards" now={now} />
        <Link component={RouterLink} to="/my-account" sx={{ alignSelf: 'flex-start' }}>
          Back to my account
        </Link>
      </Stack>
    </Container>
  );
}
