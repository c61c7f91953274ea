// Register by one-time passcode (SPEC §7 register with OTP): email first, then the emailed code
// creates the account and logs in. A password can be set later with "Forgot your password?".
import { zodResolver } from '@hookform/resolvers/zod';
import { emailSchema, firstNameSchema, lastNameSchema } from '@store/domain';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { z } from 'zod';
import { FormAlert } from '@/components/FormAlert';
import { EmailField, PersonNameFields } from '@/components/FormFieldGroups';
import { StatusButton } from '@/components/StatusButton';
import { isApiError } from '@/lib/api';
import { useFormSubmit } from '@/lib/forms';
import { useLoginDrawer } from '@/shared/loginDrawer';
import { entryPage, safeRedirect } from '@/shared/session';
import { useDocumentTitle } from '@/shared/storefront';
import { authApi, type PasscodeSent } from './api/auth.api';
import { PasscodeStep } from './components/PasscodeStep';
import { useSignedIn } from './useSignIn';

const schema = z.object({
  email: emailSchema,
  firstName: firstNameSchema,
  lastName: lastNameSchema,
});
type Values = z.output<typeof schema>;

export function RegisterWithCodePage() {
  useDocumentTitle('Register with a passcode');
  const [params] = useSearchParams();
  const redirect = safeRedirect(params.get('redirect'), params.get('id'));
  const signedIn = useSignedIn();
  const { openLoginDrawer } = useLoginDrawer();
  const [sent, setSent] = useState<{ values: Values; result: PasscodeSent } | null>(null);
  const form = useForm<z.input<typeof schema>, unknown, Values>({
    resolver: zodResolver(schema),
    defaultValues: { email: '', firstName: '', lastName: '' },
    mode: 'onTouched',
  });

  const { onSubmit: submit, status, error } = useFormSubmit(
    form,
    ['email'],
    async (values) => {
      setSent({ values, result: await authApi.sendRegisterCode({ email: values.email }) });
    },
    { after: 'idle' },
  );

  return (
    <Container sx={{ py: { xs: 4, md: 6 } }}>
      <Stack spacing={3} sx={{ maxWidth: 520, mx: 'auto' }}>
        <Typography variant="h1">Register with a passcode</Typography>
        {sent ? (
          <PasscodeStep
            sent={sent.result}
            submitLabel="Create account"
            onVerify={async (code) => {
              const landingPage = entryPage();
              const result = await authApi.verifyRegisterCode({
                ...sent.values,
                code,
                ...(landingPage ? { landingPage } : {}),
                ...(redirect ? { redirectPage: redirect } : {}),
              });
              await signedIn(result, redirect, '/my-account');
            }}
            onResend={() => authApi.sendRegisterCode({ email: sent.values.email })}
            onChangeEmail={() => setSent(null)}
          />
        ) : (
          <Stack
            component="form"
            noValidate
            spacing={2}
            onSubmit={submit}
            aria-label="Register with a passcode"
          >
            <Typography>We will email you a 6-digit passcode. No password needed.</Typography>
            <EmailField control={form.control} />
            <PersonNameFields control={form.control} />
            <FormAlert
              error={error}
              severity={isApiError(error) && error.status === 429 ? 'warning' : 'error'}
            />
            <StatusButton type="submit" status={status} fullWidth>
              Email me a passcode
            </StatusButton>
          </Stack>
        )}
        <Typography>
          <Link
            component="button"
            type="button"
            underline="always"
            onClick={() => openLoginDrawer(redirect ? { redirectTo: redirect } : undefined)}
          >
            Already have an account?
          </Link>
          {' · '}
          <Link component={RouterLink} to="/register">
            Register with a password
          </Link>
        </Typography>
      </Stack>
    </Container>
  );
}
