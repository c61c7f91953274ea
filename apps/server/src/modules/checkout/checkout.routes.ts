// The checkout over HTTP (SPEC §7 "checkout progress"): an order's progress through its stages, the
// order waiting for payment, and the consults of an order's items. Orders are found through their
// owner: another browser's order is a 404. Stages are completed by the services of each stage
// (consult submit, shipping, pharmacy, scheduling, payment), never by a bare "complete" call.
import { checkoutProgressSchema, consultResponse, orderViewSchema } from '@store/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ownerOf, requireIdentity404, requireOwner } from '../../plugins/identity.ts';
import type { CartService } from '../cart/cart.service.ts';
import type { CheckoutService } from './checkout.service.ts';

const orderConsultsSchema = z
  .object({
    orderId: z.string(),
    items: z.array(
      z.object({
        itemId: z.string(),
        productId: z.string(),
        title: z.string(),
        questionnaireId: z.string().nullable(),
        completed: z.boolean(),
        consult: consultResponse.nullable(),
      }),
    ),
  })
  .meta({ id: 'OrderConsults' });

const orderParams = z.object({ id: z.string().max(100) });

export const checkoutRoutes: FastifyPluginAsyncZod<{
  checkout: CheckoutService;
  cart: Pick<CartService, 'awaitingPayment'>;
}> = async (app, { checkout, cart }) => {
  // Orders and answers are private: never stored by a shared cache.
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.get(
    '/api/orders/:id/checkout',
    {
      config: { access: 'owner' },
      schema: {
        tags: ['checkout'],
        summary:
          'Checkout progress of one of the caller’s orders: stage masks, missing stages, the first pending route, the progress step and stage labels',
        params: orderParams,
        response: { 200: checkoutProgressSchema },
      },
    },
    async (request) => {
      return checkout.getProgress(request.storefront, requireOwner(request), request.params.id);
    },
  );

  app.get(
    '/api/checkout/awaiting-payment',
    {
      config: { access: 'optional' },
      schema: {
        tags: ['checkout'],
        summary:
          'The caller’s order waiting for payment (a cart leaves draft once every stage but Payment is done; GET /api/cart no longer finds it). 204 No Content when none',
        response: { 200: orderViewSchema, 204: z.undefined().describe('No order waiting for payment') },
      },
    },
    async (request, reply) => {
      const owner = ownerOf(request);
      const order = owner ? await cart.awaitingPayment(request.storefront, owner) : null;
      // None is an ordinary answer (the checkout asks whenever the cart is empty), not an error.
      if (!order) return reply.status(204).send();
      return order;
    },
  );

  app.get(
    '/api/orders/:id/consults',
    {
      config: { access: 'owner' },
      schema: {
        tags: ['checkout', 'consults'],
        summary:
          'Each item of the caller’s order that needs a consult, with its questionnaire version, saved answers and the page to resume on (the consult is created on first read)',
        params: orderParams,
        response: { 200: orderConsultsSchema },
      },
    },
    async (request) =>
      checkout.consultsForOrder(
        request.storefront,
        requireIdentity404(request),
        request.params.id,
      ),
  );
};
