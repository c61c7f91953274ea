// Registration: plain, join-the-movement, provider invite, ECP, by one-time code; and the provider invites themselves.
// Part of the auth service: auth.service.ts composes the parts over one AuthCore.
import { fieldError, problem } from '../../lib/problem.ts';
import { createAuthRepo } from './auth.repo.ts';
import { signInvite, verifyInvite } from './invites.ts';
import { OTP_TTL_MS, INVITE_DEFAULT_DAYS, safeRedirectPath, type RequestContext, type SignedIn, type RegisterInput, type AuthCore } from './auth.core.ts';

export function createRegistration(core: AuthCore) {
  const { now, secret, repo, throttle, codeSends, ipSends, accountKey, ipKey, failureKeys, emailRef, record, startSession, issueCode, deliverCode, deliveryProblem, checkCode, createAccount, findEcp } = core;
  return {
    // ---- registration (SPEC §7 POST register and ECP variant; join; invite; OTP) -----------------
    async register(ctx: RequestContext, input: RegisterInput): Promise<SignedIn> {
      if (input.isEcp) {
        if (!input.erxGuid || !input.peopleId) throw problem(404, 'ECP_LINK_INVALID');
        const invitation = await findEcp(ctx, input.peopleId, input.erxGuid);
        // The prescription is for one person: the email must be the one the prescriber has.
        if (!invitation || invitation.email.toLowerCase() !== input.email.trim().toLowerCase()) {
          throw problem(404, 'ECP_LINK_INVALID');
        }
        const user = await createAccount(
          ctx,
          { ...input, source: 'ecp', emailVerified: false },
          async (tx, created) => {
            const claimed = await createAuthRepo(tx).markEcpUsed(invitation.id, created.id, now());
            if (!claimed) throw problem(404, 'ECP_LINK_INVALID');
          },
        );
        await record(ctx, 'ecp.claimed', {
          actor: { type: 'user', id: user.id },
          subject: { type: 'ecp_invitation', id: invitation.id },
        });
        return startSession(ctx, user, 'register', safeRedirectPath(input.redirectPage), invitation.productId);
      }
      const user = await createAccount(ctx, { ...input, source: 'password' });
      return startSession(ctx, user, 'register', safeRedirectPath(input.redirectPage));
    },

    async registerJoin(ctx: RequestContext, input: RegisterInput): Promise<SignedIn> {
      const user = await createAccount(ctx, { ...input, isEcp: false, source: 'join' });
      return startSession(ctx, user, 'register', safeRedirectPath(input.redirectPage));
    },

    async registerFromInvite(
      ctx: RequestContext,
      input: RegisterInput & { invite: string },
    ): Promise<SignedIn> {
      const claims = verifyInvite(secret, input.invite, now());
      const doctor =
        claims && claims.storefrontId === ctx.storefront.id
          ? await repo.findUserById(claims.doctorId)
          : undefined;
      if (!claims || !doctor || doctor.role !== 'doctor') throw problem(400, 'INVITE_INVALID');
      const user = await createAccount(ctx, {
        ...input,
        isEcp: false,
        source: 'invite',
        invitedByUserId: doctor.id,
      });
      return startSession(ctx, user, 'register', safeRedirectPath(input.redirectPage));
    },

    async sendRegisterCode(ctx: RequestContext, input: { email: string }) {
      const email = input.email.trim().toLowerCase();
      await throttle.attempt([
        { bucket: 'send-ip', key: ipKey(ctx), policy: ipSends },
        { bucket: 'code-send', key: `register:${accountKey(ctx, email)}`, policy: codeSends },
      ]);
      if (await repo.findUserByEmail(ctx.storefront.companyId, email))
        throw fieldError('email', 'ACCOUNT_EXISTS', 409);
      const code = await issueCode(ctx, 'register', email, null, ['email']);
      const { sentTo, failures } = await deliverCode(
        ctx,
        { email, phone: null },
        code,
        ['email'],
        'register',
      );
      await record(ctx, failures.length ? 'auth.otp.send_failed' : 'auth.otp.sent', {
        subject: { type: 'email', id: emailRef(email) },
        details: { purpose: 'register', channels: 'email' },
      });
      if (failures.length) throw deliveryProblem(failures);
      return { sentTo, failures: [], expiresInSeconds: OTP_TTL_MS / 1000 };
    },

    async verifyRegisterCode(
      ctx: RequestContext,
      input: {
        email: string;
        code: string;
        firstName?: string | undefined;
        lastName?: string | undefined;
        phone?: string | undefined;
        landingPage?: string | undefined;
        redirectPage?: string | undefined;
      },
    ): Promise<SignedIn> {
      const email = input.email.trim().toLowerCase();
      const attempt = await throttle.attempt(failureKeys(ctx, email));
      const result = await checkCode(ctx, 'register', email, input.code);
      if (!result.ok) {
        await record(ctx, 'auth.register.failed', {
          subject: { type: 'email', id: emailRef(email) },
          details: { method: 'otp', reason: `code_${result.reason}` },
        });
        throw fieldError('code', 'PASSCODE_INVALID', 400);
      }
      await attempt.succeeded({ clearKeys: [accountKey(ctx, email)] });
      const user = await createAccount(ctx, {
        email,
        password: '',
        passwordless: true,
        firstName: input.firstName ?? '',
        lastName: input.lastName ?? '',
        phone: input.phone,
        landingPage: input.landingPage,
        redirectPage: input.redirectPage,
        source: 'otp',
        emailVerified: true,
      });
      return startSession(ctx, user, 'register_otp', safeRedirectPath(input.redirectPage));
    },

    // ---- provider invites -----------------------------------------------------------------------
    async createInvite(ctx: RequestContext, doctorId: string, days = INVITE_DEFAULT_DAYS) {
      const expiresAt = new Date(now().getTime() + days * 86_400_000);
      const token = signInvite(secret, { doctorId, storefrontId: ctx.storefront.id, expiresAt });
      await record(ctx, 'auth.invite.created', {
        subject: { type: 'user', id: doctorId },
        details: { days },
      });
      return {
        token,
        url: `${await ctx.linkOrigin()}/register/invite?invite=${encodeURIComponent(token)}`,
        expiresAt,
      };
    },

    async inspectInvite(ctx: RequestContext, token: string) {
      const claims = verifyInvite(secret, token, now());
      const doctor =
        claims && claims.storefrontId === ctx.storefront.id
          ? await repo.findUserById(claims.doctorId)
          : undefined;
      if (!claims || !doctor || doctor.role !== 'doctor') throw problem(400, 'INVITE_INVALID');
      return {
        doctorName: `Dr. ${doctor.firstName} ${doctor.lastName}`.trim(),
        expiresAt: claims.expiresAt,
      };
    },

  };
}
