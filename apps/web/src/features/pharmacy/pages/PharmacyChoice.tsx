// Shared by the pharmacy pages (issue 5): the chosen pharmacy, and Continue, which puts it on the
// order (the server completes the Pharmacy stage) and goes on to the next pending stage — or back
// to the summary when the patient came from it to change the pharmacy (issue 13 #11).
import { formatUsPhone } from '@store/domain';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { errorText } from '@/components/PageState';
import { StatusButton, type ButtonStatus } from '@/components/StatusButton';
import { useCheckout } from '@/shared/checkout';
import { useSummaryReturn } from '@/shared/checkoutReturn';
import { useSetOrderPharmacy, type Pharmacy } from '../api/pharmacy.api';

export function pharmacyLine(p: Pharmacy): string {
  const a = p.pharmacyAddress;
  return `${a.address}, ${a.city}, ${a.state} ${a.zip}`;
}

/** Saves the choice on the order, then on to the next pending stage. */
export function useChoosePharmacy() {
  const { order, continueCheckout, refresh } = useCheckout();
  const summaryReturn = useSummaryReturn();
  const navigate = useNavigate();
  const setPharmacy = useSetOrderPharmacy(order.id);
  const [status, setStatus] = useState<ButtonStatus>('idle');
  const [error, setError] = useState<string | null>(null);
  const choose = async (choice: { pharmacyId: string } | { partner: true }) => {
    setStatus('loading');
    setError(null);
    try {
      await setPharmacy.mutateAsync(choice);
      setStatus('done');
      const back = summaryReturn.fromSummary ? summaryReturn.target(await refresh()) : null;
      if (back) await navigate(back);
      else await continueCheckout();
    } catch (e) {
      setStatus('idle');
      setError(errorText(e));
    }
  };
  return { choose, status, error };
}

export function ChosenPharmacy({ pharmacy }: { pharmacy: Pharmacy | null }) {
  const { choose, status, error } = useChoosePharmacy();
  return (
    <Stack spacing={2} component="section" aria-label="Your pharmacy">
      {pharmacy ? (
        <Paper variant="outlined" sx={{ p: 2 }}>
          <Typography variant="body2" color="text.secondary">
            Selected pharmacy
          </Typography>
          <Typography sx={{ fontWeight: 600 }} data-testid="selected-pharmacy">
            {pharmacy.name}
          </Typography>
          <Typography variant="body2">{pharmacyLine(pharmacy)}</Typography>
          <Typography variant="body2">{formatUsPhone(pharmacy.phone)}</Typography>
        </Paper>
      ) : (
        <Typography color="text.secondary">Select a pharmacy to continue.</Typography>
      )}
      {error ? (
        <Alert severity="error" role="alert">
          {error}
        </Alert>
      ) : null}
      <Box>
        <StatusButton
          status={status}
          disabled={!pharmacy}
          onClick={() => {
            if (pharmacy) void choose({ pharmacyId: pharmacy.id });
          }}
        >
          Continue with this pharmacy
        </StatusButton>
      </Box>
    </Stack>
  );
}
