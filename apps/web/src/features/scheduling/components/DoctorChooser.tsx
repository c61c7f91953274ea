// Choose a doctor licensed in the patient's state, or "First available" (issue 6; SPEC §2 doctor
// selection with bio). A radio group: arrow keys move between the choices; each doctor has a
// "View bio" button that opens the bio dialog.
import { FIRST_AVAILABLE, FIRST_AVAILABLE_LABEL, usStateName } from '@store/domain';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import EventAvailableIcon from '@mui/icons-material/EventAvailable';
import { useId, useState } from 'react';
import { EmptyState, ErrorState, LoadingState } from '@/components/PageState';
import { StatusButton } from '@/components/StatusButton';
import { useDoctors } from '../api/scheduling.api';
import { doctorTitle } from '../format';
import { DoctorBioDialog } from './DoctorBioDialog';
import { DoctorRating } from './DoctorRating';

export interface DoctorChooserProps {
  /** The patient's (shipping) state: only doctors licensed there are offered. */
  state: string | undefined;
  value: string | null;
  onChange: (doctorId: string) => void;
  /** Offer "First available" (needs a state). */
  allowFirstAvailable?: boolean;
  /** The "First available" choice's wording (doctor confirmation says "Next available doctor"). */
  firstAvailableText?: { label: string; description: (stateName: string | null) => string };
}

export function DoctorChooser({ state, value, onChange, allowFirstAvailable = true, firstAvailableText }: DoctorChooserProps) {
  const query = useDoctors(state);
  const [bioFor, setBioFor] = useState<string | null>(null);
  const headingId = useId();

  if (query.isPending) return <LoadingState label="Loading the doctors…" lines={4} />;
  if (query.isError) {
    return <ErrorState error={query.error} onRetry={() => void query.refetch()} retrying={query.isFetching} />;
  }
  const doctors = query.data;
  const stateName = state ? (usStateName(state) ?? state) : null;
  if (doctors.length === 0) {
    return (
      <EmptyState
        title={stateName ? `No doctors are licensed in ${stateName} yet` : 'No doctors are available yet'}
        body="Please contact us and we will help you find a time."
        headingComponent="h3"
      />
    );
  }

  const showFirstAvailable = allowFirstAvailable && Boolean(state);
  return (
    <Box>
      <Typography variant="h3" component="h2" id={headingId} sx={{ mb: 1 }}>
        Choose your doctor
      </Typography>
      {stateName ? (
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          Doctors licensed in {stateName}
        </Typography>
      ) : null}
      <RadioGroup aria-labelledby={headingId} value={value ?? ''} onChange={(event) => onChange(event.target.value)}>
        <Stack spacing={1.5}>
          {showFirstAvailable ? (
            <Paper variant="outlined" sx={{ p: 1.5, borderColor: value === FIRST_AVAILABLE ? 'primary.main' : 'divider' }}>
              <FormControlLabel
                value={FIRST_AVAILABLE}
                control={<Radio />}
                sx={{ m: 0, width: '100%' }}
                label={
                  <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
                    <Avatar sx={{ bgcolor: 'primary.main', width: 56, height: 56 }} aria-hidden="true">
                      <EventAvailableIcon />
                    </Avatar>
                    <Box>
                      <Typography sx={{ fontWeight: 700 }}>{firstAvailableText?.label ?? FIRST_AVAILABLE_LABEL}</Typography>
                      <Typography variant="body2" color="text.secondary">
                        {firstAvailableText
                          ? firstAvailableText.description(stateName)
                          : `The soonest time with any of our doctors licensed in ${stateName}.`}
                      </Typography>
                    </Box>
                  </Stack>
                }
              />
            </Paper>
          ) : null}
          {doctors.map((doctor) => (
            <Paper
              key={doctor.id}
              variant="outlined"
              sx={{
                p: 1.5,
                display: 'flex',
                flexWrap: 'wrap',
                alignItems: 'center',
                gap: 1,
                borderColor: value === doctor.id ? 'primary.main' : 'divider',
              }}
            >
              <FormControlLabel
                value={doctor.id}
                control={<Radio />}
                sx={{ m: 0, flex: 1, minWidth: 240 }}
                label={
                  <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
                    <Avatar src={doctor.photoUrl ?? undefined} alt="" sx={{ width: 56, height: 56 }} />
                    <Box>
                      <Typography sx={{ fontWeight: 700 }}>{doctorTitle(doctor)}</Typography>
                      <Typography variant="body2" color="text.secondary">
                        {doctor.specialties.join(' · ')}
                      </Typography>
                      <DoctorRating doctor={doctor} />
                    </Box>
                  </Stack>
                }
              />
              <StatusButton
                variant="text"
                onClick={() => setBioFor(doctor.id)}
                aria-label={`View bio of ${doctor.name}`}
                aria-haspopup="dialog"
              >
                View bio
              </StatusButton>
            </Paper>
          ))}
        </Stack>
      </RadioGroup>
      <DoctorBioDialog
        doctorId={bioFor}
        onClose={() => setBioFor(null)}
        selected={bioFor !== null && bioFor === value}
        onSelect={(id) => {
          onChange(id);
          setBioFor(null);
        }}
      />
    </Box>
  );
}
