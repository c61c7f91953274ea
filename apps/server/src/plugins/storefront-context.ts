// Every API request knows its storefront (resolved from the Host header, cached), so modules can
// scope their rows by `request.storefront.id` without trusting an id sent by the client.
import type { StorefrontConfig } from '@store/domain';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { StorefrontService } from '../modules/storefronts/storefronts.service.ts';

declare module 'fastify' {
  interface FastifyRequest {
    storefront: StorefrontConfig;
  }
}

export const storefrontContextPlugin = fp(
  async (app: FastifyInstance, { storefronts }: { storefronts: StorefrontService }) => {
    app.decorateRequest('storefront', null as unknown as StorefrontConfig);
    app.addHook('onRequest', async (request) => {
      if (!request.url.startsWith('/api/') || request.url.startsWith('/api/health')) return;
      if (request.url.startsWith('/api/docs') || request.url === '/api/openapi.json') return;
      request.storefront = await storefronts.resolve(request.headers.host);
    });
  },
);
