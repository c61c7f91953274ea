// The checkout over HTTP (SPEC §7 "checkout progress"): an order's progress through its stages, the
// order waiting for payment, and the consults of an order's items. Orders are found through their
// owner: another browser's order is a 404. Stages are completed by the services of each stage
// (consult submit, shipping, pharmacy, scheduling, payment), never by a bare "complete" call.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ownerOf, requireIdentity404, requireOwner } from '../../plugins/identity.ts';
import type { CartService } from '../cart/cart.service.ts';
import { consultResponse } from '../consults/consults.routes.ts';
import { orderViewSchema } from '../orders/order-view.ts';
import type { CheckoutService } from './checkout.service.ts';

const stageFlag = z.union([
  z.literal(1),
  z.literal(2),
  z.literal(4),
  z.literal(8),
  z.literal(16),
  z.literal(32),
]);

const stageStatus = z.object({
  stage: stageFlag,
  name: z.string(),
  status: z.enum(['pending', 'completed']),
  label: z
    .enum(['Incomplete', 'Pending', 'completed'])
    .describe('SPEC §4 label: the first missing stage is Pending, later ones Incomplete'),
});

export const checkoutProgressSchema = z
  .object({
    orderId: z.string(),
    status: z.string(),
    statusLabel: z
      .string()
      .describe('SPEC §4 label of the order status: Incomplete, Pending, completed, …'),
    loggedIn: z.boolean(),
    visitType: z.union([z.literal(1), z.literal(2), z.literal(3)]).nullable(),
    requiredStages: z.int(),
    completedStages: z.int(),
    missingStages: z
      .array(stageFlag)
      .describe('In stage order; Register is missing without a login (SPEC §2)'),
    firstPendingStage: stageFlag.nullable(),
    nextRoute: z
      .string()
      .nullable()
      .describe(
        'Route of the first pending stage (SPEC §2); /disqualified for a disqualified order',
      ),
    progressStep: z.union([
      z.literal(0),
      z.literal(1),
      z.literal(2),
      z.literal(3),
      z.literal(4),
      z.literal(5),
    ]),
    readyForPayment: z.boolean(),
    disqualified: z.boolean(),
    stages: z.array(stageStatus),
    items: z.array(
      z.object({
        id: z.string(),
        productId: z.string(),
        title: z.string(),
        consultRequired: z.boolean(),
        requiredStages: z.int(),
        completedStages: z.int(),
        stages: z.array(stageStatus),
      }),
    ),
    pendingConsultItemIds: z.array(z.string()),
  })
  .meta({ id: 'CheckoutProgress' });

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
