// The cart and the caller's orders, for guests and signed-in patients alike (SPEC §7 "Cart and
// coupons", "Guest orders"). Orders are found through their owner: another browser's order is a 404.
import { MESSAGES, promoCodeSchema, usStateSchema, orderViewSchema } from '@store/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppConfig } from '../../config.ts';
import { notFound } from '../../lib/problem.ts';
import { ownerOf, requireOwner, setSessionCookie, type Owner } from '../../plugins/identity.ts';
import type { EditOrderWorkflow } from '../../workflows/edit-order.ts';
import type { SessionService } from '../auth/sessions.service.ts';
import type { OrdersService } from '../orders/orders.service.ts';
import { CART_MESSAGES } from './cart.messages.ts';
import type { CartService } from './cart.service.ts';

export const MAX_ITEM_QTY = 1000;

const itemInput = z.object({
  productId: z
    .string({ error: CART_MESSAGES.PRODUCT_UNAVAILABLE })
    .min(1, { error: CART_MESSAGES.PRODUCT_UNAVAILABLE })
    .max(200, { error: CART_MESSAGES.PRODUCT_UNAVAILABLE }),
  qty: z
    .int({ error: CART_MESSAGES.QUANTITY_NOT_WHOLE })
    .min(0, { error: MESSAGES.QUANTITY_OUT_OF_RANGE })
    .max(MAX_ITEM_QTY, { error: MESSAGES.QUANTITY_OUT_OF_RANGE })
    .optional()
    .describe('Omitted: the default quantity. 0 removes the item (PATCH)'),
});

const itemsBody = z.object({
  items: z
    .array(itemInput, { error: CART_MESSAGES.PRODUCT_UNAVAILABLE })
    .max(50)
    .refine((items) => new Set(items.map((i) => i.productId)).size === items.length, {
      error: CART_MESSAGES.DUPLICATE_PRODUCT,
    }),
});

const orderParams = z.object({ id: z.string().max(100) });

const shippingBody = z
  .object({
    state: usStateSchema.nullable().optional(),
    methodId: z.string({ error: CART_MESSAGES.SHIPPING_METHOD_UNAVAILABLE }).max(100).nullable().optional(),
  })
  .refine((b) => b.state !== undefined || b.methodId !== undefined, {
    error: MESSAGES.STATE_INVALID,
    path: ['state'],
  });

const redirectResponse = z
  .object({ orderId: z.string(), route: z.string(), order: orderViewSchema })
  .meta({ id: 'CheckoutRedirect' });

export const cartRoutes: FastifyPluginAsyncZod<{
  cart: CartService;
  orders: Pick<OrdersService, 'getOrder'>;
  editOrder: Pick<EditOrderWorkflow, 'edit' | 'setShipping'>;
  sessions: SessionService;
  config: AppConfig;
}> = async (app, { cart, orders, editOrder, sessions, config }) => {
  // Orders are private: never stored by a shared cache.
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  /** The caller as a cart owner; a visitor with no session gets a guest session first. */
  async function ensureOwner(request: FastifyRequest, reply: FastifyReply): Promise<Owner> {
    const owner = ownerOf(request);
    if (owner) return owner;
    const { token, sessionId } = await sessions.createGuestSession(request.storefront.id, {
      ip: request.ip,
      userAgent: request.headers['user-agent'],
    });
    setSessionCookie(request, reply, token, config.GUEST_SESSION_DAYS * 86_400);
    request.identity = { kind: 'guest', sessionId, storefrontId: request.storefront.id };
    return { kind: 'guest', guestSessionId: sessionId };
  }

  app.post(
    '/api/cart',
    {
      config: { access: 'optional' },
      schema: {
        operationId: 'openCart',
        tags: ['cart'],
        summary: "Open the caller's cart: the current one, or a new one (starting a guest session if needed)",
        body: z.object({ landingGuid: z.string().max(100).nullish() }).nullish(),
        response: { 200: orderViewSchema, 201: orderViewSchema },
      },
    },
    async (request, reply) => {
      const owner = await ensureOwner(request, reply);
      const { order, created } = await cart.openCart(request.storefront, owner, { landingGuid: request.body?.landingGuid });
      reply.status(created ? 201 : 200);
      return order;
    },
  );

  app.get(
    '/api/cart',
    {
      config: { access: 'optional' },
      schema: {
        tags: ['cart'],
        summary: "The caller's open cart (204 No Content when there is none)",
        response: { 200: orderViewSchema, 204: z.undefined().describe('No open cart') },
      },
    },
    async (request, reply) => {
      const owner = ownerOf(request);
      const order = owner ? await cart.currentCart(request.storefront, owner) : null;
      // Having no cart is the ordinary answer for a new visitor, not a failure: no 404 (browsers
      // log every 404 as an error on every page a newcomer opens).
      if (!order) return reply.status(204).send();
      return order;
    },
  );

  app.get(
    '/api/orders/:id',
    {
      config: { access: 'owner' },
      schema: {
        tags: ['cart'],
        summary: "One of the caller's orders by id",
        params: orderParams,
        response: { 200: orderViewSchema },
      },
    },
    async (request) => orders.getOrder(request.storefront, requireOwner(request), request.params.id),
  );

  app.put(
    '/api/orders/:id/items',
    {
      config: { access: 'owner' },
      schema: {
        tags: ['cart'],
        summary: 'Replace the items of a cart',
        params: orderParams,
        body: itemsBody,
        response: { 200: orderViewSchema },
      },
    },
    async (request) => editOrder.edit(request.storefront, requireOwner(request), request.params.id, cart.edits.replaceItems(request.storefront, request.body.items)),
  );

  app.patch(
    '/api/orders/:id/items',
    {
      config: { access: 'owner' },
      schema: {
        tags: ['cart'],
        summary: 'Add or change items of a cart (qty 0 removes one); other items stay',
        params: orderParams,
        body: itemsBody,
        response: { 200: orderViewSchema },
      },
    },
    async (request) => editOrder.edit(request.storefront, requireOwner(request), request.params.id, cart.edits.patchItems(request.storefront, request.body.items)),
  );

  app.delete(
    '/api/orders/:id/items/:productId',
    {
      config: { access: 'owner' },
      schema: {
        tags: ['cart'],
        summary: 'Remove one product from a cart',
        params: z.object({ id: z.string().max(100), productId: z.string().max(100) }),
        response: { 200: orderViewSchema },
      },
    },
    async (request) =>
      editOrder.edit(request.storefront, requireOwner(request), request.params.id, cart.edits.removeItem(request.params.productId)),
  );

  app.patch(
    '/api/orders/:id/shipping',
    {
      config: { access: 'owner' },
      schema: {
        tags: ['cart'],
        summary: 'Set the state the order ships to and the shipping method (totals then include tax and shipping)',
        params: orderParams,
        body: shippingBody,
        response: { 200: orderViewSchema },
      },
    },
    async (request) =>
      editOrder.setShipping(request.storefront, requireOwner(request), request.params.id, {
        state: request.body.state,
        methodId: request.body.methodId,
      }),
  );

  app.post(
    '/api/orders/:id/promo-code',
    {
      config: { access: 'owner' },
      schema: {
        operationId: 'applyOrderPromoCode',
        tags: ['cart'],
        summary: 'Apply a promo code; an invalid, expired or used-up code answers PROMO_INVALID and changes nothing',
        params: orderParams,
        body: z.object({ promoCode: promoCodeSchema }),
        response: { 200: orderViewSchema },
      },
    },
    async (request) =>
      editOrder.edit(request.storefront, requireOwner(request), request.params.id, cart.edits.applyPromoCode(request.storefront, request.body.promoCode)),
  );

  app.put(
    '/api/orders/:id/donation',
    {
      config: { access: 'owner' },
      schema: {
        tags: ['cart'],
        summary:
          'Set the donation added on the summary (issue 7, when flags.enableDonationsSummaryPage): 0..100000 cents, 0 removes it; the total includes it. Donations off: 409 DONATIONS_OFF',
        params: orderParams,
        body: z.object({ donationCents: z.int().min(0).max(100_000) }),
        response: { 200: orderViewSchema },
      },
    },
    async (request) =>
      editOrder.edit(request.storefront, requireOwner(request), request.params.id, cart.edits.setDonation(request.storefront, request.body.donationCents)),
  );

  app.delete(
    '/api/orders/:id/promo-code',
    {
      config: { access: 'owner' },
      schema: {
        tags: ['cart'],
        summary: 'Remove the promo code',
        params: orderParams,
        response: { 200: orderViewSchema },
      },
    },
    async (request) => editOrder.edit(request.storefront, requireOwner(request), request.params.id, cart.edits.removePromoCode()),
  );

  app.post(
    '/api/checkout/redirect',
    {
      config: { access: 'optional' },
      schema: {
        tags: ['cart'],
        summary:
          'Put a product (id or slug) in the caller’s cart and answer the route of the first pending checkout stage',
        querystring: z.object({
          productId: z.string({ error: CART_MESSAGES.PRODUCT_UNAVAILABLE }).min(1).max(200),
          storefrontId: z.string().max(100).optional().describe('Must be this host’s storefront when given'),
          qty: z.coerce
            .number({ error: CART_MESSAGES.QUANTITY_NOT_WHOLE })
            .int({ error: CART_MESSAGES.QUANTITY_NOT_WHOLE })
            .min(1, { error: MESSAGES.QUANTITY_OUT_OF_RANGE })
            .max(MAX_ITEM_QTY, { error: MESSAGES.QUANTITY_OUT_OF_RANGE })
            .optional(),
          landingGuid: z.string().max(100).optional(),
        }),
        response: { 200: redirectResponse },
      },
    },
    async (request, reply) => {
      const { productId, storefrontId, qty, landingGuid } = request.query;
      // The storefront is the host's; a link naming another storefront finds nothing here.
      if (storefrontId && storefrontId !== request.storefront.id) throw notFound();
      return cart.checkoutRedirect(request.storefront, () => ensureOwner(request, reply), { product: productId, qty, landingGuid });
    },
  );
};
