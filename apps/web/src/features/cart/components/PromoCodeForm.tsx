// The promo code field (SPEC §5 "Enter a promo code.", SPEC §8 "Sorry that promo code is
// invalid."): apply a code, or remove the applied one.
import { formatCents, promoCodeSchema } from '@store/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { FormTextField } from '@/components/FormTextField';
import { errorText } from '@/components/PageState';
import { StatusButton } from '@/components/StatusButton';
import { useApplyPromoCode, useRemovePromoCode, type Cart } from '@/shared/cart';
import { useFormSubmit } from '@/lib/forms';

const schema = z.object({ promoCode: promoCodeSchema });
type Values = z.input<typeof schema>;

export const PROMO_LABEL = 'Enter a promo code';

export function PromoCodeForm({ cart }: { cart: Cart }) {
  const apply = useApplyPromoCode();
  const remove = useRemovePromoCode();
  const form = useForm<Values>({ resolver: zodResolver(schema), defaultValues: { promoCode: '' } });
  // This form's own id: another form on the page may have a promo field too (issue 13 #16).
  const id = useId();

  const { onSubmit, status } = useFormSubmit(
    form,
    ['promoCode'],
    (values) => apply.mutateAsync({ promoCode: schema.parse(values).promoCode }),
    {
      after: 'idle',
      onSuccess: () => form.reset({ promoCode: '' }),
      onError: (error) => form.setError('promoCode', { type: 'server', message: errorText(error) }),
    },
  );

  if (cart.promoCode) {
    return (
      <Stack spacing={1} data-testid="promo-applied">
        <Typography sx={{ fontWeight: 600 }}>Promo code</Typography>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          <Chip color="primary" label={`${cart.promoCode.code} · −${formatCents(cart.promoCode.discountCents)}`} />
          <Button size="small" onClick={() => remove.mutate()} disabled={remove.isPending} aria-label={`Remove promo code ${cart.promoCode.code}`}>
            Remove
          </Button>
        </Stack>
        {remove.error ? (
          <Typography role="alert" color="error" variant="body2">
            {errorText(remove.error)}
          </Typography>
        ) : null}
      </Stack>
    );
  }

  const invalid = Boolean(form.formState.errors.promoCode?.message);
  return (
    <Stack component="form" noValidate onSubmit={onSubmit} direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
      <FormTextField control={form.control} name="promoCode" id={id} label={PROMO_LABEL} size="small" autoComplete="off" sx={{ flex: 1 }} slotProps={{ htmlInput: { maxLength: 40, 'aria-describedby': invalid ? `${id}-helper-text` : undefined } }} />
      <StatusButton type="submit" variant="outlined" status={status} sx={{ minHeight: 40 }}>
        Apply
      </StatusButton>
    </Stack>
  );
}
