// SPEC §2 "Progress steps" as a progress bar with the step names: 1 Consult, 2 Shipping, 3 Doctor,
// 4 Payment, 5 Confirmation. Only the steps the order needs are listed; each shows its SPEC §4
// label (completed, Pending, Incomplete) and the step of the current page is marked.
import {
  PROGRESS_STEPS,
  Stage,
  type CheckoutProgressView,
  type ProgressStep,
  type StageFlag,
  type StageStatusLabel,
} from '@store/domain';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import RadioButtonUncheckedIcon from '@mui/icons-material/RadioButtonUnchecked';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { visuallyHidden } from '@/components/visuallyHidden';

/** The checkout stages each progress step covers (SPEC §2 "Progress steps"). */
const STEP_STAGES: Record<1 | 2 | 3 | 4 | 5, readonly StageFlag[]> = {
  1: [Stage.Consult],
  2: [Stage.Shipping, Stage.Pharmacy],
  3: [Stage.Scheduling],
  4: [Stage.Register, Stage.Payment],
  5: [],
};

export interface StepView {
  step: 1 | 2 | 3 | 4 | 5;
  label: string;
  status: StageStatusLabel;
}

/** The steps an order needs, each with the label of its stages: any Pending, else all completed, else Incomplete. */
export function stepsFor(
  progress: Pick<CheckoutProgressView, 'stages' | 'missingStages'> | null,
): StepView[] {
  return PROGRESS_STEPS.flatMap(({ step, label }): StepView[] => {
    if (step === 5) {
      const done = progress !== null && progress.missingStages.length === 0;
      return [{ step, label, status: done ? 'completed' : 'Incomplete' } satisfies StepView];
    }
    const stages = (progress?.stages ?? []).filter((s) => STEP_STAGES[step].includes(s.stage));
    if (progress && stages.length === 0) return [];
    // Register alone (a signed-in patient with nothing else in step 4) is not a step of its own.
    if (step === 4 && stages.every((s) => s.stage === Stage.Register) && progress) return [];
    const status: StageStatusLabel = stages.some((s) => s.label === 'Pending')
      ? 'Pending'
      : stages.length > 0 && stages.every((s) => s.label === 'completed')
        ? 'completed'
        : 'Incomplete';
    return [{ step, label, status } satisfies StepView];
  });
}

/** "Step 2 of 5: " — nothing for a single step (after payment), where "Step 1 of 1" says nothing. */
const stepOf = (position: number, count: number) => (count > 1 ? `Step ${position + 1} of ${count}: ` : '');

export function CheckoutProgressBar({
  progress,
  current,
}: {
  progress: Pick<CheckoutProgressView, 'stages' | 'missingStages'> | null;
  /** The step of the page shown (progressStepForPath). */
  current: ProgressStep;
}) {
  const steps = stepsFor(progress);
  const position = Math.max(
    0,
    steps.findIndex((s) => s.step === current),
  );
  const active = steps[position];
  const value = steps.length > 0 ? ((position + 1) / steps.length) * 100 : 0;
  return (
    <Box component="nav" aria-label="Checkout progress" sx={{ py: 2 }}>
      <LinearProgress
        variant="determinate"
        value={value}
        aria-label="Checkout progress"
        aria-valuetext={
          active ? `${stepOf(position, steps.length)}${active.label}` : undefined
        }
        sx={{ height: 8, borderRadius: 4, mb: 1.5 }}
      />
      {/* Small screens: one line for the step shown; the list stays for screen readers. */}
      {active ? (
        <Typography
          variant="body2"
          aria-hidden="true"
          sx={{ display: { xs: 'block', sm: 'none' } }}
        >
          {stepOf(position, steps.length)}
          <strong>{active.label}</strong> ({active.status})
        </Typography>
      ) : null}
      <Box
        component="ol"
        sx={(theme) => ({
          listStyle: 'none',
          m: 0,
          p: 0,
          display: 'grid',
          gridTemplateColumns: `repeat(${steps.length}, minmax(0, 1fr))`,
          gap: 1,
          [theme.breakpoints.down('sm')]: visuallyHidden,
        })}
      >
        {steps.map((s, index) => {
          const isCurrent = index === position;
          return (
            <Box
              component="li"
              key={s.step}
              aria-current={isCurrent ? 'step' : undefined}
              data-status={s.status}
              sx={{ display: 'flex', alignItems: 'flex-start', gap: 0.75, minWidth: 0 }}
            >
              {s.status === 'completed' ? (
                <CheckCircleIcon fontSize="small" color="primary" aria-hidden="true" />
              ) : (
                <RadioButtonUncheckedIcon
                  fontSize="small"
                  aria-hidden="true"
                  sx={{ color: isCurrent ? 'primary.main' : 'text.secondary' }}
                />
              )}
              <Box sx={{ minWidth: 0 }}>
                <Typography
                  variant="body2"
                  sx={{ fontWeight: isCurrent ? 700 : 400, overflowWrap: 'anywhere' }}
                >
                  {s.label}
                </Typography>
                <Typography variant="caption" component="p" color="text.secondary">
                  {s.status}
                </Typography>
              </Box>
            </Box>
          );
        })}
      </Box>
    </Box>
  );
}
