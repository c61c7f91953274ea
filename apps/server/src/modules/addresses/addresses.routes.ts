// Saved shipping addresses of the signed-in patient (issue 5; SPEC §7 "Saved addresses, add and
// use shipping address", "edit shipping address"). Guests keep their address on the order.
import { usAddressPatchSchema, usAddressSchema, savedAddressSchema, savedAddressesSchema } from '@store/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../../plugins/identity.ts';
import type { AddressService } from './addresses.service.ts';
import { perIpPerMinute } from '../../plugins/rate-limits.ts';

const params = z.object({ id: z.string().max(100) });

export const addressRoutes: FastifyPluginAsyncZod<{ addresses: AddressService }> = async (app, { addresses }) => {
  app.get(
    '/api/addresses',
    {
      config: { access: 'user' },
      schema: {
        tags: ['addresses'],
        summary: 'Saved addresses: the most recent one and the other saved ones',
        response: { 200: savedAddressesSchema },
      },
    },
    async (request) => addresses.list(requireUser(request).userId),
  );

  app.post(
    '/api/addresses',
    {
      config: { access: 'user', rateLimit: perIpPerMinute('addresses') },
      schema: {
        tags: ['addresses'],
        summary: 'Save a new shipping address',
        body: usAddressSchema,
        response: { 201: savedAddressSchema },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      return reply.status(201).send(await addresses.create(user.userId, request.body));
    },
  );

  app.patch(
    '/api/addresses/:id',
    {
      config: { access: 'user', rateLimit: perIpPerMinute('addresses') },
      schema: {
        tags: ['addresses'],
        summary: 'Edit a saved address (any of its fields)',
        params,
        body: usAddressPatchSchema,
        response: { 200: savedAddressSchema },
      },
    },
    async (request) => addresses.update(requireUser(request).userId, request.params.id, request.body),
  );

  app.delete(
    '/api/addresses/:id',
    {
      config: { access: 'user', rateLimit: perIpPerMinute('addresses') },
      schema: { tags: ['addresses'], summary: 'Delete a saved address', params },
    },
    async (request, reply) => {
      await addresses.remove(requireUser(request).userId, request.params.id);
      return reply.status(204).send();
    },
  );

  app.post(
    '/api/addresses/:id/use',
    {
      config: { access: 'user', rateLimit: perIpPerMinute('addresses') },
      schema: {
        tags: ['addresses'],
        summary: 'Ship to this address: it becomes the most recent one',
        params,
        response: { 200: savedAddressSchema },
      },
    },
    async (request) => addresses.markUsed(requireUser(request).userId, request.params.id),
  );
};
