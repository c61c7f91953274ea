// The operator's audit log viewer (issue 18): the company's events (its storefronts' and its
// staff's), filtered, newest first, paged, with the before/after of admin changes; and the same as
// CSV (audited). 404 to anyone but an admin, before validation (see admin-orders.routes.ts).
import { adminAuditFiltersSchema, adminAuditPageSchema, adminAuditQuerySchema } from '@store/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AdminOrderActions } from '../../workflows/admin-order-actions.ts';
import { requireAdmin } from '../admin/admin-access.ts';

export const adminAuditRoutes: FastifyPluginAsyncZod<{ actions: Pick<AdminOrderActions, 'auditSearch' | 'exportAudit'> }> = async (app, { actions }) => {
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.get(
    '/api/admin/audit',
    {
      schema: {
        operationId: 'listAdminAuditEvents',
        tags: ['admin'],
        summary: 'The company’s audit events, newest first, paged: by action (exact, or a prefix ending in *), actor (user id or email), subject type and id, storefront and day range',
        querystring: adminAuditQuerySchema,
        response: { 200: adminAuditPageSchema },
      },
    },
    async (request) => actions.auditSearch(requireAdmin(request), request.query),
  );

  app.get(
    '/api/admin/audit.csv',
    {
      schema: { operationId: 'exportAdminAuditCsv', tags: ['admin'], summary: 'The audit viewer’s events as CSV (header row, formulas neutralised, at most 10,000 rows); the export is audited', querystring: adminAuditFiltersSchema },
    },
    async (request, reply) => {
      const { stream } = await actions.exportAudit(requireAdmin(request), request.query);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="audit-${new Date().toISOString().slice(0, 10)}.csv"`)
        .send(stream);
    },
  );
};
