// The card form (issue 7): the card processor's own form, which turns a card into a token and hands
// only the token (and brand, last four, expiry) to its parent. With the sandbox processor it posts
// the card to the sandbox's tokenization endpoint; with Stripe it is Stripe Elements, so the card
// number never reaches the store. Card number, expiry and security code each show their own message.
import {
  CARD_BRAND_NAMES,
  cardBrandOf,
  cardFormSchema,
  cvcLength,
  normalizeCardNumber,
  parseCardExpiry,
  toCardBrand,
  type CardFormValues,
} from '@store/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useFormSubmit } from '@/lib/forms';
import { useForm, type FieldPath } from 'react-hook-form';
import { FormActions } from '@/components/FormActions';
import { FormTextField } from '@/components/FormTextField';
import { ErrorState, LoadingState, errorText } from '@/components/PageState';
import type { ButtonStatus } from '@/components/StatusButton';
import { tokenizeSandboxCard, usePaymentConfig, type CardToken } from '../api/payment.api';
import { loadStripe, type StripeCardElement, type StripeJs } from '../stripeJs';

export interface CardFormProps {
  /**
   * Receives the token once the processor accepted the card. If it rejects (the store refused the
   * card, e.g. a 402 decline when saving or paying), the reason shows in the form.
   */
  onToken: (result: CardToken) => Promise<unknown> | unknown;
  /**
   * Show `onToken`'s rejection in the form (default). The checkout's payment block shows a decline
   * in its own alert and moves focus there, so it turns this off to avoid saying it twice.
   */
  showTokenErrors?: boolean;
  submitLabel?: string;
  onCancel?: () => void;
  /** Accessible name of the form. */
  label?: string;
  /** Today, for the expiry check (tests pass a fixed date). */
  now?: () => Date;
}

const FIELDS: FieldPath<CardFormValues>[] = ['number', 'expiry', 'cvc'];

/** The caller's use of a good token failed (e.g. the payment was declined). */
class TokenRefused {
  constructor(readonly error: unknown) {}
}

/** Groups of four as printed on the card (4-6-5 for American Express), at most 19 digits. */
export function formatCardNumber(value: string): string {
  const digits = value.replace(/\D/g, '').slice(0, 19);
  if (cardBrandOf(digits) === 'amex') {
    return [digits.slice(0, 4), digits.slice(4, 10), digits.slice(10, 15)].filter(Boolean).join(' ');
  }
  return digits.replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** "MM/YY" as the digits are typed. */
export function formatExpiry(value: string): string {
  const digits = value.replace(/\D/g, '').slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)}/${digits.slice(2)}` : digits;
}

function SandboxCardForm({
  onToken,
  submitLabel,
  onCancel,
  label,
  now,
  showTokenErrors,
}: Required<Pick<CardFormProps, 'onToken' | 'submitLabel' | 'label' | 'now' | 'showTokenErrors'>> & Pick<CardFormProps, 'onCancel'>) {
  const id = useId();
  const schema = useMemo(() => cardFormSchema(now()), [now]);
  const form = useForm<CardFormValues>({
    resolver: zodResolver(schema),
    defaultValues: { number: '', expiry: '', cvc: '' },
    mode: 'onTouched',
  });
  const { control } = form;
  const brand = cardBrandOf(form.watch('number') ?? '');

  // The processor's field messages go beside their fields, anything else above the form; what
  // the caller does with the token (e.g. pay) failing is shown only with showTokenErrors.
  const { onSubmit: submit, status, error } = useFormSubmit(form, FIELDS, async (values) => {
    // The schema has checked the expiry.
    const expiry = parseCardExpiry(values.expiry)!;
    const tokenized = await tokenizeSandboxCard({
      number: normalizeCardNumber(values.number),
      expMonth: expiry.month,
      expYear: expiry.year,
      cvc: values.cvc.trim(),
    });
    try {
      await onToken(tokenized);
    } catch (refused) {
      throw new TokenRefused(refused);
    }
  });
  const formError =
    error instanceof TokenRefused
      ? showTokenErrors
        ? errorText(error.error)
        : null
      : error
        ? errorText(error)
        : null;

  return (
    <Box component="form" noValidate onSubmit={submit} aria-label={label}>
      <Stack spacing={2}>
        {formError ? (
          <Alert severity="error" role="alert">
            {formError}
          </Alert>
        ) : null}
        <FormTextField
          name="number"
          control={control}
          id={`${id}-number`}
          label="Card number"
          required
          fullWidth
          format={formatCardNumber}
          autoComplete="cc-number"
          helperText={brand !== 'unknown' ? CARD_BRAND_NAMES[brand] : ' '}
          slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 23 } }}
        />
        {/* Side by side where both labels fit; stacked on a phone ("Security code (CVC)" was cut). */}
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <FormTextField
            name="expiry"
            control={control}
            id={`${id}-expiry`}
            label="Expiry (MM/YY)"
            required
            fullWidth
            format={formatExpiry}
            autoComplete="cc-exp"
            placeholder="MM/YY"
            slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 5 } }}
          />
          <FormTextField
            name="cvc"
            control={control}
            id={`${id}-cvc`}
            label="Security code (CVC)"
            required
            fullWidth
            format={(v) => v.replace(/\D/g, '').slice(0, 4)}
            autoComplete="cc-csc"
            helperText={`${cvcLength(brand)} digits`}
            slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 4 } }}
          />
        </Stack>
        <Typography variant="body2" color="text.secondary">
          Test mode: no real charge is made. Use card 4242 4242 4242 4242 with any future date and any 3 digits.
        </Typography>
        <FormActions status={status} doneLabel="Card accepted" onCancel={onCancel}>
          {submitLabel}
        </FormActions>
      </Stack>
    </Box>
  );
}

/** Stripe Elements: Stripe's own card field in an iframe; we receive a payment-method id. */
function StripeCardForm({
  publishableKey,
  onToken,
  submitLabel,
  onCancel,
  label,
  showTokenErrors,
}: Required<Pick<CardFormProps, 'onToken' | 'submitLabel' | 'label' | 'showTokenErrors'>> & Pick<CardFormProps, 'onCancel'> & { publishableKey: string }) {
  const id = useId();
  const mountRef = useRef<HTMLDivElement | null>(null);
  const [stripe, setStripe] = useState<{ js: StripeJs; card: StripeCardElement } | null>(null);
  const [loadError, setLoadError] = useState<unknown>(null);
  const [attempt, setAttempt] = useState(0);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [status, setStatus] = useState<ButtonStatus>('idle');

  useEffect(() => {
    let cancelled = false;
    let card: StripeCardElement | null = null;
    setLoadError(null);
    loadStripe(publishableKey)
      .then((js) => {
        if (cancelled || !mountRef.current) return;
        card = js.elements().create('card', { hidePostalCode: false });
        card.on('change', (event) => setFieldError(event.error?.message ?? null));
        card.mount(mountRef.current);
        setStripe({ js, card });
      })
      .catch((error: unknown) => {
        if (!cancelled) setLoadError(error);
      });
    return () => {
      cancelled = true;
      card?.destroy();
    };
  }, [publishableKey, attempt]);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!stripe) return;
    setStatus('loading');
    setFormError(null);
    const result = await stripe.js.createPaymentMethod({ type: 'card', card: stripe.card });
    const pm = result.paymentMethod;
    if (result.error || !pm?.card) {
      setStatus('idle');
      setFieldError(result.error?.message ?? 'Please check your card details.');
      return;
    }
    try {
      await onToken({
        token: pm.id,
        card: {
          brand: toCardBrand(pm.card.brand),
          last4: pm.card.last4,
          expMonth: pm.card.exp_month,
          expYear: pm.card.exp_year,
        },
      });
      setStatus('done');
    } catch (error) {
      setStatus('idle');
      if (showTokenErrors) setFormError(errorText(error));
    }
  };

  if (loadError) {
    return (
      <Alert
        severity="error"
        role="alert"
        action={
          <Button color="inherit" size="small" onClick={() => setAttempt((n) => n + 1)}>
            Retry
          </Button>
        }
      >
        We could not load the card form. Please check your connection and try again.
      </Alert>
    );
  }

  return (
    <Box component="form" noValidate onSubmit={(e) => void submit(e)} aria-label={label}>
      <Stack spacing={2}>
        {formError ? (
          <Alert severity="error" role="alert">
            {formError}
          </Alert>
        ) : null}
        <Box>
          <Typography id={`${id}-card-label`} component="span" sx={{ display: 'block', mb: 1 }}>
            Card details
          </Typography>
          {!stripe ? <LoadingState label="Loading the card form…" lines={1} /> : null}
          <Box
            id={`${id}-card`}
            ref={mountRef}
            role="group"
            aria-labelledby={`${id}-card-label`}
            data-testid="stripe-card-element"
            aria-describedby={fieldError ? `${id}-card-error` : undefined}
            sx={{ border: 1, borderColor: fieldError ? 'error.main' : 'divider', borderRadius: 1, p: 1.5 }}
          />
          {fieldError ? (
            <FormHelperText id={`${id}-card-error`} error role="alert">
              {fieldError}
            </FormHelperText>
          ) : null}
        </Box>
        <FormActions status={status} doneLabel="Card accepted" disabled={!stripe} onCancel={onCancel}>
          {submitLabel}
        </FormActions>
      </Stack>
    </Box>
  );
}

const today = () => new Date();

export function CardForm({
  onToken,
  submitLabel = 'Use this card',
  onCancel,
  label = 'Card details',
  now = today,
  showTokenErrors = true,
}: CardFormProps) {
  const config = usePaymentConfig();
  if (config.isPending) return <LoadingState label="Loading the card form…" lines={2} />;
  if (config.isError) {
    return <ErrorState error={config.error} onRetry={() => void config.refetch()} retrying={config.isFetching} />;
  }
  if (config.data.gateway === 'stripe' && config.data.publishableKey) {
    return (
      <StripeCardForm
        publishableKey={config.data.publishableKey}
        onToken={onToken}
        submitLabel={submitLabel}
        onCancel={onCancel}
        label={label}
        showTokenErrors={showTokenErrors}
      />
    );
  }
  return (
    <SandboxCardForm
      onToken={onToken}
      submitLabel={submitLabel}
      onCancel={onCancel}
      label={label}
      now={now}
      showTokenErrors={showTokenErrors}
    />
  );
}
