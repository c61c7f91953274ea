// Editing a saved card inline (issue 7 "Saved cards: ... update (expiry, billing address)"; SPEC §7
// "update"): the new expiry, month and four-digit year, sent together as the server asks, and the
// billing address (PATCH /api/payment-methods/:id {expMonth, expYear} and/or {billingAddress}); only
// what the patient changed is sent. Only the expiry's shape is checked here; whether the card has
// expired is the server's answer, shown beside the expiry exactly as it is worded. The billing
// address is checked with the domain's schema, so its messages are the server's. A refused change
// leaves the card as it was and the form as typed.
import { zodResolver } from '@hookform/resolvers/zod';
import { billingAddressSchema, PAYMENT_MESSAGES } from '@store/domain';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { FormAlert } from '@/components/FormAlert';
import { AddressFields } from '@/components/FormFieldGroups';
import { FormTextField } from '@/components/FormTextField';
import { StatusButton } from '@/components/StatusButton';
import { useFormSubmit } from '@/lib/forms';
import { useFocusLater } from '@/components/useFocusLater';
import { useUpdateCard, type SavedCard } from '../api/payment.api';

const billingFields = z.object({
  name: z.string(),
  line1: z.string(),
  line2: z.string(),
  city: z.string(),
  state: z.string(),
  zip: z.string(),
});
type BillingFields = z.infer<typeof billingFields>;
const BILLING_KEYS = billingFields.keyof().options;

/** `hasBilling`: the card has a billing address, which can be changed but not taken away. */
const schemaFor = (hasBilling: boolean) =>
  z
    .object({
      expMonth: z.string().trim(),
      expYear: z.string().trim(),
      /** Not an input: where every expiry problem (ours or the server's) is reported. */
      expiry: z.string().optional(),
      billingAddress: billingFields,
    })
    .superRefine((values, ctx) => {
      const monthOk = /^(0?[1-9]|1[0-2])$/.test(values.expMonth);
      const yearOk = /^\d{4}$/.test(values.expYear);
      if (!monthOk || !yearOk) {
        ctx.addIssue({
          code: 'custom',
          path: ['expiry'],
          message: PAYMENT_MESSAGES.CARD_EXPIRY_PARTS_INVALID,
        });
      }
      // A billing address is optional, but one begun must be whole (the server's own rules).
      if (hasBilling || BILLING_KEYS.some((key) => values.billingAddress[key].trim() !== '')) {
        const parsed = billingAddressSchema.safeParse(billingInput(values.billingAddress));
        for (const issue of parsed.success ? [] : parsed.error.issues) {
          ctx.addIssue({
            code: 'custom',
            path: ['billingAddress', ...issue.path.map(String)],
            message: issue.message,
          });
        }
      }
    });
type EditSchema = ReturnType<typeof schemaFor>;
type EditInput = z.input<EditSchema>;

const twoDigits = (n: number) => String(n).padStart(2, '0');

/** The fields as the API takes them: optional parts left out when empty. */
function billingInput(fields: BillingFields) {
  return {
    ...(fields.name.trim() ? { name: fields.name } : {}),
    line1: fields.line1,
    ...(fields.line2.trim() ? { line2: fields.line2 } : {}),
    city: fields.city,
    state: fields.state,
    zip: fields.zip,
  };
}

function billingDefaults(card: SavedCard): BillingFields {
  const a = card.billingAddress;
  return {
    name: a?.name ?? '',
    line1: a?.line1 ?? '',
    line2: a?.line2 ?? '',
    city: a?.city ?? '',
    state: a?.state ?? '',
    zip: a?.zip ?? '',
  };
}

const defaultsOf = (card: SavedCard): EditInput => ({
  expMonth: twoDigits(card.expMonth),
  expYear: String(card.expYear),
  billingAddress: billingDefaults(card),
});

const SERVER_FIELDS = [
  'expiry',
  'expMonth',
  'expYear',
  ...BILLING_KEYS.map((key) => `billingAddress.${key}` as const),
] as const;

export interface EditCardFormProps {
  card: SavedCard;
  onClose: () => void;
}

export function EditCardForm({ card, onClose }: EditCardFormProps) {
  const id = useId();
  const updateCard = useUpdateCard();
  const focusLater = useFocusLater();
  const form = useForm<EditInput, unknown, z.output<EditSchema>>({
    resolver: zodResolver(schemaFor(card.billingAddress !== null)),
    defaultValues: defaultsOf(card),
  });
  const { errors, isDirty, dirtyFields } = form.formState;
  const expiryError = errors.expiry?.message ?? errors.expMonth?.message ?? errors.expYear?.message;
  const errorId = `${id}-expiry-error`;

  const { onSubmit: submit, status, error } = useFormSubmit(
    form,
    SERVER_FIELDS,
    async (values) => {
      // Only what changed: an expired card's billing address can be fixed without re-sending its expiry.
      const expiryChanged = Boolean(dirtyFields.expMonth || dirtyFields.expYear);
      const billingChanged = Boolean(dirtyFields.billingAddress);
      const saved = await updateCard.mutateAsync({
        id: card.id,
        patch: {
          ...(expiryChanged
            ? { expMonth: Number(values.expMonth), expYear: Number(values.expYear) }
            : {}),
          ...(billingChanged
            ? { billingAddress: billingAddressSchema.parse(billingInput(values.billingAddress)) }
            : {}),
        },
      });
      form.reset(defaultsOf(saved));
    },
    {
      // Save changes is disabled until something changes again: focus goes on to Close.
      onSuccess: () => focusLater(`${id}-close`),
      // The expiry's message sits on `expiry`, which is no input: take the patient to the month.
      // Other fields' errors are focused by the form itself.
      onFieldErrors: () => {
        if (form.getFieldState('expiry').error) form.setFocus('expMonth');
      },
      onInvalid: (invalid) => {
        if (invalid.expiry && !invalid.billingAddress) form.setFocus('expMonth');
      },
    },
  );

  const billingField = (key: (typeof BILLING_KEYS)[number]) => ({
    control: form.control,
    name: `billingAddress.${key}` as const,
    id: `${id}-billing-${key}`,
  });

  const fieldProps = (name: 'expMonth' | 'expYear') => {
    return {
      control: form.control,
      name,
      id: `${id}-${name}`,
      messageElsewhere: true,
      error: Boolean(expiryError),
      slotProps: {
        htmlInput: {
          inputMode: 'numeric' as const,
          maxLength: name === 'expMonth' ? 2 : 4,
          'aria-describedby': expiryError ? errorId : undefined,
          autoComplete: name === 'expMonth' ? 'cc-exp-month' : 'cc-exp-year',
        },
      },
    };
  };

  return (
    <Stack
      component="form"
      noValidate
      spacing={2}
      onSubmit={submit}
      // Escape closes the form as Cancel does (not while a save is under way).
      onKeyDown={(event) => {
        if (event.key === 'Escape' && status !== 'loading') {
          event.preventDefault();
          onClose();
        }
      }}
      aria-label={`Edit ${card.label}`}
      sx={{ pt: 1, pb: 2 }}
    >
      <Typography variant="h3" component="h3" sx={{ fontSize: 18 }}>
        Expiry date
      </Typography>
      <Stack spacing={0.5}>
        <Stack direction="row" spacing={2}>
          <FormTextField {...fieldProps('expMonth')} label="Month (MM)" autoFocus sx={{ width: 120 }} />
          <FormTextField {...fieldProps('expYear')} label="Year (YYYY)" sx={{ width: 140 }} />
        </Stack>
        {expiryError ? (
          <FormHelperText id={errorId} error>
            {expiryError}
          </FormHelperText>
        ) : null}
      </Stack>
      <Stack component="fieldset" spacing={2} sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
        <Typography component="legend" variant="h3" sx={{ fontSize: 18, mb: 1 }}>
          Billing address
        </Typography>
        <FormTextField
          {...billingField('name')}
          label="Name on card (optional)"
          slotProps={{ htmlInput: { autoComplete: 'cc-name', maxLength: 100 } }}
        />
        <AddressFields control={form.control} namePrefix="billingAddress." idPrefix={`${id}-billing`} billing />
      </Stack>
      {status === 'done' && !isDirty ? (
        <Alert severity="success" role="status">
          Card updated.
        </Alert>
      ) : null}
      <FormAlert error={error} />
      <Stack direction="row" spacing={1}>
        <StatusButton
          type="submit"
          size="small"
          status={isDirty && status === 'done' ? 'idle' : status}
          disabled={!isDirty && status !== 'loading'}
          doneLabel="Saved"
        >
          Save changes
        </StatusButton>
        <Button id={`${id}-close`} size="small" color="inherit" onClick={onClose} disabled={status === 'loading'}>
          {status === 'done' && !isDirty ? 'Close' : 'Cancel'}
        </Button>
      </Stack>
    </Stack>
  );
}
