// Single and multiple choice, yes/no, text, number, date and consent questions. Groups are
// fieldsets with a legend (radio groups, checkboxes); single inputs have a label; each input is
// described by the question's help text and error message.
import type { QuestionOf } from '@store/domain';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { describedBy, QuestionFrame, questionIds } from './fields';

export interface QuestionInputProps<Q> {
  question: Q;
  value: unknown;
  onChange: (value: unknown) => void;
  error: string | undefined;
}

export function SingleChoiceQuestion({ question, value, onChange, error }: QuestionInputProps<QuestionOf<'single_choice'>>) {
  const ids = questionIds(question);
  return (
    <QuestionFrame question={question} error={error} kind="group">
      <RadioGroup
        name={question.id}
        value={typeof value === 'string' ? value : ''}
        onChange={(event) => onChange(event.target.value)}
        aria-labelledby={ids.label}
        aria-describedby={describedBy(ids, question, error)}
      >
        {question.options.map((option, i) => (
          <FormControlLabel
            key={option.value}
            value={option.value}
            control={<Radio slotProps={{ input: { id: i === 0 ? ids.input : undefined, 'aria-invalid': Boolean(error) || undefined } as object }} />}
            label={option.label}
          />
        ))}
      </RadioGroup>
    </QuestionFrame>
  );
}

export function YesNoQuestion({ question, value, onChange, error }: QuestionInputProps<QuestionOf<'yes_no'>>) {
  const ids = questionIds(question);
  return (
    <QuestionFrame question={question} error={error} kind="group">
      <RadioGroup
        row
        name={question.id}
        value={value === 'yes' || value === 'no' ? value : ''}
        onChange={(event) => onChange(event.target.value)}
        aria-labelledby={ids.label}
        aria-describedby={describedBy(ids, question, error)}
      >
        <FormControlLabel value="yes" control={<Radio slotProps={{ input: { id: ids.input } as object }} />} label="Yes" />
        <FormControlLabel value="no" control={<Radio />} label="No" />
      </RadioGroup>
    </QuestionFrame>
  );
}

export function MultipleChoiceQuestion({ question, value, onChange, error }: QuestionInputProps<QuestionOf<'multiple_choice'>>) {
  const ids = questionIds(question);
  const chosen = Array.isArray(value) ? (value as string[]) : [];
  const toggle = (optionValue: string, checked: boolean) => {
    const option = question.options.find((o) => o.value === optionValue);
    if (!checked) return onChange(chosen.filter((v) => v !== optionValue));
    // "None of these" clears the others, and any other answer clears "None of these".
    if (option?.exclusive) return onChange([optionValue]);
    const exclusive = new Set(question.options.filter((o) => o.exclusive).map((o) => o.value));
    onChange([...chosen.filter((v) => !exclusive.has(v)), optionValue]);
  };
  return (
    <QuestionFrame question={question} error={error} kind="group">
      <FormGroup aria-describedby={describedBy(ids, question, error)}>
        {question.options.map((option, i) => (
          <FormControlLabel
            key={option.value}
            control={
              <Checkbox
                name={question.id}
                value={option.value}
                checked={chosen.includes(option.value)}
                onChange={(event) => toggle(option.value, event.target.checked)}
                slotProps={{ input: { id: i === 0 ? ids.input : undefined } as object }}
              />
            }
            label={option.label}
          />
        ))}
      </FormGroup>
    </QuestionFrame>
  );
}

export function TextQuestion({ question, value, onChange, error }: QuestionInputProps<QuestionOf<'text'>>) {
  const ids = questionIds(question);
  const text = typeof value === 'string' ? value : '';
  return (
    <QuestionFrame question={question} error={error} kind="single">
      <TextField
        id={ids.input}
        name={question.id}
        value={text}
        onChange={(event) => onChange(event.target.value)}
        multiline={question.multiline ?? false}
        minRows={question.multiline ? 3 : undefined}
        error={Boolean(error)}
        fullWidth
        slotProps={{
          htmlInput: {
            'aria-describedby': describedBy(ids, question, error),
            'aria-required': question.required || undefined,
            maxLength: question.maxLength + 100,
          },
        }}
      />
      {question.maxLength <= 2000 && text.length > question.maxLength * 0.8 ? (
        <Typography variant="caption" color="text.secondary">
          {text.length} of {question.maxLength} characters
        </Typography>
      ) : null}
    </QuestionFrame>
  );
}

/** Numbers are typed as text so "1." and "" can be on the way to a number; the answer is a number or the text as typed. */
export function NumberQuestion({ question, value, onChange, error }: QuestionInputProps<QuestionOf<'number'>>) {
  const ids = questionIds(question);
  const [raw, setRaw] = useState(value === undefined || value === null ? '' : String(value));
  useEffect(() => {
    // Follow a value changed from outside (a resumed answer), but not one we are typing.
    if (typeof value === 'number' && Number(raw.trim()) !== value) setRaw(String(value));
    if (value === undefined && raw.trim() !== '' && Number.isFinite(Number(raw.trim()))) setRaw('');
  }, [value]);
  return (
    <QuestionFrame question={question} error={error} kind="single">
      <TextField
        id={ids.input}
        name={question.id}
        value={raw}
        onChange={(event) => {
          const text = event.target.value;
          setRaw(text);
          const trimmed = text.trim();
          onChange(trimmed === '' ? undefined : Number.isFinite(Number(trimmed)) ? Number(trimmed) : trimmed);
        }}
        error={Boolean(error)}
        sx={{ maxWidth: 240 }}
        slotProps={{
          htmlInput: {
            inputMode: question.integer ? 'numeric' : 'decimal',
            'aria-describedby': describedBy(ids, question, error),
            'aria-required': question.required || undefined,
          },
          input: question.unit ? { endAdornment: <Typography color="text.secondary">{question.unit}</Typography> } : {},
        }}
      />
    </QuestionFrame>
  );
}

export function DateQuestion({ question, value, onChange, error }: QuestionInputProps<QuestionOf<'date'>>) {
  const ids = questionIds(question);
  return (
    <QuestionFrame question={question} error={error} kind="single">
      <TextField
        id={ids.input}
        name={question.id}
        type="date"
        value={typeof value === 'string' ? value : ''}
        onChange={(event) => onChange(event.target.value === '' ? undefined : event.target.value)}
        error={Boolean(error)}
        sx={{ maxWidth: 240 }}
        slotProps={{
          htmlInput: { 'aria-describedby': describedBy(ids, question, error), 'aria-required': question.required || undefined },
        }}
      />
    </QuestionFrame>
  );
}

export function ConsentQuestion({ question, value, onChange, error }: QuestionInputProps<QuestionOf<'consent'>>) {
  const ids = questionIds(question);
  return (
    <QuestionFrame question={question} error={error} kind="group">
      <FormControlLabel
        sx={{ alignItems: 'flex-start' }}
        control={
          <Checkbox
            name={question.id}
            checked={value === true}
            onChange={(event) => onChange(event.target.checked ? true : undefined)}
            sx={{ mt: -0.75 }}
            slotProps={{
              input: {
                id: ids.input,
                'aria-describedby': describedBy(ids, question, error),
                'aria-invalid': Boolean(error) || undefined,
              } as object,
            }}
          />
        }
        label={question.statement}
      />
    </QuestionFrame>
  );
}
