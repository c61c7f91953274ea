// /pharmacy (issue 15): who is signed in and the pharmacy they work at (the fulfilment feature's
// work list replaces it). Loading and error states; a pharmacist with no pharmacy gets the 404's
// message.
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { ErrorState, LoadingState } from '@/components/PageState';
import { useSession } from '@/shared/session';
import { fullName, useStaffProfile } from '../staff/staffArea.api';
import { usePharmacistHome } from './pharmacyArea.api';

export function PharmacyHomePage() {
  const session = useSession();
  const profile = useStaffProfile(session.data?.userId ?? null);
  const home = usePharmacistHome();
  const name = fullName(profile.data);
  if (home.isPending) return <LoadingState label="Loading your pharmacy…" />;
  if (home.isError) {
    return <ErrorState title="Your pharmacy" error={home.error} onRetry={() => void home.refetch()} retrying={home.isFetching} />;
  }
  const { pharmacy } = home.data;
  return (
    <Stack spacing={2}>
      <Typography variant="h1">{pharmacy.name}</Typography>
      <Typography>
        Signed in as {name ?? 'a pharmacist'}, pharmacist at {pharmacy.name}, {pharmacy.address},{' '}
        {pharmacy.city}, {pharmacy.state} {pharmacy.zip}.
      </Typography>
      <Typography>
        Here you fill the prescriptions sent to your pharmacy and mark each order filled, shipped,
        delivered or ready for pickup; the patient is told at each step.
      </Typography>
    </Stack>
  );
}
