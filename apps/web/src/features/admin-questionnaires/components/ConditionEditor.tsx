// The show-if editor of one question (issue 18): rows of question + operator + value, combined with
// "all of" or "any of"; only earlier questions can be read, a height-and-weight question is compared
// by its BMI, height or weight, and a choice question offers its own answers as values.
import type { Condition, ConditionField } from '@store/domain';
import { CONDITION_FIELDS } from '@store/domain';
import DeleteIcon from '@mui/icons-material/Delete';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  answerChoices,
  CONDITION_FIELD_LABELS,
  CONDITION_OPS,
  fromEditable,
  toEditable,
  type ConditionOp,
  type ConditionRow,
  type Draft,
  type DraftQuestion,
  type EditableCondition,
} from '../builderModel';

export function ConditionEditor({
  draft,
  earlier,
  condition,
  onChange,
  label,
}: {
  draft: Draft;
  /** The questions this condition may read. */
  earlier: DraftQuestion[];
  condition: Condition | undefined;
  onChange: (next: Condition | undefined) => void;
  /** Names the question, for the controls' accessible names. */
  label: string;
}) {
  const editable = toEditable(condition);
  if (!editable) {
    return (
      <Typography variant="body2" color="text.secondary">
        This question has a nested condition the builder cannot edit; it is kept as it is.
      </Typography>
    );
  }
  const set = (next: EditableCondition) => onChange(fromEditable(next, draft));
  const setRow = (i: number, patch: Partial<ConditionRow>) => set({ ...editable, rows: editable.rows.map((r, j) => (j === i ? { ...r, ...patch } : r)) });
  const first = earlier[0];

  return (
    <Stack spacing={1.5} component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
      <Typography component="legend" variant="subtitle2">
        Show this question only when
      </Typography>
      {editable.rows.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          Always shown.
        </Typography>
      ) : null}
      {editable.rows.length > 1 ? (
        <TextField
          select
          size="small"
          label={`How the conditions of ${label} combine`}
          value={editable.mode}
          onChange={(e) => set({ ...editable, mode: e.target.value as EditableCondition['mode'] })}
          sx={{ maxWidth: 320 }}
        >
          <MenuItem value="allOf">All of these are true</MenuItem>
          <MenuItem value="anyOf">Any of these is true</MenuItem>
        </TextField>
      ) : null}
      {editable.rows.map((row, i) => {
        const target = earlier.find((q) => q.id === row.questionId);
        const choices = answerChoices(target);
        const n = i + 1;
        return (
          <Stack key={i} direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' } }}>
            <TextField
              select
              size="small"
              label={`Condition ${n}: question`}
              value={earlier.some((q) => q.id === row.questionId) ? row.questionId : ''}
              onChange={(e) => {
                const next = earlier.find((q) => q.id === e.target.value);
                const firstChoice = answerChoices(next)?.[0]?.value ?? '';
                setRow(i, {
                  questionId: e.target.value,
                  field: next?.type === 'height_weight' ? 'bmi' : '',
                  op: next?.type === 'height_weight' || next?.type === 'number' ? 'greaterThan' : 'equals',
                  value: firstChoice,
                });
              }}
              sx={{ minWidth: 180 }}
            >
              {earlier.map((q) => (
                <MenuItem key={q.id} value={q.id}>
                  {q.id}
                </MenuItem>
              ))}
            </TextField>
            {target?.type === 'height_weight' ? (
              <TextField
                select
                size="small"
                label={`Condition ${n}: part`}
                value={row.field || 'bmi'}
                onChange={(e) => setRow(i, { field: e.target.value as ConditionField })}
                sx={{ minWidth: 150 }}
              >
                {CONDITION_FIELDS.map((f) => (
                  <MenuItem key={f} value={f}>
                    {CONDITION_FIELD_LABELS[f]}
                  </MenuItem>
                ))}
              </TextField>
            ) : null}
            <TextField
              select
              size="small"
              label={`Condition ${n}: operator`}
              value={row.op}
              onChange={(e) => setRow(i, { op: e.target.value as ConditionOp })}
              sx={{ minWidth: 140 }}
            >
              {CONDITION_OPS.map((o) => (
                <MenuItem key={o.value} value={o.value}>
                  {o.label}
                </MenuItem>
              ))}
            </TextField>
            {choices ? (
              <TextField
                select
                size="small"
                label={`Condition ${n}: answer`}
                value={choices.some((c) => c.value === row.value) ? row.value : ''}
                onChange={(e) => setRow(i, { value: e.target.value })}
                sx={{ minWidth: 160 }}
              >
                {choices.map((c) => (
                  <MenuItem key={c.value} value={c.value}>
                    {c.label}
                  </MenuItem>
                ))}
              </TextField>
            ) : (
              <TextField
                size="small"
                label={`Condition ${n}: value`}
                value={row.value}
                onChange={(e) => setRow(i, { value: e.target.value })}
                sx={{ minWidth: 120 }}
              />
            )}
            <IconButton aria-label={`Remove condition ${n} of ${label}`} onClick={() => set({ ...editable, rows: editable.rows.filter((_, j) => j !== i) })}>
              <DeleteIcon />
            </IconButton>
          </Stack>
        );
      })}
      {first ? (
        <Button
          size="small"
          sx={{ alignSelf: 'flex-start' }}
          onClick={() =>
            set({
              ...editable,
              rows: [
                ...editable.rows,
                {
                  questionId: first.id,
                  field: first.type === 'height_weight' ? 'bmi' : '',
                  op: first.type === 'height_weight' || first.type === 'number' ? 'greaterThan' : 'equals',
                  value: answerChoices(first)?.[0]?.value ?? '',
                },
              ],
            })
          }
        >
          Add a condition
        </Button>
      ) : (
        <Typography variant="body2" color="text.secondary">
          The first question is always shown.
        </Typography>
      )}
    </Stack>
  );
}
