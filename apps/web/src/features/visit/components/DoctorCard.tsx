// The visit's doctor with photo, name and credentials (SPEC §2 welcome-back screen), and the time.
import Avatar from '@mui/material/Avatar';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { doctorTitle } from '../format';

export interface DoctorCardProps {
  doctor: { name: string; credentials: string; photoUrl: string | null };
  /** What the doctor is to the patient ("Your doctor"). */
  label?: string;
  /** Lines under the name (the time). */
  children?: ReactNode;
  /** A smaller card (beside the call). */
  compact?: boolean;
}

const initials = (name: string) =>
  name
    .replace(/^Dr\.?\s+/i, '')
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => w[0]?.toUpperCase())
    .join('');

export function DoctorCard({
  doctor,
  label = 'Your doctor',
  children,
  compact = false,
}: DoctorCardProps) {
  const size = compact ? 48 : 72;
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: compact ? 2 : 3 } }}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        {/* The name is beside the photo: the photo itself says nothing more. */}
        <Avatar
          src={doctor.photoUrl ?? undefined}
          alt=""
          sx={{ width: size, height: size, fontSize: size / 2.6 }}
        >
          {initials(doctor.name)}
        </Avatar>
        <Stack spacing={0.25} sx={{ minWidth: 0 }}>
          <Typography variant="body2" color="text.secondary">
            {label}
          </Typography>
          <Typography sx={{ fontWeight: 700, overflowWrap: 'anywhere' }} data-testid="visit-doctor">
            {doctorTitle(doctor)}
          </Typography>
          {children}
        </Stack>
      </Stack>
    </Paper>
  );
}
