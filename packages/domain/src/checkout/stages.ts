// Checkout stages as bit flags, per item and per order (SPEC §2, §3 "Stage flags", §4).
// Register has no value in the spec; DESIGN.md gives it the free bit 4.

export const Stage = {
  None: 0,
  Consult: 1,
  Shipping: 2,
  Register: 4,
  Pharmacy: 8,
  Scheduling: 16,
  Payment: 32,
} as const;

export type StageFlag = 1 | 2 | 4 | 8 | 16 | 32;

/** SPEC §2 "Stage order: Consult 1, Shipping 2, Pharmacy 3, Scheduling 4, Register 5, Payment 6." */
export const STAGE_ORDER: readonly StageFlag[] = Object.freeze([
  Stage.Consult,
  Stage.Shipping,
  Stage.Pharmacy,
  Stage.Scheduling,
  Stage.Register,
  Stage.Payment,
]);

export const STAGE_NAMES: Record<StageFlag, string> = {
  1: 'Consult',
  2: 'Shipping',
  4: 'Register',
  8: 'Pharmacy',
  16: 'Scheduling',
  32: 'Payment',
};

/** Every stage flag set, in stage order. */
export const ALL_STAGES_MASK: number = STAGE_ORDER.reduce<number>((mask, s) => mask | s, 0);

export function isStageFlag(value: number): value is StageFlag {
  return (STAGE_ORDER as readonly number[]).includes(value);
}

export function hasStage(mask: number, stage: StageFlag): boolean {
  return (mask & stage) === stage;
}

export function withStage(mask: number, stage: StageFlag): number {
  return mask | stage;
}

export function withoutStage(mask: number, stage: StageFlag): number {
  return mask & ~stage;
}

/** OR of all masks (an order's required stages are the union of its items'). */
export function combineMasks(masks: readonly number[]): number {
  return masks.reduce((acc, m) => acc | m, 0);
}

/** The stages set in `mask`, in stage order. Unknown bits are ignored. */
export function stagesInMask(mask: number): StageFlag[] {
  return STAGE_ORDER.filter((s) => hasStage(mask, s));
}

/**
 * SPEC §4: missing = required and not completed, sorted by the fixed stage order.
 * SPEC §2: with no login token Register is added to the pending stages (whatever the masks say);
 * when logged in Register is never missing, even if the required mask carries it.
 */
export function missingStages(
  required: number,
  completed: number,
  opts: { loggedIn: boolean },
): StageFlag[] {
  let pending = required & ~completed & ~Stage.Register;
  if (!opts.loggedIn) pending |= Stage.Register;
  return stagesInMask(pending);
}

/** The first missing stage (SPEC §4 "the first decides the redirect"), or null. */
export function firstMissingStage(
  required: number,
  completed: number,
  opts: { loggedIn: boolean },
): StageFlag | null {
  return missingStages(required, completed, opts)[0] ?? null;
}

/**
 * Whether `stage` may be completed now: every stage before it in STAGE_ORDER that is required is
 * completed. Register counts only when not logged in, and it precedes only Payment.
 */
export function canCompleteStage(
  required: number,
  completed: number,
  stage: StageFlag,
  opts: { loggedIn: boolean },
): boolean {
  const position = STAGE_ORDER.indexOf(stage);
  return missingStages(required, completed, opts).every(
    (missing) => STAGE_ORDER.indexOf(missing) >= position,
  );
}
