// The operator's console, orders (issue 18): the company's order search and its CSV export, one
// order's page, cancel, refund (full or partial) and resend a mail. 404 to anyone but an admin of
// the company (admin-access.ts adminGuardPlugin), before the request is even validated (a
// patient's malformed request is the same 404 as a good one); another company's order is a 404
// like an unknown id. The steps span modules: the `admin-order-actions` workflow runs them.
import {
  adminCancelRequestSchema,
  adminCancelResultSchema,
  adminOrderDetailSchema,
  adminOrderFiltersSchema,
  adminOrderPageSchema,
  adminOrderSearchQuerySchema,
  adminRefundRequestSchema,
  adminRefundResultSchema,
  adminResendMailSchema,
  adminResendResultSchema,
} from '@store/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AdminOrderActions } from '../../workflows/admin-order-actions.ts';
import { requireAdmin } from '../admin/admin-access.ts';

const params = z.object({ orderId: z.string().max(100) });

export const adminOrderRoutes: FastifyPluginAsyncZod<{ actions: AdminOrderActions }> = async (app, { actions }) => {
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.get(
    '/api/admin/orders',
    {
      schema: {
        tags: ['admin'],
        summary: 'The company’s orders, newest first, paged: by order number (prefix), patient email (exact or prefix, any case), status, storefront and day range (carts left out unless status=draft)',
        querystring: adminOrderSearchQuerySchema,
        response: { 200: adminOrderPageSchema },
      },
    },
    async (request) => actions.search(requireAdmin(request), request.query),
  );

  app.get(
    '/api/admin/orders.csv',
    {
      schema: {
        operationId: 'exportAdminOrdersCsv',
        tags: ['admin'],
        summary: 'The order search’s orders as CSV (a header row, formulas neutralised, at most 10,000 rows, newest first); the export is audited',
        querystring: adminOrderFiltersSchema,
      },
    },
    async (request, reply) => {
      const admin = requireAdmin(request);
      const { stream } = await actions.exportOrders(admin, request.query);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="orders-${new Date().toISOString().slice(0, 10)}.csv"`)
        .send(stream);
    },
  );

  app.get(
    '/api/admin/orders/:orderId',
    {
      schema: {
        tags: ['admin'],
        summary: 'One order: items and money (snapshots), the patient’s contact (the read is written to the access log, reason support), payments and refunds, fulfilment, mails, the full timeline (who and when), and what may be done',
        params,
        response: { 200: adminOrderDetailSchema },
      },
    },
    async (request) => actions.detail(requireAdmin(request), request.params.orderId),
  );

  app.post(
    '/api/admin/orders/:orderId/cancel',
    {
      schema: {
        tags: ['admin'],
        summary: 'Cancel an order through the existing cancel path (a hold voided, a charge refunded), then the status machine; one it refuses: 409 CANCEL_REFUSED',
        params,
        body: adminCancelRequestSchema,
        response: { 200: adminCancelResultSchema },
      },
    },
    async (request) => actions.cancel(requireAdmin(request), request.params.orderId, request.body.reason),
  );

  app.post(
    '/api/admin/orders/:orderId/refunds',
    {
      schema: {
        tags: ['admin'],
        summary: 'Refund the order’s charged payment: amountCents of it, or all that is left; once per idempotencyKey. 422 REFUND_OVER_REMAINING beside amountCents; 409 REFUND_NOTHING_CAPTURED, REFUND_NOTHING_LEFT, REFUND_FAILED, REFUND_IN_PROGRESS',
        params,
        body: adminRefundRequestSchema,
        response: { 200: adminRefundResultSchema },
      },
    },
    async (request) => actions.refund(requireAdmin(request), request.params.orderId, request.body),
  );

  app.post(
    '/api/admin/orders/:orderId/mails/resend',
    {
      schema: {
        tags: ['admin'],
        summary: 'Send one of the order’s mails again (a job; audited); once per idempotencyKey. 404 MAIL_UNKNOWN for a mail not of this order',
        params,
        body: adminResendMailSchema,
        response: { 200: adminResendResultSchema },
      },
    },
    async (request) => actions.resendMail(requireAdmin(request), request.params.orderId, request.body),
  );
};
