// The catalog: products, one product by slug, and the states list (SPEC §7 "Product: price with
// consult, shipping states, states list"). Bodies come pre-serialised from the catalog cache.
import { visitTypeSchema } from '@store/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../lib/problem.ts';
import type { CatalogService } from './catalog.service.ts';

export const productSchema = z
  .object({
    id: z.string(),
    slug: z.string(),
    title: z.string(),
    description: z.string(),
    category: z.enum(['weight', 'hair', 'sexual_health', 'skin', 'labs', 'otc']),
    type: z.enum(['prescription', 'otc', 'lab_test', 'consult_only']),
    thumbnail: z.string().describe('Image URL; a placeholder image when the product has none'),
    priceCents: z.int(),
    consultFeeCents: z.int(),
    priceWithConsultCents: z.int().describe('Unit price plus the consult fee when it is charged with the product'),
    pricePerCycleCents: z.int().nullable().describe('Price per 30 days for refilled products'),
    refillCycleDays: z.int().nullable(),
    qtyRange: z.object({ min: z.int(), max: z.int() }),
    defaultQuantity: z.int(),
    flexibleQuantity: z.boolean(),
    consultRequired: z.boolean(),
    consultAttached: z.boolean(),
    visitType: visitTypeSchema,
    checkoutStages: z.int().describe('Stage bit flags the product needs'),
    questionnaireId: z.string().nullable(),
    shipsTo: z.array(z.string()).describe('Two-letter codes of the states it ships to'),
    images: z.array(z.object({ url: z.string(), alt: z.string() })).describe('Its images in order, each with alt text (issue 18)'),
  })
  .meta({ id: 'Product' });

const stateSchema = z.object({ code: z.string(), name: z.string() }).meta({ id: 'UsState' });

export const catalogRoutes: FastifyPluginAsyncZod<{ catalog: CatalogService }> = async (app, { catalog }) => {
  app.get(
    '/api/products',
    {
      config: { access: 'public' },
      schema: {
        tags: ['catalog'],
        summary: "This storefront's products on sale",
        response: { 200: z.array(productSchema) },
      },
    },
    async (request, reply) => {
      const json = await catalog.listProductsJson(request.storefront.id);
      return reply.type('application/json; charset=utf-8').send(json as never);
    },
  );

  app.get(
    '/api/products/:slug',
    {
      config: { access: 'public' },
      schema: {
        tags: ['catalog'],
        summary: 'One product by slug, with price with consult, price per cycle and states it ships to',
        params: z.object({ slug: z.string().max(200) }),
        response: { 200: productSchema },
      },
    },
    async (request, reply) => {
      const json = await catalog.productJson(request.storefront.id, request.params.slug);
      if (!json) throw notFound();
      return reply.type('application/json; charset=utf-8').send(json as never);
    },
  );

  app.get(
    '/api/states',
    {
      config: { access: 'public' },
      schema: {
        tags: ['catalog'],
        summary: 'The US states list, or the states one product ships to (?productId=)',
        querystring: z.object({ productId: z.string().max(200).optional() }),
        response: { 200: z.array(stateSchema) },
      },
    },
    async (request) => {
      const states = await catalog.states(request.storefront.id, request.query.productId);
      if (!states) throw notFound();
      return states;
    },
  );
};
