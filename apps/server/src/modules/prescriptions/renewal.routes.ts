// A patient asks to renew a prescription with no refills left or expired (issue 17): the page's
// read of their own prescription, and "Ask for a renewal", which opens the renewal consult (the
// renewal-consult workflow). Another patient's prescription, a guest or no session: 404.
import { prescriptionRenewalSchema, renewalOpenedSchema } from '@store/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { RenewalConsult } from '../../workflows/renewal-consult.ts';

const params = z.object({ id: z.string().max(100) });

export const renewalRoutes: FastifyPluginAsyncZod<{ renewal: Pick<RenewalConsult, 'view' | 'viewOfOrder' | 'requestByPatient'> }> = async (app, { renewal }) => {
  // A patient's own prescription: never stored by a shared cache.
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.get(
    '/api/prescriptions/:id/renewal',
    {
      config: { access: 'account' },
      schema: {
        tags: ['renewals'],
        summary: "The signed-in patient's prescription and whether they may ask to renew it (no refills left or expired); another's: 404",
        params,
        response: { 200: prescriptionRenewalSchema },
      },
    },
    async (request) => renewal.view(request.storefront, request.identity, request.params.id),
  );

  app.get(
    '/api/orders/:id/prescription-renewal',
    {
      config: { access: 'account' },
      schema: {
        tags: ['renewals'],
        summary: "The prescription written for the signed-in patient's order and whether they may ask to renew it; none, or another's: 404",
        params,
        response: { 200: prescriptionRenewalSchema },
      },
    },
    async (request) => renewal.viewOfOrder(request.storefront, request.identity, request.params.id),
  );

  app.post(
    '/api/prescriptions/:id/renew',
    {
      config: { access: 'account' },
      schema: {
        tags: ['renewals'],
        summary:
          'Ask for a renewal: opens a consult prefilled with the last answers in the cart (asking again answers the same order). 409 REFILLS_LEFT, PRESCRIPTION_REVOKED, RENEWAL_CART_BUSY; another patient’s: 404',
        params,
        response: { 200: renewalOpenedSchema },
      },
    },
    async (request) => renewal.requestByPatient(request.storefront, request.identity, request.params.id),
  );
};
