// Logging in, by password or by a one-time passcode (SPEC §1 "Login is by password or by a
// one-time code"; §4 OTP login is two steps). Used by the login drawer and the /login page.
import { zodResolver } from '@hookform/resolvers/zod';
import { emailSchema, MESSAGES } from '@store/domain';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { Link as RouterLink, useNavigate } from 'react-router';
import { z } from 'zod';
import { FormAlert } from '@/components/FormAlert';
import { EmailField } from '@/components/FormFieldGroups';
import { FormTextField } from '@/components/FormTextField';
import { PasswordField } from '@/components/PasswordField';
import { StatusButton } from '@/components/StatusButton';
import { isApiError } from '@/lib/api';
import { useFormSubmit } from '@/lib/forms';
import { authApi, needsSecondFactor, type Channel, type PasscodeSent } from '../api/auth.api';
import { useSignedIn } from '../useSignIn';
import { PasscodeStep } from './PasscodeStep';

const passwordLoginSchema = z.object({
  email: emailSchema,
  password: z.string().min(1, { error: MESSAGES.LOGIN_WRONG_PASSWORD }),
});

const codeLoginSchema = z.object({
  email: emailSchema,
  channels: z
    .array(z.enum(['sms', 'email']))
    .min(1, { error: 'Choose where to send the passcode.' }),
});

function severityOf(error: unknown) {
  return isApiError(error) && error.status === 429 ? 'warning' : 'error';
}

function PasswordLogin({
  onNavigate,
  redirectTo,
}: {
  onNavigate?: (() => void) | undefined;
  redirectTo?: string | null | undefined;
}) {
  const signedIn = useSignedIn();
  const navigate = useNavigate();
  const form = useForm<
    z.input<typeof passwordLoginSchema>,
    unknown,
    z.output<typeof passwordLoginSchema>
  >({
    resolver: zodResolver(passwordLoginSchema),
    defaultValues: { email: '', password: '' },
  });
  const { onSubmit: submit, status, error } = useFormSubmit(
    form,
    ['email'],
    async (values) => ({ email: values.email, result: await authApi.login(values) }),
    {
      onSuccess: async ({ email, result }) => {
        // A staff account (issue 15): no session from the password alone; staff sign in on their
        // own page, with the password and then a one-time code.
        if (needsSecondFactor(result)) {
          onNavigate?.();
          await navigate('/staff/sign-in', { state: { staffEmail: email } });
          return;
        }
        await signedIn(result, redirectTo);
      },
    },
  );
  return (
    <Stack
      component="form"
      noValidate
      spacing={2}
      onSubmit={submit}
      aria-label="Log in with your password"
    >
      <EmailField control={form.control} />
      <FormTextField
        control={form.control}
        name="password"
        component={PasswordField}
        label="Password"
        autoComplete="current-password"
        required
      />
      <FormAlert error={error} severity={severityOf(error)} />
      <StatusButton type="submit" status={status} fullWidth>
        Log in
      </StatusButton>
      <Link component={RouterLink} to="/forgot-password" onClick={onNavigate}>
        Forgot your password?
      </Link>
    </Stack>
  );
}

function CodeLogin({ redirectTo }: { redirectTo?: string | null | undefined }) {
  const signedIn = useSignedIn();
  const [sent, setSent] = useState<{
    email: string;
    channels: Channel[];
    result: PasscodeSent;
  } | null>(null);
  const form = useForm<z.input<typeof codeLoginSchema>, unknown, z.output<typeof codeLoginSchema>>({
    resolver: zodResolver(codeLoginSchema),
    defaultValues: { email: '', channels: ['sms', 'email'] },
  });

  const { onSubmit: submit, status, error } = useFormSubmit(
    form,
    ['email'],
    async (values) => {
      const result = await authApi.sendLoginCode(values);
      setSent({ email: values.email, channels: values.channels, result });
    },
    { after: 'idle' },
  );

  if (sent) {
    return (
      <PasscodeStep
        sent={sent.result}
        submitLabel="Log in"
        onVerify={async (code) => {
          const result = await authApi.verifyLoginCode({ email: sent.email, code });
          await signedIn(result, redirectTo);
        }}
        onResend={() => authApi.sendLoginCode({ email: sent.email, channels: sent.channels })}
        onChangeEmail={() => setSent(null)}
      />
    );
  }

  const channelsError = form.formState.errors.channels?.message;
  return (
    <Stack
      component="form"
      noValidate
      spacing={2}
      onSubmit={submit}
      aria-label="Log in with a passcode"
    >
      <EmailField control={form.control} />
      <Controller
        control={form.control}
        name="channels"
        render={({ field }) => {
          const value = (field.value ?? []) as Channel[];
          const toggle = (channel: Channel, on: boolean) =>
            field.onChange(
              on ? [...new Set([...value, channel])] : value.filter((c) => c !== channel),
            );
          return (
            <FormGroup>
              <FormLabel component="legend">Send my passcode by</FormLabel>
              <FormControlLabel
                control={
                  <Checkbox
                    checked={value.includes('sms')}
                    onChange={(e) => toggle('sms', e.target.checked)}
                  />
                }
                label="Text message (SMS)"
              />
              <FormControlLabel
                control={
                  <Checkbox
                    checked={value.includes('email')}
                    onChange={(e) => toggle('email', e.target.checked)}
                  />
                }
                label="Email"
              />
              {channelsError ? <FormHelperText error>{channelsError}</FormHelperText> : null}
            </FormGroup>
          );
        }}
      />
      <FormAlert error={error} severity={severityOf(error)} />
      <StatusButton type="submit" status={status} fullWidth>
        Send passcode
      </StatusButton>
    </Stack>
  );
}

export interface LoginFormsProps {
  /** Called when a link leaves the form (the drawer closes itself). */
  onNavigate?: () => void;
  /** Where to go after logging in (SPEC §2 redirect target). */
  redirectTo?: string | null;
}

export function LoginForms({ onNavigate, redirectTo }: LoginFormsProps) {
  const [method, setMethod] = useState<'password' | 'code'>('password');
  // Ids of this instance: the drawer's forms may sit over the login page's own.
  const id = useId();
  return (
    <Stack spacing={3}>
      <Tabs
        value={method}
        onChange={(_e, value: 'password' | 'code') => setMethod(value)}
        variant="fullWidth"
        aria-label="How to log in"
      >
        <Tab
          value="password"
          label="Password"
          id={`${id}-tab-password`}
          aria-controls={`${id}-panel-password`}
        />
        <Tab
          value="code"
          label="One-time passcode"
          id={`${id}-tab-code`}
          aria-controls={`${id}-panel-code`}
        />
      </Tabs>
      <div role="tabpanel" id={`${id}-panel-${method}`} aria-labelledby={`${id}-tab-${method}`}>
        {method === 'password' ? (
          <PasswordLogin onNavigate={onNavigate} redirectTo={redirectTo} />
        ) : (
          <CodeLogin redirectTo={redirectTo} />
        )}
      </div>
      <Typography>
        <Link
          component={RouterLink}
          to={redirectTo ? `/register?redirect=${encodeURIComponent(redirectTo)}` : '/register'}
          onClick={onNavigate}
        >
          Don&apos;t have an account?
        </Link>
      </Typography>
    </Stack>
  );
}
