// issue 18: the operator's console, storefronts. Every route: requireAdmin first (404 to anyone
// else), the storefront through adminStorefronts.one (404 for another company's), a version through
// its storefront (404 for another storefront's). Writes run the storefront-bundles workflow: one
// transaction with the audit event's before and after.
import {
  adminPageQuerySchema,
  adminStorefrontDetailSchema,
  adminStorefrontListSchema,
  adminStorefrontParamsSchema,
  adminStorefrontVersionParamsSchema,
  createStorefrontInputSchema,
  storefrontDraftInputSchema,
  storefrontVersionListSchema,
} from '@store/domain';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { StorefrontBundles } from '../../workflows/storefront-bundles.ts';
import { requireAdmin, type AdminStorefronts } from '../admin/admin-access.ts';
import type { StorefrontVersionsService } from './storefront-versions.service.ts';

const tags = ['admin'];

/** The admin (the global guard, adminGuardPlugin, already answered 404 to anyone else before validation). */
const adminOf = (request: FastifyRequest) => requireAdmin(request);

export const adminStorefrontRoutes: FastifyPluginAsyncZod<{
  adminStorefronts: AdminStorefronts;
  versions: Pick<StorefrontVersionsService, 'page'>;
  bundles: StorefrontBundles;
}> = async (app, { adminStorefronts, versions, bundles }) => {
  app.get(
    '/api/admin/storefronts',
    {
      schema: {
        tags,
        summary: "The company's storefronts, a page at a time, with their live and draft versions",
        querystring: adminPageQuerySchema,
        response: { 200: adminStorefrontListSchema },
      },
    },
    async (request) => versions.page(adminOf(request).companyId, request.query),
  );

  app.post(
    '/api/admin/storefronts',
    {
      schema: {
        tags,
        summary: 'A new storefront: name, short name and host names, from the defaults, as a first draft',
        body: createStorefrontInputSchema,
        response: { 201: adminStorefrontDetailSchema },
      },
    },
    async (request, reply) => {
      const admin = adminOf(request);
      const created = await bundles.create(admin, request.body);
      return reply.code(201).send(created);
    },
  );

  app.get(
    '/api/admin/storefronts/:storefrontId',
    {
      schema: {
        tags,
        summary: 'A storefront: the bundle patients see now and the open draft',
        params: adminStorefrontParamsSchema,
        response: { 200: adminStorefrontDetailSchema },
      },
    },
    async (request) => {
      const admin = adminOf(request);
      await adminStorefronts.one(admin, request.params.storefrontId);
      return bundles.detail(request.params.storefrontId);
    },
  );

  app.put(
    '/api/admin/storefronts/:storefrontId/draft',
    {
      schema: {
        tags,
        summary: "Save the storefront's draft (name, hosts, theme, flags, settings, texts, consents); starts one from the input when none is open",
        params: adminStorefrontParamsSchema,
        body: storefrontDraftInputSchema,
        response: { 200: adminStorefrontDetailSchema },
      },
    },
    async (request) => {
      const admin = adminOf(request);
      await adminStorefronts.one(admin, request.params.storefrontId);
      return bundles.saveDraft(admin, request.params.storefrontId, request.body);
    },
  );

  app.get(
    '/api/admin/storefronts/:storefrontId/versions',
    {
      schema: {
        tags,
        summary: "The storefront's versions, newest first: draft, live or published, who and when, the note",
        params: adminStorefrontParamsSchema,
        querystring: adminPageQuerySchema,
        response: { 200: storefrontVersionListSchema },
      },
    },
    async (request) => {
      const admin = adminOf(request);
      await adminStorefronts.one(admin, request.params.storefrontId);
      return bundles.versionsPage(request.params.storefrontId, request.query);
    },
  );

  app.post(
    '/api/admin/storefronts/:storefrontId/versions/:versionId/publish',
    {
      schema: {
        tags,
        summary: 'Publish the draft: the live storefront, its host names and consents change in one transaction',
        params: adminStorefrontVersionParamsSchema,
        response: { 200: adminStorefrontDetailSchema },
      },
    },
    async (request) => {
      const admin = adminOf(request);
      await adminStorefronts.one(admin, request.params.storefrontId);
      return bundles.publish(admin, request.params.storefrontId, request.params.versionId);
    },
  );

  app.post(
    '/api/admin/storefronts/:storefrontId/versions/:versionId/rollback',
    {
      schema: {
        tags,
        summary: 'Roll back: publish an earlier version again, as a new version',
        params: adminStorefrontVersionParamsSchema,
        response: { 200: adminStorefrontDetailSchema },
      },
    },
    async (request) => {
      const admin = adminOf(request);
      await adminStorefronts.one(admin, request.params.storefrontId);
      return bundles.rollback(admin, request.params.storefrontId, request.params.versionId);
    },
  );
};
