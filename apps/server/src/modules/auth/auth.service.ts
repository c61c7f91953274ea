// Accounts and sign-in (SPEC §1, §2, §5–§8): registration (plain, join-the-movement, provider
// invite, ECP, one-time code), password and one-time-code login, logout, password reset and
// change, profile. Every sign-in gets a new session token and ends the browser's previous session
// (guest or user); the sign-in workflow then moves a guest's things to the account. Every sign-in, failure, code
// send, reset and password change goes to the audit log. Throttles live in the database.
import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { MESSAGES, type StorefrontConfig } from '@store/domain';
import type { AppConfig } from '../../config.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { AppError, fieldError, problem } from '../../lib/problem.ts';
import { actorOf, type AuditActor, type AuditService } from '../audit/audit.service.ts';
import type { NotificationService } from '../notifications/notifications.service.ts';
import { createAuthRepo, isUniqueViolation, type UserRow } from './auth.repo.ts';
import { signInvite, verifyInvite } from './invites.ts';
import { hashPassword, verifyPassword } from './passwords.ts';
import type { Identity, SessionService } from './sessions.service.ts';
import { createThrottle, type ThrottleKey, type ThrottlePolicy } from './throttle.ts';

export const OTP_TTL_MS = 10 * 60_000; // SPEC §9 passcode validity 10 minutes
export const OTP_MAX_TRIES = 5;
export const RESET_TTL_MS = 60 * 60_000;
export const INVITE_DEFAULT_DAYS = 30;

export type OtpChannel = 'sms' | 'email';

/** What a route knows about the request; the service never reads Fastify objects. */
export interface RequestContext {
  storefront: StorefrontConfig;
  identity: Identity | null;
  ip: string;
  requestId: string;
  userAgent?: string | undefined;
  /** The origin for links in mail (`request.linkOrigin`: never a forged Host header). */
  linkOrigin: () => Promise<string>;
  log?: { warn(obj: object, msg: string): void };
}

export interface SignedIn {
  userId: string;
  role: UserRow['role'];
  token: string;
  maxAgeSeconds: number;
  /** Where the web should go next (a same-site path), when the flow decides. */
  redirectTo: string | null;
  /** How they signed in (the sign-in workflow carries a checkout on, except after a password reset). */
  method: string;
  /** The guest session this browser had: what it made (cart, consults, …) is the patient's now. */
  guestSessionId: string | null;
  /** An ECP registration's prescribed product, for the cart (the sign-in workflow). */
  prescribedProductId: string | null;
}

/** The catalog, as far as the ECP page needs it (wired in app.ts). */
export interface ProductLookup {
  findActive(
    storefrontId: string,
    idOrSlug: string,
  ): Promise<
    { id: string; slug: string; title: string; thumbnail: string; priceCents: number } | undefined
  >;
}

export interface RegisterInput {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  phone?: string | undefined;
  dateOfBirth?: string | undefined;
  landingPage?: string | undefined;
  redirectPage?: string | undefined;
  erxGuid?: string | undefined;
  peopleId?: string | undefined;
  isEcp?: boolean | undefined;
  marketingOptIn?: boolean | undefined;
}

/** A same-site path (`/x`, not `//host` or `http:`), or null: no open redirects. */
export function safeRedirectPath(value: string | null | undefined): string | null {
  if (!value || typeof value !== 'string' || value.length > 500) return null;
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  // eslint-disable-next-line no-control-regex -- refusing control characters is the point
  if (/[\u0000-\u001f]/.test(value)) return null;
  return value;
}

export function maskEmail(email: string): string {
  const [local = '', domain = ''] = email.split('@');
  const shown =
    local.length <= 2
      ? local.slice(0, 1)
      : `${local.slice(0, 1)}${'*'.repeat(Math.min(local.length - 2, 6))}${local.slice(-1)}`;
  return `${shown}${local.length <= 2 ? '*' : ''}@${domain}`;
}

export function maskPhone(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  return `(***) ***-${digits.slice(-4)}`;
}

/** Ten US digits become +1XXXXXXXXXX; anything already international keeps its digits. */
export function smsNumber(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  if (digits.length === 10) return `+1${digits}`;
  return `+${digits}`;
}

export function createAuthService(deps: {
  db: Db;
  config: AppConfig;
  now: () => Date;
  secret: string;
  sessions: SessionService;
  audit: AuditService;
  notifications: NotificationService;
  products?: ProductLookup | undefined;
}) {
  const { db, config, now, secret, sessions, audit, notifications } = deps;
  const repo = createAuthRepo(db);
  const throttle = createThrottle({ db, now, secret });

  // ---- throttling policies -------------------------------------------------------------------
  const accountFailures: ThrottlePolicy = {
    maxPerHour: Math.min(config.AUTH_FAILURES_PER_ACCOUNT_PER_HOUR, 100),
    backoffAfter: 5,
    maxBackoffSeconds: 900,
  };
  const ipFailures: ThrottlePolicy = { maxPerHour: config.AUTH_FAILURES_PER_IP_PER_HOUR };
  const codeSends: ThrottlePolicy = {
    maxPerHour: config.OTP_SENDS_PER_HOUR,
    cooldownSeconds: config.OTP_RESEND_SECONDS,
  };
  const resetSends: ThrottlePolicy = { maxPerHour: 5, cooldownSeconds: config.OTP_RESEND_SECONDS };
  const ipSends: ThrottlePolicy = { maxPerHour: config.AUTH_SENDS_PER_IP_PER_HOUR };
  const ipRegistrations: ThrottlePolicy = { maxPerHour: config.REGISTRATIONS_PER_IP_PER_HOUR };

  const accountKey = (ctx: RequestContext, email: string) =>
    `account:${ctx.storefront.companyId}:${email.toLowerCase()}`;
  const ipKey = (ctx: RequestContext) => `ip:${ctx.ip}`;
  const failureKeys = (ctx: RequestContext, email?: string): ThrottleKey[] => [
    { bucket: 'auth-fail-ip', key: ipKey(ctx), policy: ipFailures },
    ...(email
      ? [{ bucket: 'auth-fail-account', key: accountKey(ctx, email), policy: accountFailures }]
      : []),
  ];

  /** A keyed hash that names an email in the audit log without storing it. */
  const emailRef = (email: string) =>
    createHmac('sha256', secret)
      .update(`audit-email:${email.toLowerCase()}`)
      .digest('base64url')
      .slice(0, 22);

  const codeHash = (companyId: string, purpose: string, email: string, code: string) =>
    createHmac('sha256', secret)
      .update(`otp:${companyId}:${purpose}:${email.toLowerCase()}:${code}`)
      .digest('base64url');

  const sameHash = (a: string, b: string) => {
    const x = Buffer.from(a);
    const y = Buffer.from(b);
    return x.length === y.length && timingSafeEqual(x, y);
  };

  const tokenHash = (token: string) => createHash('sha256').update(token).digest('base64url');

  function record(
    ctx: RequestContext,
    action: string,
    extra: {
      actor?: AuditActor;
      subject?: { type: string; id: string };
      details?: Record<string, string | number | boolean | null>;
    } = {},
    tx?: DbOrTx,
  ) {
    const identity = ctx.identity;
    const actor: AuditActor = extra.actor ?? actorOf(identity);
    return audit.record(
      {
        action,
        actor,
        ...(extra.subject ? { subject: extra.subject } : {}),
        storefrontId: ctx.storefront.id,
        ip: ctx.ip,
        requestId: ctx.requestId,
        ...(extra.details ? { details: extra.details } : {}),
      },
      tx,
    );
  }

  const userSubject = (user: { id: string }) => ({ type: 'user', id: user.id });

  /**
   * A new session for `user` (never reuse a token: no fixation). The browser's previous session —
   * guest or someone's — is revoked; the sign-in workflow moves a guest's things to the account.
   */
  async function startSession(
    ctx: RequestContext,
    user: UserRow,
    method: string,
    redirectTo: string | null = null,
    prescribedProductId: string | null = null,
  ): Promise<SignedIn> {
    const previous = ctx.identity;
    const { token } = await sessions.createUserSession(user.id, ctx.storefront.id, { ip: ctx.ip, userAgent: ctx.userAgent });
    await Promise.all([
      previous ? sessions.revoke(previous.sessionId) : undefined,
      record(ctx, 'auth.login.succeeded', {
        actor: { type: 'user', id: user.id },
        subject: userSubject(user),
        details: { method },
      }),
    ]);
    return {
      userId: user.id,
      role: user.role,
      token,
      maxAgeSeconds: config.SESSION_MAX_HOURS * 3600,
      redirectTo,
      method,
      guestSessionId: previous?.kind === 'guest' ? previous.sessionId : null,
      prescribedProductId,
    };
  }

  async function loginFailed(
    ctx: RequestContext,
    method: string,
    reason: string,
    user?: UserRow,
    email?: string,
  ) {
    await record(ctx, 'auth.login.failed', {
      ...(user
        ? { subject: userSubject(user) }
        : email
          ? { subject: { type: 'email', id: emailRef(email) } }
          : {}),
      details: { method, reason },
    });
  }

  // ---- one-time codes ---------------------------------------------------------------------------
  async function issueCode(
    ctx: RequestContext,
    purpose: 'login' | 'register',
    email: string,
    user: UserRow | null,
    channels: OtpChannel[],
  ) {
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    const at = now();
    await repo.upsertCode({
      companyId: ctx.storefront.companyId,
      storefrontId: ctx.storefront.id,
      purpose,
      email,
      userId: user?.id ?? null,
      codeHash: codeHash(ctx.storefront.companyId, purpose, email, code),
      channels,
      tries: 0,
      createdAt: at,
      expiresAt: new Date(at.getTime() + OTP_TTL_MS),
    });
    return code;
  }

  async function deliverCode(
    ctx: RequestContext,
    to: { email: string; phone: string | null },
    code: string,
    channels: OtpChannel[],
    purpose: 'login' | 'register',
  ) {
    const sentTo: { email?: string; sms?: string } = {};
    const failures: {
      channel: OtpChannel;
      code: 'OTP_SMS_FAILED' | 'OTP_EMAIL_FAILED';
      message: string;
    }[] = [];
    const what = purpose === 'login' ? 'log in' : 'finish creating your account';
    for (const channel of channels) {
      try {
        if (channel === 'email') {
          await notifications.email(ctx.storefront, to.email, {
            subject: `Your ${ctx.storefront.name} passcode`,
            heading: 'Your passcode',
            paragraphs: [`Use this passcode to ${what}. It expires in 10 minutes and works once.`],
            code,
            footnote:
              'If you did not ask for this passcode, you can ignore this email. Never share it with anyone.',
          });
          sentTo.email = maskEmail(to.email);
        } else {
          if (!to.phone) throw new Error('no phone number on the account');
          await notifications.sms(
            ctx.storefront,
            smsNumber(to.phone),
            `Your passcode is ${code}. It expires in 10 minutes. Never share it.`,
          );
          sentTo.sms = maskPhone(to.phone);
        }
      } catch (err) {
        ctx.log?.warn({ err, channel }, 'one-time code delivery failed');
        const failure =
          channel === 'sms' ? ('OTP_SMS_FAILED' as const) : ('OTP_EMAIL_FAILED' as const);
        failures.push({ channel, code: failure, message: MESSAGES[failure] });
      }
    }
    return { sentTo, failures };
  }

  function deliveryProblem(
    failures: {
      code: 'OTP_SMS_FAILED' | 'OTP_EMAIL_FAILED';
      message: string;
      channel: OtpChannel;
    }[],
  ) {
    const first = failures[0]!;
    // 424: a dependency (mail or SMS) failed. Not 5xx, so the web shows the spec's message rather
    // than the connection error.
    return new AppError(424, first.code, failures.map((f) => f.message).join(' '), {
      errors: failures.map((f) => ({ field: `channels.${f.channel}`, message: f.message })),
    });
  }

  async function checkCode(
    ctx: RequestContext,
    purpose: 'login' | 'register',
    email: string,
    code: string,
  ) {
    const row = await repo.findCode(ctx.storefront.companyId, purpose, email);
    const at = now();
    const live =
      row && !row.usedAt && row.expiresAt.getTime() > at.getTime() && row.tries < OTP_MAX_TRIES;
    if (!row || !live) return { ok: false as const, reason: row ? 'dead' : 'none' };
    if (!sameHash(row.codeHash, codeHash(ctx.storefront.companyId, purpose, email, code))) {
      await repo.countWrongTry(row.id, OTP_MAX_TRIES);
      return { ok: false as const, reason: 'wrong' };
    }
    if (!(await repo.consumeCode(row.id, at, OTP_MAX_TRIES)))
      return { ok: false as const, reason: 'dead' };
    return { ok: true as const, row };
  }

  // ---- registration -------------------------------------------------------------------------------
  async function createAccount(
    ctx: RequestContext,
    input: RegisterInput & {
      source: 'password' | 'otp' | 'join' | 'invite' | 'ecp';
      invitedByUserId?: string | null;
      emailVerified?: boolean;
      passwordless?: boolean;
    },
    afterInsert?: (tx: DbOrTx, user: UserRow) => Promise<void>,
  ): Promise<UserRow> {
    // Every attempt counts towards the per-IP limit, so registration cannot be used to probe emails fast.
    await throttle.attempt([{ bucket: 'register-ip', key: ipKey(ctx), policy: ipRegistrations }]);
    const email = input.email.trim().toLowerCase();
    const existing = await repo.findUserByEmail(ctx.storefront.companyId, email);
    if (existing) throw fieldError('email', 'ACCOUNT_EXISTS', 409);
    const passwordHash = input.passwordless ? null : await hashPassword(input.password);
    const at = now();
    try {
      return await db.transaction(async (tx) => {
        const txRepo = createAuthRepo(tx);
        const user = await txRepo.insertUser({
          companyId: ctx.storefront.companyId,
          storefrontId: ctx.storefront.id,
          email,
          role: 'patient',
          firstName: input.firstName.trim(),
          lastName: input.lastName.trim(),
          phone: input.phone?.trim() ? input.phone.trim() : null,
          dateOfBirth: input.dateOfBirth ?? null,
          passwordHash,
          passwordChangedAt: passwordHash ? at : null,
          signupSource: input.source,
          isEcp: input.source === 'ecp',
          erxGuid: input.source === 'ecp' ? (input.erxGuid ?? null) : null,
          landingPage: input.landingPage ?? null,
          redirectPage: input.redirectPage ?? null,
          invitedByUserId: input.invitedByUserId ?? null,
          marketingOptIn: input.marketingOptIn ?? false,
          emailVerifiedAt: input.emailVerified ? at : null,
          createdAt: at,
          updatedAt: at,
        });
        if (afterInsert) await afterInsert(tx, user);
        await record(
          ctx,
          'auth.registered',
          {
            actor: { type: 'user', id: user.id },
            subject: userSubject(user),
            details: { source: input.source },
          },
          tx,
        );
        return user;
      });
    } catch (err) {
      if (isUniqueViolation(err)) throw fieldError('email', 'ACCOUNT_EXISTS', 409);
      throw err;
    }
  }

  async function findEcp(ctx: RequestContext, peopleId: string, guid: string) {
    const invitation = await repo.findEcpInvitation(ctx.storefront.id, peopleId, guid);
    if (!invitation || invitation.used) return null;
    if (invitation.expiresAt && invitation.expiresAt.getTime() <= now().getTime()) return null;
    return invitation;
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

    // ---- one-time code login (SPEC §4: send code, verify code) -----------------------------------
    async sendLoginCode(ctx: RequestContext, input: { email: string; channels: OtpChannel[] }) {
      const email = input.email.trim().toLowerCase();
      await throttle.attempt([
        { bucket: 'send-ip', key: ipKey(ctx), policy: ipSends },
        { bucket: 'code-send', key: accountKey(ctx, email), policy: codeSends },
      ]);
      const user = await repo.findUserByEmail(ctx.storefront.companyId, email);
      if (!user) {
        await record(ctx, 'auth.otp.send_refused', {
          subject: { type: 'email', id: emailRef(email) },
          details: { reason: 'unknown_email' },
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
      if (!result.ok || !user) {
        await record(ctx, 'auth.login.failed', {
          subject: { type: 'email', id: emailRef(email) },
          details: { method: 'otp', reason: result.ok ? 'no_user' : `code_${result.reason}` },
        });
        throw fieldError('code', 'PASSCODE_INVALID', 400);
      }
      await attempt.succeeded({ clearKeys: [accountKey(ctx, email)] });
      return startSession(ctx, user, 'otp');
    },

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
    ): Promise<SignedIn> {
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

    // ---- profile ------------------------------------------------------------------------------------
    async getProfile(userId: string) {
      const user = await repo.findUserById(userId);
      if (!user) throw problem(401, 'UNAUTHORIZED');
      return profileOf(user);
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

    // ---- ECP (e-prescribing) and intake ---------------------------------------------------------
    async ecpInfo(ctx: RequestContext, input: { peopleId: string; guid: string }) {
      const invitation = await findEcp(ctx, input.peopleId, input.guid);
      if (!invitation) throw problem(404, 'ECP_LINK_INVALID');
      const account = await repo.findUserByEmail(ctx.storefront.companyId, invitation.email);
      const found =
        invitation.productId && deps.products
          ? await deps.products.findActive(ctx.storefront.id, invitation.productId)
          : undefined;
      return {
        peopleId: invitation.peopleId,
        guid: invitation.guid,
        productId: invitation.productId,
        product: found
          ? {
              id: found.id,
              slug: found.slug,
              title: found.title,
              thumbnail: found.thumbnail,
              priceCents: found.priceCents,
            }
          : null,
        patient: {
          email: invitation.email,
          firstName: invitation.firstName,
          lastName: invitation.lastName,
          phone: invitation.phone ?? '',
        },
        accountExists: Boolean(account),
      };
    },

    /** A signed-in patient takes up their prescription (the ECP email must be theirs). */
    async claimEcp(ctx: RequestContext, userId: string, input: { peopleId: string; guid: string }) {
      const invitation = await findEcp(ctx, input.peopleId, input.guid);
      const user = await repo.findUserById(userId);
      if (!invitation || !user || invitation.email.toLowerCase() !== user.email.toLowerCase())
        throw problem(404, 'ECP_LINK_INVALID');
      if (!(await repo.markEcpUsed(invitation.id, user.id, now())))
        throw problem(404, 'ECP_LINK_INVALID');
      await repo.updateUser(user.id, { isEcp: true, erxGuid: invitation.guid, updatedAt: now() });
      await record(ctx, 'ecp.claimed', { subject: { type: 'ecp_invitation', id: invitation.id } });
      // The sign-in workflow puts the product in the cart.
      return { productId: invitation.productId };
    },

    /** SPEC §7 validate intake by people id (with the link's guid, so ids cannot be enumerated). */
    async validateIntake(ctx: RequestContext, input: { peopleId: string; guid: string }) {
      const invitation = await findEcp(ctx, input.peopleId, input.guid);
      if (!invitation) return { valid: false, accountExists: false };
      const account = await repo.findUserByEmail(ctx.storefront.companyId, invitation.email);
      return { valid: true, accountExists: Boolean(account) };
    },

    /**
     * SPEC §7 register by intake email: a patient whose prescriber sent an intake gives the email
     * on file and receives their ECP registration link again. The answer never says whether an
     * intake exists.
     */
    async sendIntakeLink(ctx: RequestContext, input: { email: string }): Promise<void> {
      const email = input.email.trim().toLowerCase();
      await throttle.attempt([
        { bucket: 'send-ip', key: ipKey(ctx), policy: ipSends },
        { bucket: 'reset-send', key: `intake:${accountKey(ctx, email)}`, policy: resetSends },
      ]);
      const invitations = (
        await repo.findOpenEcpInvitationsByEmail(ctx.storefront.id, email)
      ).filter((i) => !i.expiresAt || i.expiresAt.getTime() > now().getTime());
      const invitation = invitations[0];
      await record(ctx, 'auth.intake_link.requested', {
        subject: { type: 'email', id: emailRef(email) },
        details: { found: Boolean(invitation) },
      });
      if (!invitation) return;
      const url = `${await ctx.linkOrigin()}/ecp?peopleId=${encodeURIComponent(invitation.peopleId)}&guid=${invitation.guid}`;
      try {
        await notifications.email(ctx.storefront, invitation.email, {
          subject: `Finish signing up with ${ctx.storefront.name}`,
          heading: 'Your prescription is waiting',
          paragraphs: [
            'Your provider has sent a prescription for you. Create your account to review it and check out.',
          ],
          action: { label: 'Finish signing up', url },
        });
      } catch (err) {
        ctx.log?.warn({ err }, 'intake link mail failed');
      }
    },
  };
}

function profileOf(user: UserRow) {
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
export type AuthService = ReturnType<typeof createAuthService>;
