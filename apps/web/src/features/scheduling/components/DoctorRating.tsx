// A doctor's rating as the doctor list and the bio show it (issue 16): a star, the real average and
// how many patients rated ("4.5 · 12 ratings"), or "No ratings yet".
import StarIcon from '@mui/icons-material/Star';
import Stack from '@mui/material/Stack';
import Typography, { type TypographyProps } from '@mui/material/Typography';
import type { Doctor } from '../api/scheduling.api';
import { ratingText } from '../format';

export function DoctorRating({ doctor, variant = 'body2' }: { doctor: Pick<Doctor, 'averageRating' | 'ratingCount'>; variant?: TypographyProps['variant'] }) {
  const rated = doctor.averageRating !== null && doctor.ratingCount > 0;
  return (
    <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
      {rated ? <StarIcon fontSize="small" sx={{ color: 'warning.main' }} aria-hidden="true" /> : null}
      <Typography variant={variant} color={rated ? 'text.primary' : 'text.secondary'}>
        {ratingText(doctor)}
      </Typography>
    </Stack>
  );
}
