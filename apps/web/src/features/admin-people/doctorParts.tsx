// What the doctor's tabs share (issue 18): a titled section, and keeping the page in step with the
// server's answer to a change (the doctor, and the list behind it).
import type { AdminDoctor } from '@store/domain';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { PEOPLE_KEYS } from './api/people.api';

export function useSaveDoctor(id: string) {
  const queryClient = useQueryClient();
  return async (doctor: AdminDoctor) => {
    queryClient.setQueryData(PEOPLE_KEYS.doctor(id), doctor);
    await queryClient.invalidateQueries({ queryKey: PEOPLE_KEYS.doctors });
  };
}

export function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper variant="outlined" component="section" sx={{ p: { xs: 2, md: 3 } }}>
      <Stack spacing={2}>
        <Typography variant="h2" sx={{ fontSize: 20 }}>
          {title}
        </Typography>
        {children}
      </Stack>
    </Paper>
  );
}
