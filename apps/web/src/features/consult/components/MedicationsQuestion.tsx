// Current medications (issue 8 "Medication search"): search the shipped list from 2 characters
// (SPEC §5), pick a name, or — when nothing matches — "NO MATCH FOUND" and "Save as Manual Entry?"
// (SPEC §8). "I'm not taking any medication" and "NONE" (SPEC §9) both answer "none".
import {
  MEDICATION_NONE_OPTIONS,
  MEDICATION_SEARCH_MIN_LENGTH,
  MESSAGES,
  type MedicationEntry,
  type MedicationsAnswer,
  type QuestionOf,
} from '@store/domain';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { errorText } from '@/components/PageState';
import { useDebouncedValue, useMedicationSearch } from '../api/consult.api';
import type { QuestionInputProps } from '@/components/questions/BasicQuestions';
import { describedBy, QuestionFrame, questionIds, RemovableItem } from '@/components/questions/fields';

const [NOT_TAKING, NONE] = MEDICATION_NONE_OPTIONS;

function readAnswer(value: unknown): MedicationsAnswer {
  const v = (typeof value === 'object' && value !== null ? value : {}) as Partial<MedicationsAnswer>;
  return { none: v.none === true, items: Array.isArray(v.items) ? v.items : [] };
}

export function MedicationsQuestion({
  question,
  value,
  onChange,
  error,
  debounceMs = 250,
}: QuestionInputProps<QuestionOf<'medications'>> & { debounceMs?: number }) {
  const ids = questionIds(question);
  const resultsId = useId();
  const hintId = useId();
  const answer = readAnswer(value);
  const [query, setQuery] = useState('');
  const settled = useDebouncedValue(query, debounceMs);
  const search = useMedicationSearch(settled);
  const trimmed = query.trim();
  const ready = trimmed.length >= MEDICATION_SEARCH_MIN_LENGTH && settled.trim() === trimmed;

  const set = (next: MedicationsAnswer) => onChange(next.none || next.items.length > 0 ? next : undefined);
  const add = (entry: MedicationEntry) => {
    if (!answer.items.some((i) => i.name.toLowerCase() === entry.name.toLowerCase())) {
      set({ none: false, items: [...answer.items, entry] });
    }
    setQuery('');
  };
  const chooseNone = () => {
    set({ none: true, items: [] });
    setQuery('');
  };

  let results: React.ReactNode = null;
  if (ready && search.isPending) {
    results = (
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }} role="status">
        <CircularProgress size={18} aria-hidden="true" />
        <Typography>Searching…</Typography>
      </Stack>
    );
  } else if (ready && search.isError) {
    results = (
      <Box role="alert">
        <Typography color="error">{errorText(search.error)}</Typography>
        <Button size="small" onClick={() => void search.refetch()}>
          Retry
        </Button>
      </Box>
    );
  } else if (ready && search.data) {
    const matches = search.data.results;
    results = (
      <Stack spacing={1}>
        {matches.length === 0 ? (
          <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
            {/* SPEC §8 "No matching medication: NO MATCH FOUND; offer Save as Manual Entry?" */}
            <Typography sx={{ fontWeight: 700 }}>{MESSAGES.MEDICATION_NO_MATCH}</Typography>
            <Button variant="outlined" onClick={() => add({ name: trimmed, manual: true })}>
              {MESSAGES.MEDICATION_SAVE_MANUAL}
            </Button>
            <Typography variant="body2" color="text.secondary">
              “{trimmed}” will be saved as you typed it.
            </Typography>
          </Stack>
        ) : (
          <Typography variant="body2" color="text.secondary">
            {matches.length === 1 ? '1 medication found' : `${matches.length} medications found`}
          </Typography>
        )}
        <Box
          component="ul"
          aria-label="Search results"
          sx={{ listStyle: 'none', p: 0, m: 0, maxWidth: 420, maxHeight: 320, overflowY: 'auto', border: 1, borderColor: 'divider', borderRadius: 1 }}
        >
          {[{ name: NONE, kind: 'none' as const, generic: null }, ...matches].map((match) => (
            <Box component="li" key={match.name} sx={{ '& + &': { borderTop: 1, borderColor: 'divider' } }}>
              <Button
                fullWidth
                variant="text"
                onClick={() => (match.kind === 'none' ? chooseNone() : add({ name: match.name, manual: false }))}
                sx={{ justifyContent: 'flex-start', textTransform: 'none', fontWeight: match.kind === 'none' ? 700 : 400, px: 2, borderRadius: 0 }}
              >
                {match.name}
                {match.generic ? ` (${match.generic})` : ''}
              </Button>
            </Box>
          ))}
        </Box>
      </Stack>
    );
  }

  return (
    <QuestionFrame question={question} error={error} kind="group">
      <FormControlLabel
        control={
          <Checkbox
            checked={answer.none}
            onChange={(event) => (event.target.checked ? chooseNone() : set({ none: false, items: [] }))}
            slotProps={{ input: { 'aria-describedby': describedBy(ids, question, error) } as object }}
          />
        }
        label={NOT_TAKING}
      />
      {answer.none ? null : (
        <Stack spacing={1.5}>
          <TextField
            id={ids.input}
            label="Search medications"
            value={query}
            onChange={(event) => setQuery(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter') event.preventDefault();
            }}
            autoComplete="off"
            sx={{ maxWidth: 420 }}
            slotProps={{
              htmlInput: {
                'aria-describedby': [hintId, describedBy(ids, question, error)].filter(Boolean).join(' '),
                'aria-controls': resultsId,
              },
            }}
          />
          <Typography id={hintId} variant="body2" color={trimmed.length === 1 ? 'error' : 'text.secondary'}>
            {trimmed.length === 1 ? MESSAGES.MEDICATION_SEARCH_MIN : 'Type at least 2 letters of the name, then choose it from the list.'}
          </Typography>
          <Box id={resultsId} aria-live="polite">
            {results}
          </Box>
          {answer.items.length > 0 ? (
            <Box>
              <Typography variant="body2" sx={{ fontWeight: 600, mb: 0.5 }}>
                Your medications
              </Typography>
              <Box component="ul" aria-label="Your medications" sx={{ listStyle: 'none', p: 0, m: 0, display: 'flex', flexWrap: 'wrap', gap: 1 }}>
                {answer.items.map((item) => (
                  <li key={item.name}>
                    <RemovableItem
                      label={item.manual ? `${item.name} (manual entry)` : item.name}
                      removeLabel={`Remove ${item.name}`}
                      onRemove={() => set({ none: false, items: answer.items.filter((i) => i !== item) })}
                    />
                  </li>
                ))}
              </Box>
            </Box>
          ) : null}
        </Stack>
      )}
    </QuestionFrame>
  );
}
