// A partner pharmacy's form (issue 18), for adding and editing: name, NPI (with its check digit),
// phone, fax, address and the storefront it is the mail-order pharmacy of (one partner each).
import { zodResolver } from '@hookform/resolvers/zod';
import { partnerPharmacySchema, type AdminPharmacy } from '@store/domain';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { FormAlert } from '@/components/FormAlert';
import { FormTextField } from '@/components/FormTextField';
import { StatusButton } from '@/components/StatusButton';
import { UsStateSelect } from '@/components/UsStateSelect';
import { useFormSubmit } from '@/lib/forms';
import { useAdminMe } from '@/shared/admin';

type Form = z.input<typeof partnerPharmacySchema>;
type Values = z.output<typeof partnerPharmacySchema>;
const FIELDS = ['name', 'npi', 'phone', 'fax', 'address', 'city', 'state', 'zip', 'storefrontId'] as const;

export function PharmacyForm({
  pharmacy,
  label,
  submitLabel,
  onSave,
  onCancel,
}: {
  pharmacy?: AdminPharmacy;
  label: string;
  submitLabel: string;
  onSave: (values: Values) => Promise<unknown>;
  onCancel?: () => void;
}) {
  const me = useAdminMe();
  const form = useForm<Form, unknown, Values>({
    resolver: zodResolver(partnerPharmacySchema),
    defaultValues: pharmacy
      ? { name: pharmacy.name, npi: pharmacy.npi, phone: pharmacy.phone, fax: pharmacy.fax ?? '', address: pharmacy.address, city: pharmacy.city, state: pharmacy.state, zip: pharmacy.zip, storefrontId: pharmacy.storefrontId }
      : { name: '', npi: '', phone: '', fax: '', address: '', city: '', state: '', zip: '', storefrontId: '' },
    mode: 'onTouched',
  });
  const { onSubmit, status, error } = useFormSubmit(form, FIELDS, onSave);
  const { control } = form;
  return (
    <Stack component="form" noValidate onSubmit={onSubmit} aria-label={label} spacing={2} sx={{ maxWidth: 720 }}>
      <FormTextField control={control} name="storefrontId" label="Partner pharmacy of" select required slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}>
        <option value="">Select a storefront</option>
        {(me.data?.storefronts ?? []).map((s) => (
          <option key={s.id} value={s.id}>
            {s.name}
          </option>
        ))}
      </FormTextField>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <FormTextField control={control} name="name" label="Pharmacy name" required fullWidth />
        <FormTextField control={control} name="npi" label="NPI" required inputMode="numeric" fullWidth />
      </Stack>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <FormTextField control={control} name="phone" label="Phone" type="tel" required fullWidth />
        <FormTextField control={control} name="fax" label="Fax (optional)" type="tel" fullWidth />
      </Stack>
      <FormTextField control={control} name="address" label="Street address" required fullWidth />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <FormTextField control={control} name="city" label="City" required fullWidth />
        <FormTextField control={control} name="state" label="State" component={UsStateSelect} required fullWidth />
        <FormTextField control={control} name="zip" label="ZIP" required inputMode="numeric" fullWidth />
      </Stack>
      <FormAlert error={error} />
      <Stack direction="row" spacing={2}>
        <StatusButton type="submit" status={status} variant="contained">
          {submitLabel}
        </StatusButton>
        {onCancel ? <Button onClick={onCancel}>Cancel</Button> : null}
      </Stack>
    </Stack>
  );
}
