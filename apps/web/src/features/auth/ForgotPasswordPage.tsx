// Password reset, step one (SPEC §7 reset password email): we email a single-use link, valid 1 hour.
import { zodResolver } from '@hookform/resolvers/zod';
import { emailSchema } from '@store/domain';
import Alert from '@mui/material/Alert';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { FormAlert } from '@/components/FormAlert';
import { EmailField } from '@/components/FormFieldGroups';
import { StatusButton } from '@/components/StatusButton';
import { isApiError } from '@/lib/api';
import { useFormSubmit } from '@/lib/forms';
import { useLoginDrawer } from '@/shared/loginDrawer';
import { useDocumentTitle } from '@/shared/storefront';
import { authApi } from './api/auth.api';

const schema = z.object({ email: emailSchema });

export function ForgotPasswordPage() {
  useDocumentTitle('Reset your password');
  const { openLoginDrawer } = useLoginDrawer();
  const [sentMessage, setSentMessage] = useState<string | null>(null);
  const form = useForm<z.input<typeof schema>, unknown, z.output<typeof schema>>({
    resolver: zodResolver(schema),
    defaultValues: { email: '' },
  });
  const { onSubmit: submit, status, error } = useFormSubmit(form, ['email'], async (values) => {
    const { message } = await authApi.requestReset(values);
    setSentMessage(message);
  });
  return (
    <Container sx={{ py: { xs: 4, md: 6 } }}>
      <Stack spacing={3} sx={{ maxWidth: 480, mx: 'auto' }}>
        <Typography variant="h1">Reset your password</Typography>
        <Stack
          component="form"
          noValidate
          spacing={2}
          onSubmit={submit}
          aria-label="Reset your password"
        >
          <Typography>
            Enter the email of your account and we will send you a link to choose a new password.
          </Typography>
          <EmailField control={form.control} />
          {sentMessage ? (
            <Alert severity="success" role="status">
              {sentMessage}
            </Alert>
          ) : null}
          <FormAlert
            error={error}
            severity={isApiError(error) && error.status === 429 ? 'warning' : 'error'}
          />
          <StatusButton
            type="submit"
            status={status}
            disabled={status === 'done'}
            fullWidth
            doneLabel="Link sent"
          >
            Email me a link
          </StatusButton>
        </Stack>
        <Link
          component="button"
          type="button"
          underline="always"
          onClick={() => openLoginDrawer()}
          sx={{ alignSelf: 'flex-start' }}
        >
          Back to log in
        </Link>
      </Stack>
    </Container>
  );
}
