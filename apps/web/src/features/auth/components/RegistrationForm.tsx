// The registration form shared by /register, join-the-movement, the provider invite and ECP pages:
// Email, Password, names and phone with the rules and messages of SPEC §5 (the domain's schemas).
import { zodResolver } from '@hookform/resolvers/zod';
import {
  emailSchema,
  firstNameSchema,
  lastNameSchema,
  phoneNoSchema,
  registrationPasswordSchema,
} from '@store/domain';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, type ReactNode } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import { FormAlert } from '@/components/FormAlert';
import { EmailField, NewPasswordFields, PersonNameFields } from '@/components/FormFieldGroups';
import { FormTextField } from '@/components/FormTextField';
import { StatusButton } from '@/components/StatusButton';
import { isApiError } from '@/lib/api';
import { useFormSubmit } from '@/lib/forms';
import { useLoginDrawer } from '@/shared/loginDrawer';

export const registrationSchema = z.object({
  email: emailSchema,
  password: registrationPasswordSchema,
  firstName: firstNameSchema,
  lastName: lastNameSchema,
  phone: phoneNoSchema,
  marketingOptIn: z.boolean().optional(),
});
export type RegistrationValues = z.output<typeof registrationSchema>;
type RegistrationInput = z.input<typeof registrationSchema>;

const FIELDS = ['email', 'password', 'firstName', 'lastName', 'phone'] as const;

const PREFILL_FIELDS = ['firstName', 'lastName', 'email', 'phone'] as const;
type PrefillField = (typeof PREFILL_FIELDS)[number];

export interface RegistrationFormProps {
  defaultValues?: Partial<RegistrationInput>;
  /**
   * What the patient already told the store elsewhere (the checkout's shipping name, the booked
   * visit's email and phone), which may arrive after the form is shown: each goes into its field
   * once, and only while that field is still empty and untouched by the patient, so nothing they
   * typed is ever replaced. They stay editable.
   */
  prefill?: Partial<Record<PrefillField, string | undefined>> | null;
  /** The email is fixed (ECP: the prescriber's address on file). */
  emailReadOnly?: boolean;
  /** Join-the-movement: offer news by email. */
  offerMarketing?: boolean;
  submitLabel?: string;
  onSubmit: (values: RegistrationValues) => Promise<void>;
  /** Where to go after logging in instead (for "Already have an account?"). */
  loginRedirect?: string | null;
  children?: ReactNode;
}

export function RegistrationForm({
  defaultValues,
  prefill,
  emailReadOnly = false,
  offerMarketing = false,
  submitLabel = 'Create account',
  onSubmit,
  loginRedirect,
  children,
}: RegistrationFormProps) {
  const { openLoginDrawer } = useLoginDrawer();
  const form = useForm<RegistrationInput, unknown, RegistrationValues>({
    resolver: zodResolver(registrationSchema),
    defaultValues: {
      email: '',
      password: '',
      firstName: '',
      lastName: '',
      phone: '',
      marketingOptIn: false,
      ...defaultValues,
    },
    mode: 'onTouched',
  });

  const prefilled = useRef(new Set<PrefillField>());
  const prefillFirst = prefill?.firstName;
  const prefillLast = prefill?.lastName;
  const prefillEmail = emailReadOnly ? undefined : prefill?.email;
  const prefillPhone = prefill?.phone;
  useEffect(() => {
    const known = { firstName: prefillFirst, lastName: prefillLast, email: prefillEmail, phone: prefillPhone };
    for (const name of PREFILL_FIELDS) {
      const value = known[name];
      if (!value || prefilled.current.has(name)) continue;
      const state = form.getFieldState(name);
      if (state.isDirty || form.getValues(name) !== '') continue;
      prefilled.current.add(name);
      // A "required" error shown before the name arrived is checked again.
      form.setValue(name, value, { shouldValidate: Boolean(state.error) });
    }
  }, [form, prefillFirst, prefillLast, prefillEmail, prefillPhone]);

  const { onSubmit: submit, status, error } = useFormSubmit(form, FIELDS, onSubmit);

  return (
    <Stack
      component="form"
      noValidate
      spacing={2}
      onSubmit={submit}
      aria-label="Create your account"
    >
      {children}
      <EmailField control={form.control} slotProps={{ htmlInput: { readOnly: emailReadOnly } }} />
      <NewPasswordFields control={form.control} name="password" label="Password" />
      <PersonNameFields control={form.control} />
      <FormTextField
        control={form.control}
        name="phone"
        label="Phone (optional)"
        type="tel"
        autoComplete="tel"
      />
      {offerMarketing ? (
        <Controller
          control={form.control}
          name="marketingOptIn"
          render={({ field }) => (
            <FormControlLabel
              control={
                <Checkbox
                  checked={Boolean(field.value)}
                  onChange={(e) => field.onChange(e.target.checked)}
                />
              }
              label="Send me news and offers by email"
            />
          )}
        />
      ) : null}
      <FormAlert
        error={error}
        severity={isApiError(error) && error.status === 429 ? 'warning' : 'error'}
      />
      <StatusButton type="submit" status={status} fullWidth>
        {submitLabel}
      </StatusButton>
      <Typography>
        <Link
          component="button"
          type="button"
          underline="always"
          onClick={() => openLoginDrawer(loginRedirect ? { redirectTo: loginRedirect } : undefined)}
        >
          Already have an account?
        </Link>
      </Typography>
    </Stack>
  );
}
