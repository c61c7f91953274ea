// A form's buttons: its submit (a StatusButton showing the form's status) and, when the form can
// be closed, Cancel beside it.
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import type { SxProps, Theme } from '@mui/material/styles';
import type { ReactNode } from 'react';
import { StatusButton, type ButtonStatus } from './StatusButton';

export interface FormActionsProps {
  /** The submit button's caption. */
  children: ReactNode;
  status: ButtonStatus;
  /** Accessible name of the tick once done. */
  doneLabel: string;
  disabled?: boolean;
  onCancel?: (() => void) | undefined;
  sx?: SxProps<Theme> | undefined;
}

export function FormActions({ children, status, doneLabel, disabled, onCancel, sx }: FormActionsProps) {
  return (
    <Stack direction="row" spacing={2} {...(sx ? { sx } : {})}>
      <StatusButton type="submit" status={status} {...(disabled !== undefined ? { disabled } : {})} doneLabel={doneLabel}>
        {children}
      </StatusButton>
      {onCancel ? (
        <Button variant="text" onClick={onCancel}>
          Cancel
        </Button>
      ) : null}
    </Stack>
  );
}
