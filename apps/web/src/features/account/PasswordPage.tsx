// Change password (SPEC §7 update password): the current password is required; the patient's
// other sessions end. The new one follows the registration rules of SPEC §5.
import { zodResolver } from '@hookform/resolvers/zod';
import { MESSAGES, registrationPasswordSchema } from '@store/domain';
import Alert from '@mui/material/Alert';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link as RouterLink } from 'react-router';
import { z } from 'zod';
import { FormAlert } from '@/components/FormAlert';
import { NewPasswordFields } from '@/components/FormFieldGroups';
import { FormTextField } from '@/components/FormTextField';
import { LoadingState } from '@/components/PageState';
import { PasswordField } from '@/components/PasswordField';
import { StatusButton } from '@/components/StatusButton';
import { isApiError } from '@/lib/api';
import { useFormSubmit } from '@/lib/forms';
import { useSession } from '@/shared/session';
import { useDocumentTitle } from '@/shared/storefront';
import { accountApi, PROFILE_QUERY_KEY } from './api/account.api';
import { SignInRequired } from './SignInRequired';

const schema = z
  .object({
    currentPassword: z.string().min(1, { error: MESSAGES.PASSWORD_CURRENT_WRONG }),
    newPassword: registrationPasswordSchema,
    confirm: z.string(),
  })
  .refine((v) => v.newPassword === v.confirm, {
    path: ['confirm'],
    error: 'The two passwords do not match.',
  });

export function PasswordPage() {
  useDocumentTitle('Change password');
  const session = useSession();
  const queryClient = useQueryClient();
  const [saved, setSaved] = useState<string | null>(null);
  const form = useForm<z.input<typeof schema>, unknown, z.output<typeof schema>>({
    resolver: zodResolver(schema),
    defaultValues: { currentPassword: '', newPassword: '', confirm: '' },
    mode: 'onTouched',
  });

  const { onSubmit: submit, status, error } = useFormSubmit(
    form,
    ['currentPassword', 'newPassword'],
    async ({ currentPassword, newPassword }) => {
      setSaved(null);
      const result = await accountApi.changePassword({ currentPassword, newPassword });
      setSaved(result.message);
    },
    {
      onSuccess: async () => {
        form.reset();
        await queryClient.invalidateQueries({ queryKey: PROFILE_QUERY_KEY });
      },
    },
  );

  if (session.isPending) return <LoadingState />;
  if (session.data?.kind !== 'user') return <SignInRequired title="Change password" />;
  return (
    <Container sx={{ py: { xs: 4, md: 6 } }}>
      <Stack spacing={3} sx={{ maxWidth: 480 }}>
        <Typography variant="h1">Change password</Typography>
        <Stack
          component="form"
          noValidate
          spacing={2}
          onSubmit={submit}
          aria-label="Change password"
        >
          <FormTextField
            control={form.control}
            name="currentPassword"
            component={PasswordField}
            label="Current password"
            autoComplete="current-password"
            required
          />
          <NewPasswordFields control={form.control} name="newPassword" confirm="confirm" />
          {saved ? (
            <Alert severity="success" role="status">
              {saved}
            </Alert>
          ) : null}
          <FormAlert
            error={error}
            severity={isApiError(error) && error.status === 429 ? 'warning' : 'error'}
          />
          <StatusButton type="submit" status={status} doneLabel="Password changed">
            Change password
          </StatusButton>
        </Stack>
        <Link component={RouterLink} to="/my-account">
          Back to my account
        </Link>
      </Stack>
    </Container>
  );
}
