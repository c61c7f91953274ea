// issue 17: a renewal consult comes prefilled with the patient's answers from last time; the page
// says so above the questions, so they check each one rather than skim past.
import { RENEWAL_MESSAGES } from '@store/domain';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import type { Consult } from '../api/consult.api';

export function RenewalBanner({ consult }: { consult: Pick<Consult, 'renewal'> }) {
  if (!consult.renewal) return null;
  return (
    <Alert severity="info" variant="outlined">
      <AlertTitle>Renewing your prescription</AlertTitle>
      {RENEWAL_MESSAGES.BANNER}
    </Alert>
  );
}
