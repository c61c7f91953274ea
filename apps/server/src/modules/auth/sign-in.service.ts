// Password sign-in, who to mail, and signing out (one session or everywhere).
// Part of the auth service: auth.service.ts composes the parts over one AuthCore.
import { fieldError, problem } from '../../lib/problem.ts';
import { verifyPassword } from './passwords.ts';
import { type RequestContext, type SignedIn, type AuthCore } from './auth.core.ts';

export function createSignIn(core: AuthCore) {
  const { sessions, repo, throttle, accountKey, failureKeys, record, startSession, loginFailed } = core;
  return {
    /** How to reach a patient by mail (the order confirmation), or null. */
    async contactOf(userId: string): Promise<{ email: string; firstName: string | null } | null> {
      const user = await repo.findUserById(userId);
      return user ? { email: user.email, firstName: user.firstName } : null;
    },

    // ---- password login (SPEC §7 POST login) -----------------------------------------------------
    async login(
      ctx: RequestContext,
      input: { email: string; password: string },
    ): Promise<SignedIn> {
      const email = input.email.trim().toLowerCase();
      const attempt = await throttle.attempt(failureKeys(ctx, email));
      const user = await repo.findUserByEmail(ctx.storefront.companyId, email);
      // Always one argon2 verification, so an unknown email takes as long as a known one.
      const ok = await verifyPassword(user?.passwordHash, input.password);
      if (!user) {
        await loginFailed(ctx, 'password', 'unknown_email', undefined, email);
        throw fieldError('email', 'LOGIN_UNKNOWN_EMAIL', 401);
      }
      if (!ok) {
        await loginFailed(ctx, 'password', 'wrong_password', user);
        throw problem(401, 'LOGIN_WRONG_PASSWORD');
      }
      await attempt.succeeded({ clearKeys: [accountKey(ctx, email)] });
      return startSession(ctx, user, 'password');
    },

    // ---- logout ----------------------------------------------------------------------------------
    async logout(ctx: RequestContext): Promise<void> {
      const identity = ctx.identity;
      if (!identity) return;
      await sessions.revoke(identity.sessionId);
      if (identity.kind === 'user')
        await record(ctx, 'auth.logout', { subject: { type: 'user', id: identity.userId } });
    },

    /** "Sign out everywhere" (issue 13 #9): every session of the user ends, this one included. */
    async logoutEverywhere(ctx: RequestContext, userId: string): Promise<void> {
      await sessions.revokeAllForUser(userId);
      await record(ctx, 'auth.logout_everywhere', { subject: { type: 'user', id: userId } });
    },

  };
}
