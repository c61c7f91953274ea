// Ship an order (issue 15 "Fulfilment"): the carrier and the tracking number, checked here with the
// domain's rule (8 to 40 letters and digits; spaces and dashes are dropped) and again by the
// server, whose refusal shows beside the field or above the button.
import { CARRIERS, shipInputSchema, type ShipFormValues, type ShipInput } from '@store/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useForm } from 'react-hook-form';
import { FormTextField } from '@/components/FormTextField';
import { errorText } from '@/components/PageState';
import { StatusButton } from '@/components/StatusButton';
import { useFormSubmit } from '@/lib/forms';

export interface ShipDialogProps {
  open: boolean;
  orderNumber: string;
  onClose: () => void;
  /** Ships the order; rejects with the server's refusal. */
  onShip: (input: ShipInput) => Promise<unknown>;
}

export function ShipDialog({ open, orderNumber, onClose, onShip }: ShipDialogProps) {
  const form = useForm<ShipFormValues, unknown, ShipInput>({
    resolver: zodResolver(shipInputSchema),
    defaultValues: { carrier: 'USPS', trackingNumber: '' },
  });
  const { onSubmit, status, error } = useFormSubmit(form, ['carrier', 'trackingNumber'], onShip, { after: 'idle', onSuccess: onClose });
  const titleId = `ship-${orderNumber}`;
  return (
    <Dialog open={open} onClose={status === 'loading' ? undefined : onClose} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <form noValidate onSubmit={onSubmit}>
        <DialogTitle id={titleId}>Ship order {orderNumber}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <FormTextField name="carrier" control={form.control} label="Carrier" select required>
              {CARRIERS.map((c) => (
                <MenuItem key={c} value={c}>
                  {c === 'other' ? 'Other' : c}
                </MenuItem>
              ))}
            </FormTextField>
            <FormTextField name="trackingNumber" control={form.control} label="Tracking number" required autoComplete="off" autoFocus />
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
          <StatusButton type="submit" status={status}>
            Ship
          </StatusButton>
        </DialogActions>
      </form>
    </Dialog>
  );
}
