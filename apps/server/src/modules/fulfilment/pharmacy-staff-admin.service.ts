// Who works at a partner pharmacy (issue 18, the operator's console): the pharmacy_staff rows that
// make a pharmacist's account one pharmacy's. The admin-people workflow adds one with the new
// account (in its transaction) and removes one; the pharmacy's company was checked before.
import { and, asc, count, eq } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { pharmacyStaff } from '../../db/schema/fulfilment.ts';

export function createPharmacyStaffAdmin(deps: { db: Db }) {
  const { db } = deps;
  return {
    /** One page of the pharmacy's staff (user ids, oldest first). */
    async page(pharmacyId: string, query: { page: number; pageSize: number }) {
      const where = eq(pharmacyStaff.pharmacyId, pharmacyId);
      const [rows, [total]] = await Promise.all([
        db.select().from(pharmacyStaff).where(where).orderBy(asc(pharmacyStaff.createdAt), asc(pharmacyStaff.userId)).offset((query.page - 1) * query.pageSize).limit(query.pageSize),
        db.select({ n: count() }).from(pharmacyStaff).where(where),
      ]);
      return { rows, total: total?.n ?? 0 };
    },

    async addIn(tx: DbOrTx, pharmacyId: string, userId: string, at: Date): Promise<void> {
      await tx.insert(pharmacyStaff).values({ pharmacyId, userId, createdAt: at });
    },

    /** Removes the pharmacist from the pharmacy; false when they were not its staff. */
    async removeIn(tx: DbOrTx, pharmacyId: string, userId: string): Promise<boolean> {
      const rows = await tx
        .delete(pharmacyStaff)
        .where(and(eq(pharmacyStaff.pharmacyId, pharmacyId), eq(pharmacyStaff.userId, userId)))
        .returning({ userId: pharmacyStaff.userId });
      return rows.length > 0;
    },
  };
}
export type PharmacyStaffAdmin = ReturnType<typeof createPharmacyStaffAdmin>;
