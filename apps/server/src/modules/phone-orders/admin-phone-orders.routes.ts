// issue 18: the operator's console's phone-order requests (SPEC §7 phone-order request): a
// storefront's requests, new ones first to call back, and "Mark handled". 404 to anyone but an
// admin of the storefront's company. Reads of a signed-in patient's request are access-logged.
import { adminPhoneOrderPageSchema, adminPhoneOrderQuerySchema, adminPhoneOrderSchema, adminStorefrontParamsSchema } from '@store/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAdmin, type AdminStorefronts } from '../admin/admin-access.ts';
import type { PhoneOrderService } from './phone-orders.service.ts';

export const adminPhoneOrderRoutes: FastifyPluginAsyncZod<{
  phoneOrders: Pick<PhoneOrderService, 'listForStaff' | 'markHandled'>;
  adminStorefronts: Pick<AdminStorefronts, 'one'>;
}> = async (app, { phoneOrders, adminStorefronts }) => {
  app.get(
    '/api/admin/storefronts/:storefrontId/phone-orders',
    {
      schema: {
        tags: ['admin'],
        summary: "A storefront's phone-order requests in one status (new by default), newest first, with counts per status",
        params: adminStorefrontParamsSchema,
        querystring: adminPhoneOrderQuerySchema,
        response: { 200: adminPhoneOrderPageSchema },
      },
    },
    async (request) => {
      const admin = requireAdmin(request);
      const storefront = await adminStorefronts.one(admin, request.params.storefrontId);
      return phoneOrders.listForStaff({ userId: admin.userId, role: 'admin' }, { storefrontId: storefront.id, ...request.query });
    },
  );

  app.post(
    '/api/admin/storefronts/:storefrontId/phone-orders/:requestId/handled',
    {
      schema: {
        operationId: 'markAdminStorefrontPhoneOrderHandled',
        tags: ['admin'],
        summary: 'Mark a new phone-order request handled (audited); 404 for an unknown, another storefront’s or an already handled one',
        params: adminStorefrontParamsSchema.extend({ requestId: z.uuid() }),
        response: { 200: adminPhoneOrderSchema },
      },
    },
    async (request) => {
      const admin = requireAdmin(request);
      const storefront = await adminStorefronts.one(admin, request.params.storefrontId);
      return phoneOrders.markHandled(admin, { storefrontId: storefront.id, id: request.params.requestId });
    },
  );
};
