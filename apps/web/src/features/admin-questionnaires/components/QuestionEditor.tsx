// One question in the builder (issue 18): its id, text, help and whether it must be answered, what
// its type takes (answers with their disqualifying message, limits, units, the consent statement…),
// when it is shown, and moving or removing it. Problems the domain's schema finds are shown under it.
import { TEXT_ANSWER_MAX_LENGTH, UPLOADS_PER_QUESTION_MAX } from '@store/domain';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import DeleteIcon from '@mui/icons-material/Delete';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { QUESTION_TYPE_LABELS, type Draft, type DraftQuestion } from '../builderModel';
import { ConditionEditor } from './ConditionEditor';

type Option = {
  value: string;
  label: string;
  disqualifies?: boolean | undefined;
  disqualifyReason?: string | undefined;
  exclusive?: boolean | undefined;
};

/** '' → undefined, else a number (kept as typed when it is not one: the schema says so). */
const numberOrUndefined = (text: string): number | undefined =>
  text.trim() === '' ? undefined : Number(text);

function OptionsEditor({
  options,
  onChange,
  multiple,
  label,
}: {
  options: Option[];
  onChange: (o: Option[]) => void;
  multiple: boolean;
  label: string;
}) {
  const set = (i: number, patch: Partial<Option>) =>
    onChange(options.map((o, j) => (j === i ? { ...o, ...patch } : o)));
  return (
    <Stack spacing={1.5} component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
      <Typography component="legend" variant="subtitle2">
        Answers
      </Typography>
      {options.map((option, i) => {
        const n = i + 1;
        return (
          <Box
            key={i}
            sx={{
              borderLeft: 3,
              borderColor: option.disqualifies ? 'warning.main' : 'divider',
              pl: 1.5,
            }}
          >
            <Stack
              direction={{ xs: 'column', sm: 'row' }}
              spacing={1}
              sx={{ alignItems: { sm: 'center' } }}
            >
              <TextField
                size="small"
                label={`Answer ${n} text`}
                value={option.label}
                onChange={(e) => set(i, { label: e.target.value })}
                sx={{ flex: 2 }}
              />
              <TextField
                size="small"
                label={`Answer ${n} stored value`}
                value={option.value}
                onChange={(e) => set(i, { value: e.target.value })}
                sx={{ flex: 1 }}
              />
              <IconButton
                aria-label={`Move answer ${n} of ${label} up`}
                disabled={i === 0}
                onClick={() => onChange(swap(options, i, i - 1))}
              >
                <ArrowUpwardIcon />
              </IconButton>
              <IconButton
                aria-label={`Move answer ${n} of ${label} down`}
                disabled={i === options.length - 1}
                onClick={() => onChange(swap(options, i, i + 1))}
              >
                <ArrowDownwardIcon />
              </IconButton>
              <IconButton
                aria-label={`Remove answer ${n} of ${label}`}
                onClick={() => onChange(options.filter((_, j) => j !== i))}
              >
                <DeleteIcon />
              </IconButton>
            </Stack>
            <Stack direction="row" spacing={2} sx={{ flexWrap: 'wrap' }}>
              <FormControlLabel
                control={
                  <Checkbox
                    checked={Boolean(option.disqualifies)}
                    onChange={(e) =>
                      set(
                        i,
                        e.target.checked
                          ? { disqualifies: true }
                          : { disqualifies: undefined, disqualifyReason: undefined },
                      )
                    }
                  />
                }
                label={`Answer ${n} disqualifies`}
              />
              {multiple ? (
                <FormControlLabel
                  control={
                    <Checkbox
                      checked={Boolean(option.exclusive)}
                      onChange={(e) => set(i, { exclusive: e.target.checked || undefined })}
                    />
                  }
                  label={`Answer ${n} is "none of these"`}
                />
              ) : null}
            </Stack>
            {option.disqualifies ? (
              <TextField
                size="small"
                fullWidth
                multiline
                label={`Message shown when answer ${n} disqualifies`}
                value={option.disqualifyReason ?? ''}
                onChange={(e) => set(i, { disqualifyReason: e.target.value || undefined })}
              />
            ) : null}
          </Box>
        );
      })}
      <Button
        size="small"
        sx={{ alignSelf: 'flex-start' }}
        onClick={() =>
          onChange([
            ...options,
            { value: `option_${options.length + 1}`, label: `Option ${options.length + 1}` },
          ])
        }
      >
        Add an answer
      </Button>
    </Stack>
  );
}

function swap<T>(list: T[], a: number, b: number): T[] {
  const next = [...list];
  [next[a], next[b]] = [next[b]!, next[a]!];
  return next;
}

export function QuestionEditor({
  draft,
  question,
  number,
  earlier,
  issues,
  onChange,
  onMove,
  onRemove,
  isFirst,
  isLast,
  expanded,
  onToggle,
}: {
  draft: Draft;
  question: DraftQuestion;
  /** "Page 1, question 2" */
  number: string;
  earlier: DraftQuestion[];
  issues: string[];
  onChange: (next: DraftQuestion) => void;
  onMove: (delta: -1 | 1) => void;
  onRemove: () => void;
  isFirst: boolean;
  isLast: boolean;
  /** Only the question being edited shows its fields (a long questionnaire stays quick to work with). */
  expanded: boolean;
  onToggle: () => void;
}) {
  const name = `question ${question.id}`;
  const set = (patch: Record<string, unknown>) =>
    onChange({ ...question, ...patch } as DraftQuestion);
  const headingId = `builder-${question.id}-heading`;
  const q = question;

  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby={headingId}
      sx={{ p: 2 }}
      data-builder-question={question.id}
    >
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 2 }}>
        <Typography id={headingId} variant="h4" sx={{ fontSize: 16, flex: 1 }}>
          {number}: {QUESTION_TYPE_LABELS[q.type]}{' '}
          <Box component="span" sx={{ color: 'text.secondary', fontWeight: 400 }}>
            ({q.id})
          </Box>
        </Typography>
        <Button
          size="small"
          onClick={onToggle}
          aria-expanded={expanded}
          aria-label={`${expanded ? 'Close' : 'Edit'} ${name}`}
        >
          {expanded ? 'Close' : 'Edit'}
        </Button>
        <IconButton aria-label={`Move ${name} up`} disabled={isFirst} onClick={() => onMove(-1)}>
          <ArrowUpwardIcon />
        </IconButton>
        <IconButton aria-label={`Move ${name} down`} disabled={isLast} onClick={() => onMove(1)}>
          <ArrowDownwardIcon />
        </IconButton>
        <IconButton aria-label={`Remove ${name}`} onClick={onRemove}>
          <DeleteIcon />
        </IconButton>
      </Stack>
      {issues.length > 0 ? (
        <Alert severity="error" sx={{ mb: 2 }}>
          {issues.map((m) => (
            <div key={m}>{m}</div>
          ))}
        </Alert>
      ) : null}
      {expanded ? null : (
        <Typography color="text.secondary">
          {q.label}
          {q.showIf ? ' · shown only when earlier answers match' : ''}
        </Typography>
      )}
      {expanded ? (
        <Stack spacing={2}>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
            <TextField
              size="small"
              label="Question id"
              value={q.id}
              onChange={(e) => set({ id: e.target.value })}
              helperText="Used in conditions and the doctor's review."
              sx={{ flex: 1 }}
            />
            <FormControlLabel
              control={
                <Checkbox
                  checked={q.required !== false}
                  onChange={(e) => set({ required: e.target.checked })}
                />
              }
              label="Must be answered"
            />
          </Stack>
          <TextField
            size="small"
            label="Question text"
            value={q.label}
            onChange={(e) => set({ label: e.target.value })}
            multiline
            fullWidth
          />
          <TextField
            size="small"
            label="Help text (optional)"
            value={q.help ?? ''}
            onChange={(e) => set({ help: e.target.value || undefined })}
            multiline
            fullWidth
          />

          {q.type === 'single_choice' || q.type === 'multiple_choice' ? (
            <OptionsEditor
              options={q.options as Option[]}
              onChange={(options) => set({ options })}
              multiple={q.type === 'multiple_choice'}
              label={name}
            />
          ) : null}
          {q.type === 'text' ? (
            <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
              <FormControlLabel
                control={
                  <Checkbox
                    checked={Boolean(q.multiline)}
                    onChange={(e) => set({ multiline: e.target.checked || undefined })}
                  />
                }
                label="Several lines"
              />
              <TextField
                size="small"
                type="number"
                label="Longest answer (characters)"
                value={q.maxLength ?? ''}
                onChange={(e) => set({ maxLength: numberOrUndefined(e.target.value) })}
                slotProps={{ htmlInput: { min: 1, max: TEXT_ANSWER_MAX_LENGTH } }}
              />
            </Stack>
          ) : null}
          {q.type === 'number' ? (
            <Stack
              direction={{ xs: 'column', sm: 'row' }}
              spacing={1}
              sx={{ alignItems: { sm: 'center' } }}
            >
              <TextField
                size="small"
                type="number"
                label="Minimum"
                value={q.min ?? ''}
                onChange={(e) => set({ min: numberOrUndefined(e.target.value) })}
              />
              <TextField
                size="small"
                type="number"
                label="Maximum"
                value={q.max ?? ''}
                onChange={(e) => set({ max: numberOrUndefined(e.target.value) })}
              />
              <TextField
                size="small"
                label="Unit"
                value={q.unit ?? ''}
                onChange={(e) => set({ unit: e.target.value || undefined })}
              />
              <FormControlLabel
                control={
                  <Checkbox
                    checked={Boolean(q.integer)}
                    onChange={(e) => set({ integer: e.target.checked || undefined })}
                  />
                }
                label="Whole numbers"
              />
            </Stack>
          ) : null}
          {q.type === 'date' ? (
            <FormControlLabel
              control={
                <Checkbox
                  checked={Boolean(q.notInFuture)}
                  onChange={(e) => set({ notInFuture: e.target.checked || undefined })}
                />
              }
              label="Not in the future"
            />
          ) : null}
          {q.type === 'yes_no' ? (
            <Stack spacing={1}>
              <TextField
                select
                size="small"
                label="Answer that disqualifies"
                value={q.disqualifiesOn ?? ''}
                onChange={(e) =>
                  set(
                    e.target.value
                      ? { disqualifiesOn: e.target.value }
                      : { disqualifiesOn: undefined, disqualifyReason: undefined },
                  )
                }
                sx={{ maxWidth: 260 }}
              >
                <MenuItem value="">None</MenuItem>
                <MenuItem value="yes">Yes</MenuItem>
                <MenuItem value="no">No</MenuItem>
              </TextField>
              {q.disqualifiesOn ? (
                <TextField
                  size="small"
                  multiline
                  fullWidth
                  label="Message shown when it disqualifies"
                  value={q.disqualifyReason ?? ''}
                  onChange={(e) => set({ disqualifyReason: e.target.value || undefined })}
                />
              ) : null}
            </Stack>
          ) : null}
          {q.type === 'file_upload' ? (
            <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
              <TextField
                size="small"
                type="number"
                label="Most files"
                value={q.maxFiles ?? ''}
                onChange={(e) => set({ maxFiles: numberOrUndefined(e.target.value) })}
                slotProps={{ htmlInput: { min: 1, max: UPLOADS_PER_QUESTION_MAX } }}
              />
              <FormControlLabel
                control={
                  <Checkbox
                    checked={Boolean(q.camera)}
                    onChange={(e) => set({ camera: e.target.checked || undefined })}
                  />
                }
                label="Offer the camera"
              />
            </Stack>
          ) : null}
          {q.type === 'consent' ? (
            <TextField
              size="small"
              multiline
              fullWidth
              label="Statement the patient agrees to"
              value={q.statement}
              onChange={(e) => set({ statement: e.target.value })}
            />
          ) : null}

          <ConditionEditor
            draft={draft}
            earlier={earlier}
            condition={q.showIf as never}
            onChange={(showIf) => set({ showIf })}
            label={name}
          />
          {q.disqualifyIf?.length ? (
            <Typography variant="body2" color="text.secondary">
              {q.disqualifyIf.length} disqualifying rule{q.disqualifyIf.length === 1 ? '' : 's'}{' '}
              over other answers (kept as they are).
            </Typography>
          ) : null}
        </Stack>
      ) : null}
    </Paper>
  );
}
