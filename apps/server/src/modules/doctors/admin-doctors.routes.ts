// The operator's doctors (issue 18): /api/admin/doctors. Company-wide: a doctor serves every
// storefront of the company or one of them. 404 to anyone but an admin of the company, and for a
// doctor (or a storefront id in a body) of another company. Every change is audited with before
// and after (doctors-admin.service.ts); invitations run in the admin-people workflow.
import {
  adminDoctorListQuerySchema,
  adminDoctorPageSchema,
  adminDoctorParamsSchema,
  adminDoctorSchema,
  availabilityExceptionSchema,
  availabilityRulesSchema,
  doctorInviteSchema,
  doctorLicenseSchema,
  doctorProfileSchema,
  doctorStorefrontSchema,
  usStateSchema,
  ADMIN_PEOPLE_MESSAGES,
} from '@store/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/problem.ts';
import type { AdminPeople } from '../../workflows/admin-people.ts';
import { requireAdmin, type AdminStorefronts } from '../admin/admin-access.ts';
import type { DoctorsAdmin } from './doctors-admin.service.ts';

const inviteAnswer = z.object({ id: z.uuid(), delivered: z.boolean() });

export const adminDoctorsRoutes: FastifyPluginAsyncZod<{
  adminStorefronts: AdminStorefronts;
  doctorsAdmin: DoctorsAdmin;
  adminPeople: AdminPeople;
}> = async (app, { adminStorefronts, doctorsAdmin, adminPeople }) => {
  const tags = ['admin'];
  /** A storefront id in a body: the company's (else 404 like any id of another company), or null. */
  const ownStorefront = async (admin: ReturnType<typeof requireAdmin>, storefrontId: string | null) => {
    if (storefrontId !== null) await adminStorefronts.one(admin, storefrontId);
  };

  app.get(
    '/api/admin/doctors',
    { schema: { tags, summary: "The company's doctors, paged, by name (q: part of the name)", querystring: adminDoctorListQuerySchema, response: { 200: adminDoctorPageSchema } } },
    async (request) => adminPeople.listDoctors(requireAdmin(request), request.query),
  );

  app.post(
    '/api/admin/doctors',
    {
      schema: {
        tags,
        summary: 'Invite a doctor: their account and doctor row, and a mail with a single-use link to set a password (then staff sign-in with a code)',
        description: '409 beside email when the company already has an account with that address. 404 when storefrontId is not one of the company\'s.',
        body: doctorInviteSchema,
        response: { 201: inviteAnswer },
      },
    },
    async (request, reply) => {
      const admin = requireAdmin(request);
      await ownStorefront(admin, request.body.storefrontId);
      const result = await adminPeople.inviteDoctor(admin, { storefront: request.storefront!, origin: await request.linkOrigin() }, request.body);
      return reply.status(201).send(result);
    },
  );

  app.get(
    '/api/admin/doctors/:doctorId',
    { schema: { tags, summary: 'One doctor: profile, licences, weekly availability, exceptions, storefront', params: adminDoctorParamsSchema, response: { 200: adminDoctorSchema } } },
    async (request) => adminPeople.doctor(requireAdmin(request), request.params.doctorId),
  );

  app.post(
    '/api/admin/doctors/:doctorId/invite',
    {
      schema: {
        tags,
        summary: 'Send a doctor who has not set a password a new set-your-password link (the old one stops working)',
        params: adminDoctorParamsSchema,
        response: { 200: z.object({ delivered: z.boolean() }) },
      },
    },
    async (request) => {
      const admin = requireAdmin(request);
      const result = await adminPeople.resendDoctorInvite(admin, { storefront: request.storefront!, origin: await request.linkOrigin() }, request.params.doctorId);
      if (result === 'accepted') throw new AppError(409, 'INVITE_ACCEPTED', ADMIN_PEOPLE_MESSAGES.INVITE_ACCEPTED);
      return result;
    },
  );

  app.put(
    '/api/admin/doctors/:doctorId',
    {
      schema: {
        tags,
        summary: "A doctor's profile and whether they take new work (inactive: no new bookings, not in the review queue)",
        params: adminDoctorParamsSchema,
        body: doctorProfileSchema,
        response: { 200: adminDoctorSchema },
      },
    },
    async (request) => {
      const admin = requireAdmin(request);
      await doctorsAdmin.updateProfile(admin, request.params.doctorId, request.body);
      return adminPeople.doctor(admin, request.params.doctorId);
    },
  );

  app.put(
    '/api/admin/doctors/:doctorId/storefront',
    {
      schema: { tags, summary: 'The storefront a doctor serves (null: every storefront of the company)', params: adminDoctorParamsSchema, body: doctorStorefrontSchema, response: { 200: adminDoctorSchema } },
    },
    async (request) => {
      const admin = requireAdmin(request);
      await ownStorefront(admin, request.body.storefrontId);
      await doctorsAdmin.setStorefront(admin, request.params.doctorId, request.body.storefrontId);
      return adminPeople.doctor(admin, request.params.doctorId);
    },
  );

  app.post(
    '/api/admin/doctors/:doctorId/licenses',
    {
      schema: { tags, summary: 'Add a state licence (409 beside state when the doctor already holds one there)', params: adminDoctorParamsSchema, body: doctorLicenseSchema, response: { 201: adminDoctorSchema } },
    },
    async (request, reply) => {
      const admin = requireAdmin(request);
      await doctorsAdmin.addLicense(admin, request.params.doctorId, request.body);
      return reply.status(201).send(await adminPeople.doctor(admin, request.params.doctorId));
    },
  );

  app.delete(
    '/api/admin/doctors/:doctorId/licenses/:state',
    {
      schema: { tags, summary: 'Remove a state licence', params: adminDoctorParamsSchema.extend({ state: usStateSchema }), response: { 200: adminDoctorSchema } },
    },
    async (request) => {
      const admin = requireAdmin(request);
      await doctorsAdmin.removeLicense(admin, request.params.doctorId, request.params.state);
      return adminPeople.doctor(admin, request.params.doctorId);
    },
  );

  app.put(
    '/api/admin/doctors/:doctorId/availability',
    {
      schema: {
        tags,
        summary: "The doctor's weekly availability, all of it at once (weekday 0 = Sunday; HH:MM in the doctor's time zone; windows of a day must not overlap)",
        params: adminDoctorParamsSchema,
        body: availabilityRulesSchema,
        response: { 200: adminDoctorSchema },
      },
    },
    async (request) => {
      const admin = requireAdmin(request);
      await doctorsAdmin.setRules(admin, request.params.doctorId, request.body);
      return adminPeople.doctor(admin, request.params.doctorId);
    },
  );

  app.post(
    '/api/admin/doctors/:doctorId/exceptions',
    {
      schema: {
        tags,
        summary: "A date off (allDay) or that date's own hours, replacing its weekly windows (in the doctor's zone)",
        params: adminDoctorParamsSchema,
        body: availabilityExceptionSchema,
        response: { 201: adminDoctorSchema },
      },
    },
    async (request, reply) => {
      const admin = requireAdmin(request);
      await doctorsAdmin.addException(admin, request.params.doctorId, request.body);
      return reply.status(201).send(await adminPeople.doctor(admin, request.params.doctorId));
    },
  );

  app.delete(
    '/api/admin/doctors/:doctorId/exceptions/:exceptionId',
    {
      schema: { tags, summary: 'Remove an availability exception', params: adminDoctorParamsSchema.extend({ exceptionId: z.uuid() }), response: { 200: adminDoctorSchema } },
    },
    async (request) => {
      const admin = requireAdmin(request);
      await doctorsAdmin.removeException(admin, request.params.doctorId, request.params.exceptionId);
      return adminPeople.doctor(admin, request.params.doctorId);
    },
  );
};
