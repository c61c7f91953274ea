// Demo data for a first start: written once, when the database has no storefront yet. Each
// capability adds its own seed file here; the returned lines are printed by main.ts.
import { sql } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { storefronts } from '../schema/storefronts.ts';
import { seedAccounts } from './accounts.ts';
import { seedConsults } from './consults.ts';
import { seedDoctors } from './doctors.ts';
import { seedFormulary } from './formulary.ts';
import { seedPrescribers } from './prescribers.ts';
import { seedFlaggedAnswers } from './flagged-answers.ts';
import { seedStore } from './store.ts';
import { seedPharmacies } from './pharmacies.ts';
import { seedStorefronts } from './storefronts.ts';

export interface SeedResult {
  seeded: boolean;
  storefronts: string[];
  accounts: string[];
}

export async function seedDemoDataIfEmpty(db: Db): Promise<SeedResult> {
  const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(storefronts);
  if ((row?.count ?? 0) > 0) return { seeded: false, storefronts: [], accounts: [] };
  const result: SeedResult = { seeded: true, storefronts: [], accounts: [] };
  await db.transaction(async (tx) => {
    const txDb = tx as unknown as Db;
    result.storefronts = await seedStorefronts(txDb);
    await seedPharmacies(txDb);
    await seedStore(txDb);
    await seedDoctors(txDb);
    await seedPrescribers(txDb);
    await seedFormulary(txDb);
    await seedConsults(txDb);
    await seedFlaggedAnswers(txDb);
    // Accounts last: the demo ECP link names a product of the store's catalog.
    await seedAccounts(txDb);
  });
  return result;
}
