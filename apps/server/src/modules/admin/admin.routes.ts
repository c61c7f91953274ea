// GET /api/admin/me (issue 18): the console's first call: who is signed in, their company and its
// storefronts. 404 to anyone but an admin (admin-access.ts). Never cached.
import { adminMeSchema } from '@store/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notFound } from '../../lib/problem.ts';
import type { AuthService } from '../auth/auth.service.ts';
import type { StorefrontService } from '../storefronts/storefronts.service.ts';
import { requireAdmin, type AdminStorefronts } from './admin-access.ts';

export const adminRoutes: FastifyPluginAsyncZod<{
  adminStorefronts: AdminStorefronts;
  storefronts: Pick<StorefrontService, 'hostsOf' | 'companyName' | 'defaultId'>;
  auth: Pick<AuthService, 'getProfile'>;
}> = async (app, { adminStorefronts, storefronts, auth }) => {
  app.addHook('onSend', async (request, reply) => {
    if (request.url.startsWith('/api/admin/')) reply.header('cache-control', 'no-store');
  });

  app.get(
    '/api/admin/me',
    {
      schema: {
        tags: ['admin'],
        summary: 'The signed-in operator, their company and its storefronts (404 to anyone but an admin)',
        response: { 200: adminMeSchema },
      },
    },
    async (request) => {
      const admin = requireAdmin(request);
      const [profile, mine, companyName, defaultId] = await Promise.all([
        auth.getProfile(admin.userId),
        adminStorefronts.mine(admin),
        storefronts.companyName(admin.companyId),
        storefronts.defaultId(),
      ]);
      if (!profile || companyName === null) throw notFound();
      return {
        user: { id: admin.userId, firstName: profile.firstName, lastName: profile.lastName },
        company: { id: admin.companyId, name: companyName },
        storefronts: await Promise.all(
          mine.map(async (s) => ({ id: s.id, name: s.name, hosts: await storefronts.hostsOf(s.id), isDefault: s.id === defaultId })),
        ),
      };
    },
  );
};
