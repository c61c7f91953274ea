// The patient's rating of their doctor for an order (issue 16 "Doctor rating"): what they may rate
// and what they gave, and the rating itself (once per order). The signed-in patient's own order only.
import { orderRatingSchema, ratingInputSchema } from '@store/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { auditContext } from '../../plugins/identity.ts';
import type { RateDoctor } from '../../workflows/rate-doctor.ts';

const params = z.object({ id: z.string().max(100) });

export const ratingRoutes: FastifyPluginAsyncZod<{ rateDoctor: RateDoctor }> = async (app, { rateDoctor }) => {
  // A patient's own rating: never stored by a shared cache.
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.get(
    '/api/orders/:id/rating',
    {
      config: { access: 'account' },
      schema: {
        tags: ['ratings'],
        summary: "The doctor the signed-in patient may rate for their order (the completed visit's, else the deciding doctor's), whether they may, and the rating they gave",
        params,
        response: { 200: orderRatingSchema },
      },
    },
    async (request) => rateDoctor.view(request.storefront, request.identity, request.params.id),
  );

  app.post(
    '/api/orders/:id/rating',
    {
      config: { access: 'account' },
      schema: {
        tags: ['ratings'],
        summary: 'Rate the doctor 1–5 with an optional comment, once per order (409 RATING_EXISTS the second time; 409 NOT_RATEABLE before a completed visit or a decision)',
        params,
        body: ratingInputSchema,
        response: { 201: orderRatingSchema },
      },
    },
    async (request, reply) => {
      const rating = await rateDoctor.rate(request.storefront, request.identity, request.params.id, request.body, auditContext(request));
      return reply.status(201).send(rating);
    },
  );
};
