// A US shipping address: full name, street lines, city, state, ZIP and phone (SPEC §5 FullName,
// PhoneNumber 10-digit rule; US states; ZIP format). Each field shows its own message from the
// domain; the server's field messages land on the same fields. With `shipsTo`, a state the order's
// products cannot ship to is refused with a clear message (never silently).
import {
  MESSAGES,
  usAddressSchema,
  type UsAddress,
  type UsAddressInput,
} from '@store/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import { useId, useImperativeHandle, useMemo, useRef, type Ref } from 'react';
import { useFormSubmit } from '@/lib/forms';
import { useForm, type FieldPath } from 'react-hook-form';
import { AddressFields } from '@/components/FormFieldGroups';
import { FormTextField } from '@/components/FormTextField';
import { errorText } from '@/components/PageState';
import { FormActions } from '@/components/FormActions';

export interface AddressFormProps {
  /** Prefills the form (editing a saved address). */
  defaultValues?: Partial<UsAddressInput>;
  /** Receives the checked, normalised address; a rejected ApiError's field messages are shown. */
  onSubmit: (address: UsAddress) => Promise<unknown>;
  submitLabel?: string;
  onCancel?: () => void;
  /** States the order's products ship to; another state gets the shipping-state message. */
  shipsTo?: readonly string[];
  /** Accessible name of the form. */
  label?: string;
  /** The form's id, for a submit button outside it (`<button form={formId}>`). */
  formId?: string;
  /** Hide the form's own buttons (the page submits it from outside). */
  hideActions?: boolean;
  /** Lets the page save what was typed when the patient moves on without pressing Save. */
  handleRef?: Ref<AddressFormHandle>;
}

export interface AddressFormHandle {
  /** Whether anything differs from what the form started with (something was typed). */
  isDirty: () => boolean;
  /** Checks and submits the form as its Save button would; true once onSubmit succeeded. */
  submit: () => Promise<boolean>;
}

const EMPTY: UsAddressInput = { fullName: '', line1: '', line2: '', city: '', state: '', zip: '', phone: '' };
const FIELDS = Object.keys(EMPTY) as FieldPath<UsAddressInput>[];

export function AddressForm({
  defaultValues,
  onSubmit,
  submitLabel = 'Save address',
  onCancel,
  shipsTo,
  label = 'Shipping address',
  formId,
  hideActions = false,
  handleRef,
}: AddressFormProps) {
  const id = useId();
  const schema = useMemo(
    () =>
      shipsTo
        ? usAddressSchema.superRefine((address, ctx) => {
            if (!shipsTo.includes(address.state)) {
              ctx.addIssue({ code: 'custom', path: ['state'], message: MESSAGES.SHIPPING_STATE_UNAVAILABLE });
            }
          })
        : usAddressSchema,
    [shipsTo],
  );
  const form = useForm<UsAddressInput, unknown, UsAddress>({
    resolver: zodResolver(schema),
    defaultValues: { ...EMPTY, ...defaultValues, line2: defaultValues?.line2 ?? '' },
    mode: 'onTouched',
  });
  const saved = useRef(false);

  // The server's field messages go beside their fields; anything else above the form.
  const { onSubmit: submit, status, error } = useFormSubmit(form, FIELDS, async (address) => {
    await onSubmit(address);
    saved.current = true;
  });
  const formError = error ? errorText(error) : null;

  useImperativeHandle(handleRef, () => ({
    isDirty: () => {
      const values = form.getValues();
      const start = { ...EMPTY, ...defaultValues };
      return FIELDS.some((name) => String(values[name] ?? '').trim() !== String(start[name] ?? '').trim());
    },
    submit: async () => {
      saved.current = false;
      // Invalid fields get their messages (and the first one focus), as with the Save button.
      await submit();
      return saved.current;
    },
  }));

  const field = (name: FieldPath<UsAddressInput>) => ({ name, control: form.control, id: `${id}-${name}`, fullWidth: true });

  return (
    <Box component="form" id={formId} noValidate onSubmit={submit} aria-label={label}>
      <Stack spacing={2}>
        {formError ? (
          <Alert severity="error" role="alert">
            {formError}
          </Alert>
        ) : null}
        <FormTextField {...field('fullName')} label="Full name" required autoComplete="name" />
        <AddressFields control={form.control} idPrefix={id} />
        <FormTextField
          {...field('phone')}
          label="Phone number"
          required
          type="tel"
          autoComplete="tel-national"
          helperText="10 digits, e.g. (555) 123-4567"
        />
        <FormActions status={status} doneLabel="Saved" onCancel={onCancel} sx={hideActions ? { display: 'none' } : undefined}>
          {submitLabel}
        </FormActions>
      </Stack>
    </Box>
  );
}
