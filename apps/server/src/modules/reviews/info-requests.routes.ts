// The doctor's questions as the patient sees them (issue 15 "request more information"): the
// questions on their own order and their answer. Another person's order, an unknown one, or a
// caller with no session: 404. Health data: never stored by a shared cache.
import { infoAnswerInputSchema, openQuestionsSchema, patientInfoRequestsSchema } from '@store/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../lib/problem.ts';
import { auditContext, requireOwner, requireUser } from '../../plugins/identity.ts';
import type { OrderReview } from '../../workflows/order-review.ts';

export const infoRequestRoutes: FastifyPluginAsyncZod<{
  review: Pick<OrderReview, 'patientRequests' | 'answer' | 'openQuestions'>;
}> = async (app, { review }) => {
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.get(
    '/api/account/questions',
    {
      config: { access: 'user' },
      schema: {
        tags: ['orders'],
        summary: 'The doctors’ questions the signed-in patient still has to answer, across their orders on this storefront',
        response: { 200: openQuestionsSchema },
      },
    },
    async (request) => review.openQuestions(request.storefront.id, requireUser(request).userId),
  );

  app.get(
    '/api/orders/:id/info-requests',
    {
      config: { access: 'owner' },
      schema: {
        tags: ['orders'],
        summary: 'The doctor’s questions about the caller’s order, with their answers (another’s order: 404)',
        params: z.object({ id: z.uuid() }),
        response: { 200: patientInfoRequestsSchema },
      },
    },
    async (request) => review.patientRequests(request.storefront.id, requireOwner(request), request.params.id),
  );

  app.post(
    '/api/orders/:id/info-requests/:requestId/answer',
    {
      config: { access: 'owner' },
      schema: {
        tags: ['orders'],
        summary: 'Answer the doctor’s question (uploads must be the caller’s own: else 404; answered already: 409); the order goes back to the doctor',
        params: z.object({ id: z.uuid(), requestId: z.uuid() }),
        body: infoAnswerInputSchema,
        response: { 200: z.object({ status: z.string() }) },
      },
    },
    async (request) => {
      const identity = request.identity;
      if (!identity) throw notFound();
      return review.answer(identity, requireOwner(request), request.params.id, request.params.requestId, request.body, auditContext(request));
    },
  );
};
