// Password sign-in, who to mail, and signing out (one session or everywhere).
// Part of the auth service: auth.service.ts composes the parts over one AuthCore.
import { isStaffRole } from '@store/domain';
import { fieldError, problem } from '../../lib/problem.ts';
import { verifyPassword } from './passwords.ts';
import type { UserRow } from './auth.repo.ts';
import {
  OTP_TTL_MS,
  STAFF_SIGN_IN_METHOD,
  type AuthCore,
  type OtpChannel,
  type RequestContext,
  type SecondFactorRequired,
  type SignedIn,
} from './auth.core.ts';

export function createSignIn(core: AuthCore) {
  const { config, now, sessions, repo, throttle, ipSends, ipKey, accountKey, failureKeys, emailRef, record, userSubject, startSession, loginFailed, issueCode, deliverCode, deliveryProblem, checkCode } = core;

  /**
   * A staff member gave the right password: a `staff_login` code goes by email (and SMS when the
   * account has a phone); the session starts only at `verifyStaffCode` (issue 15).
   */
  async function sendStaffCode(ctx: RequestContext, user: UserRow): Promise<SecondFactorRequired> {
    await throttle.attempt([
      { bucket: 'send-ip', key: ipKey(ctx), policy: ipSends },
      // No resend cool-down: signing in again must send a fresh code; the hourly cap still holds.
      { bucket: 'staff-code-send', key: accountKey(ctx, user.email), policy: { maxPerHour: config.OTP_SENDS_PER_HOUR } },
    ]);
    const channels: OtpChannel[] = user.phone ? ['email', 'sms'] : ['email'];
    const code = await issueCode(ctx, 'staff_login', user.email, user, channels);
    const { sentTo, failures } = await deliverCode(ctx, { email: user.email, phone: user.phone }, code, channels, 'staff_login');
    const failed = failures.length === channels.length;
    await record(ctx, failed ? 'auth.otp.send_failed' : 'auth.otp.sent', {
      subject: userSubject(user),
      details: { purpose: 'staff_login', channels: channels.join(','), failed: failures.map((f) => f.channel).join(',') },
    });
    if (failed) {
      await repo.killCodesOfUser(user.id, now());
      throw deliveryProblem(failures);
    }
    const delivered = channels.filter((c) => !failures.some((f) => f.channel === c));
    return { secondFactor: { required: true, channels: delivered, sentTo, expiresInSeconds: OTP_TTL_MS / 1000 } };
  }

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
    ): Promise<SignedIn | SecondFactorRequired> {
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
      if (isStaffRole(user.role)) {
        // The password alone proves half: the account's failures stay counted until the code.
        await attempt.succeeded();
        await record(ctx, 'auth.login.second_factor_required', { subject: userSubject(user), details: { method: 'password' } });
        return sendStaffCode(ctx, user);
      }
      await attempt.succeeded({ clearKeys: [accountKey(ctx, email)] });
      return startSession(ctx, user, 'password');
    },

    /** Step two of a staff sign-in (issue 15): the live `staff_login` code starts the session. */
    async verifyStaffCode(ctx: RequestContext, input: { email: string; code: string }): Promise<SignedIn> {
      const email = input.email.trim().toLowerCase();
      const attempt = await throttle.attempt(failureKeys(ctx, email));
      const result = await checkCode(ctx, 'staff_login', email, input.code);
      const user = result.ok && result.row.userId ? await repo.findUserById(result.row.userId) : undefined;
      if (!result.ok || !user || !isStaffRole(user.role)) {
        await record(ctx, 'auth.login.failed', {
          subject: user ? userSubject(user) : { type: 'email', id: emailRef(email) },
          details: { method: 'staff_code', reason: result.ok ? 'not_staff' : `code_${result.reason}` },
        });
        throw fieldError('code', 'PASSCODE_INVALID', 400);
      }
      await attempt.succeeded({ clearKeys: [accountKey(ctx, email)] });
      return startSession(ctx, user, STAFF_SIGN_IN_METHOD);
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
