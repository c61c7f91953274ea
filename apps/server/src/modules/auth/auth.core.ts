// What the parts of the auth service share: the repo, the throttles and their policies, keyed hashes,
// the audit record, starting a session, one-time codes and account creation (auth.service.ts).
import { createHash, createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { isStaffRole, MESSAGES, type StorefrontConfig } from '@store/domain';
import type { AppConfig } from '../../config.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { AppError, fieldError, problem } from '../../lib/problem.ts';
import { actorOf, type AuditActor, type AuditService } from '../audit/audit.service.ts';
import type { NotificationService } from '../notifications/notifications.service.ts';
import type { Identity, SessionService } from './sessions.service.ts';
import { createAuthRepo, isUniqueViolation, type UserRow } from './auth.repo.ts';
import { hashPassword } from './passwords.ts';
import { createThrottle, type ThrottleKey, type ThrottlePolicy } from './throttle.ts';

export const OTP_TTL_MS = 10 * 60_000; // SPEC §9 passcode validity 10 minutes
export const OTP_MAX_TRIES = 5;
export const RESET_TTL_MS = 60 * 60_000;
export const INVITE_DEFAULT_DAYS = 30;

export type OtpChannel = 'sms' | 'email';
/** What a one-time code is for (the `one_time_code_purpose` enum). */
export type CodePurpose = 'login' | 'register' | 'staff_login';
/** The sign-in method of a staff session: the password, then the mailed code (issue 15). */
export const STAFF_SIGN_IN_METHOD = 'password+code';

/** A staff member's right password: no session yet, a code was sent (issue 15). */
export interface SecondFactorRequired {
  secondFactor: {
    required: true;
    channels: OtpChannel[];
    sentTo: { email?: string; sms?: string };
    expiresInSeconds: number;
  };
}

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


export interface AuthDeps {
  db: Db;
  config: AppConfig;
  now: () => Date;
  secret: string;
  sessions: SessionService;
  audit: AuditService;
  notifications: NotificationService;
  products?: ProductLookup | undefined;
}

export function createAuthCore(deps: AuthDeps) {
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
   * A new session for `user` (never reuse a token: no fixation). The browser's previous session is
   * revoked: someone's at once, a guest's by the sign-in workflow after it moved the guest's things.
   */
  async function startSession(
    ctx: RequestContext,
    user: UserRow,
    method: string,
    redirectTo: string | null = null,
    prescribedProductId: string | null = null,
  ): Promise<SignedIn> {
    // Staff sign in with a password plus a one-time code, and no other way (issue 15).
    if (isStaffRole(user.role) && method !== STAFF_SIGN_IN_METHOD) {
      await loginFailed(ctx, method, 'staff_needs_second_factor', user);
      throw problem(401, 'UNAUTHORIZED');
    }
    const previous = ctx.identity;
    const { token } = await sessions.createUserSession(user.id, ctx.storefront.id, { ip: ctx.ip, userAgent: ctx.userAgent });
    await Promise.all([
      // A guest session is ended by the sign-in workflow once its cart and consults have moved to
      // the account: ended here, a crash before the move would leave the patient's cart behind on a
      // session no browser can use any more (issue 20 kill -9 suite).
      previous?.kind === 'user' ? sessions.revoke(previous.sessionId) : undefined,
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
    purpose: CodePurpose,
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
    purpose: CodePurpose,
  ) {
    const sentTo: { email?: string; sms?: string } = {};
    const failures: {
      channel: OtpChannel;
      code: 'OTP_SMS_FAILED' | 'OTP_EMAIL_FAILED';
      message: string;
    }[] = [];
    const what =
      purpose === 'login'
        ? 'log in'
        : purpose === 'staff_login'
          ? 'finish signing in to your staff account'
          : 'finish creating your account';
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
    purpose: CodePurpose,
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

  return { deps, db, config, now, secret, sessions, audit, notifications, repo, throttle, accountFailures, ipFailures, codeSends, resetSends, ipSends, ipRegistrations, accountKey, ipKey, failureKeys, emailRef, codeHash, sameHash, tokenHash, record, userSubject, startSession, loginFailed, issueCode, deliverCode, deliveryProblem, checkCode, createAccount, findEcp };
}
export type AuthCore = ReturnType<typeof createAuthCore>;
