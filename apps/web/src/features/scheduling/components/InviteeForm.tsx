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
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { FormTextField } from '@/components/FormTextField';
import { StatusButton, type ButtonStatus } from '@/components/StatusButton';
import type { FieldError } from '@/lib/api';

type FieldName = keyof ScheduleInviteeInput;

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
      <FormTextField control={form.control} name="name" id="invitee-name" fullWidth label="Full name" autoComplete="name" required />
      <FormTextField control={form.control} name="email" id="invitee-email" fullWidth label="Email" type="email" autoComplete="email" required />
      <FormTextField
        control={form.control}
        name="number"
        id="invitee-number"
        fullWidth
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
