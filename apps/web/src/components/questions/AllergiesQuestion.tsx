// Allergies: "No known allergies", or a list the patient types one entry at a time.
import type { AllergiesAnswer, QuestionOf } from '@store/domain';
import { LIST_ITEM_MAX_LENGTH } from '@store/domain';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import type { QuestionInputProps } from './BasicQuestions';
import { describedBy, QuestionFrame, questionIds, RemovableItem } from './fields';

export const NO_KNOWN_ALLERGIES = 'No known allergies';

function readAnswer(value: unknown): AllergiesAnswer {
  const v = (typeof value === 'object' && value !== null ? value : {}) as Partial<AllergiesAnswer>;
  return { none: v.none === true, items: Array.isArray(v.items) ? v.items : [] };
}

export function AllergiesQuestion({ question, value, onChange, error }: QuestionInputProps<QuestionOf<'allergies'>>) {
  const ids = questionIds(question);
  const answer = readAnswer(value);
  const [text, setText] = useState('');
  const set = (next: AllergiesAnswer) => onChange(next.none || next.items.length > 0 ? next : undefined);
  const add = () => {
    const name = text.trim();
    if (name === '') return;
    if (!answer.items.some((i) => i.toLowerCase() === name.toLowerCase())) set({ none: false, items: [...answer.items, name] });
    setText('');
  };
  return (
    <QuestionFrame question={question} error={error} kind="group">
      <FormControlLabel
        control={
          <Checkbox
            checked={answer.none}
            onChange={(event) => set({ none: event.target.checked, items: [] })}
            slotProps={{ input: { 'aria-describedby': describedBy(ids, question, error) } as object }}
          />
        }
        label={NO_KNOWN_ALLERGIES}
      />
      {answer.none ? null : (
        <Stack spacing={1.5}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
            <TextField
              id={ids.input}
              label="Allergy"
              value={text}
              onChange={(event) => setText(event.target.value)}
              onKeyDown={(event) => {
                if (event.key === 'Enter') {
                  event.preventDefault();
                  add();
                }
              }}
              sx={{ maxWidth: 360, flex: 1 }}
              slotProps={{ htmlInput: { maxLength: LIST_ITEM_MAX_LENGTH, 'aria-describedby': describedBy(ids, question, error) } }}
            />
            <Button variant="outlined" onClick={add} disabled={text.trim() === ''} sx={{ minHeight: 56 }}>
              Add
            </Button>
          </Stack>
          {answer.items.length > 0 ? (
            <Box component="ul" aria-label="Your allergies" sx={{ listStyle: 'none', p: 0, m: 0, display: 'flex', flexWrap: 'wrap', gap: 1 }}>
              {answer.items.map((item) => (
                <li key={item}>
                  <RemovableItem label={item} removeLabel={`Remove ${item}`} onRemove={() => set({ none: false, items: answer.items.filter((i) => i !== item) })} />
                </li>
              ))}
            </Box>
          ) : null}
        </Stack>
      )}
    </QuestionFrame>
  );
}
