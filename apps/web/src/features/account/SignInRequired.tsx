// What an account page shows to someone not logged in: a prompt that opens the login drawer and
// comes back here afterwards (SPEC §2 redirect target).
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useLocation } from 'react-router';
import { useLoginDrawer } from '@/shared/loginDrawer';

export function SignInRequired({ title }: { title: string }) {
  const { openLoginDrawer } = useLoginDrawer();
  const location = useLocation();
  return (
    <Container sx={{ py: { xs: 4, md: 6 } }}>
      <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
        <Typography variant="h1">{title}</Typography>
        <Typography>Please log in to see your account.</Typography>
        <Button
          variant="contained"
          onClick={() => openLoginDrawer({ redirectTo: `${location.pathname}${location.search}` })}
        >
          Log in
        </Button>
      </Stack>
    </Container>
  );
}
