// Create or edit one promo code (issue 18): code, percentage or fixed amount, minimum subtotal,
// products, start and end, limits and on/off. The domain's adminCouponFormSchema checks each field
// (dollars and local times typed as text) and gives the API body; the server's messages (a code
// already taken, products of another storefront, a used code's discount) land beside the fields.
// A used code's code and discount are shown but cannot be changed.
import { zodResolver } from '@hookform/resolvers/zod';
import {
  adminCouponFormSchema,
  centsToDollarsInput,
  toLocalDateTimeInput,
  type AdminCoupon,
  type AdminCouponFormValues,
  type AdminCouponInput,
} from '@store/domain';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useId } from 'react';
import { Controller, useForm, useWatch, type Control, type FieldPath } from 'react-hook-form';
import { FormActions } from '@/components/FormActions';
import { FormTextField } from '@/components/FormTextField';
import { errorText } from '@/components/PageState';
import { useFormSubmit } from '@/lib/forms';

const EMPTY: AdminCouponFormValues = {
  code: '',
  kind: 'percent',
  percentOff: '',
  amountOffCents: '',
  minSubtotalCents: '',
  productIds: [],
  startsAt: '',
  endsAt: '',
  maxRedemptions: '',
  maxRedemptionsPerPatient: '',
  active: true,
};
const FIELDS = Object.keys(EMPTY) as FieldPath<AdminCouponFormValues>[];

function valuesOf(coupon: AdminCoupon | null): AdminCouponFormValues {
  if (!coupon) return EMPTY;
  return {
    code: coupon.code,
    kind: coupon.kind,
    percentOff: coupon.percentOff === null ? '' : String(coupon.percentOff),
    amountOffCents: centsToDollarsInput(coupon.amountOffCents),
    minSubtotalCents: centsToDollarsInput(coupon.minSubtotalCents),
    productIds: coupon.products.map((p) => p.id),
    startsAt: toLocalDateTimeInput(coupon.startsAt),
    endsAt: toLocalDateTimeInput(coupon.endsAt),
    maxRedemptions: coupon.maxRedemptions === null ? '' : String(coupon.maxRedemptions),
    maxRedemptionsPerPatient: coupon.maxRedemptionsPerPatient === null ? '' : String(coupon.maxRedemptionsPerPatient),
    active: coupon.active,
  };
}

export interface CouponDialogProps {
  /** null: a new code. */
  coupon: AdminCoupon | null;
  storefrontName: string;
  products: { id: string; title: string }[];
  onSave: (input: AdminCouponInput) => Promise<unknown>;
  onClose: () => void;
}

export function CouponDialog({ coupon, storefrontName, products, onSave, onClose }: CouponDialogProps) {
  const titleId = useId();
  const kindLabelId = useId();
  const form = useForm<AdminCouponFormValues, unknown, AdminCouponInput>({
    resolver: zodResolver(adminCouponFormSchema),
    defaultValues: valuesOf(coupon),
    mode: 'onTouched',
  });
  const { onSubmit, status, error } = useFormSubmit(form, FIELDS, onSave, { after: 'idle' });
  // The fields hold text; the form's output is the API body (FormTextField types the text side only).
  const control = form.control as unknown as Control<AdminCouponFormValues>;
  const kind = useWatch({ control: form.control, name: 'kind' });
  const used = coupon !== null && coupon.uses > 0;
  const frozenNote = used
    ? `Used ${coupon.uses} ${coupon.uses === 1 ? 'time' : 'times'}: the code and its discount stay as they are. To offer another discount, deactivate this code and create a new one.`
    : undefined;
  // Products no longer on sale stay listed while the code names them.
  const options = [...products, ...(coupon?.products ?? []).filter((p) => !products.some((o) => o.id === p.id))];

  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>{coupon ? `Edit ${coupon.code}` : `New promo code for ${storefrontName}`}</DialogTitle>
      <DialogContent>
        <Stack component="form" noValidate onSubmit={onSubmit} aria-labelledby={titleId} spacing={2} sx={{ pt: 1 }}>
          {error ? (
            <Alert severity="error" role="alert">
              {errorText(error)}
            </Alert>
          ) : null}
          {used ? <Alert severity="info">{frozenNote} Limits, dates, minimum and products may change; they apply to later uses only.</Alert> : null}
          <FormTextField
            name="code"
            control={control}
            label="Code"
            required
            disabled={used}
            helperText="Letters, digits, dashes or underscores; patients may type it in any case."
            slotProps={{ htmlInput: { autoCapitalize: 'characters', spellCheck: false } }}
          />
          <Controller
            name="kind"
            control={control}
            render={({ field }) => (
              <FormControl disabled={used}>
                <FormLabel id={kindLabelId}>Discount</FormLabel>
                <RadioGroup row aria-labelledby={kindLabelId} name={field.name} value={field.value} onChange={(e) => field.onChange(e.target.value)}>
                  <FormControlLabel value="percent" control={<Radio />} label="Percentage off" />
                  <FormControlLabel value="fixed" control={<Radio />} label="Fixed amount off" />
                </RadioGroup>
              </FormControl>
            )}
          />
          {kind === 'percent' ? (
            <FormTextField
              name="percentOff"
              control={control}
              label="Percent off"
              required
              disabled={used}
              helperText="Above 0 and up to 100, e.g. 15. Never taken off the consult fee."
              slotProps={{ htmlInput: { inputMode: 'decimal' } }}
            />
          ) : (
            <FormTextField
              name="amountOffCents"
              control={control}
              label="Amount off (dollars)"
              required
              disabled={used}
              helperText="e.g. 20.00"
              slotProps={{ htmlInput: { inputMode: 'decimal' } }}
            />
          )}
          <FormTextField
            name="minSubtotalCents"
            control={control}
            label="Minimum subtotal (dollars)"
            helperText="Optional: the order's products must cost at least this much."
            slotProps={{ htmlInput: { inputMode: 'decimal' } }}
          />
          <Controller
            name="productIds"
            control={control}
            render={({ field, fieldState }) => (
              <Autocomplete
                multiple
                options={options}
                getOptionLabel={(o) => o.title}
                isOptionEqualToValue={(o, v) => o.id === v.id}
                value={options.filter((o) => field.value.includes(o.id))}
                onChange={(_, chosen) => field.onChange(chosen.map((c) => c.id))}
                onBlur={field.onBlur}
                renderInput={(params) => (
                  <TextField
                    {...params}
                    inputRef={field.ref}
                    label="Only for these products"
                    error={Boolean(fieldState.error)}
                    helperText={fieldState.error?.message ?? 'Leave empty for every product; the discount applies to the chosen products only.'}
                  />
                )}
              />
            )}
          />
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <FormTextField
              name="startsAt"
              control={control}
              label="Starts"
              type="datetime-local"
              fullWidth
              helperText="Optional, your time"
              slotProps={{ inputLabel: { shrink: true } }}
            />
            <FormTextField
              name="endsAt"
              control={control}
              label="Ends"
              type="datetime-local"
              fullWidth
              helperText="Optional, your time"
              slotProps={{ inputLabel: { shrink: true } }}
            />
          </Stack>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <FormTextField
              name="maxRedemptions"
              control={control}
              label="Total uses limit"
              fullWidth
              helperText={used ? `Used ${coupon.uses} so far. Empty: no limit.` : 'Empty: no limit.'}
              slotProps={{ htmlInput: { inputMode: 'numeric' } }}
            />
            <FormTextField
              name="maxRedemptionsPerPatient"
              control={control}
              label="Uses per patient"
              fullWidth
              helperText="Empty: no limit."
              slotProps={{ htmlInput: { inputMode: 'numeric' } }}
            />
          </Stack>
          <Controller
            name="active"
            control={control}
            render={({ field }) => (
              <FormControlLabel
                control={<Checkbox checked={field.value} onChange={(e) => field.onChange(e.target.checked)} onBlur={field.onBlur} name={field.name} />}
                label="Active: patients can use this code"
              />
            )}
          />
          <FormActions status={status} doneLabel="Saved" onCancel={onClose}>
            {coupon ? 'Save changes' : 'Create promo code'}
          </FormActions>
        </Stack>
      </DialogContent>
    </Dialog>
  );
}
