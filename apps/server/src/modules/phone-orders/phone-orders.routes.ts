// POST /api/phone-orders (SPEC §7 "POST phone-order request"; issue 17): guests and patients alike.
// The body is checked by the domain's schema (SPEC §5 FullName and PhoneNumber messages, on their
// fields); the storefront comes from the host, the patient from the session.
import { phoneOrderCreatedSchema, phoneOrderInputSchema } from '@store/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { PhoneOrderService } from './phone-orders.service.ts';

export const phoneOrderRoutes: FastifyPluginAsyncZod<{ phoneOrders: Pick<PhoneOrderService, 'request'> }> = async (app, { phoneOrders }) => {
  app.post(
    '/api/phone-orders',
    {
      config: { access: 'optional' },
      schema: {
        tags: ['phone-orders'],
        summary:
          'SPEC §7 phone-order request: { name, phone, need, bestTime } → 201; stored with the storefront (and the signed-in patient), staff mailed at the storefront’s support address by a background job. 400 names the field with the domain’s message; at most 5 an hour per address (429 with Retry-After)',
        body: phoneOrderInputSchema,
        response: { 201: phoneOrderCreatedSchema },
      },
    },
    async (request, reply) => {
      const identity = request.identity;
      const created = await phoneOrders.request({
        storefrontId: request.storefront.id,
        userId: identity?.kind === 'user' && identity.role === 'patient' ? identity.userId : null,
        ip: request.ip,
        body: request.body,
      });
      return reply.code(201).send(created);
    },
  );
};
