// The doctor bio dialog (SPEC §2 "doctor selection with bio"): photo, credentials, specialties,
// licensed states, the real rating (issue 16: "No ratings yet" before any) and bio, with "Select doctor".
import { usStateName } from '@store/domain';
import Avatar from '@mui/material/Avatar';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { ErrorState, LoadingState } from '@/components/PageState';
import { StatusButton } from '@/components/StatusButton';
import { useDoctor } from '../api/scheduling.api';
import { doctorTitle } from '../format';
import { DoctorRating } from './DoctorRating';

export interface DoctorBioDialogProps {
  doctorId: string | null;
  onClose: () => void;
  onSelect?: (doctorId: string) => void;
  selected?: boolean;
}

export function DoctorBioDialog({ doctorId, onClose, onSelect, selected = false }: DoctorBioDialogProps) {
  const query = useDoctor(doctorId);
  const doctor = query.data;
  const title = doctor ? doctorTitle(doctor) : 'About the doctor';
  return (
    <Dialog open={Boolean(doctorId)} onClose={onClose} aria-labelledby="doctor-bio-title" fullWidth maxWidth="sm">
      <DialogTitle id="doctor-bio-title">{title}</DialogTitle>
      <DialogContent>
        {query.isPending ? <LoadingState label="Loading the doctor's bio…" /> : null}
        {query.isError ? (
          <ErrorState error={query.error} onRetry={() => void query.refetch()} retrying={query.isFetching} />
        ) : null}
        {doctor ? (
          <Stack spacing={2} direction={{ xs: 'column', sm: 'row' }} sx={{ alignItems: { sm: 'flex-start' } }}>
            <Avatar src={doctor.photoUrl ?? undefined} alt="" sx={{ width: 112, height: 112 }} />
            <Stack spacing={1}>
              <Typography color="text.secondary">{doctor.specialties.join(' · ')}</Typography>
              <DoctorRating doctor={doctor} variant="body1" />
              <Typography>
                Licensed in {doctor.states.map((s) => usStateName(s) ?? s).join(', ')}
              </Typography>
              <Typography sx={{ whiteSpace: 'pre-line' }}>{doctor.bio}</Typography>
            </Stack>
          </Stack>
        ) : null}
      </DialogContent>
      <DialogActions>
        <StatusButton variant="text" onClick={onClose}>
          Close
        </StatusButton>
        {onSelect && doctor ? (
          <StatusButton status={selected ? 'done' : 'idle'} doneLabel="Selected" onClick={() => onSelect(doctor.id)}>
            {selected ? 'Selected' : 'Select doctor'}
          </StatusButton>
        ) : null}
      </DialogActions>
    </Dialog>
  );
}
