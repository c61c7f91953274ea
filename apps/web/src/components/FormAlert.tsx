// The message of a failed form submission: the server's sentence (e.g. SPEC §8 "This combination
// of email and password is incorrect...") or, on no answer / 5xx, the spec's connection error.
import Alert from '@mui/material/Alert';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { errorMessages } from './PageState';

export interface FormAlertProps {
  error: unknown;
  severity?: 'error' | 'warning' | 'info' | 'success';
  children?: ReactNode;
}

export function FormAlert({ error, severity = 'error', children }: FormAlertProps) {
  if (!error && !children) return null;
  const { message, support } = error ? errorMessages(error) : { message: null, support: null };
  return (
    <Alert severity={severity} role="alert">
      {message ? <Typography variant="body2">{message}</Typography> : null}
      {support ? (
        <Typography variant="body2" sx={{ mt: 1 }}>
          {support}
        </Typography>
      ) : null}
      {children}
    </Alert>
  );
}
