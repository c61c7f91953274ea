// Doctors, licences, availability and scheduling settings. Private to the doctors module.
import { and, asc, eq, gte, inArray, isNull, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import {
  availabilityExceptions,
  availabilityRules,
  doctorLicenses,
  doctors,
  doctorSchedulingSettings,
} from '../../db/schema/doctors.ts';

export type DoctorRow = typeof doctors.$inferSelect;
export interface Scope {
  storefrontId: string;
  companyId: string;
}

/** Doctors of the storefront's company, either shared by its storefronts or tied to this one. */
const inScope = (scope: Scope) =>
  and(
    eq(doctors.companyId, scope.companyId),
    or(isNull(doctors.storefrontId), eq(doctors.storefrontId, scope.storefrontId)),
  );

export function createDoctorsRepo(db: DbOrTx) {
  async function licensesOf(ids: string[]): Promise<Map<string, string[]>> {
    const map = new Map<string, string[]>();
    if (ids.length === 0) return map;
    const rows = await db
      .select()
      .from(doctorLicenses)
      .where(inArray(doctorLicenses.doctorId, ids))
      .orderBy(asc(doctorLicenses.state));
    for (const row of rows) map.set(row.doctorId, [...(map.get(row.doctorId) ?? []), row.state]);
    return map;
  }

  return {
    licensesOf,

    /** Active doctors in scope, licensed in `state` when given, by name. */
    async listActive(scope: Scope, state?: string): Promise<DoctorRow[]> {
      const conditions = [inScope(scope), eq(doctors.active, true)];
      if (state) {
        conditions.push(
          sql`exists (select 1 from ${doctorLicenses} where ${doctorLicenses.doctorId} = ${doctors.id} and ${doctorLicenses.state} = ${state})`,
        );
      }
      return db
        .select()
        .from(doctors)
        .where(and(...conditions))
        .orderBy(asc(doctors.name), asc(doctors.id));
    },

    async findActive(scope: Scope, id: string): Promise<DoctorRow | undefined> {
      const rows = await db
        .select()
        .from(doctors)
        .where(and(inScope(scope), eq(doctors.active, true), eq(doctors.id, id)))
        .limit(1);
      return rows[0];
    },

    /** The active doctor whose sign-in account this is. */
    /** A signed-in doctor with the states they are licensed in, in one read (every doctor request asks). */
    async staffByUserId(userId: string): Promise<(Pick<DoctorRow, 'id' | 'name' | 'credentials' | 'companyId' | 'storefrontId' | 'timeZone'> & { states: string[] }) | undefined> {
      const [row] = await db
        .select({
          id: doctors.id,
          name: doctors.name,
          credentials: doctors.credentials,
          companyId: doctors.companyId,
          storefrontId: doctors.storefrontId,
          timeZone: doctors.timeZone,
          states: sql<string[]>`coalesce((select array_agg(l.state order by l.state) from ${doctorLicenses} l where l.doctor_id = ${doctors.id}), '{}')`,
        })
        .from(doctors)
        .where(and(eq(doctors.userId, userId), eq(doctors.active, true)))
        .limit(1);
      return row;
    },

    /** The doctor's licence number in a state (null: no licence there, or no number on file). */
    async licenseNumberOf(doctorId: string, state: string): Promise<{ licenseNumber: string | null } | undefined> {
      const [row] = await db
        .select({ licenseNumber: doctorLicenses.licenseNumber })
        .from(doctorLicenses)
        .where(and(eq(doctorLicenses.doctorId, doctorId), eq(doctorLicenses.state, state)));
      return row;
    },

    async byIds(ids: string[]): Promise<DoctorRow[]> {
      if (ids.length === 0) return [];
      return db.select().from(doctors).where(inArray(doctors.id, ids));
    },

    async rulesOf(ids: string[]) {
      if (ids.length === 0) return [];
      return db
        .select()
        .from(availabilityRules)
        .where(inArray(availabilityRules.doctorId, ids))
        .orderBy(asc(availabilityRules.weekday), asc(availabilityRules.startMinute));
    },

    /** Exceptions on or after `fromDate` (YYYY-MM-DD). */
    async exceptionsOf(ids: string[], fromDate: string) {
      if (ids.length === 0) return [];
      return db
        .select()
        .from(availabilityExceptions)
        .where(and(inArray(availabilityExceptions.doctorId, ids), gte(availabilityExceptions.date, fromDate)))
        .orderBy(asc(availabilityExceptions.date));
    },

    async settingsOf(ids: string[]) {
      if (ids.length === 0) return [];
      return db.select().from(doctorSchedulingSettings).where(inArray(doctorSchedulingSettings.doctorId, ids));
    },

    /** The patients' average rating and how many rated (issue 16). */
    async setRating(id: string, averageRating: number | null, ratingCount: number): Promise<void> {
      await db.update(doctors).set({ averageRating, ratingCount }).where(eq(doctors.id, id));
    },

    /** Locks the doctor's row until the transaction ends: bookings for one doctor go one at a time. */
    async lockDoctor(id: string): Promise<void> {
      await db.execute(sql`select 1 from ${doctors} where ${doctors.id} = ${id} for update`);
    },
  };
}
