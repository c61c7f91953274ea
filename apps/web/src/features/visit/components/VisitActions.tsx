// The way on from a visit screen: "Go to my account" (SPEC §2), with the screen's own action first.
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';

export function VisitActions({ children }: { children?: ReactNode }) {
  return (
    <Stack
      direction={{ xs: 'column', sm: 'row' }}
      spacing={2}
      sx={{ alignItems: { xs: 'stretch', sm: 'center' } }}
    >
      {children}
      <Button component={RouterLink} to="/my-account" variant="outlined">
        Go to my account
      </Button>
    </Stack>
  );
}
