// A pharmacist's own pharmacy (issue 15: a pharmacist works at one partner pharmacy). The
// fulfilment work list uses `pharmacyOf` to scope every order to the pharmacist's pharmacy.
import type { Db } from '../../db/client.ts';
import type { PharmacyService } from '../pharmacies/pharmacies.service.ts';
import { pharmacyStaffRepo } from './pharmacy-staff.repo.ts';

export interface PharmacistHome {
  pharmacy: { id: string; name: string; phone: string; address: string; city: string; state: string; zip: string };
}

export function createPharmacyStaffService(deps: { db: Db; pharmacies: Pick<PharmacyService, 'byId'> }) {
  const { db, pharmacies } = deps;
  return {
    /** The pharmacy id this user works at, or null for anyone not on a pharmacy's staff. */
    pharmacyOf(userId: string): Promise<string | null> {
      return pharmacyStaffRepo.pharmacyOf(db, userId);
    },

    /** The pharmacist's pharmacy, or null when the user works at none. */
    async home(userId: string): Promise<PharmacistHome | null> {
      const pharmacyId = await pharmacyStaffRepo.pharmacyOf(db, userId);
      if (!pharmacyId) return null;
      const pharmacy = await pharmacies.byId(pharmacyId);
      if (!pharmacy) return null;
      const { address, city, state, zip } = pharmacy.pharmacyAddress;
      return { pharmacy: { id: pharmacy.id, name: pharmacy.name, phone: pharmacy.phone, address, city, state, zip } };
    },
  };
}
export type PharmacyStaffService = ReturnType<typeof createPharmacyStaffService>;
