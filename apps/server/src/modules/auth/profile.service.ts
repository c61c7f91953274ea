// The signed-in patient's profile.
// Part of the auth service: auth.service.ts composes the parts over one AuthCore.
import { problem } from '../../lib/problem.ts';
import { type UserRow } from './auth.repo.ts';
import { type RequestContext, type AuthCore } from './auth.core.ts';

export function createProfile(core: AuthCore) {
  const { now, repo, record, userSubject } = core;
  return {
    // ---- profile ------------------------------------------------------------------------------------
    async getProfile(userId: string) {
      const user = await repo.findUserById(userId);
      if (!user) throw problem(401, 'UNAUTHORIZED');
      return profileOf(user);
    },

    /** What a prescription prints of its patient (issue 15): full name ('' when none is on file) and date of birth; null for an unknown user. */
    async patientDetails(userId: string): Promise<{ name: string; dateOfBirth: string | null } | null> {
      const user = await repo.findUserById(userId);
      if (!user) return null;
      return { name: [user.firstName, user.lastName].filter(Boolean).join(' '), dateOfBirth: user.dateOfBirth };
    },

    async updateProfile(
      ctx: RequestContext,
      userId: string,
      patch: {
        firstName?: string | undefined;
        lastName?: string | undefined;
        phone?: string | undefined;
        dateOfBirth?: string | null | undefined;
      },
    ) {
      const at = now();
      const changes: Partial<UserRow> = { updatedAt: at };
      if (patch.firstName !== undefined) changes.firstName = patch.firstName.trim();
      if (patch.lastName !== undefined) changes.lastName = patch.lastName.trim();
      if (patch.phone !== undefined) changes.phone = patch.phone.trim() ? patch.phone.trim() : null;
      if (patch.dateOfBirth !== undefined) changes.dateOfBirth = patch.dateOfBirth;
      const user = await repo.updateUser(userId, changes);
      if (!user) throw problem(401, 'UNAUTHORIZED');
      await record(ctx, 'account.profile.updated', {
        subject: userSubject(user),
        details: {
          fields: Object.keys(patch)
            .filter((k) => patch[k as keyof typeof patch] !== undefined)
            .join(','),
        },
      });
      return profileOf(user);
    },

  };
}

export function profileOf(user: UserRow) {
  return {
    id: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    phone: user.phone ?? '',
    dateOfBirth: user.dateOfBirth,
    role: user.role,
    isEcp: user.isEcp,
    hasPassword: Boolean(user.passwordHash),
    passwordChangedAt: user.passwordChangedAt,
    createdAt: user.createdAt,
  };
}
export type Profile = ReturnType<typeof profileOf>;
