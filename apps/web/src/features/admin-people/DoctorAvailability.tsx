// The doctor's Availability tab (issue 18): the weekly windows (weekday, start, end in the doctor's
// time zone; saved all at once, overlaps refused beside the window) and date exceptions (a day off,
// or that date's own hours in place of its weekly windows).
import { zodResolver } from '@hookform/resolvers/zod';
import { availabilityExceptionSchema, availabilityRulesSchema, WEEKDAYS, type AdminDoctor } from '@store/domain';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Controller, useFieldArray, useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { FormAlert } from '@/components/FormAlert';
import { FormTextField } from '@/components/FormTextField';
import { StatusButton, type ButtonStatus } from '@/components/StatusButton';
import { useFormSubmit } from '@/lib/forms';
import { peopleApi } from './api/people.api';
import { Section, useSaveDoctor } from './doctorParts';

type RulesForm = z.input<typeof availabilityRulesSchema>;
const shrink = { inputLabel: { shrink: true } } as const;

function WeeklyRules({ doctor }: { doctor: AdminDoctor }) {
  const save = useSaveDoctor(doctor.id);
  const form = useForm<RulesForm, unknown, z.output<typeof availabilityRulesSchema>>({
    resolver: zodResolver(availabilityRulesSchema),
    defaultValues: { rules: doctor.rules },
    mode: 'onTouched',
  });
  const { fields, append, remove } = useFieldArray({ control: form.control, name: 'rules' });
  const names = fields.flatMap((_f, i) => [`rules.${i}.start`, `rules.${i}.end`, `rules.${i}.weekday`] as const);
  const { onSubmit, status, error } = useFormSubmit(form, names, (values) => peopleApi.setRules(doctor.id, values), {
    onSuccess: async (d) => {
      await save(d);
      form.reset({ rules: d.rules });
    },
  });
  const rootError = form.formState.errors.rules?.root?.message ?? form.formState.errors.rules?.message;
  return (
    <Section title="Weekly hours">
      <Typography color="text.secondary">Times are in the doctor&rsquo;s time zone ({doctor.timeZone}). Patients book visits inside these windows.</Typography>
      <Stack component="form" noValidate onSubmit={onSubmit} aria-label="Weekly hours" spacing={2}>
        {fields.length === 0 ? <Typography>No weekly hours yet: the doctor cannot be booked.</Typography> : null}
        {fields.map((field, i) => (
          <Stack key={field.id} direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'flex-start' } }} role="group" aria-label={`Window ${i + 1}`}>
            <Controller
              control={form.control}
              name={`rules.${i}.weekday`}
              render={({ field: f }) => (
                <TextField
                  label="Day"
                  select
                  name={f.name}
                  value={String(f.value)}
                  onChange={(e) => f.onChange(Number(e.target.value))}
                  onBlur={f.onBlur}
                  inputRef={f.ref}
                  slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
                  sx={{ minWidth: 160 }}
                >
                  {WEEKDAYS.map((day, n) => (
                    <option key={day} value={n}>
                      {day}
                    </option>
                  ))}
                </TextField>
              )}
            />
            <FormTextField control={form.control} name={`rules.${i}.start`} label="From" type="time" slotProps={shrink} sx={{ minWidth: 140 }} />
            <FormTextField control={form.control} name={`rules.${i}.end`} label="To" type="time" slotProps={shrink} sx={{ minWidth: 140 }} helperText="24:00 is midnight" />
            <Button color="error" onClick={() => remove(i)} aria-label={`Remove window ${i + 1}`} sx={{ mt: { sm: 1 } }}>
              Remove
            </Button>
          </Stack>
        ))}
        {rootError ? <FormAlert error={null}>{rootError}</FormAlert> : null}
        <Stack direction="row" spacing={2}>
          <Button variant="outlined" onClick={() => append({ weekday: 1, start: '09:00', end: '17:00' })} disabled={fields.length >= 50}>
            Add a window
          </Button>
          <StatusButton type="submit" status={status} variant="contained">
            Save weekly hours
          </StatusButton>
        </Stack>
        <FormAlert error={error} />
      </Stack>
    </Section>
  );
}

type ExceptionForm = z.input<typeof availabilityExceptionSchema>;

function Exceptions({ doctor }: { doctor: AdminDoctor }) {
  const save = useSaveDoctor(doctor.id);
  const blank: ExceptionForm = { date: '', allDay: true, start: '09:00', end: '17:00', note: '' };
  const form = useForm<ExceptionForm, unknown, z.output<typeof availabilityExceptionSchema>>({
    resolver: zodResolver(availabilityExceptionSchema),
    defaultValues: blank,
    mode: 'onTouched',
  });
  const allDay = useWatch({ control: form.control, name: 'allDay' });
  const { onSubmit, status, error } = useFormSubmit(form, ['date', 'start', 'end', 'note'], (values) => peopleApi.addException(doctor.id, values), {
    onSuccess: async (d) => {
      await save(d);
      form.reset(blank);
    },
  });
  const [removing, setRemoving] = useState<string | null>(null);
  const [removeStatus, setRemoveStatus] = useState<Record<string, ButtonStatus>>({});
  const [removeError, setRemoveError] = useState<unknown>(null);
  const removeOne = async (id: string) => {
    setRemoveError(null);
    setRemoveStatus((s) => ({ ...s, [id]: 'loading' }));
    try {
      await save(await peopleApi.removeException(doctor.id, id));
    } catch (err) {
      setRemoveError(err);
      setRemoveStatus((s) => ({ ...s, [id]: 'idle' }));
    }
  };
  return (
    <Section title="Days off and special hours">
      {doctor.exceptions.length === 0 ? (
        <Typography color="text.secondary">No exceptions: every date follows the weekly hours.</Typography>
      ) : (
        <List aria-label="Exceptions" dense sx={{ maxWidth: 640 }}>
          {doctor.exceptions.map((e) => (
            <ListItem
              key={e.id}
              divider
              secondaryAction={
                <StatusButton status={removeStatus[e.id] ?? 'idle'} color="error" onClick={() => setRemoving(e.id)} aria-label={`Remove the exception on ${e.date}`}>
                  Remove
                </StatusButton>
              }
            >
              <ListItemText primary={`${e.date}: ${e.start ? `${e.start} to ${e.end}` : 'day off'}`} secondary={e.note ?? undefined} />
            </ListItem>
          ))}
        </List>
      )}
      <FormAlert error={removeError} />
      <Stack component="form" noValidate onSubmit={onSubmit} aria-label="Add an exception" spacing={2} sx={{ maxWidth: 640 }}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'flex-start' } }}>
          <FormTextField control={form.control} name="date" label="Date" type="date" slotProps={shrink} required />
          <Controller
            control={form.control}
            name="allDay"
            render={({ field }) => (
              <FormControlLabel control={<Checkbox checked={Boolean(field.value)} onChange={(e) => field.onChange(e.target.checked)} />} label="Day off" sx={{ mt: { sm: 1 } }} />
            )}
          />
          {allDay ? null : (
            <>
              <FormTextField control={form.control} name="start" label="From" type="time" slotProps={shrink} />
              <FormTextField control={form.control} name="end" label="To" type="time" slotProps={shrink} />
            </>
          )}
        </Stack>
        <FormTextField control={form.control} name="note" label="Note (optional)" fullWidth />
        <Box>
          <StatusButton type="submit" status={status} variant="contained">
            Add exception
          </StatusButton>
        </Box>
        <FormAlert error={error} />
      </Stack>
      <ConfirmDialog
        open={removing !== null}
        title="Remove this exception?"
        text="That date follows the weekly hours again."
        confirmLabel="Remove exception"
        onConfirm={() => removing && void removeOne(removing)}
        onClose={() => setRemoving(null)}
      />
    </Section>
  );
}

export function DoctorAvailability({ doctor }: { doctor: AdminDoctor }) {
  return (
    <Stack spacing={3}>
      <WeeklyRules doctor={doctor} />
      <Exceptions doctor={doctor} />
    </Stack>
  );
}
