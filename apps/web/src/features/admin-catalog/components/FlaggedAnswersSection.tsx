// Answers flagged for the doctor (issue 18): on the product's questionnaire (its current version),
// the questions and answers the reviewing doctor must see, each with why. Add and remove (asked first).
import { flaggedAnswerInputSchema, type FlaggedAnswerInput } from '@store/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useId, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { FormAlert } from '@/components/FormAlert';
import { FormTextField } from '@/components/FormTextField';
import { EmptyState, ErrorState, LoadingState } from '@/components/PageState';
import { StatusButton } from '@/components/StatusButton';
import { useFormSubmit } from '@/lib/forms';
import { useFlagMutations, useFlags } from '../api/adminCatalog.api';

export function FlaggedAnswersSection({ storefrontId, productId }: { storefrontId: string; productId: string }) {
  const headingId = useId();
  const answersId = useId();
  const flags = useFlags(storefrontId, productId);
  const { add, remove } = useFlagMutations(storefrontId, productId);
  const [removing, setRemoving] = useState<string | null>(null);
  const form = useForm<FlaggedAnswerInput, unknown, z.output<typeof flaggedAnswerInputSchema>>({
    resolver: zodResolver(flaggedAnswerInputSchema),
    defaultValues: { questionId: '', answers: [], note: '' },
    mode: 'onTouched',
  });
  const submit = useFormSubmit(form, ['questionId', 'answers', 'note'], (v) => add.mutateAsync(v), {
    onSuccess: () => form.reset({ questionId: '', answers: [], note: '' }),
  });
  const questionId = useWatch({ control: form.control, name: 'questionId' });
  // Another question: the answers chosen belonged to the one before.
  useEffect(() => form.setValue('answers', []), [questionId, form]);

  const questionnaire = flags.data?.questionnaire ?? null;
  const question = questionnaire?.questions.find((q) => q.id === questionId);
  const labelOf = (qId: string) => questionnaire?.questions.find((q) => q.id === qId);

  return (
    <Paper component="section" variant="outlined" aria-labelledby={headingId} sx={{ p: { xs: 2, md: 3 } }}>
      <Typography id={headingId} variant="h2" sx={{ fontSize: 20, mb: 1 }}>
        Flagged answers
      </Typography>
      {flags.isPending ? (
        <LoadingState label="Loading the questionnaire…" />
      ) : flags.isError ? (
        <ErrorState error={flags.error} onRetry={() => void flags.refetch()} retrying={flags.isFetching} />
      ) : !questionnaire ? (
        <EmptyState title="No questionnaire" body="Choose a questionnaire for this product (Visit & stages) to flag answers for the doctor." />
      ) : (
        <Stack spacing={2}>
          <Typography color="text.secondary">
            Answers of “{questionnaire.title}” (version {questionnaire.version}) the reviewing doctor must see.
          </Typography>
          {flags.data.flags.length === 0 ? (
            <Typography>No answers flagged yet.</Typography>
          ) : (
            <List dense aria-label="Flagged answers">
              {flags.data.flags.map((f) => {
                const q = labelOf(f.questionId);
                const answers = f.answers.length === 0 ? 'Any answer' : f.answers.map((a) => q?.options?.find((o) => o.value === a)?.label ?? a).join(', ');
                return (
                  <ListItem
                    key={f.id}
                    divider
                    secondaryAction={
                      <Button size="small" color="error" onClick={() => setRemoving(f.id)} aria-label={`Stop flagging ${q?.label ?? f.questionId}: ${answers}`}>
                        Remove
                      </Button>
                    }
                  >
                    <ListItemText primary={`${q?.label ?? f.questionId}: ${answers}`} secondary={f.note} sx={{ pr: 10 }} />
                  </ListItem>
                );
              })}
            </List>
          )}
          {remove.error ? <FormAlert error={remove.error} /> : null}
          <Box component="form" noValidate onSubmit={submit.onSubmit} aria-label="Flag an answer">
            <Stack spacing={2}>
              <Typography variant="h3" sx={{ fontSize: 17 }}>
                Flag an answer
              </Typography>
              <FormTextField control={form.control} name="questionId" label="Question" select>
                {questionnaire.questions.map((q) => (
                  <MenuItem key={q.id} value={q.id}>
                    {q.label}
                  </MenuItem>
                ))}
              </FormTextField>
              {question?.options ? (
                <Controller
                  control={form.control}
                  name="answers"
                  render={({ field, fieldState }) => (
                    <FormControl component="fieldset" error={Boolean(fieldState.error)}>
                      <FormLabel component="legend" id={answersId}>
                        Answers to flag
                      </FormLabel>
                      <FormGroup>
                        {question.options!.map((o) => (
                          <FormControlLabel
                            key={o.value}
                            label={o.label}
                            control={
                              <Checkbox
                                checked={field.value?.includes(o.value) ?? false}
                                onChange={(e) => field.onChange(e.target.checked ? [...(field.value ?? []), o.value] : (field.value ?? []).filter((v) => v !== o.value))}
                              />
                            }
                          />
                        ))}
                      </FormGroup>
                      <FormHelperText>{fieldState.error?.message ?? 'None ticked: any answer is flagged.'}</FormHelperText>
                    </FormControl>
                  )}
                />
              ) : question ? (
                <Typography color="text.secondary">This question has free answers: any answer is flagged.</Typography>
              ) : null}
              <FormTextField control={form.control} name="note" label="Why the doctor should look" multiline minRows={2} />
              <FormAlert error={submit.error} />
              <Box>
                <StatusButton type="submit" status={submit.status} doneLabel="Flagged">
                  Flag
                </StatusButton>
              </Box>
            </Stack>
          </Box>
        </Stack>
      )}
      <ConfirmDialog
        open={removing !== null}
        title="Stop flagging this answer?"
        text="Doctors reviewing new orders will no longer see it marked."
        confirmLabel="Stop flagging"
        onConfirm={() => removing && remove.mutate(removing)}
        onClose={() => setRemoving(null)}
      />
    </Paper>
  );
}
