// "Who looked at my records" (issue 17): the signed-in patient's own access-log entries, newest
// first, paged. Like the other /api/account routes, no session or a guest is a 401; a staff
// account has no patient records here (404). Each patient reads only entries naming them.
import { ACCESS_LOG_PAGE_SIZE, accessLogPageSchema, accessLogQuerySchema } from '@store/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notFound } from '../../lib/problem.ts';
import { requireUser } from '../../plugins/identity.ts';
import type { AccessLogView } from '../../workflows/access-log-view.ts';

export const accessLogRoutes: FastifyPluginAsyncZod<{ view: Pick<AccessLogView, 'page'> }> = async (app, { view }) => {
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.get(
    '/api/account/access-log',
    {
      config: { access: 'user' },
      schema: {
        tags: ['account'],
        summary:
          'issue 17 "Who looked at my records": every read of the signed-in patient’s health data by a staff member — who (display name), role, when, storefront, what and why in words — newest first, 20 a page. Guests and no session: 401; staff: 404',
        querystring: accessLogQuerySchema,
        response: { 200: accessLogPageSchema },
      },
    },
    async (request) => {
      const user = requireUser(request);
      if (user.role !== 'patient') throw notFound();
      return view.page(user.userId, request.query.page, ACCESS_LOG_PAGE_SIZE);
    },
  );
};
