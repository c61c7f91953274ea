// The operator's partner pharmacies and their pharmacists (issue 18): /api/admin/pharmacies. A
// partner pharmacy is one storefront's mail-order pharmacy (one per storefront); it belongs to the
// company through that storefront. 404 to anyone but an admin of the company, and for a pharmacy,
// a pharmacist or a storefront id in a body of another company. Changes audited with before/after.
import {
  adminPageQuerySchema,
  adminPharmacistPageSchema,
  adminPharmacyPageSchema,
  adminPharmacyParamsSchema,
  adminPharmacySchema,
  partnerPharmacySchema,
  pharmacistInviteSchema,
} from '@store/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../lib/problem.ts';
import type { AdminPeople } from '../../workflows/admin-people.ts';
import { requireAdmin, type AdminStorefronts } from '../admin/admin-access.ts';
import { toAdminPharmacy, type PharmaciesAdmin } from './pharmacies-admin.service.ts';

export const adminPharmaciesRoutes: FastifyPluginAsyncZod<{
  adminStorefronts: AdminStorefronts;
  pharmaciesAdmin: PharmaciesAdmin;
  adminPeople: AdminPeople;
}> = async (app, { adminStorefronts, pharmaciesAdmin, adminPeople }) => {
  const tags = ['admin'];
  const scopeOf = async (request: Parameters<typeof requireAdmin>[0]) => {
    const admin = requireAdmin(request);
    return { ...admin, storefrontIds: await adminStorefronts.idsOf(admin) };
  };

  app.get(
    '/api/admin/pharmacies',
    { schema: { tags, summary: "The company's partner pharmacies (one per storefront), paged", querystring: adminPageQuerySchema, response: { 200: adminPharmacyPageSchema } } },
    async (request) => {
      const scope = await scopeOf(request);
      return { ...(await pharmaciesAdmin.page(scope, request.query)), page: request.query.page, pageSize: request.query.pageSize };
    },
  );

  app.post(
    '/api/admin/pharmacies',
    {
      schema: {
        tags,
        summary: "Add a storefront's partner pharmacy (NPI with check digit; 409 beside storefrontId when it has one, beside npi when that NPI is listed)",
        body: partnerPharmacySchema,
        response: { 201: adminPharmacySchema },
      },
    },
    async (request, reply) => {
      const scope = await scopeOf(request);
      await adminStorefronts.one(scope, request.body.storefrontId);
      return reply.status(201).send(await pharmaciesAdmin.create(scope, request.body));
    },
  );

  app.get(
    '/api/admin/pharmacies/:pharmacyId',
    { schema: { tags, summary: 'One partner pharmacy', params: adminPharmacyParamsSchema, response: { 200: adminPharmacySchema } } },
    async (request) => {
      const row = await pharmaciesAdmin.get(await scopeOf(request), request.params.pharmacyId);
      if (!row) throw notFound();
      return toAdminPharmacy(row);
    },
  );

  app.put(
    '/api/admin/pharmacies/:pharmacyId',
    { schema: { tags, summary: 'Edit a partner pharmacy', params: adminPharmacyParamsSchema, body: partnerPharmacySchema, response: { 200: adminPharmacySchema } } },
    async (request) => {
      const scope = await scopeOf(request);
      await adminStorefronts.one(scope, request.body.storefrontId);
      return pharmaciesAdmin.update(scope, request.params.pharmacyId, request.body);
    },
  );

  app.get(
    '/api/admin/pharmacies/:pharmacyId/staff',
    { schema: { operationId: 'listAdminPharmacyStaff', tags, summary: "A partner pharmacy's pharmacists, paged", params: adminPharmacyParamsSchema, querystring: adminPageQuerySchema, response: { 200: adminPharmacistPageSchema } } },
    async (request) => adminPeople.pharmacists(await scopeOf(request), request.params.pharmacyId, request.query),
  );

  app.post(
    '/api/admin/pharmacies/:pharmacyId/staff',
    {
      schema: {
        operationId: 'inviteAdminPharmacyStaff',
        tags,
        summary: 'Invite a pharmacist of this pharmacy: an account with role pharmacist and a mail with a single-use link to set a password',
        params: adminPharmacyParamsSchema,
        body: pharmacistInviteSchema,
        response: { 201: z.object({ userId: z.uuid(), delivered: z.boolean() }) },
      },
    },
    async (request, reply) => {
      const scope = await scopeOf(request);
      const result = await adminPeople.invitePharmacist(scope, { storefront: request.storefront!, origin: await request.linkOrigin() }, request.params.pharmacyId, request.body);
      return reply.status(201).send(result);
    },
  );

  app.delete(
    '/api/admin/pharmacies/:pharmacyId/staff/:userId',
    {
      schema: { tags, summary: 'Take a pharmacist off the pharmacy (they are signed out; the account stays)', params: adminPharmacyParamsSchema.extend({ userId: z.uuid() }), response: { 204: z.null() } },
    },
    async (request, reply) => {
      await adminPeople.removePharmacist(await scopeOf(request), request.params.pharmacyId, request.params.userId);
      return reply.status(204).send(null);
    },
  );
};
