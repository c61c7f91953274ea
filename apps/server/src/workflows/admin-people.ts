// The operator's people (issue 18): the steps that span modules. Inviting a doctor makes their
// account (auth), their doctor row (doctors) and a single-use set-your-password link in one
// transaction with its audit event, then mails the link (notifications: the outbox in development);
// inviting a pharmacist does the same with a pharmacy_staff row (fulfilment) for a partner pharmacy
// of the company (pharmacies). The lists join what each module knows (a doctor's invitation still
// open, a pharmacist's name and address). Nothing here reads or writes a patient's data.
import {
  STAFF_INVITE_TTL_HOURS,
  type AdminDoctor,
  type AdminDoctorRow,
  type AdminPharmacist,
  type DoctorInvite,
  type StorefrontConfig,
} from '@store/domain';
import type { Db } from '../db/client.ts';
import { notFound } from '../lib/problem.ts';
import type { AuditService } from '../modules/audit/audit.service.ts';
import type { StaffAccounts } from '../modules/auth/staff-accounts.service.ts';
import type { AdminScope, DoctorsAdmin } from '../modules/doctors/doctors-admin.service.ts';
import type { PharmacyStaffAdmin } from '../modules/fulfilment/pharmacy-staff-admin.service.ts';
import type { NotificationService } from '../modules/notifications/notifications.service.ts';
import type { PharmaciesAdmin } from '../modules/pharmacies/pharmacies-admin.service.ts';

/** Where the invitation mail's link points, and its brand. */
export interface InviteOrigin {
  storefront: StorefrontConfig;
  /** request.linkOrigin(): never a forged Host header. */
  origin: string;
}

export function createAdminPeople(deps: {
  db: Db;
  now: () => Date;
  staffAccounts: StaffAccounts;
  doctorsAdmin: DoctorsAdmin;
  pharmaciesAdmin: PharmaciesAdmin;
  pharmacyStaff: PharmacyStaffAdmin;
  audit: Pick<AuditService, 'record'>;
  notifications: Pick<NotificationService, 'email'>;
  log?: { warn(obj: object, msg: string): void };
}) {
  const { db, now, staffAccounts, doctorsAdmin, pharmaciesAdmin, pharmacyStaff, audit, notifications } = deps;

  /** Mails the set-your-password link; false when the mail could not be handed over (the invite stays; resend later). */
  async function mailInvite(where: InviteOrigin, to: string, token: string, role: 'doctor' | 'pharmacist', subjectId: string, admin: AdminScope) {
    // The token rides in the URL fragment: never sent to a server, so never in access logs.
    const url = `${where.origin}/reset-password#token=${token}`;
    let delivered = true;
    try {
      await notifications.email(where.storefront, to, {
        subject: `You're invited to ${where.storefront.name} as a ${role}`,
        heading: 'Set your password',
        paragraphs: [
          `An administrator of ${where.storefront.name} added you as a ${role}. Choose a password with the link below; it works once and expires in ${STAFF_INVITE_TTL_HOURS} hours.`,
          `Then sign in on the staff sign-in page with your email, your password and the code we send you.`,
        ],
        action: { label: 'Set your password', url },
        footnote: 'If you did not expect this, you can ignore this email.',
      });
    } catch (err) {
      delivered = false;
      deps.log?.warn({ err }, 'staff invite mail failed');
    }
    await audit.record({ action: 'admin.staff.invite_sent', subject: { type: role, id: subjectId }, ...admin.audit, details: { delivered } });
    return delivered;
  }

  function doctorRow(row: { id: string; name: string; credentials: string; timeZone: string; active: boolean; storefrontId: string | null; userId: string | null }, states: string[], passwordSet: boolean | undefined): AdminDoctorRow {
    return {
      id: row.id,
      name: row.name,
      credentials: row.credentials,
      timeZone: row.timeZone,
      active: row.active,
      storefrontId: row.storefrontId,
      states,
      invitePending: row.userId !== null && passwordSet === false,
    };
  }

  return {
    async listDoctors(admin: AdminScope, query: { q?: string | undefined; page: number; pageSize: number }) {
      const { rows, total } = await doctorsAdmin.page(admin, query);
      const accounts = await staffAccounts.byIds(rows.flatMap((r) => (r.userId ? [r.userId] : [])));
      return {
        items: rows.map((r) => doctorRow(r, r.states, r.userId ? accounts.get(r.userId)?.passwordSet : undefined)),
        total,
        page: query.page,
        pageSize: query.pageSize,
      };
    },

    async doctor(admin: AdminScope, doctorId: string): Promise<AdminDoctor> {
      const found = await doctorsAdmin.detail(admin, doctorId);
      if (!found) throw notFound();
      const account = found.row.userId ? (await staffAccounts.byIds([found.row.userId])).get(found.row.userId) : undefined;
      return {
        ...doctorRow(found.row, found.licenses.map((l) => l.state), account?.passwordSet),
        npi: found.row.npi,
        bio: found.row.bio,
        email: account?.email ?? null,
        licenses: found.licenses,
        rules: found.rules,
        exceptions: found.exceptions,
      };
    },

    /** `input.storefrontId` is the company's or null (the route checked it). */
    async inviteDoctor(admin: AdminScope, where: InviteOrigin, input: DoctorInvite): Promise<{ id: string; delivered: boolean }> {
      const { doctor, token, email } = await db.transaction(async (tx) => {
        const account = await staffAccounts.createIn(tx, {
          companyId: admin.companyId,
          storefrontId: input.storefrontId ?? where.storefront.id,
          email: input.email,
          firstName: input.firstName,
          lastName: input.lastName,
          role: 'doctor',
        });
        const doctor = await doctorsAdmin.createIn(tx, admin, {
          userId: account.id,
          name: `${input.firstName} ${input.lastName}`,
          credentials: input.credentials,
          npi: input.npi,
          timeZone: input.timeZone,
          storefrontId: input.storefrontId,
        });
        const { token } = await staffAccounts.issueInviteIn(tx, account.id);
        return { doctor, token, email: account.email };
      });
      const delivered = await mailInvite(where, email, token, 'doctor', doctor.id, admin);
      return { id: doctor.id, delivered };
    },

    /** A new link for a doctor who has not set a password yet (the old one stops working). */
    async resendDoctorInvite(admin: AdminScope, where: InviteOrigin, doctorId: string): Promise<{ delivered: boolean } | 'accepted'> {
      const doctor = await doctorsAdmin.accountOf(admin, doctorId);
      if (!doctor.userId) throw notFound();
      const account = (await staffAccounts.byIds([doctor.userId])).get(doctor.userId);
      if (!account) throw notFound();
      if (account.passwordSet) return 'accepted';
      const { token } = await db.transaction((tx) => staffAccounts.issueInviteIn(tx, account.id));
      return { delivered: await mailInvite(where, account.email, token, 'doctor', doctorId, admin) };
    },

    async pharmacists(admin: AdminScope & { storefrontIds: string[] }, pharmacyId: string, query: { page: number; pageSize: number }) {
      if (!(await pharmaciesAdmin.get(admin, pharmacyId))) throw notFound();
      const { rows, total } = await pharmacyStaff.page(pharmacyId, query);
      const accounts = await staffAccounts.byIds(rows.map((r) => r.userId));
      const items: AdminPharmacist[] = rows.map((r) => {
        const a = accounts.get(r.userId);
        return { userId: r.userId, firstName: a?.firstName ?? '', lastName: a?.lastName ?? '', email: a?.email ?? '', invitePending: a ? !a.passwordSet : false, addedAt: r.createdAt.toISOString() };
      });
      return { items, total, page: query.page, pageSize: query.pageSize };
    },

    async invitePharmacist(
      admin: AdminScope & { storefrontIds: string[] },
      where: InviteOrigin,
      pharmacyId: string,
      input: { firstName: string; lastName: string; email: string },
    ): Promise<{ userId: string; delivered: boolean }> {
      const pharmacy = await pharmaciesAdmin.get(admin, pharmacyId);
      if (!pharmacy) throw notFound();
      const { account, token } = await db.transaction(async (tx) => {
        const account = await staffAccounts.createIn(tx, {
          companyId: admin.companyId,
          storefrontId: pharmacy.storefrontId ?? where.storefront.id,
          email: input.email,
          firstName: input.firstName,
          lastName: input.lastName,
          role: 'pharmacist',
        });
        await pharmacyStaff.addIn(tx, pharmacyId, account.id, now());
        await audit.record(
          { action: 'admin.pharmacist.invited', subject: { type: 'pharmacy', id: pharmacyId }, ...admin.audit, change: { before: null, after: { userId: account.id, role: 'pharmacist' } } },
          tx,
        );
        const { token } = await staffAccounts.issueInviteIn(tx, account.id);
        return { account, token };
      });
      const delivered = await mailInvite(where, account.email, token, 'pharmacist', pharmacyId, admin);
      return { userId: account.id, delivered };
    },

    /** Takes the pharmacist off the pharmacy and signs them out; their account stays (audit history). */
    async removePharmacist(admin: AdminScope & { storefrontIds: string[] }, pharmacyId: string, userId: string): Promise<void> {
      if (!(await pharmaciesAdmin.get(admin, pharmacyId))) throw notFound();
      await db.transaction(async (tx) => {
        if (!(await pharmacyStaff.removeIn(tx, pharmacyId, userId))) throw notFound();
        await audit.record(
          { action: 'admin.pharmacist.removed', subject: { type: 'pharmacy', id: pharmacyId }, ...admin.audit, change: { before: { userId, role: 'pharmacist' }, after: null } },
          tx,
        );
      });
      await staffAccounts.endSessions(userId);
    },
  };
}
export type AdminPeople = ReturnType<typeof createAdminPeople>;
