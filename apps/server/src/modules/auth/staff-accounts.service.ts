// Staff accounts the operator makes (issue 18): a doctor's or a pharmacist's account with no
// password, and the invitation that lets them choose one. The invitation is a password-reset link
// (password_resets: only the token's SHA-256 kept, single use, expiring) that lasts
// STAFF_INVITE_TTL_HOURS; completing it at /reset-password gives a staff account no session: they
// then sign in at /staff/sign-in with the password and a mailed code like every staff member.
import { createHash, randomBytes } from 'node:crypto';
import { STAFF_INVITE_TTL_HOURS } from '@store/domain';
import { inArray } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { users } from '../../db/schema/auth.ts';
import { fieldError } from '../../lib/problem.ts';
import { createAuthRepo, isUniqueViolation } from './auth.repo.ts';
import type { SessionService } from './sessions.service.ts';

export const STAFF_INVITE_TTL_MS = STAFF_INVITE_TTL_HOURS * 60 * 60_000;

/** The same hash as reset links (auth.core tokenHash), so /reset-password finds the invitation. */
const tokenHash = (token: string) => createHash('sha256').update(token).digest('base64url');

export interface StaffAccount {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  role: string;
  /** False until the invitation was used (no password yet). */
  passwordSet: boolean;
}

export function createStaffAccounts(deps: { db: Db; now: () => Date; sessions: Pick<SessionService, 'revokeAllForUser'> }) {
  const { db, now } = deps;
  return {
    /** A new staff account without a password, in `tx`; 409 beside `email` when the company has that address. */
    async createIn(
      tx: DbOrTx,
      input: { companyId: string; storefrontId: string; email: string; firstName: string; lastName: string; role: 'doctor' | 'pharmacist' },
    ): Promise<StaffAccount> {
      const repo = createAuthRepo(tx);
      if (await repo.findUserByEmail(input.companyId, input.email)) throw fieldError('email', 'ACCOUNT_EXISTS_SHORT', 409);
      const at = now();
      try {
        const user = await repo.insertUser({ ...input, email: input.email.toLowerCase(), signupSource: 'invite', createdAt: at, updatedAt: at });
        return { id: user.id, email: user.email, firstName: user.firstName, lastName: user.lastName, role: user.role, passwordSet: false };
      } catch (err) {
        if (isUniqueViolation(err)) throw fieldError('email', 'ACCOUNT_EXISTS_SHORT', 409);
        throw err;
      }
    },

    /** A new single-use set-your-password token for the account (earlier ones stop working). */
    async issueInviteIn(tx: DbOrTx, userId: string): Promise<{ token: string; expiresAt: Date }> {
      const repo = createAuthRepo(tx);
      const at = now();
      await repo.killResetsOfUser(userId, at);
      const token = randomBytes(32).toString('base64url');
      const expiresAt = new Date(at.getTime() + STAFF_INVITE_TTL_MS);
      await repo.insertReset({ userId, tokenHash: tokenHash(token), createdAt: at, expiresAt });
      return { token, expiresAt };
    },

    /** Accounts by id (the operator's lists: address, names, whether the invitation was used). */
    async byIds(ids: string[]): Promise<Map<string, StaffAccount>> {
      if (ids.length === 0) return new Map();
      const rows = await db.select().from(users).where(inArray(users.id, ids));
      return new Map(
        rows.map((u) => [u.id, { id: u.id, email: u.email, firstName: u.firstName, lastName: u.lastName, role: u.role, passwordSet: u.passwordHash !== null }]),
      );
    },

    /** Signs the account out everywhere (a pharmacist removed from their pharmacy). */
    endSessions(userId: string): Promise<void> {
      return deps.sessions.revokeAllForUser(userId);
    },
  };
}
export type StaffAccounts = ReturnType<typeof createStaffAccounts>;
