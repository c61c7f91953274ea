// The patient's orders in My account over HTTP (issue 17; SPEC §7 previous orders, recent orders v1
// and v2, order details, details for customer receipt, edit shipping address). Signed-in patients
// only: a guest or no session is a 401 (as /api/addresses); another patient's order is a 404.
import {
  accountOrderDetailsSchema,
  accountOrderListSchema,
  accountOrdersQuerySchema,
  changeShippingAddressBodySchema,
} from '@store/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { auditContext, requireUser } from '../../plugins/identity.ts';
import type { AccountOrders } from '../../workflows/account-orders.ts';
import type { ChangeShippingAddress } from '../../workflows/change-shipping-address.ts';

const params = z.object({ id: z.string().max(100) });

export const accountOrderRoutes: FastifyPluginAsyncZod<{
  accountOrders: Pick<AccountOrders, 'list' | 'details'>;
  changeShippingAddress: Pick<ChangeShippingAddress, 'change'>;
}> = async (app, { accountOrders, changeShippingAddress }) => {
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.get(
    '/api/account/orders',
    {
      config: { access: 'user' },
      schema: {
        tags: ['account'],
        summary:
          'The signed-in patient’s orders on this storefront (SPEC §7 recent and previous orders), newest first, 10 a page: recent = Incomplete and Pending, previous = completed and the terminal ones; each with its status label, latest step, resume path and rating link',
        querystring: accountOrdersQuerySchema,
        response: { 200: accountOrderListSchema },
      },
    },
    async (request) => accountOrders.list(request.storefront, requireUser(request).userId, request.query),
  );

  app.get(
    '/api/account/orders/:id',
    {
      config: { access: 'user' },
      schema: {
        tags: ['account'],
        summary:
          'One of the signed-in patient’s orders (SPEC §7 order details, details for customer receipt): items, totals, address, pharmacy, doctor, visit, prescription summary, payment, fulfilment, timeline, receipt link. Another’s: 404',
        params,
        response: { 200: accountOrderDetailsSchema },
      },
    },
    async (request) => accountOrders.details(request.storefront, requireUser(request).userId, request.params.id),
  );

  app.put(
    '/api/account/orders/:id/shipping-address',
    {
      config: { access: 'user' },
      schema: {
        tags: ['account'],
        summary:
          'Change a paid order’s shipping address until it ships (SPEC §7 edit shipping address; decision 010): the same state always, another state only before a doctor’s decision; re-taxed, refused (409) when that changes the amount charged or held; the pharmacy is told. 409 once shipped',
        params,
        body: changeShippingAddressBodySchema,
        response: { 200: accountOrderDetailsSchema },
      },
    },
    async (request) => changeShippingAddress.change(request.storefront, requireUser(request).userId, request.params.id, request.body, auditContext(request)),
  );
};
