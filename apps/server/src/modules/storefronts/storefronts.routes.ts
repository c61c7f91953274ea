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
  app.get(
    '/api/storefront',
    {
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
      // The domain types are closed interfaces; the response schema documents them as objects.
      return config as unknown as z.infer<typeof storefrontConfigResponse>;
    },
  );
};
