// The pharmacist's orders over HTTP (issue 15 "Fulfilment"): the list of orders sent to their
// pharmacy (and the pharmacy itself) and the steps fill, ship, deliver. Only a pharmacist (role pharmacist with a
// pharmacy_staff row) reaches any of it; to everyone else, and for an order not sent to their
// pharmacy, every route answers 404 as for an unknown id. Health data: never cached.
import { cannotFillInputSchema, PHARMACY_TABS, pharmacyActionResultSchema, pharmacyOrderListSchema, pharmacyRefundResultSchema, shipInputSchema } from '@store/domain';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../lib/problem.ts';
import { auditContext } from '../../plugins/identity.ts';
import type { FulfilWorkflow } from '../../workflows/fulfil.ts';
import type { FulfilmentService, Pharmacist } from './fulfilment.service.ts';

const params = z.object({ id: z.uuid() });

const pharmacistHomeSchema = z
  .object({
    pharmacy: z.object({ id: z.string(), name: z.string(), phone: z.string(), address: z.string(), city: z.string(), state: z.string(), zip: z.string() }),
  })
  .meta({ id: 'PharmacistHome' });

export const fulfilmentRoutes: FastifyPluginAsyncZod<{
  fulfilment: Pick<FulfilmentService, 'pharmacistOf' | 'list' | 'prescriptionDocument'>;
  fulfil: Pick<FulfilWorkflow, 'fill' | 'ship' | 'deliver' | 'cannotFill'>;
}> = async (app, { fulfilment, fulfil }) => {
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  /** The signed-in pharmacist; anyone else gets the 404 an unknown route would. */
  async function requirePharmacist(request: FastifyRequest): Promise<Pharmacist> {
    const pharmacist = await fulfilment.pharmacistOf(request.identity);
    if (!pharmacist) throw notFound();
    return pharmacist;
  }

  app.get(
    '/api/pharmacy/me',
    {
      config: { access: 'pharmacist' },
      schema: {
        tags: ['pharmacy'],
        summary: 'The signed-in pharmacist’s pharmacy (404 to anyone else)',
        response: { 200: pharmacistHomeSchema },
      },
    },
    async (request) => ({ pharmacy: (await requirePharmacist(request)).pharmacy }),
  );

  app.get(
    '/api/pharmacy/orders',
    {
      config: { access: 'pharmacist' },
      schema: {
        tags: ['pharmacy'],
        summary: "Orders sent to the pharmacist's pharmacy in one status (to_fill by default), oldest first, with counts per status",
        querystring: z.object({
          status: z.enum(PHARMACY_TABS).optional(),
          page: z.coerce.number<string>().int().min(1).max(10_000).optional(),
        }),
        response: { 200: pharmacyOrderListSchema },
      },
    },
    async (request) => fulfilment.list(await requirePharmacist(request), request.query),
  );

  app.get(
    '/api/pharmacy/orders/:id/prescription.pdf',
    {
      config: { access: 'pharmacist' },
      schema: {
        tags: ['pharmacy'],
        summary: "The fax-ready prescription PDF of an order sent to the pharmacist's pharmacy",
        params,
        produces: ['application/pdf'],
      },
    },
    async (request, reply) => {
      const doc = await fulfilment.prescriptionDocument(await requirePharmacist(request), request.params.id);
      return reply
        .type('application/pdf')
        .header('content-disposition', `inline; filename="prescription-${doc.orderNumber}.pdf"`)
        .send(doc.bytes);
    },
  );

  app.post(
    '/api/pharmacy/orders/:id/fill',
    {
      config: { access: 'pharmacist' },
      schema: {
        tags: ['pharmacy'],
        summary: 'The pharmacy filled the order (prescribed or paid → fulfilling); the patient is told',
        params,
        response: { 200: pharmacyActionResultSchema },
      },
    },
    async (request) => fulfil.fill(await requirePharmacist(request), request.params.id, auditContext(request)),
  );

  app.post(
    '/api/pharmacy/orders/:id/ship',
    {
      config: { access: 'pharmacist' },
      schema: {
        tags: ['pharmacy'],
        summary: 'The pharmacy shipped the filled order with a carrier and tracking number; the patient gets both',
        params,
        body: shipInputSchema,
        response: { 200: pharmacyActionResultSchema },
      },
    },
    async (request) => fulfil.ship(await requirePharmacist(request), request.params.id, request.body, auditContext(request)),
  );

  app.post(
    '/api/pharmacy/orders/:id/deliver',
    {
      config: { access: 'pharmacist' },
      schema: {
        tags: ['pharmacy'],
        summary: 'The carrier delivered the shipped order; the patient is told',
        params,
        response: { 200: pharmacyActionResultSchema },
      },
    },
    async (request) => fulfil.deliver(await requirePharmacist(request), request.params.id, auditContext(request)),
  );

  app.post(
    '/api/pharmacy/orders/:id/cannot-fill',
    {
      config: { access: 'pharmacist' },
      schema: {
        operationId: 'reportPharmacyOrderCannotFill',
        tags: ['pharmacy'],
        summary: 'The pharmacy cannot fill the unshipped order: the patient is refunded, the prescription revoked, the patient told',
        params,
        body: cannotFillInputSchema,
        response: { 200: pharmacyRefundResultSchema },
      },
    },
    async (request) => fulfil.cannotFill(await requirePharmacist(request), request.params.id, request.body, auditContext(request)),
  );
};
