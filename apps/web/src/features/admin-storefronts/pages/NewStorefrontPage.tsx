// /admin/storefronts/new (issue 18): a new brand from its name, short name and host names. It
// starts from the default theme as a draft; nothing is served on its host names until published.
import { zodResolver } from '@hookform/resolvers/zod';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import { createStorefrontInputSchema, type CreateStorefrontFormValues, type CreateStorefrontInput } from '@store/domain';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { AdminPageHeader } from '@/components/admin/AdminPageHeader';
import { FormAlert } from '@/components/FormAlert';
import { FormTextField } from '@/components/FormTextField';
import { StatusButton } from '@/components/StatusButton';
import { useFormSubmit } from '@/lib/forms';
import { useDocumentTitle } from '@/shared/storefront';
import { useCreateStorefront } from '../api/adminStorefronts.api';
import { HostsField } from '../components/fields';

export function NewStorefrontPage() {
  useDocumentTitle('New storefront');
  const navigate = useNavigate();
  const create = useCreateStorefront();
  const form = useForm<CreateStorefrontFormValues, unknown, CreateStorefrontInput>({
    resolver: zodResolver(createStorefrontInputSchema),
    defaultValues: { name: '', slug: '', hosts: [''] },
  });
  const hostFields = Array.from({ length: 20 }, (_, i) => `hosts.${i}` as const);
  const submit = useFormSubmit(form, ['name', 'slug', 'hosts', ...hostFields], (values) => create.mutateAsync(values), {
    after: 'idle',
    onSuccess: (detail) => navigate(`/admin/storefronts/${detail.id}`),
  });
  return (
    <>
      <AdminPageHeader title="New storefront">
        It starts from the default theme as a draft. Patients see nothing on its host names until you publish it.
      </AdminPageHeader>
      <Paper variant="outlined" sx={{ p: 3, maxWidth: 640 }}>
        <Stack component="form" noValidate spacing={2} onSubmit={submit.onSubmit}>
          <FormTextField control={form.control} name="name" label="Name patients see" required />
          <FormTextField
            control={form.control}
            name="slug"
            label="Short name"
            required
            helperText="Lower-case letters, digits and hyphens; it cannot change later."
          />
          <HostsField control={form.control} setValue={form.setValue} />
          <FormAlert error={submit.error} />
          <StatusButton type="submit" status={submit.status} sx={{ alignSelf: 'flex-start' }}>
            Create storefront
          </StatusButton>
        </Stack>
      </Paper>
    </>
  );
}
