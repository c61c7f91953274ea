// Who the visit is for (SPEC §3 Schedule: invitee name, email, number) with the SPEC §5 FullName,
// email and PhoneNumber rules from the domain, and the SCHEDULE button (SPEC §4 action label).
import { zodResolver } from '@hookform/resolvers/zod';
import {
  ACTION_LABELS,
  scheduleInviteeSchema,
  type ScheduleInvitee,
  type ScheduleInviteeInput,
} from '@store/domain';
import Stack from '@mui/material/Stack';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { useEffect } from 'react';
import { useController, useForm, type Control } from 'react-hook-form';
import { StatusButton, type ButtonStatus } from '@/components/StatusButton';
import type { FieldError } from '@/lib/api';

type FieldName = keyof ScheduleInviteeInput;

function InviteeField({
  name,
  control,
  ...props
}: { name: FieldName; control: Control<ScheduleInviteeInput, unknown, ScheduleInvitee> } & Omit<TextFieldProps, 'name'>) {
  const { field, fieldState } = useController({ name, control });
  return (
    <TextField
      {...props}
      id={`invitee-${name}`}
      name={field.name}
      value={field.value ?? ''}
      onChange={field.onChange}
      onBlur={field.onBlur}
      inputRef={field.ref}
      error={Boolean(fieldState.error)}
      helperText={fieldState.error?.message}
      fullWidth
    />
  );
}

export interface InviteeFormProps {
  defaultValues?: Partial<ScheduleInviteeInput>;
  onSubmit: (invitee: ScheduleInvitee) => void;
  status?: ButtonStatus;
  /** No slot chosen yet: the button waits. */
  disabled?: boolean;
  /** The server's field messages (`invitee.name`, ...), shown beside the fields. */
  serverErrors?: FieldError[];
}

export function InviteeForm({ defaultValues, onSubmit, status = 'idle', disabled = false, serverErrors }: InviteeFormProps) {
  const form = useForm<ScheduleInviteeInput, unknown, ScheduleInvitee>({
    resolver: zodResolver(scheduleInviteeSchema),
    defaultValues: { name: '', email: '', number: '', ...defaultValues },
    mode: 'onTouched',
  });

  useEffect(() => {
    for (const { field, message } of serverErrors ?? []) {
      const name = field.replace(/^invitee\./, '') as FieldName;
      if (name === 'name' || name === 'email' || name === 'number') form.setError(name, { type: 'server', message });
    }
  }, [serverErrors, form]);

  return (
    <Stack component="form" noValidate spacing={2} onSubmit={form.handleSubmit(onSubmit)} aria-label="Your details">
      <InviteeField control={form.control} name="name" label="Full name" autoComplete="name" required />
      <InviteeField control={form.control} name="email" label="Email" type="email" autoComplete="email" required />
      <InviteeField
        control={form.control}
        name="number"
        label="Phone number"
        type="tel"
        autoComplete="tel-national"
        inputMode="tel"
        required
      />
      <StatusButton type="submit" status={status} disabled={disabled} doneLabel="Scheduled" sx={{ alignSelf: 'flex-start', minWidth: 200 }}>
        {ACTION_LABELS.schedule}
      </StatusButton>
    </Stack>
  );
}
