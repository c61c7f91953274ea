// The staff pages' frame (issue 15): a plain header with the store, the area's name, who is
// signed in and Sign out, then the main landmark. None of the patient chrome (cart, account menu,
// privacy notice): staff areas and the staff sign-in page only, loaded with them, never by a patient.
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useStoreConfig } from '@/shared/storefront';
import { MAIN_CONTENT_ID } from './mainContent';
import { StatusButton } from './StatusButton';

export interface StaffFrameProps {
  /** "Doctor area", "Pharmacy", "Staff sign-in". */
  areaName: string;
  /** The signed-in staff member's name, once known. */
  userName?: string | null | undefined;
  /** Shows Sign out when given. */
  onSignOut?: (() => void) | undefined;
  signingOut?: boolean;
  children: ReactNode;
}

export function StaffFrame({ areaName, userName, onSignOut, signingOut = false, children }: StaffFrameProps) {
  const { name } = useStoreConfig();
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', minHeight: '100vh' }}>
      <AppBar position="static" color="default" elevation={0} sx={{ borderBottom: 1, borderColor: 'divider' }}>
        <Toolbar sx={{ gap: 2, flexWrap: 'wrap' }}>
          <Stack sx={{ flex: 1, minWidth: 0 }}>
            <Typography variant="subtitle2" component="p" color="text.secondary">
              {name}
            </Typography>
            <Typography variant="h6" component="p">
              {areaName}
            </Typography>
          </Stack>
          {userName ? (
            <Typography component="p" data-testid="staff-name">
              {userName}
            </Typography>
          ) : null}
          {onSignOut ? (
            <StatusButton variant="outlined" status={signingOut ? 'loading' : 'idle'} onClick={onSignOut}>
              Sign out
            </StatusButton>
          ) : null}
        </Toolbar>
      </AppBar>
      <Box component="main" id={MAIN_CONTENT_ID} tabIndex={-1} sx={{ flex: 1, '&:focus': { outline: 'none' } }}>
        <Container sx={{ py: { xs: 3, md: 5 } }}>{children}</Container>
      </Box>
    </Box>
  );
}
