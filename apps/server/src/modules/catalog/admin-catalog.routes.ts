// issue 18, the operator's console: the catalog and formulary of one of the company's storefronts
// (/api/admin/storefronts/:storefrontId/products…). 404 to anyone but an admin of the company, and
// for a storefront, product, formulary row or flag of another company or storefront. Every change
// is audited with before and after by the admin-catalog workflow.
import {
  adminCatalogOptionsSchema,
  adminFlaggedAnswerSchema,
  adminFlaggedAnswersSchema,
  adminFlagParamsSchema,
  adminFormularyParamsSchema,
  adminFormularyRowSchema,
  adminProductInputSchema,
  adminProductListQuerySchema,
  adminProductPageSchema,
  adminProductParamsSchema,
  adminProductSchema,
  adminStorefrontParamsSchema,
  flaggedAnswerInputSchema,
  formularyInputSchema,
} from '@store/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AdminCatalog } from '../../workflows/admin-catalog.ts';
import { requireAdmin, type AdminStorefronts } from '../admin/admin-access.ts';
import type { CatalogService } from './catalog.service.ts';

const tags = ['admin'];

export const adminCatalogRoutes: FastifyPluginAsyncZod<{
  adminStorefronts: AdminStorefronts;
  catalog: Pick<CatalogService, 'admin'>;
  adminCatalog: AdminCatalog;
}> = async (app, { adminStorefronts, catalog, adminCatalog }) => {
  /** The admin, and the storefront when it is their company's (else 404). */
  async function guard(request: Parameters<typeof requireAdmin>[0], storefrontId: string) {
    const admin = requireAdmin(request);
    await adminStorefronts.one(admin, storefrontId);
    return admin;
  }

  const base = '/api/admin/storefronts/:storefrontId';

  app.get(
    `${base}/products`,
    {
      schema: {
        tags,
        summary: "The storefront's products, active or not, paged; ?q= searches titles",
        params: adminStorefrontParamsSchema,
        querystring: adminProductListQuerySchema,
        response: { 200: adminProductPageSchema },
      },
    },
    async (request) => {
      await guard(request, request.params.storefrontId);
      return catalog.admin.page(request.params.storefrontId, request.query);
    },
  );

  app.get(
    `${base}/catalog-options`,
    {
      schema: {
        tags,
        summary: "What the product editor's selects offer: the storefront's questionnaires and shipping methods",
        params: adminStorefrontParamsSchema,
        response: { 200: adminCatalogOptionsSchema },
      },
    },
    async (request) => {
      await guard(request, request.params.storefrontId);
      return adminCatalog.options(request.params.storefrontId);
    },
  );

  app.post(
    `${base}/products`,
    {
      schema: {
        tags,
        summary: 'Create a product (audited)',
        params: adminStorefrontParamsSchema,
        body: adminProductInputSchema,
        response: { 201: adminProductSchema },
      },
    },
    async (request, reply) => {
      const admin = await guard(request, request.params.storefrontId);
      const created = await adminCatalog.create(admin, request.params.storefrontId, request.body);
      return reply.code(201).send(created);
    },
  );

  app.get(
    `${base}/products/:productId`,
    {
      schema: { tags, summary: 'One product with everything the editor shows', params: adminProductParamsSchema, response: { 200: adminProductSchema } },
    },
    async (request) => {
      await guard(request, request.params.storefrontId);
      return adminCatalog.product(request.params.storefrontId, request.params.productId);
    },
  );

  app.put(
    `${base}/products/:productId`,
    {
      schema: {
        tags,
        summary: "Replace a product's fields, states, shipping methods and images (audited with before and after)",
        params: adminProductParamsSchema,
        body: adminProductInputSchema,
        response: { 200: adminProductSchema },
      },
    },
    async (request) => {
      const admin = await guard(request, request.params.storefrontId);
      return adminCatalog.update(admin, request.params.storefrontId, request.params.productId, request.body);
    },
  );

  app.put(
    `${base}/products/:productId/active`,
    {
      schema: {
        tags,
        summary: 'Put a product on sale or take it off (deactivate; orders keep it)',
        params: adminProductParamsSchema,
        body: z.object({ active: z.boolean() }),
        response: { 200: adminProductSchema },
      },
    },
    async (request) => {
      const admin = await guard(request, request.params.storefrontId);
      return adminCatalog.setActive(admin, request.params.storefrontId, request.params.productId, request.body.active);
    },
  );

  // ---- Formulary ----

  app.get(
    `${base}/products/:productId/formulary`,
    {
      schema: { tags, summary: 'What a doctor may prescribe for the product', params: adminProductParamsSchema, response: { 200: z.array(adminFormularyRowSchema) } },
    },
    async (request) => {
      await guard(request, request.params.storefrontId);
      return adminCatalog.formulary(request.params.storefrontId, request.params.productId);
    },
  );

  app.post(
    `${base}/products/:productId/formulary`,
    {
      schema: { tags, summary: 'Add a formulary row (audited)', params: adminProductParamsSchema, body: formularyInputSchema, response: { 201: adminFormularyRowSchema } },
    },
    async (request, reply) => {
      const admin = await guard(request, request.params.storefrontId);
      const row = await adminCatalog.addFormulary(admin, request.params.storefrontId, request.params.productId, request.body);
      return reply.code(201).send(row);
    },
  );

  app.put(
    `${base}/products/:productId/formulary/:formularyId`,
    {
      schema: { tags, summary: 'Edit a formulary row (audited)', params: adminFormularyParamsSchema, body: formularyInputSchema, response: { 200: adminFormularyRowSchema } },
    },
    async (request) => {
      const admin = await guard(request, request.params.storefrontId);
      const { storefrontId, productId, formularyId } = request.params;
      return adminCatalog.updateFormulary(admin, storefrontId, productId, formularyId, request.body);
    },
  );

  app.delete(
    `${base}/products/:productId/formulary/:formularyId`,
    { schema: { tags, summary: 'Remove a formulary row (prescriptions written from it keep it; audited)', params: adminFormularyParamsSchema } },
    async (request, reply) => {
      const admin = await guard(request, request.params.storefrontId);
      const { storefrontId, productId, formularyId } = request.params;
      await adminCatalog.removeFormulary(admin, storefrontId, productId, formularyId);
      return reply.code(204).send();
    },
  );

  // ---- Answers flagged for the doctor ----

  app.get(
    `${base}/products/:productId/flagged-answers`,
    {
      schema: {
        tags,
        summary: "The product's questionnaire (current version) with its questions and answers, and the answers flagged for the doctor",
        params: adminProductParamsSchema,
        response: { 200: adminFlaggedAnswersSchema },
      },
    },
    async (request) => {
      await guard(request, request.params.storefrontId);
      return adminCatalog.flags(request.params.storefrontId, request.params.productId);
    },
  );

  app.post(
    `${base}/products/:productId/flagged-answers`,
    {
      schema: {
        tags,
        summary: "Flag a question's answers for the doctor (audited)",
        params: adminProductParamsSchema,
        body: flaggedAnswerInputSchema,
        response: { 201: adminFlaggedAnswerSchema },
      },
    },
    async (request, reply) => {
      const admin = await guard(request, request.params.storefrontId);
      const flag = await adminCatalog.addFlag(admin, request.params.storefrontId, request.params.productId, request.body);
      return reply.code(201).send(flag);
    },
  );

  app.delete(
    `${base}/products/:productId/flagged-answers/:flagId`,
    { schema: { tags, summary: 'Stop flagging (audited)', params: adminFlagParamsSchema } },
    async (request, reply) => {
      const admin = await guard(request, request.params.storefrontId);
      const { storefrontId, productId, flagId } = request.params;
      await adminCatalog.removeFlag(admin, storefrontId, productId, flagId);
      return reply.code(204).send();
    },
  );
};
