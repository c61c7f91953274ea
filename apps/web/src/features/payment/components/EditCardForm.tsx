// Editing a saved card inline (issue 7 "Saved cards: ... update (expiry, billing address)"; SPEC §7
// "update"): the new expiry, month and four-digit year, sent together as the server asks
// (PATCH /api/payment-methods/:id {expMonth, expYear}). Only the shape is checked here; whether the
// card has expired is the server's answer, shown beside the expiry exactly as it is worded. A
// refused change leaves the card as it was and the form as typed.
import { zodResolver } from '@hookform/resolvers/zod';
import { PAYMENT_MESSAGES } from '@store/domain';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { FormAlert } from '@/components/FormAlert';
import { StatusButton } from '@/components/StatusButton';
import { applyServerErrors } from '@/lib/forms';
import { useUpdateCard, type SavedCard } from '../api/payments';

const schema = z
  .object({
    expMonth: z.string().trim(),
    expYear: z.string().trim(),
    /** Not an input: where every expiry problem (ours or the server's) is reported. */
    expiry: z.string().optional(),
  })
  .superRefine((values, ctx) => {
    const monthOk = /^(0?[1-9]|1[0-2])$/.test(values.expMonth);
    const yearOk = /^\d{4}$/.test(values.expYear);
    if (!monthOk || !yearOk) {
      ctx.addIssue({ code: 'custom', path: ['expiry'], message: PAYMENT_MESSAGES.CARD_EXPIRY_INVALID });
    }
  });
type EditInput = z.input<typeof schema>;

const twoDigits = (n: number) => String(n).padStart(2, '0');

export interface EditCardFormProps {
  card: SavedCard;
  onClose: () => void;
}

export function EditCardForm({ card, onClose }: EditCardFormProps) {
  const id = useId();
  const updateCard = useUpdateCard();
  const [status, setStatus] = useState<'idle' | 'loading' | 'done'>('idle');
  const [error, setError] = useState<unknown>(null);
  const form = useForm<EditInput, unknown, z.output<typeof schema>>({
    resolver: zodResolver(schema),
    defaultValues: { expMonth: twoDigits(card.expMonth), expYear: String(card.expYear) },
  });
  const { errors, isDirty } = form.formState;
  const expiryError = errors.expiry?.message ?? errors.expMonth?.message ?? errors.expYear?.message;
  const errorId = `${id}-expiry-error`;

  const submit = form.handleSubmit(async (values) => {
    setError(null);
    setStatus('loading');
    try {
      const saved = await updateCard.mutateAsync({
        id: card.id,
        patch: { expMonth: Number(values.expMonth), expYear: Number(values.expYear) },
      });
      form.reset({ expMonth: twoDigits(saved.expMonth), expYear: String(saved.expYear) });
      setStatus('done');
    } catch (err) {
      setStatus('idle');
      if (!applyServerErrors(form, err, ['expiry', 'expMonth', 'expYear'])) setError(err);
    }
  });

  const fieldProps = (name: 'expMonth' | 'expYear') => {
    const { ref, ...rest } = form.register(name);
    return {
      ...rest,
      id: `${id}-${name}`,
      inputRef: ref,
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
      aria-label={`Edit ${card.label}`}
      sx={{ pt: 1, pb: 2 }}
    >
      <Typography variant="h3" component="h3" sx={{ fontSize: 18 }}>
        New expiry date
      </Typography>
      <Stack spacing={0.5}>
        <Stack direction="row" spacing={2}>
          <TextField
            {...fieldProps('expMonth')}
            label="Month (MM)"
            autoFocus
            sx={{ width: 120 }}
          />
          <TextField {...fieldProps('expYear')} label="Year (YYYY)" sx={{ width: 140 }} />
        </Stack>
        {expiryError ? (
          <FormHelperText id={errorId} error>
            {expiryError}
          </FormHelperText>
        ) : null}
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
        <Button size="small" color="inherit" onClick={onClose} disabled={status === 'loading'}>
          {status === 'done' && !isDirty ? 'Close' : 'Cancel'}
        </Button>
      </Stack>
    </Stack>
  );
}
