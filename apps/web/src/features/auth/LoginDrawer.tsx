// The login drawer the header's Log in button opens (SPEC §2: it closes after login — going to the
// redirect target when one was given — and opens on logout).
import CloseIcon from '@mui/icons-material/Close';
import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useLoginDrawer } from '@/shared/loginDrawer';
import { LoginForms } from './components/LoginForms';

export function LoginDrawer() {
  const { isOpen, closeLoginDrawer, redirectTo } = useLoginDrawer();
  return (
    <Drawer
      anchor="right"
      open={isOpen}
      onClose={closeLoginDrawer}
      slotProps={{ paper: { 'aria-labelledby': 'login-drawer-title', role: 'dialog' } }}
    >
      <Box sx={{ width: { xs: '100vw', sm: 420 }, p: 3 }} data-testid="login-drawer">
        <Stack
          direction="row"
          sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 2 }}
        >
          <Typography id="login-drawer-title" variant="h2">
            Log in
          </Typography>
          <IconButton aria-label="Close" onClick={closeLoginDrawer}>
            <CloseIcon />
          </IconButton>
        </Stack>
        {/* Unmounted when closed, so a reopened drawer starts clean. */}
        {isOpen ? <LoginForms onNavigate={closeLoginDrawer} redirectTo={redirectTo} /> : null}
      </Box>
    </Drawer>
  );
}
