import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../messages.ts';
import { US_STATE_CODES } from '../validation/address.ts';
import { needsPatientState, orderStateProblem, stateUnavailableMessage, statesNotServed } from './patient-state.ts';
import { Stage } from './stages.ts';

const except = (...codes: string[]) => US_STATE_CODES.filter((s) => !codes.includes(s));
const labPanel = { title: 'Comprehensive Wellness Lab Panel', requiredStages: Stage.Payment, availableIn: except('NY', 'NJ', 'RI') };
const visit = { title: 'Online Doctor Visit', requiredStages: Stage.Consult | Stage.Scheduling | Stage.Payment, availableIn: US_STATE_CODES };
const vitamins = { title: 'Vitamin D3', requiredStages: Stage.Shipping | Stage.Payment, availableIn: US_STATE_CODES };
const a1cKit = { title: 'At-Home HbA1c Test Kit', requiredStages: Stage.Shipping | Stage.Payment, availableIn: except('NY', 'NJ', 'RI') };

describe('the order state (issue 13 #13)', () => {
  it('names the states a product is not sold in, in the product page’s words', () => {
    expect(statesNotServed(labPanel.availableIn).map((s) => s.name)).toEqual(['New Jersey', 'New York', 'Rhode Island']);
    expect(stateUnavailableMessage(labPanel.title, 'NY', labPanel.availableIn)).toBe(
      'Sorry, Comprehensive Wellness Lab Panel is not available in New Jersey, New York, Rhode Island.',
    );
    // A long list: the state chosen instead of twenty names.
    expect(stateUnavailableMessage('Panel', 'TX', ['CA', 'FL'])).toBe('Sorry, Panel is not available in Texas.');
  });

  it.each([
    // [case, items, taxesByState, needs the patient's state]
    ['lab panel, store taxes by state', [labPanel], true, true],
    ['lab panel, no tax anywhere: its restriction still needs the state', [labPanel], false, true],
    ['visit sold everywhere, store taxes by state', [visit], true, true],
    ['visit sold everywhere, no tax anywhere', [visit], false, false],
    ['anything that ships gets its state from the address', [labPanel, vitamins], true, false],
    ['empty cart', [], true, false],
  ] as const)('%s', (_case, items, taxesByState, needed) => {
    expect(needsPatientState(items, { taxesByState })).toBe(needed);
  });

  it('refuses a missing state only where it is needed, and a state an item is not sold in', () => {
    expect(orderStateProblem(null, [labPanel], { taxesByState: true })).toEqual({ code: 'STATE_REQUIRED', field: 'state', message: MESSAGES.STATE_REQUIRED });
    expect(orderStateProblem(null, [vitamins], { taxesByState: true })).toBeNull();
    expect(orderStateProblem('CA', [labPanel], { taxesByState: true })).toBeNull();
    expect(orderStateProblem('NY', [labPanel], { taxesByState: true })).toMatchObject({
      code: 'STATE_UNAVAILABLE',
      message: 'Sorry, Comprehensive Wellness Lab Panel is not available in New Jersey, New York, Rhode Island.',
    });
    // A shipped product keeps its message; a lab panel beside it is still refused where it is not sold.
    expect(orderStateProblem('NY', [a1cKit], { taxesByState: true })).toMatchObject({ code: 'SHIPPING_STATE_UNAVAILABLE', message: MESSAGES.SHIPPING_STATE_UNAVAILABLE });
    expect(orderStateProblem('NY', [vitamins, labPanel], { taxesByState: true })).toMatchObject({ code: 'STATE_UNAVAILABLE' });
  });
});
