// Who works at which partner pharmacy (pharmacy_staff; private to the fulfilment module).
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { pharmacyStaff } from '../../db/schema/fulfilment.ts';

export const pharmacyStaffRepo = {
  async pharmacyOf(db: DbOrTx, userId: string): Promise<string | null> {
    const [row] = await db
      .select({ pharmacyId: pharmacyStaff.pharmacyId })
      .from(pharmacyStaff)
      .where(eq(pharmacyStaff.userId, userId))
      .limit(1);
    return row?.pharmacyId ?? null;
  },
};
