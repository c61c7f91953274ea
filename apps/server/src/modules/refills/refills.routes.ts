// Auto-refills (SPEC §7 auto-refill: eligible orders, activate, storefront details, active
// auto-refills, deactivate; issue 17: move the next date, skip one, change the card) and reorder
// (SPEC §7 reorder). The signed-in patient's own plans, orders and cards only: another patient's id,
// in the path or in a body, is a 404.
import {
  activateRefillSchema,
  eligibleRefillsSchema,
  moveRefillSchema,
  refillCardSchema,
  refillPlanSchema,
  refillPlansSchema,
  refillTermsSchema,
  reorderResultSchema,
} from '@store/domain';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../lib/problem.ts';
import { auditContext, requireUser } from '../../plugins/identity.ts';
import type { Reorder } from '../../workflows/reorder.ts';
import type { RefillsService } from './refills.service.ts';

const params = z.object({ id: z.string().max(100) });

/** The signed-in patient; for a record's id, no session or a guest owns nothing: 404. */
function patientOf(request: FastifyRequest, opts: { byId: boolean }) {
  const identity = request.identity;
  if (opts.byId && (!identity || identity.kind !== 'user')) throw notFound();
  const user = requireUser(request);
  return { userId: user.userId, storefrontId: request.storefront.id };
}

export const refillRoutes: FastifyPluginAsyncZod<{ refills: RefillsService; reorder: Reorder }> = async (app, { refills, reorder }) => {
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.get(
    '/api/refills/settings',
    { config: { access: 'public' }, schema: { tags: ['refills'], summary: "The storefront's refill terms: notice days before a refill, the retry policy (SPEC §7 storefront details)", response: { 200: refillTermsSchema } } },
    async (request) => refills.terms(request.storefront),
  );

  app.get(
    '/api/refills/eligible',
    { config: { access: 'user' }, schema: { operationId: 'listRefillEligibleOrders', tags: ['refills'], summary: 'My orders whose prescription is active, has refills left, is not expired and has no auto-refill (SPEC §7 eligible orders)', response: { 200: eligibleRefillsSchema } } },
    async (request) => ({ orders: await refills.eligible(patientOf(request, { byId: false })) }),
  );

  app.get(
    '/api/refills',
    { config: { access: 'user' }, schema: { tags: ['refills'], summary: 'My auto-refills: next date, refills left, expiry, card, status and reason (SPEC §7 active auto-refills)', response: { 200: refillPlansSchema } } },
    async (request) => ({ plans: await refills.list(patientOf(request, { byId: false })) }),
  );

  app.post(
    '/api/refills',
    {
      config: { access: 'user' },
      schema: {
        tags: ['refills'],
        summary: "Turn on auto-refill for one of my orders' prescriptions, charging a saved card or my current card (SPEC §7 activate; 409 REFILL_NOT_ELIGIBLE)",
        body: activateRefillSchema,
        response: { 201: refillPlanSchema },
      },
    },
    async (request, reply) => reply.status(201).send(await refills.activate(patientOf(request, { byId: true }), request.body, auditContext(request))),
  );

  app.get(
    '/api/refills/:id',
    { config: { access: 'account' }, schema: { tags: ['refills'], summary: 'One of my auto-refills', params, response: { 200: refillPlanSchema } } },
    async (request) => refills.get(patientOf(request, { byId: true }), request.params.id),
  );

  const deactivate = async (request: FastifyRequest<{ Params: { id: string } }>) =>
    refills.deactivate(patientOf(request, { byId: true }), request.params.id, auditContext(request));
  app.delete(
    '/api/refills/:id',
    { config: { access: 'account' }, schema: { tags: ['refills'], summary: 'Turn off an auto-refill (SPEC §7 deactivate)', params, response: { 200: refillPlanSchema } } },
    deactivate,
  );
  app.post(
    '/api/refills/:id/deactivate',
    { config: { access: 'account' }, schema: { tags: ['refills'], summary: 'Turn off an auto-refill (SPEC §7 deactivate), for clients that cannot send DELETE', params, response: { 200: refillPlanSchema } } },
    deactivate,
  );

  app.patch(
    '/api/refills/:id',
    {
      config: { access: 'account' },
      schema: {
        tags: ['refills'],
        summary: "Move the next refill date (from tomorrow to the prescription's expiry; 400 REFILL_DATE_INVALID with the reason)",
        params,
        body: moveRefillSchema,
        response: { 200: refillPlanSchema },
      },
    },
    async (request) => refills.move(patientOf(request, { byId: true }), request.params.id, request.body.nextDate, auditContext(request)),
  );

  app.post(
    '/api/refills/:id/skip',
    { config: { access: 'account' }, schema: { tags: ['refills'], summary: 'Skip the next refill: recorded as skipped, the next date moves one cycle on', params, response: { 200: refillPlanSchema } } },
    async (request) => refills.skip(patientOf(request, { byId: true }), request.params.id, auditContext(request)),
  );

  app.put(
    '/api/refills/:id/card',
    {
      config: { access: 'account' },
      schema: { tags: ['refills'], summary: 'The card an auto-refill charges (one of my saved cards; null: my current card)', params, body: refillCardSchema, response: { 200: refillPlanSchema } },
    },
    async (request) => refills.changeCard(patientOf(request, { byId: true }), request.params.id, request.body.cardId, auditContext(request)),
  );

  app.post(
    '/api/orders/:id/reorder',
    {
      config: { access: 'account' },
      schema: {
        tags: ['refills'],
        summary: "Reorder (SPEC §7): a refill now when the order's prescription has refills left, else the same products in my cart (422 MULTIPLE_PRODUCTS per SPEC §8)",
        params,
        response: { 200: reorderResultSchema },
      },
    },
    async (request) => reorder.reorder(request.storefront, request.identity, request.params.id),
  );
};
