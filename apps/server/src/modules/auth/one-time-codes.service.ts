// Sign-in by a one-time code (SPEC §4: send code, verify code).
// Part of the auth service: auth.service.ts composes the parts over one AuthCore.
import { isStaffRole } from '@store/domain';
import { fieldError } from '../../lib/problem.ts';
import { OTP_TTL_MS, type OtpChannel, type RequestContext, type SignedIn, type AuthCore } from './auth.core.ts';

export function createOneTimeCodes(core: AuthCore) {
  const { now, repo, throttle, codeSends, ipSends, accountKey, ipKey, failureKeys, emailRef, record, userSubject, startSession, issueCode, deliverCode, deliveryProblem, checkCode } = core;
  return {
    // ---- one-time code login (SPEC §4: send code, verify code) -----------------------------------
    async sendLoginCode(ctx: RequestContext, input: { email: string; channels: OtpChannel[] }) {
      const email = input.email.trim().toLowerCase();
      await throttle.attempt([
        { bucket: 'send-ip', key: ipKey(ctx), policy: ipSends },
        { bucket: 'code-send', key: accountKey(ctx, email), policy: codeSends },
      ]);
      const user = await repo.findUserByEmail(ctx.storefront.companyId, email);
      // A staff account signs in with its password plus a code, never the code alone (issue 15):
      // it gets the unknown email's answer, so this form does not tell who is staff.
      if (!user || isStaffRole(user.role)) {
        await record(ctx, 'auth.otp.send_refused', {
          subject: user ? userSubject(user) : { type: 'email', id: emailRef(email) },
          details: { reason: user ? 'staff_account' : 'unknown_email' },
        });
        throw fieldError('email', 'LOGIN_UNKNOWN_EMAIL', 404);
      }
      let channels: OtpChannel[] = input.channels.length
        ? [...new Set(input.channels)]
        : ['sms', 'email'];
      // Asked for both but the account has no phone: the email is the delivery, not a half
      // failure (SMS alone still answers "Error sending OTP to SMS.": the patient chose it).
      if (!user.phone && channels.length > 1) channels = channels.filter((c) => c !== 'sms');
      const code = await issueCode(ctx, 'login', email, user, channels);
      const { sentTo, failures } = await deliverCode(
        ctx,
        { email: user.email, phone: user.phone },
        code,
        channels,
        'login',
      );
      await record(
        ctx,
        failures.length === channels.length ? 'auth.otp.send_failed' : 'auth.otp.sent',
        {
          subject: userSubject(user),
          details: {
            purpose: 'login',
            channels: channels.join(','),
            failed: failures.map((f) => f.channel).join(','),
          },
        },
      );
      if (failures.length === channels.length) {
        await repo.killCodesOfUser(user.id, now());
        throw deliveryProblem(failures);
      }
      return {
        sentTo,
        failures: failures.map((f) => ({ channel: f.channel, code: f.code, message: f.message })),
        expiresInSeconds: OTP_TTL_MS / 1000,
      };
    },

    async verifyLoginCode(
      ctx: RequestContext,
      input: { email: string; code: string },
    ): Promise<SignedIn> {
      const email = input.email.trim().toLowerCase();
      const attempt = await throttle.attempt(failureKeys(ctx, email));
      const result = await checkCode(ctx, 'login', email, input.code);
      const user =
        result.ok && result.row.userId ? await repo.findUserById(result.row.userId) : undefined;
      if (!result.ok || !user || isStaffRole(user.role)) {
        await record(ctx, 'auth.login.failed', {
          subject: { type: 'email', id: emailRef(email) },
          details: { method: 'otp', reason: !result.ok ? `code_${result.reason}` : user ? 'staff_account' : 'no_user' },
        });
        throw fieldError('code', 'PASSCODE_INVALID', 400);
      }
      await attempt.succeeded({ clearKeys: [accountKey(ctx, email)] });
      return startSession(ctx, user, 'otp');
    },

  };
}
