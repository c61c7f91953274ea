// Add or edit one shipping method (issue 18): carrier, the name patients see, cost, delivery days,
// free above an amount, its place in the list and on/off, checked by the domain's
// adminShippingMethodFormSchema (dollars typed as text). The next cart pays the new cost.
import { zodResolver } from '@hookform/resolvers/zod';
import {
  adminShippingMethodFormSchema,
  centsToDollarsInput,
  type AdminShippingMethod,
  type AdminShippingMethodFormValues,
  type AdminShippingMethodInput,
} from '@store/domain';
import Alert from '@mui/material/Alert';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import { useId } from 'react';
import { Controller, useForm, type Control, type FieldPath } from 'react-hook-form';
import { FormActions } from '@/components/FormActions';
import { FormTextField } from '@/components/FormTextField';
import { errorText } from '@/components/PageState';
import { useFormSubmit } from '@/lib/forms';

const EMPTY: AdminShippingMethodFormValues = {
  carrier: '',
  name: '',
  costCents: '',
  minDays: '',
  maxDays: '',
  freeAboveCents: '',
  sortOrder: '0',
  active: true,
};
const FIELDS = Object.keys(EMPTY) as FieldPath<AdminShippingMethodFormValues>[];

function valuesOf(m: AdminShippingMethod | null): AdminShippingMethodFormValues {
  if (!m) return EMPTY;
  return {
    carrier: m.carrier,
    name: m.name,
    costCents: centsToDollarsInput(m.costCents),
    minDays: String(m.minDays),
    maxDays: String(m.maxDays),
    freeAboveCents: centsToDollarsInput(m.freeAboveCents),
    sortOrder: String(m.sortOrder),
    active: m.active,
  };
}

export function ShippingMethodDialog({
  method,
  storefrontName,
  onSave,
  onClose,
}: {
  method: AdminShippingMethod | null;
  storefrontName: string;
  onSave: (input: AdminShippingMethodInput) => Promise<unknown>;
  onClose: () => void;
}) {
  const titleId = useId();
  const form = useForm<AdminShippingMethodFormValues, unknown, AdminShippingMethodInput>({
    resolver: zodResolver(adminShippingMethodFormSchema),
    defaultValues: valuesOf(method),
    mode: 'onTouched',
  });
  const { onSubmit, status, error } = useFormSubmit(form, FIELDS, onSave, { after: 'idle' });
  // The fields hold text; the form's output is the API body (FormTextField types the text side only).
  const control = form.control as unknown as Control<AdminShippingMethodFormValues>;
  const numeric = { htmlInput: { inputMode: 'numeric' as const } };
  const decimal = { htmlInput: { inputMode: 'decimal' as const } };
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>{method ? `Edit ${method.carrier} ${method.name}` : `New shipping method for ${storefrontName}`}</DialogTitle>
      <DialogContent>
        <Stack component="form" noValidate onSubmit={onSubmit} aria-labelledby={titleId} spacing={2} sx={{ pt: 1 }}>
          {error ? (
            <Alert severity="error" role="alert">
              {errorText(error)}
            </Alert>
          ) : null}
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <FormTextField name="carrier" control={control} label="Carrier" required fullWidth helperText="e.g. UPS" />
            <FormTextField name="name" control={control} label="Name" required fullWidth helperText="What patients see, e.g. 2nd Day Air" />
          </Stack>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <FormTextField name="costCents" control={control} label="Cost (dollars)" required fullWidth helperText="0.00 for free" slotProps={decimal} />
            <FormTextField
              name="freeAboveCents"
              control={control}
              label="Free from (dollars)"
              fullWidth
              helperText="Optional: free once the products (after discount) reach this"
              slotProps={decimal}
            />
          </Stack>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <FormTextField name="minDays" control={control} label="Arrives in at least (days)" required fullWidth slotProps={numeric} />
            <FormTextField name="maxDays" control={control} label="Arrives in at most (days)" required fullWidth slotProps={numeric} />
          </Stack>
          <FormTextField
            name="sortOrder"
            control={control}
            label="Place in the list"
            required
            helperText="Lower comes first; the first active method prices a cart until the patient chooses."
            slotProps={numeric}
          />
          <Controller
            name="active"
            control={control}
            render={({ field }) => (
              <FormControlLabel
                control={<Checkbox checked={field.value} onChange={(e) => field.onChange(e.target.checked)} onBlur={field.onBlur} name={field.name} />}
                label="Active: offered at checkout"
              />
            )}
          />
          <FormActions status={status} doneLabel="Saved" onCancel={onClose}>
            {method ? 'Save changes' : 'Add shipping method'}
          </FormActions>
        </Stack>
      </DialogContent>
    </Dialog>
  );
}
