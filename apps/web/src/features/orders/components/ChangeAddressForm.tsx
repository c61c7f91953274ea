// SPEC §7 edit shipping address (issue 17): a new address for a paid order until it ships. The
// domain's address schema and messages; the server's refusals (shipped, another state after the
// doctor's decision, a total that would change) shown above the form, nothing typed lost; a ZIP
// outside the chosen state (issue 17 walk) beside the ZIP field.
import { usAddressZipInStateSchema, type AccountOrderDetails, type UsAddress, type UsAddressInput } from '@store/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useForm, type FieldPath } from 'react-hook-form';
import { FormActions } from '@/components/FormActions';
import { AddressFields } from '@/components/FormFieldGroups';
import { FormTextField } from '@/components/FormTextField';
import { errorText } from '@/components/PageState';
import { isApiError } from '@/lib/api';
import { useFormSubmit, type FormSubmit } from '@/lib/forms';
import { useChangeShippingAddress } from '../api/orders.api';

const FIELDS: FieldPath<UsAddressInput>[] = ['fullName', 'line1', 'line2', 'city', 'state', 'zip', 'phone'];

export function ChangeAddressForm({ order, onDone, onCancel }: { order: AccountOrderDetails; onDone: () => void; onCancel: () => void }) {
  const id = useId();
  const change = useChangeShippingAddress(order.id);
  const current = order.shippingAddress;
  const form = useForm<UsAddressInput, unknown, UsAddress>({
    resolver: zodResolver(usAddressZipInStateSchema),
    defaultValues: {
      fullName: current?.fullName ?? '',
      line1: current?.line1 ?? '',
      line2: current?.line2 ?? '',
      city: current?.city ?? '',
      state: current?.state ?? '',
      zip: current?.zip ?? '',
      phone: current?.phone ?? '',
    },
    mode: 'onTouched',
  });
  const { onSubmit, status, error, setError: setFormError }: FormSubmit = useFormSubmit(form, FIELDS, (address) => change.mutateAsync({ address }), {
    onSuccess: onDone,
    // The server names the fields inside the body's `address` ("address.zip"): shown beside them.
    onError: (err): void => {
      const nested = isApiError(err) ? err.fieldErrors.filter((f) => FIELDS.includes(f.field.replace(/^address\./, '') as FieldPath<UsAddressInput>)) : [];
      if (nested.length === 0) {
        setFormError(err);
        return;
      }
      for (const f of nested) form.setError(f.field.replace(/^address\./, '') as FieldPath<UsAddressInput>, { type: 'server', message: f.message }, { shouldFocus: true });
    },
  });
  const field = (name: FieldPath<UsAddressInput>) => ({ name, control: form.control, id: `${id}-${name}`, fullWidth: true });
  return (
    <Box component="form" noValidate onSubmit={onSubmit} aria-label="New shipping address">
      <Stack spacing={2}>
        {order.addressChange.sameStateOnly && current ? (
          <Typography variant="body2" color="text.secondary">
            Your prescription was written for {current.state}, so the new address must be in {current.state}.
          </Typography>
        ) : null}
        {error ? (
          <Alert severity="error" role="alert">
            {errorText(error)}
          </Alert>
        ) : null}
        <FormTextField {...field('fullName')} label="Full name" required autoComplete="name" />
        <AddressFields control={form.control} idPrefix={id} />
        <FormTextField {...field('phone')} label="Phone number" required type="tel" autoComplete="tel-national" helperText="10 digits, e.g. (555) 123-4567" />
        <FormActions status={status} doneLabel="Saved" onCancel={onCancel}>
          Save new address
        </FormActions>
      </Stack>
    </Box>
  );
}
