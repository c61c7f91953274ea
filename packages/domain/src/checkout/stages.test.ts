import { describe, expect, it } from 'vitest';
import {
  ALL_STAGES_MASK,
  Stage,
  STAGE_NAMES,
  STAGE_ORDER,
  canCompleteStage,
  combineMasks,
  firstMissingStage,
  hasStage,
  missingStages,
  stagesInMask,
  withStage,
  withoutStage,
  type StageFlag,
} from './stages.ts';

const { Consult, Shipping, Register, Pharmacy, Scheduling, Payment } = Stage;

describe('stage flags', () => {
  it('uses the spec values and 4 for Register', () => {
    // SPEC §3 "Stage flags: None 0, Consult 1, Shipping 2, Pharmacy 8, Scheduling 16, Payment 32"; DESIGN.md Register 4
    expect(Stage).toEqual({
      None: 0,
      Consult: 1,
      Shipping: 2,
      Register: 4,
      Pharmacy: 8,
      Scheduling: 16,
      Payment: 32,
    });
    expect(ALL_STAGES_MASK).toBe(63);
  });

  it('orders stages Consult, Shipping, Pharmacy, Scheduling, Register, Payment', () => {
    // SPEC §2 "Stage order: Consult 1, Shipping 2, Pharmacy 3, Scheduling 4, Register 5, Payment 6"
    expect(STAGE_ORDER).toEqual([1, 2, 8, 16, 4, 32]);
    expect(STAGE_ORDER.map((s) => STAGE_NAMES[s])).toEqual([
      'Consult',
      'Shipping',
      'Pharmacy',
      'Scheduling',
      'Register',
      'Payment',
    ]);
  });
});

describe('mask helpers', () => {
  // SPEC §4 "pending or completed per item and per order (bit flags)"
  it.each<[string, number, StageFlag, boolean]>([
    ['set bit', Consult | Payment, Payment, true],
    ['unset bit', Consult | Payment, Shipping, false],
    ['empty mask', 0, Consult, false],
    ['full mask', 63, Register, true],
  ])('hasStage: %s', (_name, mask, stage, expected) => {
    // SPEC §4 stages are bit flags in a mask
    expect(hasStage(mask, stage)).toBe(expected);
  });

  it.each<[number, StageFlag, number]>([
    [0, Consult, 1],
    [1, Consult, 1],
    [1, Payment, 33],
    [10, Register, 14],
  ])('withStage(%i, %i) = %i', (mask, stage, expected) => {
    // SPEC §4 completing a stage sets its bit
    expect(withStage(mask, stage)).toBe(expected);
  });

  it.each<[number, StageFlag, number]>([
    [33, Payment, 1],
    [1, Shipping, 1],
  ])('withoutStage(%i, %i) = %i', (mask, stage, expected) => {
    // SPEC §4 a stage bit can be cleared (reopened)
    expect(withoutStage(mask, stage)).toBe(expected);
  });

  it.each<[number[], number]>([
    [[], 0],
    [[1], 1],
    [[1, 2], 3],
    [[1 | 32, 2 | 32, 8], 43],
  ])('combineMasks(%j) = %i', (masks, expected) => {
    // SPEC §4 per item and per order: the order's mask is the OR of the items'
    expect(combineMasks(masks)).toBe(expected);
  });

  it('stagesInMask lists stages in stage order and ignores unknown bits', () => {
    // SPEC §4 "sorted by the fixed stage order"
    expect(stagesInMask(Payment | Register | Consult | 64)).toEqual([Consult, Register, Payment]);
  });
});

describe('missingStages', () => {
  it.each<[string, number, number, boolean, StageFlag[]]>([
    // SPEC §4 "Missing steps are those set in the required mask but not in the completed mask"
    ['nothing required, logged in', 0, 0, true, []],
    // SPEC §2 "If the user has no login token, Register is added to the pending stages"
    ['nothing required, guest', 0, 0, false, [Register]],
    // SPEC §4 sorted by the fixed stage order (Pharmacy 8 before Scheduling 16 before Payment 32)
    ['all required, logged in', 63, 0, true, [Consult, Shipping, Pharmacy, Scheduling, Payment]],
    // SPEC §2 stage order puts Register after Scheduling and before Payment
    [
      'all required, guest',
      Consult | Shipping | Pharmacy | Scheduling | Payment,
      0,
      false,
      [Consult, Shipping, Pharmacy, Scheduling, Register, Payment],
    ],
    // SPEC §4 completed stages are not missing
    ['partly completed', 1 | 2 | 8 | 32, 1 | 2, true, [Pharmacy, Payment]],
    // SPEC §4 completed bits that were never required change nothing
    ['extra completed bits', Consult, Consult | Payment, true, []],
    // SPEC §2 Register comes from the login token only: logged in, a required Register is ignored
    ['Register required but logged in', Register | Payment, 0, true, [Payment]],
    // SPEC §2 no login token: Register is pending even if the completed mask has it
    ['Register completed but guest', Payment, Register, false, [Register, Payment]],
    // SPEC §4 Scheduling (16) sorts after Pharmacy (8) though Consult is done
    [
      'order, not bit value',
      Scheduling | Pharmacy | Consult,
      Consult,
      true,
      [Pharmacy, Scheduling],
    ],
  ])('%s', (_name, required, completed, loggedIn, expected) => {
    // SPEC §4 missing = required & ~completed sorted by stage order; SPEC §2 Register when no token
    expect(missingStages(required, completed, { loggedIn })).toEqual(expected);
  });

  it.each<[number, number, boolean, StageFlag | null]>([
    [63, 0, true, Consult],
    [Payment | Shipping, Shipping, false, Register],
    [Payment, 0, true, Payment],
    [Payment, Payment, true, null],
  ])('firstMissingStage(%i, %i, loggedIn %s) = %s', (required, completed, loggedIn, expected) => {
    // SPEC §4 "the first decides the redirect"
    expect(firstMissingStage(required, completed, { loggedIn })).toBe(expected);
  });
});

describe('canCompleteStage', () => {
  const required = Consult | Shipping | Pharmacy | Scheduling | Payment;
  it.each<[string, number, number, StageFlag, boolean, boolean]>([
    // SPEC §2 first pending stage: Consult has nothing before it
    ['Consult first', required, 0, Consult, true, true],
    // SPEC §2 stage order: Shipping needs Consult first
    ['Shipping before Consult', required, 0, Shipping, true, false],
    ['Shipping after Consult', required, Consult, Shipping, true, true],
    // SPEC §2 stage order: Pharmacy needs Consult and Shipping
    ['Pharmacy with Shipping missing', required, Consult, Pharmacy, true, false],
    ['Pharmacy after Shipping', required, Consult | Shipping, Pharmacy, true, true],
    // SPEC §4 only required stages count: Shipping not required does not block Scheduling
    ['unrequired earlier stage', Consult | Scheduling, Consult, Scheduling, true, true],
    // SPEC §2 Register precedes Payment: a guest cannot complete Payment
    [
      'Payment as guest',
      required,
      Consult | Shipping | Pharmacy | Scheduling,
      Payment,
      false,
      false,
    ],
    // SPEC §2 Register is not pending when logged in
    [
      'Payment logged in',
      required,
      Consult | Shipping | Pharmacy | Scheduling,
      Payment,
      true,
      true,
    ],
    // SPEC §2 Register only precedes Payment: a guest may complete Scheduling
    ['Scheduling as guest', required, Consult | Shipping | Pharmacy, Scheduling, false, true],
    // SPEC §2 Register itself needs the stages before it
    [
      'Register with Scheduling missing',
      required,
      Consult | Shipping | Pharmacy,
      Register,
      false,
      false,
    ],
    [
      'Register after Scheduling',
      required,
      Consult | Shipping | Pharmacy | Scheduling,
      Register,
      false,
      true,
    ],
    // SPEC §4 completing an already completed stage again is allowed when earlier ones are done
    ['repeat Consult', required, Consult, Consult, true, true],
    // SPEC §2 Payment with Consult missing is refused
    [
      'Payment with Consult missing',
      required,
      Shipping | Pharmacy | Scheduling,
      Payment,
      true,
      false,
    ],
  ])('%s', (_name, req, completed, stage, loggedIn, expected) => {
    // SPEC §2 stage order; server refuses a stage whose earlier required stages are missing
    expect(canCompleteStage(req, completed, stage, { loggedIn })).toBe(expected);
  });
});
