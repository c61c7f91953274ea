// The signed-in patient's own account: profile (SPEC §7 user info, update user info), last
// password update and password change. Email is not editable here (it would need re-verification).
import {
  firstNameSchema,
  lastNameSchema,
  phoneNoSchema,
  registrationPasswordSchema,
  MESSAGES,
  userRoleSchema,
} from '@store/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { clearSessionCookie, requireUser } from '../../plugins/identity.ts';
import { dateOfBirthSchema, requestContext } from './auth.routes.ts';
import type { AuthService, Profile } from './auth.service.ts';

const profileResponse = z
  .object({
    id: z.string(),
    email: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    phone: z.string(),
    dateOfBirth: z.string().nullable(),
    role: userRoleSchema,
    isEcp: z.boolean(),
    hasPassword: z.boolean(),
    passwordChangedAt: z.string().nullable(),
    createdAt: z.string(),
  })
  .meta({ id: 'Profile' });

function serialize(profile: Profile) {
  return {
    ...profile,
    passwordChangedAt: profile.passwordChangedAt?.toISOString() ?? null,
    createdAt: profile.createdAt.toISOString(),
  };
}

export const accountRoutes: FastifyPluginAsyncZod<{ auth: AuthService }> = async (
  app,
  { auth },
) => {
  const tags = ['account'];
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.get(
    '/api/account/profile',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'The patient’s details (SPEC §7 user info)',
        response: { 200: profileResponse },
      },
    },
    async (request) => serialize(await auth.getProfile(requireUser(request).userId)),
  );

  app.patch(
    '/api/account/profile',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Update names, phone and date of birth (SPEC §7 update user info)',
        body: z.object({
          firstName: firstNameSchema.optional(),
          lastName: lastNameSchema.optional(),
          phone: phoneNoSchema,
          dateOfBirth: dateOfBirthSchema.nullable().optional(),
        }),
        response: { 200: profileResponse },
      },
    },
    async (request) => {
      const user = requireUser(request);
      return serialize(
        await auth.updateProfile(requestContext(request), user.userId, request.body),
      );
    },
  );

  app.get(
    '/api/account/password',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'When the password was last changed (SPEC §7 last password update)',
        response: {
          200: z.object({ hasPassword: z.boolean(), passwordChangedAt: z.string().nullable() }),
        },
      },
    },
    async (request) => {
      const profile = await auth.getProfile(requireUser(request).userId);
      return {
        hasPassword: profile.hasPassword,
        passwordChangedAt: profile.passwordChangedAt?.toISOString() ?? null,
      };
    },
  );

  app.put(
    '/api/account/password',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary:
          'Change the password (SPEC §7 update password); the current one is required; other sessions end',
        body: z.object({
          currentPassword: z
            .string({ error: MESSAGES.PASSWORD_CURRENT_WRONG })
            .min(1, { error: MESSAGES.PASSWORD_CURRENT_WRONG })
            .max(200),
          newPassword: registrationPasswordSchema,
        }),
        response: { 200: z.object({ message: z.string(), passwordChangedAt: z.string() }) },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const result = await auth.changePassword(requestContext(request), user.userId, request.body);
      return {
        message: MESSAGES.PASSWORD_UPDATED,
        passwordChangedAt: result.passwordChangedAt.toISOString(),
      };
    },
  );

  app.post(
    '/api/account/sessions/revoke-all',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary:
          'Sign out everywhere: every session of the caller ends, this one included, and the cookie is cleared (issue 13 #9)',
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      await auth.logoutEverywhere(requestContext(request), user.userId);
      clearSessionCookie(reply);
      return reply.status(204).send();
    },
  );
};
