// The operator's shipping methods and tax rates of one storefront (issue 18):
// /api/admin/storefronts/:storefrontId/shipping-methods and /tax-rates. 404 to anyone but an admin
// of the storefront's company, and for a method of another storefront.
import {
  adminActiveInputSchema,
  adminPageQuerySchema,
  adminShippingMethodInputSchema,
  adminShippingMethodPageSchema,
  adminShippingMethodParamsSchema,
  adminShippingMethodSchema,
  adminStorefrontParamsSchema,
  adminTaxRateInputSchema,
  adminTaxRatePageSchema,
  adminTaxRateParamsSchema,
  adminTaxRateSchema,
} from '@store/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAdmin, type AdminStorefronts } from '../admin/admin-access.ts';
import type { ShippingAdmin } from './shipping-admin.service.ts';

export const adminShippingRoutes: FastifyPluginAsyncZod<{
  adminStorefronts: AdminStorefronts;
  shippingAdmin: ShippingAdmin;
}> = async (app, { adminStorefronts, shippingAdmin }) => {
  const methods = '/api/admin/storefronts/:storefrontId/shipping-methods';
  const rates = '/api/admin/storefronts/:storefrontId/tax-rates';

  /** The admin, once the storefront is checked as theirs; answers their audit context. */
  async function scope(request: Parameters<typeof requireAdmin>[0], storefrontId: string) {
    const admin = requireAdmin(request);
    await adminStorefronts.one(admin, storefrontId);
    return admin.audit;
  }

  app.get(
    methods,
    {
      schema: {
        tags: ['admin'],
        summary: "A storefront's shipping methods, active first, in their order (paged)",
        params: adminStorefrontParamsSchema,
        querystring: adminPageQuerySchema,
        response: { 200: adminShippingMethodPageSchema },
      },
    },
    async (request) => {
      await scope(request, request.params.storefrontId);
      return shippingAdmin.methods(request.params.storefrontId, request.query);
    },
  );

  app.post(
    methods,
    {
      schema: {
        tags: ['admin'],
        summary: 'Add a shipping method (new carts offer it at once)',
        params: adminStorefrontParamsSchema,
        body: adminShippingMethodInputSchema,
        response: { 201: adminShippingMethodSchema },
      },
    },
    async (request, reply) => {
      const by = await scope(request, request.params.storefrontId);
      return reply.code(201).send(await shippingAdmin.createMethod(request.params.storefrontId, request.body, by));
    },
  );

  app.put(
    `${methods}/:methodId`,
    {
      schema: {
        tags: ['admin'],
        summary: 'Edit a shipping method: carrier, name, cost, days, free-above amount, order, active (the next cart pays the new cost)',
        params: adminShippingMethodParamsSchema,
        body: adminShippingMethodInputSchema,
        response: { 200: adminShippingMethodSchema },
      },
    },
    async (request) => {
      const by = await scope(request, request.params.storefrontId);
      return shippingAdmin.updateMethod(request.params.storefrontId, request.params.methodId, request.body, by);
    },
  );

  app.patch(
    `${methods}/:methodId`,
    {
      schema: {
        operationId: 'setAdminStorefrontShippingMethodActive',
        tags: ['admin'],
        summary: 'Activate or deactivate a shipping method (the last active one cannot be deactivated: 409)',
        params: adminShippingMethodParamsSchema,
        body: adminActiveInputSchema,
        response: { 200: adminShippingMethodSchema },
      },
    },
    async (request) => {
      const by = await scope(request, request.params.storefrontId);
      return shippingAdmin.updateMethod(request.params.storefrontId, request.params.methodId, { active: request.body.active }, by);
    },
  );

  app.get(
    rates,
    {
      schema: {
        tags: ['admin'],
        summary: 'Every US state with the storefront’s sales-tax rate, or none (paged)',
        params: adminStorefrontParamsSchema,
        querystring: adminPageQuerySchema,
        response: { 200: adminTaxRatePageSchema },
      },
    },
    async (request) => {
      await scope(request, request.params.storefrontId);
      return shippingAdmin.taxRates(request.params.storefrontId, request.query);
    },
  );

  app.put(
    `${rates}/:state`,
    {
      schema: {
        tags: ['admin'],
        summary: "Set a state's sales-tax rate (0–100 %, up to 4 decimals) and whether it applies to the consult fee",
        params: adminTaxRateParamsSchema,
        body: adminTaxRateInputSchema,
        response: { 200: adminTaxRateSchema },
      },
    },
    async (request) => {
      const by = await scope(request, request.params.storefrontId);
      return shippingAdmin.setTaxRate(request.params.storefrontId, request.params.state, request.body, by);
    },
  );

  app.delete(
    `${rates}/:state`,
    {
      schema: {
        tags: ['admin'],
        summary: 'Stop collecting sales tax in a state (404 when none is set)',
        params: adminTaxRateParamsSchema,
      },
    },
    async (request, reply) => {
      const by = await scope(request, request.params.storefrontId);
      await shippingAdmin.removeTaxRate(request.params.storefrontId, request.params.state, by);
      return reply.status(204).send();
    },
  );
};
