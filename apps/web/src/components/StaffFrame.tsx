// The staff pages' frame (issue 15): a plain header with the store, the area's name, the area's
// pages (issue 17: the doctor's queue and lab results), who is signed in and Sign out, then the main landmark. None of the patient chrome (cart, account menu,
// privacy notice): staff areas and the staff sign-in page only, loaded with them, never by a patient.
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { NavLink } from 'react-router';
import { useStoreConfig } from '@/shared/storefront';
import { MAIN_CONTENT_ID } from './mainContent';
import { StatusButton } from './StatusButton';

/** One of a staff area's pages in its header; `end`: current only on exactly this path (the area's index). */
export interface StaffNavItem {
  label: string;
  to: string;
  end?: boolean;
}

export interface StaffFrameProps {
  /** "Doctor area", "Pharmacy", "Staff sign-in". */
  areaName: string;
  /** The signed-in staff member's name, once known. */
  userName?: string | null | undefined;
  /** Shows Sign out when given. */
  onSignOut?: (() => void) | undefined;
  signingOut?: boolean;
  /** The area's pages, as links (only to a signed-in staff member of the area). */
  nav?: StaffNavItem[] | undefined;
  /** The pages as a column beside the main content (md and up; above it on phones), for areas with many. */
  sideNav?: boolean;
  children: ReactNode;
}

export function StaffFrame({ areaName, userName, onSignOut, signingOut = false, nav, sideNav = false, children }: StaffFrameProps) {
  const { name } = useStoreConfig();
  const navLinks = (direction: 'row' | 'column') => (
    <Box component="nav" aria-label={areaName}>
      <Stack
        direction={direction}
        spacing={direction === 'row' ? 1 : 0.5}
        component="ul"
        sx={{ listStyle: 'none', m: 0, p: 0, flexWrap: 'wrap', alignItems: direction === 'column' ? 'stretch' : 'center' }}
      >
        {(nav ?? []).map((item) => (
          <li key={item.to}>
            <Button
              component={NavLink}
              to={item.to}
              end={item.end ?? false}
              fullWidth={direction === 'column'}
              sx={{
                justifyContent: direction === 'column' ? 'flex-start' : 'center',
                '&[aria-current="page"]': { textDecoration: 'underline', fontWeight: 700 },
              }}
            >
              {item.label}
            </Button>
          </li>
        ))}
      </Stack>
    </Box>
  );
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
          {nav && nav.length > 0 && !sideNav ? navLinks('row') : null}
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
        {sideNav && nav && nav.length > 0 ? (
          <Container maxWidth="xl" sx={{ py: { xs: 2, md: 4 }, display: 'flex', flexDirection: { xs: 'column', md: 'row' }, gap: { xs: 2, md: 4 } }}>
            <Box sx={{ flex: { md: '0 0 210px' } }}>{navLinks('column')}</Box>
            <Box sx={{ flex: 1, minWidth: 0 }}>{children}</Box>
          </Container>
        ) : (
          <Container sx={{ py: { xs: 3, md: 5 } }}>{children}</Container>
        )}
      </Box>
    </Box>
  );
}
