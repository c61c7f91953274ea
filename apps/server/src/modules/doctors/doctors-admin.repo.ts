// The operator's reads and writes of doctors (issue 18): one company's doctors, their licences,
// weekly rules and exceptions. Private to the doctors module.
import { and, asc, count, eq, ilike, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { availabilityExceptions, availabilityRules, doctorLicenses, doctors } from '../../db/schema/doctors.ts';

export type AdminDoctorRecord = typeof doctors.$inferSelect;

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

export function createDoctorsAdminRepo(db: DbOrTx) {
  return {
    async page(companyId: string, query: { q?: string | undefined; offset: number; limit: number }) {
      const where = and(eq(doctors.companyId, companyId), query.q ? ilike(doctors.name, `%${escapeLike(query.q)}%`) : undefined);
      const [rows, [total]] = await Promise.all([
        db
          .select({
            doctor: doctors,
            states: sql<string[]>`coalesce((select array_agg(l.state order by l.state) from ${doctorLicenses} l where l.doctor_id = ${doctors.id}), '{}')`,
          })
          .from(doctors)
          .where(where)
          .orderBy(asc(doctors.name), asc(doctors.id))
          .offset(query.offset)
          .limit(query.limit),
        db.select({ n: count() }).from(doctors).where(where),
      ]);
      return { rows, total: total?.n ?? 0 };
    },

    /** The company's doctor, locked for the change when `lock`. */
    async one(companyId: string, id: string, lock = false): Promise<AdminDoctorRecord | undefined> {
      const q = db.select().from(doctors).where(and(eq(doctors.companyId, companyId), eq(doctors.id, id))).limit(1);
      const [row] = lock ? await q.for('update') : await q;
      return row;
    },

    async insert(values: typeof doctors.$inferInsert): Promise<AdminDoctorRecord> {
      const [row] = await db.insert(doctors).values(values).returning();
      return row!;
    },

    async update(id: string, patch: Partial<typeof doctors.$inferInsert>): Promise<AdminDoctorRecord> {
      const [row] = await db.update(doctors).set(patch).where(eq(doctors.id, id)).returning();
      return row!;
    },

    licenses(id: string) {
      return db
        .select({ state: doctorLicenses.state, licenseNumber: doctorLicenses.licenseNumber })
        .from(doctorLicenses)
        .where(eq(doctorLicenses.doctorId, id))
        .orderBy(asc(doctorLicenses.state));
    },
    async addLicense(id: string, state: string, licenseNumber: string | null): Promise<boolean> {
      const rows = await db.insert(doctorLicenses).values({ doctorId: id, state, licenseNumber }).onConflictDoNothing().returning();
      return rows.length > 0;
    },
    async removeLicense(id: string, state: string) {
      const [row] = await db
        .delete(doctorLicenses)
        .where(and(eq(doctorLicenses.doctorId, id), eq(doctorLicenses.state, state)))
        .returning({ state: doctorLicenses.state, licenseNumber: doctorLicenses.licenseNumber });
      return row;
    },

    rules(id: string) {
      return db
        .select({ weekday: availabilityRules.weekday, startMinute: availabilityRules.startMinute, endMinute: availabilityRules.endMinute })
        .from(availabilityRules)
        .where(eq(availabilityRules.doctorId, id))
        .orderBy(asc(availabilityRules.weekday), asc(availabilityRules.startMinute));
    },
    async replaceRules(id: string, rules: { weekday: number; startMinute: number; endMinute: number }[]) {
      await db.delete(availabilityRules).where(eq(availabilityRules.doctorId, id));
      if (rules.length > 0) await db.insert(availabilityRules).values(rules.map((r) => ({ ...r, doctorId: id })));
    },

    exceptions(id: string) {
      return db
        .select()
        .from(availabilityExceptions)
        .where(eq(availabilityExceptions.doctorId, id))
        .orderBy(asc(availabilityExceptions.date), asc(availabilityExceptions.startMinute));
    },
    async addException(values: typeof availabilityExceptions.$inferInsert) {
      const [row] = await db.insert(availabilityExceptions).values(values).returning();
      return row!;
    },
    async removeException(id: string, exceptionId: string) {
      const [row] = await db
        .delete(availabilityExceptions)
        .where(and(eq(availabilityExceptions.doctorId, id), eq(availabilityExceptions.id, exceptionId)))
        .returning();
      return row;
    },
  };
}
