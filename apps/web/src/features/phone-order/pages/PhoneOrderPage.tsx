// ACCOUNT_ROUTES.phoneOrder "Order by phone" (SPEC §7 phone-order request, §2; issue 17): a guest or
// a patient leaves their name, number, what they need and when to call; once sent the store goes
// to `/` and says it will call (SPEC §2 "A phone-order request navigates to / after being sent").
// Field messages are the domain's (SPEC §5 FullName and PhoneNumber); nothing typed is lost on an error.
import { zodResolver } from '@hookform/resolvers/zod';
import { PHONE_ORDER_BEST_TIMES, phoneOrderInputSchema, type PhoneOrderInput } from '@store/domain';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Link from '@mui/material/Link';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { useController, useForm, type Control, type FieldPath } from 'react-hook-form';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { FormTextField } from '@/components/FormTextField';
import { withNotice } from '@/components/NavigationNotice';
import { errorText } from '@/components/PageState';
import { StatusButton } from '@/components/StatusButton';
import { useFormSubmit } from '@/lib/forms';
import { telHref } from '@/shared/contact';
import { useDocumentTitle, useStoreConfig } from '@/shared/storefront';
import { sendPhoneOrder } from '../api/phoneOrder.api';

const FIELDS: FieldPath<PhoneOrderInput>[] = ['name', 'phone', 'need', 'bestTime'];
const OTHER = 'other';

/** The confirmation the home page shows once the request is sent. */
export const phoneOrderConfirmation = (bestTime: string) =>
  `Thanks, we'll call you ${/^(morning|afternoon|evening)/i.test(bestTime) ? `in the ${bestTime.replace(/^(\w+).*$/, '$1').toLowerCase()}` : `at the time you asked for (${bestTime})`} to take your order.`;

/** The best time to call: one of the usual times, or another the patient writes. */
function BestTimeField({ control }: { control: Control<PhoneOrderInput> }) {
  const id = useId();
  const { field, fieldState } = useController({ name: 'bestTime', control });
  const [other, setOther] = useState(false);
  const choice = other ? OTHER : (PHONE_ORDER_BEST_TIMES as readonly string[]).includes(field.value) ? field.value : '';
  const messageId = `${id}-message`;
  return (
    <FormControl error={!!fieldState.error} required>
      <FormLabel id={`${id}-label`}>Best time to call</FormLabel>
      <RadioGroup
        aria-labelledby={`${id}-label`}
        aria-describedby={fieldState.error ? messageId : undefined}
        value={choice}
        onChange={(event) => {
          const value = event.target.value;
          setOther(value === OTHER);
          field.onChange(value === OTHER ? '' : value);
        }}
        onBlur={field.onBlur}
      >
        {PHONE_ORDER_BEST_TIMES.map((time) => (
          <FormControlLabel key={time} value={time} control={<Radio />} label={time} />
        ))}
        <FormControlLabel value={OTHER} control={<Radio />} label="Another time" />
      </RadioGroup>
      {other ? (
        <TextField
          label="When should we call?"
          value={field.value}
          onChange={(event) => field.onChange(event.target.value)}
          onBlur={field.onBlur}
          error={!!fieldState.error}
          slotProps={{ htmlInput: { maxLength: 100, 'aria-describedby': fieldState.error ? messageId : undefined } }}
          sx={{ mt: 1, maxWidth: 400 }}
          autoFocus
        />
      ) : null}
      {fieldState.error ? <FormHelperText id={messageId}>{fieldState.error.message}</FormHelperText> : null}
    </FormControl>
  );
}

export function PhoneOrderPage() {
  useDocumentTitle('Order by phone');
  const { settings } = useStoreConfig();
  const navigate = useNavigate();
  const phone = settings.supportPhone.trim();
  const form = useForm<PhoneOrderInput, unknown, z.output<typeof phoneOrderInputSchema>>({
    resolver: zodResolver(phoneOrderInputSchema),
    defaultValues: { name: '', phone: '', need: '', bestTime: '' },
    mode: 'onTouched',
  });
  const { onSubmit, status, error } = useFormSubmit(form, FIELDS, (values) => sendPhoneOrder(values), {
    after: 'idle',
    onSuccess: (created) => navigate('/', { state: withNotice(phoneOrderConfirmation(created.bestTime), 'Your request was sent.') }),
  });
  const field = (name: FieldPath<PhoneOrderInput>) => ({ name, control: form.control, fullWidth: true });

  return (
    <Container sx={{ py: { xs: 4, md: 6 } }}>
      <Stack spacing={3} sx={{ maxWidth: 640 }}>
        <Typography variant="h1">Order by phone</Typography>
        <Typography color="text.secondary">
          Prefer to talk to someone? Leave your number and what you need, and one of our team will call you at a
          time that suits you to take your order.
          {phone ? (
            <>
              {' '}You can also call us at{' '}
              <Link href={telHref(phone)} underline="always">
                {phone}
              </Link>
              .
            </>
          ) : null}
        </Typography>
        <Box component="form" noValidate onSubmit={onSubmit} aria-label="Order by phone">
          <Stack spacing={2}>
            {error ? (
              <Alert severity="error" role="alert">
                {errorText(error)}
              </Alert>
            ) : null}
            <FormTextField {...field('name')} label="Full name" required autoComplete="name" />
            <FormTextField
              {...field('phone')}
              label="Phone number"
              required
              type="tel"
              autoComplete="tel-national"
              helperText="10 digits, e.g. (555) 123-4567"
            />
            <FormTextField
              {...field('need')}
              label="What would you like to order?"
              required
              multiline
              minRows={3}
              helperText="The product or treatment, or a question about one."
              slotProps={{ htmlInput: { maxLength: 1000 } }}
            />
            <BestTimeField control={form.control} />
            <StatusButton type="submit" status={status} doneLabel="Sent" sx={{ alignSelf: 'flex-start' }}>
              Ask us to call me
            </StatusButton>
          </Stack>
        </Box>
      </Stack>
    </Container>
  );
}
