import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { StorefrontService } from './storefronts.service.ts';

const looseObject = z.record(z.string(), z.unknown());

export const storefrontConfigResponse = z
  .object({
    id: z.string(),
    companyId: z.string(),
    name: z.string(),
    theme: looseObject,
    flags: z.record(z.string(), z.boolean()),
    settings: looseObject,
    content: looseObject,
  })
  .meta({ id: 'StorefrontConfig', description: 'Storefront configuration merged over the defaults' });

export const storefrontRoutes: FastifyPluginAsyncZod<{ storefronts: StorefrontService }> = async (
  app,
  { storefronts },
) => {
  const serialised = new WeakMap<object, string>();
  app.get(
    '/api/storefront',
    {
      config: { access: 'public' },
      schema: {
        tags: ['storefront'],
        summary: "The storefront of this host: theme, feature flags, settings and texts",
        response: { 200: storefrontConfigResponse },
      },
    },
    async (request, reply) => {
      const config = await storefronts.resolve(request.headers.host);
      // Browsers may reuse it briefly; operators' changes show within a minute.
      reply.header('cache-control', 'public, max-age=60');
      // Read on every page load: serialised once per cached config (a write makes a new object).
      let json = serialised.get(config);
      if (json === undefined) {
        json = JSON.stringify(storefrontConfigResponse.parse(config));
        serialised.set(config, json);
      }
      return reply.type('application/json; charset=utf-8').send(json as never);
    },
  );
};
