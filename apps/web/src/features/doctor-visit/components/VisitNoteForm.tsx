// The doctor's private visit note (issue 16 "After the visit the doctor writes a private visit
// note"): saved with PUT, the saved state shown beside the button; a failed save keeps every word
// typed and says why.
import { zodResolver } from '@hookform/resolvers/zod';
import { VISIT_NOTE_MAX, visitNoteInputSchema, type DoctorVisit } from '@store/domain';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useRef } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { FormAlert } from '@/components/FormAlert';
import { FormTextField } from '@/components/FormTextField';
import { StatusButton } from '@/components/StatusButton';
import { useFormSubmit } from '@/lib/forms';
import { doctorVisitApi } from '../api/doctor-visit.api';

type NoteValues = z.input<typeof visitNoteInputSchema>;

export function VisitNoteForm({
  visit,
  onSaved,
}: {
  visit: DoctorVisit;
  onSaved: (visit: DoctorVisit) => void;
}) {
  const form = useForm<NoteValues, unknown, z.output<typeof visitNoteInputSchema>>({
    resolver: zodResolver(visitNoteInputSchema),
    defaultValues: { text: visit.note },
  });
  // What the box held when the save went, so words typed while it was saving stay "unsaved".
  const sent = useRef('');
  const submit = useFormSubmit(
    form,
    ['text'],
    (values) => {
      sent.current = form.getValues('text');
      return doctorVisitApi.saveNote(visit.appointmentId, values.text);
    },
    {
      onSuccess: (saved) => {
        form.reset({ text: sent.current }, { keepValues: true });
        onSaved(saved);
      },
    },
  );
  const dirty = form.formState.isDirty;
  const status = dirty && submit.status === 'done' ? 'idle' : submit.status;
  const text = form.watch('text');
  const state =
    submit.status === 'loading'
      ? 'Saving…'
      : dirty
        ? 'Not saved yet'
        : visit.note || submit.status === 'done'
          ? 'Saved'
          : '';

  return (
    <Stack
      component="form"
      noValidate
      spacing={1.5}
      onSubmit={(event) => void submit.onSubmit(event)}
      aria-label="Visit note"
    >
      <FormTextField
        control={form.control}
        name="text"
        label="Visit note"
        multiline
        minRows={5}
        fullWidth
        helperText={`Private: only doctors read it. ${text.length.toLocaleString('en-US')} of ${VISIT_NOTE_MAX.toLocaleString('en-US')} characters.`}
      />
      <FormAlert error={submit.error} />
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        <StatusButton type="submit" status={status} doneLabel="Saved">
          Save note
        </StatusButton>
        <Typography role="status" aria-live="polite" variant="body2" color="text.secondary">
          {state}
        </Typography>
      </Stack>
    </Stack>
  );
}
