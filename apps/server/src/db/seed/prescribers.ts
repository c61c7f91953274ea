// The demo doctors' prescriber details (issue 15): an NPI with a valid check digit and a licence
// number for each state they are licensed in, printed on the prescriptions they write. Kept apart
// from seed/doctors.ts (which creates the doctors) and written as updates after it.
import { npiCheckDigit } from '@store/domain';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { doctorLicenses, doctors } from '../schema/doctors.ts';
import { DEMO_DOCTORS } from './doctors.ts';

/** A valid NPI from nine leading digits (domain npiCheckDigit). */
export const npiFrom = (firstNine: string) => `${firstNine}${npiCheckDigit(firstNine)}`;

/** The demo doctors' NPIs, in DEMO_DOCTORS order. */
export const DEMO_DOCTOR_NPIS = DEMO_DOCTORS.map((_, i) => npiFrom(String(123456780 + i * 1013)));

/** A demo licence number: the state, a letter for the kind of licence and digits (e.g. "TX-MD-204311"). */
export const demoLicenseNumber = (state: string, doctorIndex: number, credentials: string) =>
  `${state}-${/N\.?P/i.test(credentials) ? 'NP' : credentials.replace(/[^A-Z]/g, '') || 'MD'}-${String(204311 + doctorIndex * 7919).slice(0, 6)}`;

export async function seedPrescribers(db: Db): Promise<void> {
  for (const [i, d] of DEMO_DOCTORS.entries()) {
    await db.update(doctors).set({ npi: DEMO_DOCTOR_NPIS[i]! }).where(eq(doctors.id, d.id));
    for (const state of d.states) {
      await db
        .update(doctorLicenses)
        .set({ licenseNumber: demoLicenseNumber(state, i, d.credentials) })
        .where(and(eq(doctorLicenses.doctorId, d.id), eq(doctorLicenses.state, state)));
    }
  }
}
