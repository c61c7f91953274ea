// "Cancel my order" with its confirmation, for a paid visit order (issue 13 #12): from the visit's
// link and from the account. The hold on the card is released.
import Alert from '@mui/material/Alert';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useId, useState } from 'react';
import { errorText } from '@/components/PageState';
import { StatusButton } from '@/components/StatusButton';

export interface CancelOrderButtonProps {
  pending: boolean;
  /** The failed cancel's error, shown in the dialog; null when none. */
  error: unknown;
  onConfirm: () => void;
}

export function CancelOrderButton({ pending, error, onConfirm }: CancelOrderButtonProps) {
  const [open, setOpen] = useState(false);
  const titleId = useId();
  return (
    <>
      <StatusButton
        variant="outlined"
        color="error"
        onClick={() => setOpen(true)}
        aria-haspopup="dialog"
      >
        Cancel my order
      </StatusButton>
      <Dialog open={open} onClose={() => setOpen(false)} aria-labelledby={titleId}>
        <DialogTitle id={titleId}>Cancel your order?</DialogTitle>
        <DialogContent>
          <DialogContentText>
            The hold on your card will be released and you will not be charged.
          </DialogContentText>
          {error ? (
            <Alert severity="error" role="alert" sx={{ mt: 2 }}>
              {errorText(error)}
            </Alert>
          ) : null}
        </DialogContent>
        <DialogActions>
          <StatusButton variant="text" onClick={() => setOpen(false)}>
            Keep my order
          </StatusButton>
          <StatusButton color="error" status={pending ? 'loading' : 'idle'} onClick={onConfirm}>
            Yes, cancel my order
          </StatusButton>
        </DialogActions>
      </Dialog>
    </>
  );
}
