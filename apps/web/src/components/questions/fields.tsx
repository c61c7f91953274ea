// Building blocks shared by the question inputs: ids that tie a question's label, help text and
// error message together (aria-describedby), and the fieldset/legend frame of grouped questions.
import type { Question } from '@store/domain';
import CloseIcon from '@mui/icons-material/Close';
import Chip from '@mui/material/Chip';
import FormControl from '@mui/material/FormControl';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import type { ReactNode } from 'react';

export interface QuestionIds {
  /** The question's frame (fieldset or control). */
  root: string;
  /** The legend or label. */
  label: string;
  /** The first input, focused when the page has an error here. */
  input: string;
  help: string;
  error: string;
}

export function questionIds(question: Pick<Question, 'id'>): QuestionIds {
  const root = `question-${question.id}`;
  return { root, label: `${root}-label`, input: `${root}-input`, help: `${root}-help`, error: `${root}-error` };
}

/** The ids an input is described by: its help text and, when shown, its error. */
export function describedBy(ids: QuestionIds, question: Pick<Question, 'help'>, error: string | undefined): string | undefined {
  const parts = [question.help ? ids.help : null, error ? ids.error : null].filter(Boolean);
  return parts.length > 0 ? parts.join(' ') : undefined;
}

export interface QuestionFrameProps {
  question: Question;
  error: string | undefined;
  /** fieldset + legend for groups of inputs (radios, checkboxes, several fields); label for one input. */
  kind: 'group' | 'single';
  children: ReactNode;
}

export function QuestionFrame({ question, error, kind, children }: QuestionFrameProps) {
  const ids = questionIds(question);
  const label = question.required ? question.label : `${question.label} (optional)`;
  return (
    <FormControl
      id={ids.root}
      data-question={question.id}
      component={kind === 'group' ? 'fieldset' : 'div'}
      error={Boolean(error)}
      fullWidth
      aria-describedby={kind === 'group' ? describedBy(ids, question, error) : undefined}
      sx={{ gap: 1 }}
    >
      {kind === 'group' ? (
        <FormLabel id={ids.label} component="legend" sx={{ color: 'text.primary', fontWeight: 600, mb: 0.5 }}>
          {label}
        </FormLabel>
      ) : (
        <FormLabel id={ids.label} htmlFor={ids.input} sx={{ color: 'text.primary', fontWeight: 600 }}>
          {label}
        </FormLabel>
      )}
      {question.help ? (
        <FormHelperText id={ids.help} sx={{ mx: 0, mt: 0 }} error={false}>
          {question.help}
        </FormHelperText>
      ) : null}
      {children}
      {error ? (
        <FormHelperText id={ids.error} sx={{ mx: 0 }}>
          {error}
        </FormHelperText>
      ) : null}
    </FormControl>
  );
}

/** A chosen entry (a medication, an allergy, a file) with a keyboard-reachable remove button. */
export function RemovableItem({ label, removeLabel, onRemove }: { label: ReactNode; removeLabel: string; onRemove: () => void }) {
  return (
    <Stack direction="row" sx={{ alignItems: 'center' }}>
      <Chip label={label} />
      <IconButton size="small" aria-label={removeLabel} onClick={onRemove}>
        <CloseIcon fontSize="small" />
      </IconButton>
    </Stack>
  );
}
