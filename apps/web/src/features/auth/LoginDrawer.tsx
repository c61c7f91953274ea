// The login drawer the header's Log in button opens (SPEC §2: it closes after login and opens on
// logout). The Accounts issue replaces the body with the password and one-time-code forms.
import CloseIcon from '@mui/icons-material/Close';
import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useLoginDrawer } from '@/lib/loginDrawer';
import { PLANNED_ISSUES } from '@/lib/plannedIssues';

export function LoginDrawer() {
  const { isOpen, closeLoginDrawer } = useLoginDrawer();
  return (
    <Drawer
      anchor="right"
      open={isOpen}
      onClose={closeLoginDrawer}
      slotProps={{ paper: { 'aria-labelledby': 'login-drawer-title' } }}
    >
      <Box sx={{ width: { xs: '100vw', sm: 420 }, p: 3 }}>
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
        <Typography>
          Signing in with your password or a one-time code sent by SMS or email arrives with{' '}
          {PLANNED_ISSUES.accounts}.
        </Typography>
      </Box>
    </Drawer>
  );
}
