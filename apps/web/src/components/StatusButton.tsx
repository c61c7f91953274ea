// A button with the three display states of SPEC §4: loading (spinner, disabled, aria-busy),
// done (a tick) and disabled, on top of the idle state.
import CheckIcon from '@mui/icons-material/Check';
import Button, { type ButtonProps } from '@mui/material/Button';

export type ButtonStatus = 'idle' | 'loading' | 'done';

export interface StatusButtonProps extends Omit<ButtonProps, 'loading'> {
  /** `loading` shows a spinner and disables the button; `done` shows a tick after the label. */
  status?: ButtonStatus;
  /** Accessible name of the tick, read after the label when done. */
  doneLabel?: string;
}

export function StatusButton({
  status = 'idle',
  disabled,
  doneLabel = 'Done',
  endIcon,
  variant = 'contained',
  children,
  ...props
}: StatusButtonProps) {
  const loading = status === 'loading';
  return (
    <Button
      {...props}
      variant={variant}
      loading={loading}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      data-status={status}
      endIcon={status === 'done' ? <CheckIcon titleAccess={doneLabel} /> : endIcon}
    >
      {children}
    </Button>
  );
}
