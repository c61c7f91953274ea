// Medication search (SPEC §5 "Medication search: at least 2 characters"; §8 "No matching medication:
// NO MATCH FOUND; offer Save as Manual Entry?" is shown by the web when the list is empty).
import { medicationSearchSchema } from '@store/domain';
import type { Db, DbOrTx } from '../../db/client.ts';
import { fieldError } from '../../lib/problem.ts';
import { createConsultsRepo } from './consults.repo.ts';
import { medicationEntries } from './medications.data.ts';

/** Most results one search returns. */
export const MEDICATION_RESULTS_MAX = 20;

export interface MedicationMatch {
  name: string;
  kind: 'generic' | 'brand';
  /** For a brand, its generic name. */
  generic: string | null;
}

/**
 * Adds any names of the shipped list the table does not have yet (a new release may add some);
 * runs with the demo seed and at every start.
 */
export async function syncMedicationList(db: DbOrTx): Promise<number> {
  const repo = createConsultsRepo(db);
  const entries = medicationEntries();
  if ((await repo.medicationCount()) >= entries.length) return 0;
  await repo.insertMedications(entries);
  return entries.length;
}

export function createMedicationService(deps: { db: Db }) {
  const repo = createConsultsRepo(deps.db);
  return {
    /** Up to 20 names containing the text, those starting with it first; case-insensitive. */
    async search(query: unknown): Promise<MedicationMatch[]> {
      const parsed = medicationSearchSchema.safeParse(query ?? '');
      if (!parsed.success) throw fieldError('q', 'MEDICATION_SEARCH_MIN');
      const rows = await repo.searchMedications(parsed.data.slice(0, 100), MEDICATION_RESULTS_MAX);
      return rows.map((r) => ({ name: r.name, kind: r.kind, generic: r.generic }));
    },
  };
}
export type MedicationService = ReturnType<typeof createMedicationService>;
