// US states and ZIP codes for shipping addresses.
import { z } from 'zod';
import { MESSAGES } from '../messages.ts';

/** The 50 states and the District of Columbia. */
export const US_STATES = [
  { code: 'AL', name: 'Alabama' },
  { code: 'AK', name: 'Alaska' },
  { code: 'AZ', name: 'Arizona' },
  { code: 'AR', name: 'Arkansas' },
  { code: 'CA', name: 'California' },
  { code: 'CO', name: 'Colorado' },
  { code: 'CT', name: 'Connecticut' },
  { code: 'DE', name: 'Delaware' },
  { code: 'DC', name: 'District of Columbia' },
  { code: 'FL', name: 'Florida' },
  { code: 'GA', name: 'Georgia' },
  { code: 'HI', name: 'Hawaii' },
  { code: 'ID', name: 'Idaho' },
  { code: 'IL', name: 'Illinois' },
  { code: 'IN', name: 'Indiana' },
  { code: 'IA', name: 'Iowa' },
  { code: 'KS', name: 'Kansas' },
  { code: 'KY', name: 'Kentucky' },
  { code: 'LA', name: 'Louisiana' },
  { code: 'ME', name: 'Maine' },
  { code: 'MD', name: 'Maryland' },
  { code: 'MA', name: 'Massachusetts' },
  { code: 'MI', name: 'Michigan' },
  { code: 'MN', name: 'Minnesota' },
  { code: 'MS', name: 'Mississippi' },
  { code: 'MO', name: 'Missouri' },
  { code: 'MT', name: 'Montana' },
  { code: 'NE', name: 'Nebraska' },
  { code: 'NV', name: 'Nevada' },
  { code: 'NH', name: 'New Hampshire' },
  { code: 'NJ', name: 'New Jersey' },
  { code: 'NM', name: 'New Mexico' },
  { code: 'NY', name: 'New York' },
  { code: 'NC', name: 'North Carolina' },
  { code: 'ND', name: 'North Dakota' },
  { code: 'OH', name: 'Ohio' },
  { code: 'OK', name: 'Oklahoma' },
  { code: 'OR', name: 'Oregon' },
  { code: 'PA', name: 'Pennsylvania' },
  { code: 'RI', name: 'Rhode Island' },
  { code: 'SC', name: 'South Carolina' },
  { code: 'SD', name: 'South Dakota' },
  { code: 'TN', name: 'Tennessee' },
  { code: 'TX', name: 'Texas' },
  { code: 'UT', name: 'Utah' },
  { code: 'VT', name: 'Vermont' },
  { code: 'VA', name: 'Virginia' },
  { code: 'WA', name: 'Washington' },
  { code: 'WV', name: 'West Virginia' },
  { code: 'WI', name: 'Wisconsin' },
  { code: 'WY', name: 'Wyoming' },
] as const;

export type UsStateCode = (typeof US_STATES)[number]['code'];

export const US_STATE_CODES = US_STATES.map((s) => s.code) as [UsStateCode, ...UsStateCode[]];

export function usStateName(code: string): string | null {
  return US_STATES.find((s) => s.code === code.trim().toUpperCase())?.name ?? null;
}

/** A two-letter state code (trimmed, upper-cased), one of the 50 states or DC. */
export const usStateSchema = z
  .string({ error: MESSAGES.STATE_INVALID })
  .trim()
  .toUpperCase()
  .pipe(z.enum(US_STATE_CODES, { error: MESSAGES.STATE_INVALID }));

/** A ZIP code: 5 digits or ZIP+4 (12345-6789), trimmed. */
export const zipSchema = z
  .string({ error: MESSAGES.ZIP_INVALID })
  .trim()
  .regex(/^\d{5}(-\d{4})?$/, { error: MESSAGES.ZIP_INVALID });

// The USPS's first-three-digit ZIP ranges of each state (inclusive). A ZIP whose prefix is not here
// (military APO/FPO, territories, unassigned) is not checked. A handful of real ZIPs straddle a
// state line; those known are in ZIP_STATE_EXCEPTIONS.
const ZIP_PREFIX_RANGES: readonly (readonly [from: number, to: number, state: UsStateCode])[] = [
  [5, 5, 'NY'], [10, 27, 'MA'], [28, 29, 'RI'], [30, 38, 'NH'], [39, 49, 'ME'], [50, 54, 'VT'], [55, 55, 'MA'],
  [56, 59, 'VT'], [60, 69, 'CT'], [70, 89, 'NJ'], [100, 149, 'NY'], [150, 196, 'PA'], [197, 199, 'DE'],
  [200, 200, 'DC'], [201, 201, 'VA'], [202, 205, 'DC'], [206, 219, 'MD'], [220, 246, 'VA'], [247, 268, 'WV'],
  [270, 289, 'NC'], [290, 299, 'SC'], [300, 319, 'GA'], [320, 339, 'FL'], [341, 349, 'FL'], [350, 369, 'AL'],
  [370, 385, 'TN'], [386, 397, 'MS'], [398, 399, 'GA'], [400, 427, 'KY'], [430, 459, 'OH'], [460, 479, 'IN'],
  [480, 499, 'MI'], [500, 528, 'IA'], [530, 549, 'WI'], [550, 567, 'MN'], [569, 569, 'DC'], [570, 577, 'SD'],
  [580, 588, 'ND'], [590, 599, 'MT'], [600, 629, 'IL'], [630, 658, 'MO'], [660, 679, 'KS'], [680, 693, 'NE'],
  [700, 715, 'LA'], [716, 729, 'AR'], [730, 732, 'OK'], [733, 733, 'TX'], [734, 749, 'OK'], [750, 799, 'TX'],
  [800, 816, 'CO'], [820, 831, 'WY'], [832, 838, 'ID'], [840, 847, 'UT'], [850, 865, 'AZ'], [870, 884, 'NM'],
  [885, 885, 'TX'], [889, 898, 'NV'], [900, 961, 'CA'], [967, 968, 'HI'], [970, 979, 'OR'], [980, 994, 'WA'],
  [995, 999, 'AK'],
];

/** ZIPs whose delivery area crosses a state line: either state is accepted. */
const ZIP_STATE_EXCEPTIONS: Readonly<Record<string, readonly UsStateCode[]>> = {
  '73949': ['OK', 'TX'],
  '97635': ['OR', 'CA'],
  '86515': ['AZ', 'NM'],
};

/** The state a ZIP belongs to by its first three digits (null: not a state's range). */
export function stateOfZip(zip: string): UsStateCode | null {
  const prefix = Number(zip.trim().slice(0, 3));
  if (!/^\d{3}/.test(zip.trim())) return null;
  return ZIP_PREFIX_RANGES.find(([from, to]) => prefix >= from && prefix <= to)?.[2] ?? null;
}

/** False when the ZIP plainly belongs to another state than `state` (issue 17 walk). */
export function zipMatchesState(zip: string, state: string): boolean {
  const five = zip.trim().slice(0, 5);
  const code = state.trim().toUpperCase();
  const shared = ZIP_STATE_EXCEPTIONS[five];
  if (shared) return (shared as readonly string[]).includes(code);
  const of = stateOfZip(five);
  return of === null || of === code;
}
