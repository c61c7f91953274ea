// The consult over HTTP: a storefront's questionnaire (public), the medication search, and a
// patient's consult (read, save a page, submit). Consults are created by the checkout engine for an
// order item (ConsultService.startConsult); these routes only serve their owner.
import { consultResponse, questionnaireResponse, disqualifiedResponse } from '@store/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireIdentity } from '../../plugins/identity.ts';
import type { ConsultFrozenWorkflow } from '../../workflows/consult-frozen.ts';
import type { ConsultService } from './consults.service.ts';
import type { MedicationService } from './medications.service.ts';

const medicationsResponse = z
  .object({
    query: z.string(),
    results: z.array(z.object({ name: z.string(), kind: z.enum(['generic', 'brand']), generic: z.string().nullable() })),
  })
  .meta({ id: 'MedicationSearch' });

export const consultRoutes: FastifyPluginAsyncZod<{
  consults: ConsultService;
  medications: MedicationService;
  consultFrozen: Pick<ConsultFrozenWorkflow, 'saveAnswers' | 'submit'>;
}> = async (app, { consults, medications, consultFrozen }) => {
  app.get(
    '/api/questionnaires/:id',
    {
      config: { access: 'public' },
      schema: {
        tags: ['consults'],
        summary: "A questionnaire of this storefront (by id or slug) with its current published version",
        params: z.object({ id: z.string().min(1).max(100) }),
        response: { 200: questionnaireResponse },
      },
    },
    async (request) => consults.getQuestionnaire(request.storefront.id, request.params.id),
  );

  app.get(
    '/api/medications',
    {
      config: { access: 'public' },
      schema: {
        tags: ['consults'],
        summary: 'Search the medication list: at least 2 characters; names starting with the text first; at most 20',
        querystring: z.object({ q: z.string().max(200).optional() }),
        response: { 200: medicationsResponse },
      },
    },
    async (request) => {
      const results = await medications.search(request.query.q);
      return { query: (request.query.q ?? '').trim(), results };
    },
  );

  const params = z.object({ id: z.string().min(1).max(100) });

  app.get(
    '/api/consults/:id',
    {
      config: { access: 'session' },
      schema: {
        tags: ['consults'],
        summary: 'A consult with its questionnaire version, saved answers and the page to resume on (owner only)',
        params,
        response: { 200: consultResponse },
      },
    },
    async (request) => consults.getForOwner({ consultId: request.params.id, identity: requireIdentity(request) }),
  );

  app.put(
    '/api/consults/:id/pages/:pageIndex',
    {
      config: { access: 'session' },
      schema: {
        tags: ['consults'],
        summary:
          'Save one page of answers. mode "next" checks the page and moves on; "draft" keeps what was typed. A disqualifying answer freezes the consult.',
        params: params.extend({ pageIndex: z.coerce.number().int().min(0).max(100) }),
        body: z.object({
          answers: z.record(z.string().max(64), z.unknown()),
          mode: z.enum(['next', 'draft']).default('next'),
        }),
        response: {
          200: z
            .object({ consult: consultResponse, nextPageIndex: z.number().int().nullable(), disqualified: disqualifiedResponse })
            .meta({ id: 'ConsultPageSaved' }),
        },
      },
    },
    async (request) =>
      consultFrozen.saveAnswers({
        consultId: request.params.id,
        identity: requireIdentity(request),
        pageIndex: request.params.pageIndex,
        answers: request.body.answers,
        mode: request.body.mode,
      }),
  );

  app.post(
    '/api/consults/:id/submit',
    {
      config: { access: 'session' },
      schema: {
        tags: ['consults'],
        summary: 'Freeze the answers with their questionnaire version; says whether they disqualify',
        params,
        response: {
          200: z.object({ consult: consultResponse, disqualified: disqualifiedResponse }).meta({ id: 'ConsultSubmitted' }),
        },
      },
    },
    async (request) => consultFrozen.submit({ consultId: request.params.id, identity: requireIdentity(request) }),
  );
};
