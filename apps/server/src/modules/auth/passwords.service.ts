// Password reset by an emailed link, and a signed-in patient's password change.
// Part of the auth service: auth.service.ts composes the parts over one AuthCore.
import { randomBytes } from 'node:crypto';
import { isStaffRole } from '@store/domain';
import { fieldError, problem } from '../../lib/problem.ts';
import { createAuthRepo } from './auth.repo.ts';
import { hashPassword, verifyPassword } from './passwords.ts';
import { RESET_TTL_MS, type RequestContext, type SignedIn, type AuthCore } from './auth.core.ts';

/** A staff member's reset: the password changed, and they now sign in as staff (issue 15). */
export interface StaffSignInRequired {
  staffSignIn: true;
  role: SignedIn['role'];
}

export function createPasswords(core: AuthCore) {
  const { db, now, sessions, notifications, repo, throttle, resetSends, ipSends, accountKey, ipKey, failureKeys, emailRef, tokenHash, record, userSubject, startSession } = core;
  return {
    // ---- password reset by emailed link ------------------------------------------------------------
    async requestPasswordReset(ctx: RequestContext, input: { email: string }): Promise<void> {
      const email = input.email.trim().toLowerCase();
      await throttle.attempt([
        { bucket: 'send-ip', key: ipKey(ctx), policy: ipSends },
        { bucket: 'reset-send', key: accountKey(ctx, email), policy: resetSends },
      ]);
      const user = await repo.findUserByEmail(ctx.storefront.companyId, email);
      if (!user) {
        await record(ctx, 'auth.password_reset.requested', {
          subject: { type: 'email', id: emailRef(email) },
          details: { known: false },
        });
        return;
      }
      const token = randomBytes(32).toString('base64url');
      const at = now();
      await repo.insertReset({
        userId: user.id,
        tokenHash: tokenHash(token),
        createdAt: at,
        expiresAt: new Date(at.getTime() + RESET_TTL_MS),
      });
      // The token rides in the URL fragment: never sent to a server, so never in access logs.
      const url = `${await ctx.linkOrigin()}/reset-password#token=${token}`;
      let delivered = true;
      try {
        await notifications.email(ctx.storefront, user.email, {
          subject: `Reset your ${ctx.storefront.name} password`,
          heading: 'Reset your password',
          paragraphs: [
            'We received a request to reset the password of your account. The link below works once and expires in 1 hour.',
          ],
          action: { label: 'Choose a new password', url },
          footnote:
            'If you did not ask for this, you can ignore this email: your password stays the same.',
        });
      } catch (err) {
        delivered = false;
        ctx.log?.warn({ err }, 'password reset mail failed');
      }
      await record(ctx, 'auth.password_reset.requested', {
        subject: userSubject(user),
        details: { known: true, delivered },
      });
    },

    async checkResetToken(ctx: RequestContext, token: string): Promise<boolean> {
      const found = await repo.findLiveReset(tokenHash(token), now());
      return Boolean(found);
    },

    async completePasswordReset(
      ctx: RequestContext,
      input: { token: string; password: string },
    ): Promise<SignedIn | StaffSignInRequired> {
      const attempt = await throttle.attempt(failureKeys(ctx));
      const found = await repo.findLiveReset(tokenHash(input.token), now());
      if (!found || found.user.companyId !== ctx.storefront.companyId) {
        await record(ctx, 'auth.password_reset.failed', { details: { reason: 'invalid_token' } });
        throw problem(400, 'RESET_LINK_INVALID');
      }
      const passwordHash = await hashPassword(input.password);
      const at = now();
      const user = await db.transaction(async (tx) => {
        const txRepo = createAuthRepo(tx);
        if (!(await txRepo.consumeReset(found.reset.id, at))) return undefined;
        await txRepo.killResetsOfUser(found.user.id, at);
        await txRepo.killCodesOfUser(found.user.id, at);
        const updated = await txRepo.updateUser(found.user.id, {
          passwordHash,
          passwordChangedAt: at,
          emailVerifiedAt: found.user.emailVerifiedAt ?? at,
          updatedAt: at,
        });
        await record(
          ctx,
          'auth.password_reset.completed',
          { actor: { type: 'user', id: found.user.id }, subject: userSubject(found.user) },
          tx,
        );
        return updated;
      });
      if (!user) throw problem(400, 'RESET_LINK_INVALID');
      await attempt.succeeded();
      // Whoever held the old password is signed out everywhere.
      await sessions.revokeAllForUser(user.id);
      // Staff sign in with the new password plus a code (issue 15): no session from the link.
      if (isStaffRole(user.role)) return { staffSignIn: true, role: user.role };
      return startSession(ctx, user, 'password_reset');
    },

    // ---- password change (logged in) ----------------------------------------------------------------
    async changePassword(
      ctx: RequestContext,
      userId: string,
      input: { currentPassword: string; newPassword: string },
    ) {
      const user = await repo.findUserById(userId);
      if (!user) throw problem(401, 'UNAUTHORIZED');
      const attempt = await throttle.attempt(failureKeys(ctx, user.email));
      if (!(await verifyPassword(user.passwordHash, input.currentPassword))) {
        await record(ctx, 'auth.password.change_failed', {
          subject: userSubject(user),
          details: { reason: 'wrong_current_password' },
        });
        throw fieldError('currentPassword', 'PASSWORD_CURRENT_WRONG', 400);
      }
      await attempt.succeeded({ clearKeys: [accountKey(ctx, user.email)] });
      const passwordHash = await hashPassword(input.newPassword);
      const at = now();
      await db.transaction(async (tx) => {
        const txRepo = createAuthRepo(tx);
        await txRepo.updateUser(user.id, { passwordHash, passwordChangedAt: at, updatedAt: at });
        await txRepo.killResetsOfUser(user.id, at);
        await record(ctx, 'auth.password.changed', { subject: userSubject(user) }, tx);
      });
      // End every other session of the patient; this one stays.
      await sessions.revokeAllForUser(user.id, ctx.identity?.sessionId);
      return { passwordChangedAt: at };
    },

  };
}
