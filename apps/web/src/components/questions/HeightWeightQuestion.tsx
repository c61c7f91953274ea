// Height (feet and inches) and weight (pounds), with the BMI worked out as the patient types —
// unless the storefront hides it (SPEC §3 applicationSettings.HideBMI). The answer is
// { heightInches, weightPounds }; the BMI itself is always computed again where it is used.
import { bmi, HEIGHT_INCHES_RANGE, WEIGHT_POUNDS_RANGE, type QuestionOf } from '@store/domain';
import FormHelperText from '@mui/material/FormHelperText';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import type { QuestionInputProps } from './BasicQuestions';
import { QuestionFrame, questionIds } from './fields';

export interface HeightWeightProps extends Omit<QuestionInputProps<QuestionOf<'height_weight'>>, 'error'> {
  heightError: string | undefined;
  weightError: string | undefined;
  hideBmi: boolean;
}

const num = (text: string): number | undefined => {
  const t = text.trim();
  if (t === '') return undefined;
  const n = Number(t);
  return Number.isFinite(n) ? n : Number.NaN;
};

function initial(value: unknown) {
  const v = (typeof value === 'object' && value !== null ? value : {}) as { heightInches?: unknown; weightPounds?: unknown };
  const h = typeof v.heightInches === 'number' ? v.heightInches : undefined;
  const w = typeof v.weightPounds === 'number' ? v.weightPounds : undefined;
  return {
    feet: h === undefined ? '' : String(Math.floor(h / 12)),
    inches: h === undefined ? '' : String(Math.round((h % 12) * 10) / 10),
    pounds: w === undefined ? '' : String(w),
  };
}

export function HeightWeightQuestion({ question, value, onChange, heightError, weightError, hideBmi }: HeightWeightProps) {
  const ids = questionIds(question);
  const [fields, setFields] = useState(() => initial(value));

  const update = (next: typeof fields) => {
    setFields(next);
    const feet = num(next.feet);
    const inches = num(next.inches) ?? (feet !== undefined ? 0 : undefined);
    const pounds = num(next.pounds);
    const heightInches =
      feet === undefined && inches === undefined ? undefined : (feet ?? 0) * 12 + (inches ?? 0);
    const clean = (n: number | undefined) => (n === undefined || Number.isNaN(n) ? undefined : n);
    if (heightInches === undefined && pounds === undefined) return onChange(undefined);
    onChange({ heightInches: clean(heightInches), weightPounds: clean(pounds) });
  };

  const v = (typeof value === 'object' && value !== null ? value : {}) as { heightInches?: unknown; weightPounds?: unknown };
  const h = typeof v.heightInches === 'number' ? v.heightInches : Number.NaN;
  const w = typeof v.weightPounds === 'number' ? v.weightPounds : Number.NaN;
  const inRange =
    h >= HEIGHT_INCHES_RANGE.min && h <= HEIGHT_INCHES_RANGE.max && w >= WEIGHT_POUNDS_RANGE.min && w <= WEIGHT_POUNDS_RANGE.max;
  const bmiValue = inRange ? bmi(h, w) : null;
  const heightErrorId = `${ids.error}-height`;
  const weightErrorId = `${ids.error}-weight`;
  const help = question.help ? ids.help : undefined;
  const describe = (...parts: (string | undefined)[]) => parts.filter(Boolean).join(' ') || undefined;

  return (
    <QuestionFrame question={question} error={undefined} kind="group">
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'flex-start' } }}>
        <Stack direction="row" spacing={1}>
          <TextField
            id={ids.input}
            label="Height (feet)"
            value={fields.feet}
            onChange={(event) => update({ ...fields, feet: event.target.value })}
            error={Boolean(heightError)}
            sx={{ width: 130 }}
            slotProps={{ htmlInput: { inputMode: 'numeric', 'aria-describedby': describe(help, heightError ? heightErrorId : undefined) } }}
          />
          <TextField
            id={`${ids.root}-inches`}
            label="Inches"
            value={fields.inches}
            onChange={(event) => update({ ...fields, inches: event.target.value })}
            error={Boolean(heightError)}
            sx={{ width: 110 }}
            slotProps={{ htmlInput: { inputMode: 'decimal', 'aria-describedby': describe(help, heightError ? heightErrorId : undefined) } }}
          />
        </Stack>
        <TextField
          id={`${ids.root}-pounds`}
          label="Weight (pounds)"
          value={fields.pounds}
          onChange={(event) => update({ ...fields, pounds: event.target.value })}
          error={Boolean(weightError)}
          sx={{ width: 170 }}
          slotProps={{ htmlInput: { inputMode: 'decimal', 'aria-describedby': describe(help, weightError ? weightErrorId : undefined) } }}
        />
      </Stack>
      {heightError ? (
        <FormHelperText id={heightErrorId} error sx={{ mx: 0 }}>
          {heightError}
        </FormHelperText>
      ) : null}
      {weightError ? (
        <FormHelperText id={weightErrorId} error sx={{ mx: 0 }}>
          {weightError}
        </FormHelperText>
      ) : null}
      {hideBmi ? null : (
        <Typography aria-live="polite" data-testid="bmi" sx={{ mt: 1 }}>
          {bmiValue === null ? '' : `Your BMI: ${bmiValue.toFixed(1)}`}
        </Typography>
      )}
    </QuestionFrame>
  );
}
