// Set one state's sales-tax rate (issue 18): the rate in percent (0–100, up to 4 decimals) and
// whether it is also charged on the consult fee, checked by the domain's adminTaxRateFormSchema.
import { zodResolver } from '@hookform/resolvers/zod';
import { adminTaxRateFormSchema, type AdminTaxRate, type AdminTaxRateFormValues, type AdminTaxRateInput } from '@store/domain';
import Alert from '@mui/material/Alert';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import { useId } from 'react';
import { Controller, useForm, type Control } from 'react-hook-form';
import { FormActions } from '@/components/FormActions';
import { FormTextField } from '@/components/FormTextField';
import { errorText } from '@/components/PageState';
import { useFormSubmit } from '@/lib/forms';

export function TaxRateDialog({
  rate,
  storefrontName,
  onSave,
  onClose,
}: {
  rate: AdminTaxRate;
  storefrontName: string;
  onSave: (input: AdminTaxRateInput) => Promise<unknown>;
  onClose: () => void;
}) {
  const titleId = useId();
  const form = useForm<AdminTaxRateFormValues, unknown, AdminTaxRateInput>({
    resolver: zodResolver(adminTaxRateFormSchema),
    defaultValues: { ratePercent: rate.ratePercent === null ? '' : String(rate.ratePercent), appliesToConsultFee: rate.appliesToConsultFee ?? false },
    mode: 'onTouched',
  });
  const { onSubmit, status, error } = useFormSubmit(form, ['ratePercent', 'appliesToConsultFee'], onSave, { after: 'idle' });
  // The fields hold text; the form's output is the API body (FormTextField types the text side only).
  const control = form.control as unknown as Control<AdminTaxRateFormValues>;
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <DialogTitle id={titleId}>
        {rate.ratePercent === null ? 'Add' : 'Edit'} sales tax in {rate.stateName}
      </DialogTitle>
      <DialogContent>
        <Stack component="form" noValidate onSubmit={onSubmit} aria-labelledby={titleId} spacing={2} sx={{ pt: 1 }}>
          {error ? (
            <Alert severity="error" role="alert">
              {errorText(error)}
            </Alert>
          ) : null}
          <FormTextField
            name="ratePercent"
            control={control}
            label="Rate (percent)"
            required
            helperText={`From 0 to 100, up to 4 decimals (7.25 = 7.25 %). ${storefrontName}'s next carts shipping to ${rate.stateName} pay it.`}
            slotProps={{ htmlInput: { inputMode: 'decimal' } }}
          />
          <Controller
            name="appliesToConsultFee"
            control={control}
            render={({ field }) => (
              <FormControlLabel
                control={<Checkbox checked={field.value} onChange={(e) => field.onChange(e.target.checked)} onBlur={field.onBlur} name={field.name} />}
                label="Also charged on the consult fee"
              />
            )}
          />
          <FormActions status={status} doneLabel="Saved" onCancel={onClose}>
            Save rate
          </FormActions>
        </Stack>
      </DialogContent>
    </Dialog>
  );
}
