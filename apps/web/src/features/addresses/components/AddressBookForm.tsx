// Add or edit one saved address: full name, the street address, city, state and ZIP (the shared
// AddressFields), phone; the domain's usAddressSchema gives each field its message and the server's
// field messages land on the same fields. Nothing typed is lost when saving fails.
import { zodResolver } from '@hookform/resolvers/zod';
import { usAddressSchema, type UsAddress, type UsAddressInput } from '@store/domain';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import { useId } from 'react';
import { useForm, type FieldPath } from 'react-hook-form';
import { FormActions } from '@/components/FormActions';
import { AddressFields } from '@/components/FormFieldGroups';
import { FormTextField } from '@/components/FormTextField';
import { errorText } from '@/components/PageState';
import { useFormSubmit } from '@/lib/forms';

const EMPTY: UsAddressInput = { fullName: '', line1: '', line2: '', city: '', state: '', zip: '', phone: '' };
const FIELDS = Object.keys(EMPTY) as FieldPath<UsAddressInput>[];

export interface AddressBookFormProps {
  label: string;
  defaultValues?: Partial<UsAddressInput>;
  submitLabel: string;
  onSubmit: (address: UsAddress) => Promise<unknown>;
  onCancel: () => void;
}

export function AddressBookForm({ label, defaultValues, submitLabel, onSubmit, onCancel }: AddressBookFormProps) {
  const id = useId();
  const form = useForm<UsAddressInput, unknown, UsAddress>({
    resolver: zodResolver(usAddressSchema),
    defaultValues: { ...EMPTY, ...defaultValues, line2: defaultValues?.line2 ?? '' },
    mode: 'onTouched',
  });
  const { onSubmit: submit, status, error } = useFormSubmit(form, FIELDS, onSubmit, { after: 'idle' });
  return (
    <Box component="form" noValidate onSubmit={submit} aria-label={label}>
      <Stack spacing={2}>
        {error ? (
          <Alert severity="error" role="alert">
            {errorText(error)}
          </Alert>
        ) : null}
        <FormTextField name="fullName" control={form.control} id={`${id}-fullName`} fullWidth label="Full name" required autoComplete="name" />
        <AddressFields control={form.control} idPrefix={id} />
        <FormTextField
          name="phone"
          control={form.control}
          id={`${id}-phone`}
          fullWidth
          label="Phone number"
          required
          type="tel"
          autoComplete="tel-national"
          helperText="10 digits, e.g. (555) 123-4567"
        />
        <FormActions status={status} doneLabel="Saved" onCancel={onCancel}>
          {submitLabel}
        </FormActions>
      </Stack>
    </Box>
  );
}
