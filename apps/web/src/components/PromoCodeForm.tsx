// The promo code (SPEC §5 "Enter a promo code.", SPEC §8 "Sorry that promo code is invalid.",
// SPEC §4 "Coupon: applied or removed"), one form for the cart and the order summary: apply a
// code, or remove the applied one. A refusal shows on the field (announced), and goes when the
// patient types a new code. Apply and Remove swap the form for the applied code (and back), and
// both wait while the server answers: keyboard focus is put back in the promo area instead of
// dropping to the page — on Remove once a code is applied, in the field once it is removed (or
// refused).
import { formatCents, promoCodeSchema } from '@store/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { useFormSubmit } from '@/lib/forms';
import { FormTextField } from './FormTextField';
import { errorText } from './PageState';
import { StatusButton } from './StatusButton';

const schema = z.object({ promoCode: promoCodeSchema });

export const PROMO_LABEL = 'Enter a promo code';

export interface PromoCodeFormProps {
  /** The code on the order, if any. */
  applied: { code: string; discountCents: number } | null;
  /** Applies the code (trimmed, upper case) and has the order re-read; rejects with the server's refusal. */
  onApply: (promoCode: string) => Promise<unknown>;
  onRemove: () => Promise<unknown>;
  /** Shown above the applied code. */
  appliedHeading?: ReactNode;
}

export function PromoCodeForm({ applied, onApply, onRemove, appliedHeading }: PromoCodeFormProps) {
  const form = useForm<z.input<typeof schema>, unknown, z.output<typeof schema>>({
    resolver: zodResolver(schema),
    defaultValues: { promoCode: '' },
    reValidateMode: 'onSubmit',
  });
  const [removing, setRemoving] = useState(false);
  const [removeError, setRemoveError] = useState<unknown>(null);
  const [refocus, setRefocus] = useState(false);
  const { onSubmit, status } = useFormSubmit(form, ['promoCode'], ({ promoCode }) => onApply(promoCode), {
    after: 'idle',
    onSuccess: () => {
      form.reset({ promoCode: '' });
      setRefocus(true);
    },
    onFieldErrors: () => setRefocus(true),
    onError: (error) => {
      form.setError('promoCode', { type: 'server', message: errorText(error) });
      setRefocus(true);
    },
  });
  const busy = status === 'loading' || removing;

  // The refusal was about the code as it was; a new one has not been tried yet.
  useEffect(() => {
    const typing = form.watch(() => form.clearErrors('promoCode'));
    return () => typing.unsubscribe();
  }, [form]);

  const areaRef = useRef<HTMLDivElement | null>(null);
  const inputRef = useRef<HTMLInputElement | null>(null);
  const removeRef = useRef<HTMLButtonElement | null>(null);
  useEffect(() => {
    if (!refocus || busy) return;
    setRefocus(false);
    // Only if focus was lost meanwhile (or is still here): never pull it from where the patient went.
    const active = document.activeElement;
    if (active && active !== document.body && !areaRef.current?.contains(active)) return;
    (removeRef.current ?? inputRef.current)?.focus();
  }, [refocus, busy, applied]);

  const remove = async () => {
    setRemoving(true);
    setRemoveError(null);
    try {
      await onRemove();
    } catch (error) {
      setRemoveError(error);
    } finally {
      setRemoving(false);
      setRefocus(true);
    }
  };

  if (applied) {
    return (
      <Stack ref={areaRef} spacing={1} data-testid="promo-applied">
        {appliedHeading}
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          <Chip color="primary" label={`${applied.code} · −${formatCents(applied.discountCents)}`} />
          <Button
            ref={removeRef}
            size="small"
            disabled={busy}
            onClick={() => void remove()}
            aria-label={`Remove promo code ${applied.code}`}
          >
            Remove
          </Button>
        </Stack>
        {removeError ? (
          <Typography role="alert" color="error" variant="body2">
            {errorText(removeError)}
          </Typography>
        ) : null}
      </Stack>
    );
  }

  const refused = Boolean(form.formState.errors.promoCode?.message);
  return (
    <Box ref={areaRef}>
      <Stack component="form" noValidate onSubmit={onSubmit} direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
        <FormTextField
          control={form.control}
          name="promoCode"
          label={PROMO_LABEL}
          size="small"
          inputRef={inputRef}
          helperText=" "
          autoComplete="off"
          sx={{ flex: 1 }}
          // Focus stays in the field after a refusal, so the message is announced as it appears.
          slotProps={{ htmlInput: { maxLength: 40 }, formHelperText: refused ? { role: 'alert' } : undefined }}
        />
        <StatusButton type="submit" variant="outlined" status={status} sx={{ minHeight: 40 }}>
          Apply
        </StatusButton>
      </Stack>
    </Box>
  );
}
