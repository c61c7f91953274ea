// Doctors a storefront offers (SPEC §7 "Doctors, doctor bio, select doctor"; issue 6): the list for
// a state, one doctor's bio, and the availability the scheduling module computes slots from.
import type { Db, DbOrTx } from '../../db/client.ts';
import type {
  AvailabilityException,
  AvailabilityRule,
  SchedulingSettings,
} from '../scheduling/slots.ts';
import { createDoctorsRepo, type DoctorRow, type Scope } from './doctors.repo.ts';

export type { Scope as DoctorScope } from './doctors.repo.ts';

export interface DoctorSummary {
  id: string;
  name: string;
  credentials: string;
  photoUrl: string | null;
  specialties: string[];
  timeZone: string;
  averageRating: number | null;
  ratingCount: number;
  /** Two-letter codes of the states the doctor is licensed in. */
  states: string[];
}

/** A doctor as the review queue sees them: whom they may treat. */
export interface StaffDoctor {
  id: string;
  name: string;
  credentials: string;
  companyId: string;
  /** The one storefront they serve, or null for every storefront of their company. */
  storefrontId: string | null;
  states: string[];
  /** Their user (the access log names staff by user). */
  userId: string;
  /** Where "today" is for them (today's visits). */
  timeZone: string;
}

/** A doctor as a prescription names them (issue 15). */
export interface Prescriber {
  id: string;
  name: string;
  credentials: string;
  npi: string | null;
  /** The state of the licence below; null when the doctor holds none there. */
  licenseState: string | null;
  licenseNumber: string | null;
}

export interface DoctorDetail extends DoctorSummary {
  bio: string;
}

/** Everything slot generation needs for one doctor. */
export interface SchedulingProfile {
  doctor: DoctorSummary;
  timeZone: string;
  rules: AvailabilityRule[];
  exceptions: AvailabilityException[];
  settings: SchedulingSettings;
}

export const DEFAULT_SCHEDULING_SETTINGS: SchedulingSettings = {
  visitMinutes: 30,
  bufferMinutes: 0,
  horizonDays: 30,
  minNoticeMinutes: 120,
};

function summary(row: DoctorRow, states: string[]): DoctorSummary {
  return {
    id: row.id,
    name: row.name,
    credentials: row.credentials,
    photoUrl: row.photoUrl,
    specialties: row.specialties,
    timeZone: row.timeZone,
    averageRating: row.averageRating === null ? null : Number(row.averageRating),
    ratingCount: row.ratingCount,
    states,
  };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function createDoctorService(deps: { db: Db }) {
  const repoFor = (tx?: DbOrTx) => createDoctorsRepo(tx ?? deps.db);

  async function summaries(rows: DoctorRow[], tx?: DbOrTx): Promise<DoctorSummary[]> {
    const licenses = await repoFor(tx).licensesOf(rows.map((r) => r.id));
    return rows.map((row) => summary(row, licenses.get(row.id) ?? []));
  }

  return {
    /** Active doctors of the storefront, only those licensed in `state` when given. */
    async list(scope: Scope, options: { state?: string | undefined } = {}): Promise<DoctorSummary[]> {
      const rows = await repoFor().listActive(scope, options.state);
      return summaries(rows);
    },

    /** One active doctor with the bio, or null (unknown, inactive or another company's). */
    async get(scope: Scope, id: string): Promise<DoctorDetail | null> {
      if (!UUID.test(id)) return null;
      const row = await repoFor().findActive(scope, id);
      if (!row) return null;
      const [doctor] = await summaries([row]);
      return { ...doctor!, bio: row.bio };
    },

    /**
     * Availability of active doctors in scope: the ones named (`doctorIds`), or all licensed in
     * `state`; both given: the named ones that are licensed there. Exceptions from `fromDate` on.
     */
    async schedulingProfiles(
      scope: Scope,
      filter: { doctorIds?: string[]; state?: string | undefined; fromDate: string },
      tx?: DbOrTx,
    ): Promise<SchedulingProfile[]> {
      const repo = repoFor(tx);
      let rows = await repo.listActive(scope, filter.state);
      if (filter.doctorIds) {
        const wanted = new Set(filter.doctorIds);
        rows = rows.filter((r) => wanted.has(r.id));
      }
      const ids = rows.map((r) => r.id);
      const [doctorSummaries, rules, exceptions, settings] = await Promise.all([
        summaries(rows, tx),
        repo.rulesOf(ids),
        repo.exceptionsOf(ids, filter.fromDate),
        repo.settingsOf(ids),
      ]);
      return doctorSummaries.map((doctor) => {
        const own = settings.find((s) => s.doctorId === doctor.id);
        return {
          doctor,
          timeZone: doctor.timeZone,
          rules: rules
            .filter((r) => r.doctorId === doctor.id)
            .map(({ weekday, startMinute, endMinute }) => ({ weekday, startMinute, endMinute })),
          exceptions: exceptions
            .filter((e) => e.doctorId === doctor.id)
            .map(({ date, startMinute, endMinute }) => ({ date, startMinute, endMinute })),
          settings: own
            ? {
                visitMinutes: own.visitMinutes,
                bufferMinutes: own.bufferMinutes,
                horizonDays: own.horizonDays,
                minNoticeMinutes: own.minNoticeMinutes,
              }
            : DEFAULT_SCHEDULING_SETTINGS,
        };
      });
    },

    /** Inside a booking transaction: one booking per doctor at a time. */
    lockForBooking(tx: DbOrTx, doctorId: string): Promise<void> {
      return repoFor(tx).lockDoctor(doctorId);
    },

    /** Summaries of doctors by id (any status: a booked visit keeps its doctor's name). */
    /**
     * The doctor a signed-in staff account is (issue 15): the storefront they serve (null: every
     * storefront of their company) and the states they are licensed in; null for anyone else.
     */
    async staffProfile(userId: string): Promise<StaffDoctor | null> {
      const row = await repoFor().staffByUserId(userId);
      if (!row) return null;
      return { id: row.id, name: row.name, credentials: row.credentials, companyId: row.companyId, storefrontId: row.storefrontId, states: row.states, userId, timeZone: row.timeZone };
    },

    /**
     * What a prescription prints of its prescriber (issue 15): name, credentials, NPI and the
     * licence number for the patient's state; null for an unknown doctor.
     */
    async prescriber(doctorId: string, state: string | null): Promise<Prescriber | null> {
      const [row] = await repoFor().byIds([doctorId]);
      if (!row) return null;
      const licence = state ? await repoFor().licenseNumberOf(doctorId, state) : undefined;
      return { id: row.id, name: row.name, credentials: row.credentials, npi: row.npi, licenseState: licence ? state : null, licenseNumber: licence?.licenseNumber ?? null };
    },

    async byIds(ids: string[]): Promise<Map<string, DoctorSummary>> {
      const rows = await repoFor().byIds(ids);
      return new Map((await summaries(rows)).map((d) => [d.id, d]));
    },

    /**
     * issue 16 rating: locks the doctor's row until the rating's transaction ends, so ratings of one
     * doctor recompute the average one at a time (each reads the ones committed before it).
     */
    lockForRatingIn(tx: DbOrTx, doctorId: string): Promise<void> {
      return repoFor(tx).lockDoctor(doctorId);
    },

    /** issue 16 rating: the real average (1.00 to 5.00, null with none) and count on the doctor's row, in `tx`. */
    async setRatingIn(tx: DbOrTx, doctorId: string, rating: { average: number | null; count: number }): Promise<void> {
      await repoFor(tx).setRating(doctorId, rating.average === null ? null : Math.round(rating.average * 100) / 100, rating.count);
    },
  };
}
export type DoctorService = ReturnType<typeof createDoctorService>;
