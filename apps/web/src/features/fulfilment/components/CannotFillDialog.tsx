// The pharmacy cannot fill an order (issue 15: the patient is refunded): the pharmacist picks why,
// sees the words the patient will read, and confirms; the server marks the order refunded, revokes
// its prescription and refunds the payment (retried by reconciliation should the card processor
// fail). Its refusal (shipped meanwhile) shows above the buttons.
import { CANNOT_FILL_LABELS, CANNOT_FILL_REASON_CODES, CANNOT_FILL_REASONS, cannotFillInputSchema, type CannotFillInput } from '@store/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { FormTextField } from '@/components/FormTextField';
import { errorText } from '@/components/PageState';
import { StatusButton } from '@/components/StatusButton';
import { useFormSubmit } from '@/lib/forms';

type CannotFillValues = z.input<typeof cannotFillInputSchema>;

export interface CannotFillDialogProps {
  open: boolean;
  orderNumber: string;
  onClose: () => void;
  /** Refunds and cancels the order; rejects with the server's refusal. */
  onConfirm: (input: CannotFillInput) => Promise<unknown>;
}

export function CannotFillDialog({ open, orderNumber, onClose, onConfirm }: CannotFillDialogProps) {
  const form = useForm<CannotFillValues, unknown, CannotFillInput>({
    resolver: zodResolver(cannotFillInputSchema),
    defaultValues: { reason: '' as CannotFillValues['reason'] },
  });
  const { onSubmit, status, error } = useFormSubmit(form, ['reason'], onConfirm, { after: 'idle', onSuccess: onClose });
  const reason = form.watch('reason');
  const titleId = `cannot-fill-${orderNumber}`;
  return (
    <Dialog open={open} onClose={status === 'loading' ? undefined : onClose} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <form noValidate onSubmit={onSubmit}>
        <DialogTitle id={titleId}>Cannot fill order {orderNumber}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <Typography variant="body2">
              The patient is refunded in full, the order is cancelled and its prescription revoked. This cannot be undone.
            </Typography>
            <FormTextField name="reason" control={form.control} label="Reason" select required>
              {CANNOT_FILL_REASON_CODES.map((code) => (
                <MenuItem key={code} value={code}>
                  {CANNOT_FILL_LABELS[code]}
                </MenuItem>
              ))}
            </FormTextField>
            {reason && reason in CANNOT_FILL_REASONS ? (
              <Alert severity="info" role="note">
                The patient reads: “{CANNOT_FILL_REASONS[reason]}”
              </Alert>
            ) : null}
            {error ? (
              <Typography role="alert" color="error" variant="body2">
                {errorText(error)}
              </Typography>
            ) : null}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={status === 'loading'}>
            Cancel
          </Button>
          <StatusButton type="submit" status={status} color="error">
            Refund and cancel
          </StatusButton>
        </DialogActions>
      </form>
    </Dialog>
  );
}
