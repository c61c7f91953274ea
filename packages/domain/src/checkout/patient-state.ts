// The order's state (issue 13 #13): the state an order ships to, or — for an order that ships
// nothing, like a lab panel drawn at a partner lab — the state the patient is in. Sales tax is
// worked out from it, and a product sold only in some states (its shipping-states list) is refused
// elsewhere. A shipped order takes its state from the address at the Shipping stage; an order with
// nothing to ship asks the patient for it before paying, when the storefront taxes by state or an
// item is not sold everywhere. No stage bit: the Payment stage (the summary) asks for it.
import { MESSAGES } from '../messages.ts';
import { US_STATES, usStateName } from '../validation/address.ts';
import { hasStage, Stage } from './stages.ts';

/** An order item as the state rules see it. */
export interface StateRuleItem {
  title: string;
  /** The item's required stages (Shipping decides whether the state is where it ships). */
  requiredStages: number;
  /** The states the product is sold in (its product_shipping_states). */
  availableIn: readonly string[];
}

/** The states (code and name, in US_STATES order) a product with this list is not sold in. */
export function statesNotServed(availableIn: readonly string[]): { code: string; name: string }[] {
  const served = new Set(availableIn);
  return US_STATES.filter((s) => !served.has(s.code));
}

/** Whether a product with this list is sold in only some states. */
export function restrictsStates(availableIn: readonly string[]): boolean {
  return statesNotServed(availableIn).length > 0;
}

/**
 * The refusal for an item not sold in `state`, naming the states it is not sold in (as the product
 * page does) when there are a few, else the state chosen: "Sorry, Comprehensive Wellness Lab Panel
 * is not available in New Jersey, New York, Rhode Island."
 */
export function stateUnavailableMessage(title: string, state: string, availableIn: readonly string[]): string {
  const missing = statesNotServed(availableIn);
  const where = missing.length > 0 && missing.length <= 6 ? missing.map((s) => s.name).join(', ') : (usStateName(state) ?? state);
  return `Sorry, ${title} is not available in ${where}.`;
}

/**
 * The patient must give their state before paying: the order ships nothing (so no address gives
 * it) and the storefront taxes by state or an item is sold in only some states.
 */
export function needsPatientState(items: readonly StateRuleItem[], opts: { taxesByState: boolean }): boolean {
  if (items.length === 0 || items.some((i) => hasStage(i.requiredStages, Stage.Shipping))) return false;
  return opts.taxesByState || items.some((i) => restrictsStates(i.availableIn));
}

export type OrderStateProblem =
  /** Nothing ships, and tax or availability needs the patient's state: none given yet. */
  | { code: 'STATE_REQUIRED'; field: 'state'; message: string }
  /** A product that ships cannot ship to the state (the message as before issue 13). */
  | { code: 'SHIPPING_STATE_UNAVAILABLE'; field: 'state'; message: string; title: string }
  /** A product that does not ship is not sold in the patient's state. */
  | { code: 'STATE_UNAVAILABLE'; field: 'state'; message: string; title: string };

/**
 * What is wrong with `state` for these items, or null. Every item must be sold in the order's
 * state: where it ships for a product that ships, where the patient is for one that does not.
 * With no state, only an order that `needsPatientState` is refused (a shipped order gets its state
 * from the address at the Shipping stage).
 */
export function orderStateProblem(
  state: string | null,
  items: readonly StateRuleItem[],
  opts: { taxesByState: boolean },
): OrderStateProblem | null {
  if (state === null) {
    return needsPatientState(items, opts) ? { code: 'STATE_REQUIRED', field: 'state', message: MESSAGES.STATE_REQUIRED } : null;
  }
  for (const item of items) {
    if (item.availableIn.includes(state)) continue;
    return hasStage(item.requiredStages, Stage.Shipping)
      ? { code: 'SHIPPING_STATE_UNAVAILABLE', field: 'state', message: MESSAGES.SHIPPING_STATE_UNAVAILABLE, title: item.title }
      : { code: 'STATE_UNAVAILABLE', field: 'state', message: stateUnavailableMessage(item.title, state, item.availableIn), title: item.title };
  }
  return null;
}
