// The operator's doctors (issue 18): one company's doctors, paged and searched by name; a doctor's
// profile, licences by state, weekly availability and date exceptions (in the doctor's zone), and the
// storefront they serve (one of the company's, or all of them: doctors.storefront_id). Every change
// is audited with its before and after in the change's transaction. A doctor of another company is
// a 404 like an unknown one. `active` false takes the doctor out of new bookings and the review
// queue (doctors.repo listActive/findActive/staffByUserId read active doctors only).
import { changedFields, minutesOf, timeOf, type AdminDoctor, type AvailabilityRulesInput, type DoctorProfile } from '@store/domain';
import type { Db, DbOrTx } from '../../db/client.ts';
import { AppError, notFound } from '../../lib/problem.ts';
import type { AuditContext, AuditService } from '../audit/audit.service.ts';
import { createDoctorsAdminRepo, type AdminDoctorRecord } from './doctors-admin.repo.ts';

export interface AdminScope {
  companyId: string;
  audit: AuditContext;
}

/** What the audit log keeps of a doctor: configuration, never a patient's data. */
function snapshot(row: AdminDoctorRecord) {
  return {
    name: row.name,
    credentials: row.credentials,
    npi: row.npi,
    bio: row.bio,
    timeZone: row.timeZone,
    active: row.active,
    storefrontId: row.storefrontId,
  };
}

export function fieldConflict(field: string, code: string, message: string, status = 409): AppError {
  return new AppError(status, code, message, { errors: [{ field, message }] });
}

export function createDoctorsAdmin(deps: { db: Db; now: () => Date; audit: Pick<AuditService, 'record'> }) {
  const { db, now, audit } = deps;
  const repoOf = (tx?: DbOrTx) => createDoctorsAdminRepo(tx ?? db);

  /** Runs `change` on the company's doctor, locked, in one transaction with its audit event. */
  async function change<T>(
    admin: AdminScope,
    doctorId: string,
    action: string,
    run: (tx: DbOrTx, row: AdminDoctorRecord) => Promise<{ before: Record<string, unknown> | null; after: Record<string, unknown> | null; result: T }>,
  ): Promise<T> {
    return db.transaction(async (tx) => {
      const row = await repoOf(tx).one(admin.companyId, doctorId, true);
      if (!row) throw notFound();
      const { before, after, result } = await run(tx, row);
      await audit.record({ action, subject: { type: 'doctor', id: doctorId }, ...admin.audit, change: changedFields(before, after) }, tx);
      return result;
    });
  }

  return {
    async page(admin: Pick<AdminScope, 'companyId'>, query: { q?: string | undefined; page: number; pageSize: number }) {
      const { rows, total } = await repoOf().page(admin.companyId, { q: query.q, offset: (query.page - 1) * query.pageSize, limit: query.pageSize });
      return { rows: rows.map((r) => ({ ...r.doctor, states: r.states })), total };
    },

    /** The company's doctor with licences, rules and exceptions (null: unknown or another company's). */
    async detail(admin: Pick<AdminScope, 'companyId'>, doctorId: string) {
      const repo = repoOf();
      const row = await repo.one(admin.companyId, doctorId);
      if (!row) return null;
      const [licenses, rules, exceptions] = await Promise.all([repo.licenses(doctorId), repo.rules(doctorId), repo.exceptions(doctorId)]);
      return {
        row,
        licenses,
        rules: rules.map((r) => ({ weekday: r.weekday, start: timeOf(r.startMinute), end: timeOf(r.endMinute) })),
        exceptions: exceptions.map((e) => ({
          id: e.id,
          date: e.date,
          start: e.startMinute === null ? null : timeOf(e.startMinute),
          end: e.endMinute === null ? null : timeOf(e.endMinute),
          note: e.note,
        })),
      } satisfies Omit<Partial<AdminDoctor>, 'id'> & { row: AdminDoctorRecord };
    },

    /** The doctor's row for a new invitation (the invite workflow's transaction). */
    async createIn(
      tx: DbOrTx,
      admin: AdminScope,
      input: { userId: string; name: string; credentials: string; npi: string | null; timeZone: string; storefrontId: string | null },
    ): Promise<AdminDoctorRecord> {
      const at = now();
      const row = await repoOf(tx).insert({ companyId: admin.companyId, ...input, createdAt: at, updatedAt: at });
      await audit.record({ action: 'admin.doctor.invited', subject: { type: 'doctor', id: row.id }, ...admin.audit, change: { before: null, after: snapshot(row) } }, tx);
      return row;
    },

    /** The doctor's sign-in account (for a new invitation link), or 404. */
    async accountOf(admin: Pick<AdminScope, 'companyId'>, doctorId: string): Promise<{ id: string; userId: string | null; name: string }> {
      const row = await repoOf().one(admin.companyId, doctorId);
      if (!row) throw notFound();
      return { id: row.id, userId: row.userId, name: row.name };
    },

    updateProfile(admin: AdminScope, doctorId: string, input: DoctorProfile) {
      return change(admin, doctorId, 'admin.doctor.updated', async (tx, row) => {
        const updated = await repoOf(tx).update(doctorId, { ...input, updatedAt: now() });
        return { before: snapshot(row), after: snapshot(updated), result: updated };
      });
    },

    /** `storefrontId` is one of the company's (the route checked it) or null for all of them. */
    setStorefront(admin: AdminScope, doctorId: string, storefrontId: string | null) {
      return change(admin, doctorId, 'admin.doctor.storefront_changed', async (tx, row) => {
        const updated = await repoOf(tx).update(doctorId, { storefrontId, updatedAt: now() });
        return { before: { storefrontId: row.storefrontId }, after: { storefrontId: updated.storefrontId }, result: updated };
      });
    },

    addLicense(admin: AdminScope, doctorId: string, input: { state: string; licenseNumber: string | null }) {
      return change(admin, doctorId, 'admin.doctor.license_added', async (tx) => {
        if (!(await repoOf(tx).addLicense(doctorId, input.state, input.licenseNumber)))
          throw fieldConflict('state', 'LICENSE_EXISTS', 'This doctor already holds a licence in that state.');
        return { before: null, after: { state: input.state, licenseNumber: input.licenseNumber }, result: undefined };
      });
    },

    removeLicense(admin: AdminScope, doctorId: string, state: string) {
      return change(admin, doctorId, 'admin.doctor.license_removed', async (tx) => {
        const removed = await repoOf(tx).removeLicense(doctorId, state);
        if (!removed) throw notFound();
        return { before: removed, after: null, result: undefined };
      });
    },

    setRules(admin: AdminScope, doctorId: string, input: AvailabilityRulesInput) {
      return change(admin, doctorId, 'admin.doctor.availability_changed', async (tx) => {
        const repo = repoOf(tx);
        const show = (rules: { weekday: number; startMinute: number; endMinute: number }[]) =>
          rules.map((r) => `${r.weekday} ${timeOf(r.startMinute)}-${timeOf(r.endMinute)}`).sort();
        const before = await repo.rules(doctorId);
        const next = input.rules
          .map((r) => ({ weekday: r.weekday, startMinute: minutesOf(r.start)!, endMinute: minutesOf(r.end)! }))
          .sort((a, b) => a.weekday - b.weekday || a.startMinute - b.startMinute);
        await repo.replaceRules(doctorId, next);
        return { before: { rules: show(before) }, after: { rules: show(next) }, result: undefined };
      });
    },

    addException(admin: AdminScope, doctorId: string, input: { date: string; allDay: boolean; start?: string | undefined; end?: string | undefined; note?: string | undefined }) {
      return change(admin, doctorId, 'admin.doctor.exception_added', async (tx) => {
        const row = await repoOf(tx).addException({
          doctorId,
          date: input.date,
          startMinute: input.allDay ? null : minutesOf(input.start ?? ''),
          endMinute: input.allDay ? null : minutesOf(input.end ?? ''),
          note: input.note ? input.note : null,
        });
        const view = { date: row.date, startMinute: row.startMinute, endMinute: row.endMinute, note: row.note };
        return { before: null, after: view, result: row };
      });
    },

    removeException(admin: AdminScope, doctorId: string, exceptionId: string) {
      return change(admin, doctorId, 'admin.doctor.exception_removed', async (tx) => {
        const row = await repoOf(tx).removeException(doctorId, exceptionId);
        if (!row) throw notFound();
        return { before: { date: row.date, startMinute: row.startMinute, endMinute: row.endMinute, note: row.note }, after: null, result: undefined };
      });
    },
  };
}
export type DoctorsAdmin = ReturnType<typeof createDoctorsAdmin>;
