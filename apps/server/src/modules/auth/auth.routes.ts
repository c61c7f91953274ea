// Sign-in, registration, one-time codes, logout, password reset, provider invites, ECP and intake
// (SPEC §7 "Session and identity"; docs/api-map.md "Accounts"). The session token is set as the
// HttpOnly `sid` cookie; an API client that sends `X-Session-Transport: bearer` gets it in the
// body instead (and then sends `Authorization: Bearer`).
import {
  emailSchema,
  firstNameSchema,
  lastNameSchema,
  MESSAGES,
  phoneNoSchema,
  registrationPasswordSchema,
  userRoleSchema,
} from '@store/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { clearSessionCookie, requireRole, setSessionCookie } from '../../plugins/identity.ts';
import type { SignInWorkflow } from '../../workflows/sign-in.ts';
import type { AuthService, RequestContext, SignedIn } from './auth.service.ts';
import { perIpPerMinute } from '../../plugins/rate-limits.ts';

export const SESSION_TRANSPORT_HEADER = 'x-session-transport';

export function requestContext(request: FastifyRequest): RequestContext {
  return {
    storefront: request.storefront,
    identity: request.identity,
    ip: request.ip,
    requestId: request.id,
    userAgent: request.headers['user-agent'],
    linkOrigin: () => request.linkOrigin(),
    log: request.log,
  };
}

const pagePath = z.string().trim().max(500);
const passwordInput = z
  .string({ error: MESSAGES.LOGIN_WRONG_PASSWORD })
  .min(1, { error: MESSAGES.LOGIN_WRONG_PASSWORD })
  .max(200);
const passcode = z
  .string({ error: MESSAGES.PASSCODE_INVALID })
  .trim()
  .regex(/^\d{6}$/, { error: MESSAGES.PASSCODE_INVALID });
const guid = z.uuid({ error: MESSAGES.ECP_LINK_INVALID });
const peopleId = z.string({ error: MESSAGES.ECP_LINK_INVALID }).trim().min(1).max(64);

export const dateOfBirthSchema = z.iso
  .date({ error: MESSAGES.DATE_OF_BIRTH_INVALID })
  .refine(
    (value) => value >= '1900-01-01' && new Date(`${value}T00:00:00Z`).getTime() <= Date.now(),
    {
      error: MESSAGES.DATE_OF_BIRTH_INVALID,
    },
  );

const registerFields = {
  email: emailSchema,
  password: registrationPasswordSchema,
  firstName: firstNameSchema,
  lastName: lastNameSchema,
  phone: phoneNoSchema,
  dateOfBirth: dateOfBirthSchema.optional(),
  landingPage: pagePath.optional(),
  redirectPage: pagePath.optional(),
};

const registerBody = z
  .object({
    ...registerFields,
    /** SPEC §7 ERxGUID and isECP: the ECP variant, with the link's people id. */
    erxGuid: guid.optional(),
    peopleId: peopleId.optional(),
    isEcp: z.boolean().optional(),
  })
  .meta({ id: 'RegisterRequest' });

const signedInResponse = z
  .object({
    userId: z.string(),
    role: userRoleSchema,
    redirectTo: z.string().nullable(),
    /** Only with `X-Session-Transport: bearer`. */
    token: z.string().optional(),
  })
  .meta({ id: 'SignedIn' });

const codeSentResponse = z
  .object({
    sentTo: z.object({ email: z.string().optional(), sms: z.string().optional() }),
    failures: z.array(
      z.object({ channel: z.enum(['sms', 'email']), code: z.string(), message: z.string() }),
    ),
    expiresInSeconds: z.number(),
  })
  .meta({ id: 'PasscodeSent' });

/** A staff member's right password (issue 15): no session yet; a `staff_login` code was sent. */
const secondFactorResponse = z
  .object({
    secondFactor: z.object({
      required: z.literal(true),
      /** Where the code went: always email, and SMS when the account has a phone. */
      channels: z.array(z.enum(['email', 'sms'])),
      sentTo: z.object({ email: z.string().optional(), sms: z.string().optional() }),
      expiresInSeconds: z.number(),
    }),
  })
  .meta({ id: 'SecondFactorRequired' });

/** A staff member's password reset: changed, but no session; they sign in as staff (issue 15). */
const staffSignInResponse = z
  .object({ staffSignIn: z.literal(true), redirectTo: z.literal('/staff/sign-in') })
  .meta({ id: 'StaffSignInRequired' });

const messageResponse = z.object({ message: z.string() });

export const authRoutes: FastifyPluginAsyncZod<{ auth: AuthService; signIn: Pick<SignInWorkflow, 'afterSignIn' | 'claimPrescribedProduct'> }> = async (
  app,
  { auth, signIn },
) => {
  const tags = ['auth'];

  /** The session cookie (or token) and where the web goes next, once the sign-in workflow ran. */
  async function signedIn(request: FastifyRequest, reply: FastifyReply, started: SignedIn) {
    const result = await signIn.afterSignIn(request.storefront, started, request.log);
    const body = { userId: result.userId, role: result.role, redirectTo: result.redirectTo };
    if (request.headers[SESSION_TRANSPORT_HEADER] === 'bearer') return { ...body, token: result.token };
    setSessionCookie(request, reply, result.token, result.maxAgeSeconds);
    return body;
  }

  // ---- login and logout ----------------------------------------------------------------------
  app.post(
    '/api/auth/login',
    {
      config: { access: 'optional', rateLimit: perIpPerMinute('signIn') },
      schema: {
        operationId: 'logIn',
        tags,
        summary: 'Log in with email and password (SPEC §7 POST login)',
        description: `Wrong password: LOGIN_WRONG_PASSWORD; unknown email: LOGIN_UNKNOWN_EMAIL; 429 with Retry-After when throttled. A staff account (doctor, pharmacist, admin) with the right password gets no session: the answer is \`secondFactor\` and a code is sent by email (and SMS when the account has a phone), for POST /api/auth/staff/verify-code (issue 15). 424 OTP_EMAIL_FAILED when no channel could deliver it.`,
        body: z.object({ email: emailSchema, password: passwordInput }),
        response: { 200: z.union([signedInResponse, secondFactorResponse]) },
      },
    },
    async (request, reply) => {
      const result = await auth.login(requestContext(request), request.body);
      if ('secondFactor' in result) return result;
      return await signedIn(request, reply, result);
    },
  );

  app.post(
    '/api/auth/staff/verify-code',
    {
      config: { access: 'optional', rateLimit: perIpPerMinute('signIn') },
      schema: {
        tags,
        summary: 'Staff sign-in, step 2: the one-time code sent after the password starts the session (issue 15)',
        description:
          'Only a live staff_login code of a staff account: wrong, used, expired or spent (5 wrong tries) codes answer 400 PASSCODE_INVALID; failures are throttled like the patient code login (429 with Retry-After).',
        body: z.object({ email: emailSchema, code: passcode }),
        response: { 200: signedInResponse },
      },
    },
    async (request, reply) =>
      await signedIn(request, reply, await auth.verifyStaffCode(requestContext(request), request.body)),
  );

  app.post(
    '/api/auth/logout',
    {
      config: { access: 'optional' },
      schema: {
        operationId: 'logOut',
        tags,
        summary:
          'Log out: the session is revoked on the server and the cookie cleared (SPEC §7 POST logout)',
      },
    },
    async (request, reply) => {
      await auth.logout(requestContext(request));
      clearSessionCookie(reply);
      return reply.status(204).send();
    },
  );

  // ---- one-time code login ---------------------------------------------------------------------
  app.post(
    '/api/auth/otp/send',
    {
      config: { access: 'optional', rateLimit: perIpPerMinute('codes') },
      schema: {
        tags,
        summary: 'Send a login passcode by SMS and/or email (SPEC §7 send login OTP)',
        description:
          'A new send replaces the live code. 424 with OTP_SMS_FAILED / OTP_EMAIL_FAILED when every chosen channel failed; `failures` lists a channel that failed while another worked.',
        body: z.object({
          email: emailSchema,
          channels: z
            .array(z.enum(['sms', 'email']))
            .max(2)
            .default(['sms', 'email']),
        }),
        response: { 200: codeSentResponse },
      },
    },
    async (request) => auth.sendLoginCode(requestContext(request), request.body),
  );

  app.post(
    '/api/auth/otp/verify',
    {
      config: { access: 'optional', rateLimit: perIpPerMinute('signIn') },
      schema: {
        tags,
        summary: 'Log in with the passcode (SPEC §7 verify login OTP); the guest cart is adopted',
        body: z.object({ email: emailSchema, code: passcode }),
        response: { 200: signedInResponse },
      },
    },
    async (request, reply) =>
      await signedIn(request, reply, await auth.verifyLoginCode(requestContext(request), request.body)),
  );

  // ---- registration ----------------------------------------------------------------------------
  app.post(
    '/api/auth/register',
    {
      config: { access: 'optional', rateLimit: perIpPerMinute('registrations') },
      schema: {
        operationId: 'register',
        tags,
        summary: 'Register and log in (SPEC §7 POST register and its ECP variant)',
        description:
          'Duplicate email: 409 ACCOUNT_EXISTS. With isEcp, erxGuid and peopleId name the prescription link.',
        body: registerBody,
        response: { 201: signedInResponse },
      },
    },
    async (request, reply) => {
      const result = await auth.register(requestContext(request), request.body);
      return reply.status(201).send(await signedIn(request, reply, result));
    },
  );

  app.post(
    '/api/auth/register/join',
    {
      config: { access: 'optional', rateLimit: perIpPerMinute('registrations') },
      schema: {
        operationId: 'registerToJoin',
        tags,
        summary: 'Join-the-movement registration (SPEC §7 POST register join-the-movement)',
        body: z.object({ ...registerFields, marketingOptIn: z.boolean().default(false) }),
        response: { 201: signedInResponse },
      },
    },
    async (request, reply) => {
      const result = await auth.registerJoin(requestContext(request), request.body);
      return reply.status(201).send(await signedIn(request, reply, result));
    },
  );

  app.post(
    '/api/auth/register/invite',
    {
      config: { access: 'optional', rateLimit: perIpPerMinute('registrations') },
      schema: {
        operationId: 'registerFromInvite',
        tags,
        summary: 'Register from a provider-invite link (signed, expiring, names the doctor)',
        body: z.object({ ...registerFields, invite: z.string().min(1).max(512) }),
        response: { 201: signedInResponse },
      },
    },
    async (request, reply) => {
      const result = await auth.registerFromInvite(requestContext(request), request.body);
      return reply.status(201).send(await signedIn(request, reply, result));
    },
  );

  app.post(
    '/api/auth/register/otp/send',
    {
      config: { access: 'optional', rateLimit: perIpPerMinute('codes') },
      schema: {
        tags,
        summary:
          'Register with a one-time code, step 1: email a passcode (SPEC §7 POST register with OTP)',
        body: z.object({ email: emailSchema }),
        response: { 200: codeSentResponse },
      },
    },
    async (request) => auth.sendRegisterCode(requestContext(request), request.body),
  );

  app.post(
    '/api/auth/register/otp/verify',
    {
      config: { access: 'optional', rateLimit: perIpPerMinute('registrations') },
      schema: {
        tags,
        summary:
          'Register with a one-time code, step 2: the passcode creates the account and logs in',
        body: z.object({
          email: emailSchema,
          code: passcode,
          firstName: firstNameSchema.optional(),
          lastName: lastNameSchema.optional(),
          phone: phoneNoSchema,
          landingPage: pagePath.optional(),
          redirectPage: pagePath.optional(),
        }),
        response: { 201: signedInResponse },
      },
    },
    async (request, reply) => {
      const result = await auth.verifyRegisterCode(requestContext(request), request.body);
      return reply.status(201).send(await signedIn(request, reply, result));
    },
  );

  // ---- password reset ----------------------------------------------------------------------------
  app.post(
    '/api/auth/password-reset',
    {
      config: { access: 'optional', rateLimit: perIpPerMinute('codes') },
      schema: {
        operationId: 'requestPasswordReset',
        tags,
        summary:
          'Email a single-use password reset link, valid 1 hour (SPEC §7 reset password email)',
        description: 'Answers the same whether or not the email has an account.',
        body: z.object({ email: emailSchema }),
        response: { 202: messageResponse },
      },
    },
    async (request, reply) => {
      await auth.requestPasswordReset(requestContext(request), request.body);
      return reply.status(202).send({ message: MESSAGES.RESET_LINK_SENT });
    },
  );

  app.post(
    '/api/auth/password-reset/validate',
    {
      config: { access: 'optional', rateLimit: perIpPerMinute('signIn') },
      schema: {
        tags,
        summary: 'Whether a reset link is still good (SPEC §7 validate token)',
        body: z.object({ token: z.string().min(1).max(200) }),
        response: { 200: z.object({ valid: z.boolean() }) },
      },
    },
    async (request) => ({
      valid: await auth.checkResetToken(requestContext(request), request.body.token),
    }),
  );

  app.post(
    '/api/auth/password-reset/complete',
    {
      config: { access: 'optional', rateLimit: perIpPerMinute('signIn') },
      schema: {
        tags,
        summary:
          'Set a new password with the emailed link (SPEC §7 reset password); ends every session, then logs in',
        description:
          'A staff account is not signed in by the link (issue 15): the answer is `staffSignIn` with the staff sign-in page to go to.',
        body: z.object({ token: z.string().min(1).max(200), password: registrationPasswordSchema }),
        response: { 200: z.union([signedInResponse, staffSignInResponse]) },
      },
    },
    async (request, reply) => {
      const result = await auth.completePasswordReset(requestContext(request), request.body);
      if ('staffSignIn' in result) return { staffSignIn: true as const, redirectTo: '/staff/sign-in' as const };
      return signedIn(request, reply, result);
    },
  );

  // ---- provider invites --------------------------------------------------------------------------
  app.post(
    '/api/auth/invites',
    {
      config: { access: 'user:doctor' },
      schema: {
        tags,
        summary: 'A doctor creates an invite link for patients (signed, expiring)',
        body: z.object({ days: z.number().int().min(1).max(90).default(30) }),
        response: { 201: z.object({ token: z.string(), url: z.string(), expiresAt: z.string() }) },
      },
    },
    async (request, reply) => {
      const doctor = requireRole(request, 'doctor');
      const invite = await auth.createInvite(
        requestContext(request),
        doctor.userId,
        request.body.days,
      );
      return reply.status(201).send({ ...invite, expiresAt: invite.expiresAt.toISOString() });
    },
  );

  app.post(
    '/api/auth/invites/inspect',
    {
      config: { access: 'optional' },
      schema: {
        tags,
        summary: 'Who invited the patient (for the invite registration page)',
        body: z.object({ invite: z.string().min(1).max(512) }),
        response: { 200: z.object({ doctorName: z.string(), expiresAt: z.string() }) },
      },
    },
    async (request) => {
      const result = await auth.inspectInvite(requestContext(request), request.body.invite);
      return { doctorName: result.doctorName, expiresAt: result.expiresAt.toISOString() };
    },
  );

  // ---- ECP and intake ----------------------------------------------------------------------------
  app.get(
    '/api/ecp',
    {
      config: { access: 'optional' },
      schema: {
        tags,
        summary:
          'ECP info: the prescribed product and pre-filled details (SPEC §7 GET ECP info with peopleId and guid)',
        querystring: z.object({ peopleId, guid }),
        response: {
          200: z.object({
            peopleId: z.string(),
            guid: z.string(),
            productId: z.string().nullable(),
            /** The prescribed product while it is on sale here. */
            product: z
              .object({
                id: z.string(),
                slug: z.string(),
                title: z.string(),
                thumbnail: z.string(),
                priceCents: z.number().int(),
              })
              .nullable(),
            patient: z.object({
              email: z.string(),
              firstName: z.string(),
              lastName: z.string(),
              phone: z.string(),
            }),
            accountExists: z.boolean(),
          }),
        },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return auth.ecpInfo(requestContext(request), request.query);
    },
  );

  app.post(
    '/api/ecp/claim',
    {
      config: { access: 'user:patient' },
      schema: {
        tags,
        summary:
          'A logged-in patient takes up their ECP prescription: the product goes into the cart',
        body: z.object({ peopleId, guid }),
        response: {
          200: z.object({ productId: z.string().nullable(), redirectTo: z.string().nullable() }),
        },
      },
    },
    async (request) => {
      const user = requireRole(request, 'patient');
      const { productId } = await auth.claimEcp(requestContext(request), user.userId, request.body);
      return { productId, redirectTo: await signIn.claimPrescribedProduct(request.storefront, user.userId, productId, request.log) };
    },
  );

  app.post(
    '/api/ecp/intake/validate',
    {
      config: { access: 'optional' },
      schema: {
        tags,
        summary: 'Validate an intake by people id (SPEC §7), with the link guid',
        body: z.object({ peopleId, guid }),
        response: { 200: z.object({ valid: z.boolean(), accountExists: z.boolean() }) },
      },
    },
    async (request) => auth.validateIntake(requestContext(request), request.body),
  );

  app.post(
    '/api/ecp/intake/email',
    {
      // It sends a mail, like a code or a reset link.
      config: { access: 'optional', rateLimit: perIpPerMinute('codes') },
      schema: {
        operationId: 'sendEcpIntakeEmail',
        tags,
        summary:
          'Register by intake email (SPEC §7): emails the ECP registration link to the address on file',
        description: 'Answers the same whether or not an intake exists for the email.',
        body: z.object({ email: emailSchema }),
        response: { 202: messageResponse },
      },
    },
    async (request, reply) => {
      await auth.sendIntakeLink(requestContext(request), request.body);
      return reply.status(202).send({ message: MESSAGES.INTAKE_LINK_SENT });
    },
  );
};
