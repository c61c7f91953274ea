// The patient's own pharmacy (issue 5): name, address, phone, fax and NPI, checked by the domain
// (the NPI with its check digit: "Please enter a valid 10-digit NPI."). Saved as patient-created;
// only this patient (or guest) sees it. The server's field messages land on the same fields.
import { patientPharmacySchema, type PatientPharmacy, type PatientPharmacyInput } from '@store/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import { useId } from 'react';
import { useFormSubmit } from '@/lib/forms';
import { useForm, type FieldPath } from 'react-hook-form';
import { CityStateZipFields } from '@/components/FormFieldGroups';
import { FormTextField } from '@/components/FormTextField';
import { errorText } from '@/components/PageState';
import { FormActions } from '@/components/FormActions';
import { useAddPharmacy, type Pharmacy } from '../api/pharmacy.api';

export interface AddPharmacyFormProps {
  onAdded: (pharmacy: Pharmacy) => void;
  onCancel?: () => void;
  defaultValues?: Partial<PatientPharmacyInput>;
}

const EMPTY = { name: '', address: '', city: '', state: '', zip: '', phone: '', fax: '', npi: '' };
const FIELDS = Object.keys(EMPTY) as FieldPath<PatientPharmacyInput>[];

export function AddPharmacyForm({ onAdded, onCancel, defaultValues }: AddPharmacyFormProps) {
  const id = useId();
  const addPharmacy = useAddPharmacy();
  const form = useForm<PatientPharmacyInput, unknown, PatientPharmacy>({
    resolver: zodResolver(patientPharmacySchema),
    defaultValues: { ...EMPTY, ...defaultValues },
    mode: 'onTouched',
  });
  // The server's field messages go beside their fields; anything else above the form.
  const { onSubmit: submit, status, error } = useFormSubmit(form, FIELDS, (pharmacy) => addPharmacy.mutateAsync(pharmacy), {
    onSuccess: onAdded,
  });
  const formError = error ? errorText(error) : null;

  const field = (name: FieldPath<PatientPharmacyInput>) => ({ name, control: form.control, id: `${id}-${name}`, fullWidth: true });

  return (
    <Box component="form" noValidate onSubmit={submit} aria-label="Add your pharmacy">
      <Stack spacing={2}>
        {formError ? (
          <Alert severity="error" role="alert">
            {formError}
          </Alert>
        ) : null}
        <FormTextField {...field('name')} label="Pharmacy name" required autoComplete="organization" />
        <FormTextField {...field('address')} label="Street address" required autoComplete="address-line1" />
        <CityStateZipFields control={form.control} idPrefix={id} />
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <FormTextField {...field('phone')} label="Phone number" required type="tel" autoComplete="off" />
          <FormTextField {...field('fax')} label="Fax number (optional)" type="tel" autoComplete="off" />
        </Stack>
        <FormTextField
          {...field('npi')}
          label="NPI"
          required
          autoComplete="off"
          helperText="The pharmacy's 10-digit National Provider Identifier. Your pharmacy can tell you."
          slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 12 } }}
        />
        <FormActions status={status} doneLabel="Added" onCancel={onCancel}>
          Add pharmacy
        </FormActions>
      </Stack>
    </Box>
  );
}
