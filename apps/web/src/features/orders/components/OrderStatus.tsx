// An order's SPEC §4 label and its latest step in words (issue 17), with where the patient acts on
// it: the doctor's question, the visit, the parcel's tracking page.
import type { AccountOrderSummary } from '@store/domain';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { formatDateTime } from '../format';

const LABEL_COLOR: Record<AccountOrderSummary['statusLabel'], 'default' | 'primary' | 'success' | 'warning' | 'error'> = {
  Incomplete: 'warning',
  Pending: 'primary',
  completed: 'success',
  Disqualified: 'default',
  Declined: 'error',
  Cancelled: 'default',
  Refunded: 'default',
};

/** SPEC §4 writes "completed" in lower case; people read it capitalised. */
export const statusLabelText = (label: AccountOrderSummary['statusLabel']) => (label === 'completed' ? 'Completed' : label);

export function OrderStatusChip({ label }: { label: AccountOrderSummary['statusLabel'] }) {
  return <Chip size="small" color={LABEL_COLOR[label]} label={statusLabelText(label)} variant={label === 'Pending' ? 'outlined' : 'filled'} />;
}

export function LatestStep({ step }: { step: AccountOrderSummary['latestStep'] }) {
  const when = step.kind === 'visit_scheduled' && step.at ? ` · ${formatDateTime(step.at)}` : '';
  return (
    <Stack spacing={0.5}>
      <Typography variant="body2">
        <strong>{step.label}</strong>
        {when}
        {step.carrier ? ` · ${step.carrier}` : ''}
      </Typography>
      {step.trackingUrl ? (
        <Link href={step.trackingUrl} target="_blank" rel="noopener noreferrer" variant="body2">
          Track your package{step.trackingNumber ? ` (${step.trackingNumber})` : ''}
        </Link>
      ) : step.trackingNumber ? (
        <Typography variant="body2">Tracking number: {step.trackingNumber}</Typography>
      ) : null}
      {step.link ? (
        <Link component={RouterLink} to={step.link} variant="body2">
          {step.kind === 'more_information' ? 'Answer your doctor' : step.kind === 'visit_scheduled' ? 'Go to your visit' : 'See your visit'}
        </Link>
      ) : null}
    </Stack>
  );
}
