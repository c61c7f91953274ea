// The operator's promo codes of one storefront (issue 18): /api/admin/storefronts/:storefrontId/coupons.
// 404 to anyone but an admin of the storefront's company, and for a code of another storefront.
import {
  adminActiveInputSchema,
  adminCouponInputSchema,
  adminCouponPageSchema,
  adminCouponParamsSchema,
  adminCouponProductsSchema,
  adminCouponSchema,
  adminPageQuerySchema,
  adminStorefrontParamsSchema,
} from '@store/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAdmin, type AdminStorefronts } from '../admin/admin-access.ts';
import type { PromotionsAdmin } from './promotions-admin.service.ts';

export const adminPromotionsRoutes: FastifyPluginAsyncZod<{
  adminStorefronts: AdminStorefronts;
  promotionsAdmin: PromotionsAdmin;
}> = async (app, { adminStorefronts, promotionsAdmin }) => {
  const base = '/api/admin/storefronts/:storefrontId/coupons';

  /** The admin, the storefront checked as theirs, and who changes what (for the audit). */
  async function scope(request: Parameters<typeof requireAdmin>[0], storefrontId: string) {
    const admin = requireAdmin(request);
    await adminStorefronts.one(admin, storefrontId);
    return { admin, by: { audit: admin.audit, companyStorefrontIds: await adminStorefronts.idsOf(admin) } };
  }

  app.get(
    base,
    {
      schema: {
        tags: ['admin'],
        summary: "A storefront's promo codes, newest first, with their live uses (paged)",
        params: adminStorefrontParamsSchema,
        querystring: adminPageQuerySchema,
        response: { 200: adminCouponPageSchema },
      },
    },
    async (request) => {
      await scope(request, request.params.storefrontId);
      return promotionsAdmin.list(request.params.storefrontId, request.query);
    },
  );

  app.get(
    '/api/admin/storefronts/:storefrontId/coupon-products',
    {
      schema: {
        tags: ['admin'],
        summary: 'The products a promo code of this storefront may be restricted to (its products on sale)',
        params: adminStorefrontParamsSchema,
        response: { 200: adminCouponProductsSchema },
      },
    },
    async (request) => {
      await scope(request, request.params.storefrontId);
      return promotionsAdmin.products(request.params.storefrontId);
    },
  );

  app.get(
    `${base}/:couponId`,
    {
      schema: { tags: ['admin'], summary: 'One promo code with its live uses', params: adminCouponParamsSchema, response: { 200: adminCouponSchema } },
    },
    async (request) => {
      await scope(request, request.params.storefrontId);
      return promotionsAdmin.one(request.params.storefrontId, request.params.couponId);
    },
  );

  app.post(
    base,
    {
      schema: {
        tags: ['admin'],
        summary: 'Create a promo code (unique per storefront, case-insensitively; products of this storefront only)',
        params: adminStorefrontParamsSchema,
        body: adminCouponInputSchema,
        response: { 201: adminCouponSchema },
      },
    },
    async (request, reply) => {
      const { by } = await scope(request, request.params.storefrontId);
      const created = await promotionsAdmin.create(request.params.storefrontId, request.body, by);
      return reply.code(201).send(created);
    },
  );

  app.put(
    `${base}/:couponId`,
    {
      schema: {
        tags: ['admin'],
        summary: 'Edit a promo code; once used, its code and discount are frozen (409), the rest holds for later uses',
        params: adminCouponParamsSchema,
        body: adminCouponInputSchema,
        response: { 200: adminCouponSchema },
      },
    },
    async (request) => {
      const { by } = await scope(request, request.params.storefrontId);
      return promotionsAdmin.update(request.params.storefrontId, request.params.couponId, request.body, by);
    },
  );

  app.patch(
    `${base}/:couponId`,
    {
      schema: {
        operationId: 'setAdminStorefrontCouponActive',
        tags: ['admin'],
        summary: 'Activate or deactivate a promo code',
        params: adminCouponParamsSchema,
        body: adminActiveInputSchema,
        response: { 200: adminCouponSchema },
      },
    },
    async (request) => {
      const { by } = await scope(request, request.params.storefrontId);
      return promotionsAdmin.setActive(request.params.storefrontId, request.params.couponId, request.body.active, by);
    },
  );
};
