// Step two of a one-time-code flow (SPEC §4: send code, verify code): where the code went, the
// code field, and "Send a new passcode" (SPEC §8 invalid passcode message points to it).
import { zodResolver } from '@hookform/resolvers/zod';
import { MESSAGES } from '@store/domain';
import Alert from '@mui/material/Alert';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { FormAlert } from '@/components/FormAlert';
import { FormTextField } from '@/components/FormTextField';
import { StatusButton } from '@/components/StatusButton';
import { isApiError } from '@/lib/api';
import { useFormSubmit } from '@/lib/forms';
import type { PasscodeSent } from '../api/auth.api';

const codeSchema = z.object({
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, { error: MESSAGES.PASSCODE_INVALID }),
});
type CodeForm = z.input<typeof codeSchema>;

export function sentToText(sent: PasscodeSent): string {
  const places = [
    sent.sentTo.sms ? `your phone ${sent.sentTo.sms}` : null,
    sent.sentTo.email ? `${sent.sentTo.email}` : null,
  ].filter(Boolean);
  return `We sent a 6-digit passcode to ${places.join(' and ')}. It expires in 10 minutes.`;
}

export interface PasscodeStepProps {
  sent: PasscodeSent;
  submitLabel: string;
  onVerify: (code: string) => Promise<void>;
  onResend: () => Promise<PasscodeSent>;
  onChangeEmail?: () => void;
}

export function PasscodeStep({
  sent: initial,
  submitLabel,
  onVerify,
  onResend,
  onChangeEmail,
}: PasscodeStepProps) {
  const [sent, setSent] = useState(initial);
  const [resending, setResending] = useState(false);
  const [resent, setResent] = useState(false);
  const form = useForm<CodeForm, unknown, z.output<typeof codeSchema>>({
    resolver: zodResolver(codeSchema),
    defaultValues: { code: '' },
  });

  const { onSubmit: submit, status, error, setError } = useFormSubmit(form, ['code'], ({ code }) =>
    onVerify(code),
  );

  const resend = async () => {
    setError(null);
    setResending(true);
    try {
      const next = await onResend();
      setSent(next);
      setResent(true);
      form.reset({ code: '' });
    } catch (err) {
      setError(err);
    } finally {
      setResending(false);
    }
  };

  const code = form.watch('code');
  return (
    <Stack
      component="form"
      noValidate
      spacing={2}
      onSubmit={submit}
      aria-label="Enter your passcode"
    >
      <Typography role="status" data-testid="passcode-hint">
        {resent ? 'We sent a new passcode. ' : ''}
        {sentToText(sent)}
      </Typography>
      {sent.failures.map((f) => (
        <Alert key={f.channel} severity="warning">
          {f.message}
        </Alert>
      ))}
      <FormTextField
        control={form.control}
        name="code"
        label="Passcode"
        autoComplete="one-time-code"
        slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 6, pattern: '[0-9]*' } }}
        autoFocus
        required
      />
      <FormAlert
        error={error}
        severity={isApiError(error) && error.status === 429 ? 'warning' : 'error'}
      />
      <StatusButton
        type="submit"
        status={status}
        disabled={String(code ?? '').trim().length !== 6}
        fullWidth
      >
        {submitLabel}
      </StatusButton>
      <Stack direction="row" spacing={2} sx={{ justifyContent: 'space-between' }}>
        <Link
          component="button"
          type="button"
          onClick={resend}
          disabled={resending}
          underline="always"
        >
          Send a new passcode
        </Link>
        {onChangeEmail ? (
          <Link component="button" type="button" onClick={onChangeEmail} underline="always">
            Use another email
          </Link>
        ) : null}
      </Stack>
    </Stack>
  );
}
