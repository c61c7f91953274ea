// Shipping methods and sales-tax settings of this storefront (SPEC §7 "shipping addresses and
// methods", "get tax settings").
import { shippingMethodSchema, taxRateSchema } from '@store/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ShippingService } from './shipping.service.ts';

export const shippingRoutes: FastifyPluginAsyncZod<{ shipping: ShippingService }> = async (app, { shipping }) => {
  app.get(
    '/api/shipping-methods',
    {
      config: { access: 'public' },
      schema: {
        tags: ['shipping'],
        summary: "This storefront's shipping methods, cheapest first",
        response: { 200: z.array(shippingMethodSchema) },
      },
    },
    async (request) => shipping.methods(request.storefront.id),
  );

  app.get(
    '/api/tax-settings',
    {
      config: { access: 'public' },
      schema: {
        tags: ['shipping'],
        summary: 'Sales tax by state: rate and whether it applies to consult fees; states not listed collect none',
        response: { 200: z.array(taxRateSchema) },
      },
    },
    async (request) => shipping.taxRates(request.storefront.id),
  );
};
