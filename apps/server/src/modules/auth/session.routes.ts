// The browser's session: a guest session issued on request (SPEC §6 guests get a guest token —
// here from the server, with no credentials in the browser), and who the current caller is.
import { isStaffRole, userRoleSchema } from '@store/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppConfig } from '../../config.ts';
import { setSessionCookie } from '../../plugins/identity.ts';
import type { SessionService } from './sessions.service.ts';

export const sessionResponse = z
  .object({
    kind: z.enum(['none', 'guest', 'user']),
    userId: z.string().nullable(),
    role: userRoleSchema.nullable(),
    /** A staff member (doctor, pharmacist, admin) signed in with password plus code (issue 15). */
    staff: z.boolean(),
  })
  .meta({ id: 'Session' });

export const sessionRoutes: FastifyPluginAsyncZod<{ sessions: SessionService; config: AppConfig }> = async (
  app,
  { sessions, config },
) => {
  app.get(
    '/api/session',
    { config: { access: 'optional' }, schema: { tags: ['auth'], summary: 'Who is calling: nobody, a guest or a signed-in person', response: { 200: sessionResponse } } },
    async (request) => {
      const identity = request.identity;
      if (!identity) return { kind: 'none' as const, userId: null, role: null, staff: false };
      if (identity.kind === 'guest') return { kind: 'guest' as const, userId: null, role: null, staff: false };
      return { kind: 'user' as const, userId: identity.userId, role: identity.role, staff: isStaffRole(identity.role) };
    },
  );

  app.post(
    '/api/session/guest',
    {
      config: { access: 'optional' },
      schema: {
        operationId: 'startGuestSession',
        tags: ['auth'],
        summary: 'Start a guest session (HttpOnly cookie); keeps an existing valid session',
        response: { 200: sessionResponse },
      },
    },
    async (request, reply) => {
      const identity = request.identity;
      if (identity?.kind === 'user') return { kind: 'user' as const, userId: identity.userId, role: identity.role, staff: isStaffRole(identity.role) };
      if (identity?.kind === 'guest') return { kind: 'guest' as const, userId: null, role: null, staff: false };
      const { token } = await sessions.createGuestSession(request.storefront.id, {
        ip: request.ip,
        userAgent: request.headers['user-agent'],
      });
      setSessionCookie(request, reply, token, config.GUEST_SESSION_DAYS * 86_400);
      return { kind: 'guest' as const, userId: null, role: null, staff: false };
    },
  );
};
