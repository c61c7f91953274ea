// issue 18 questionnaires over HTTP: the operator's (/api/admin/storefronts/:storefrontId/questionnaires…,
// 404 to anyone but an admin of the storefront's company) and the doctor's sign-off
// (/api/doctor/questionnaires…, 404 to anyone but a doctor who serves the draft's storefront).
import {
  adminDraftUpdateSchema,
  adminPageQuerySchema,
  adminQuestionnaireCreateSchema,
  adminQuestionnaireListSchema,
  adminQuestionnaireSummarySchema,
  adminQuestionnaireVersionDetailSchema,
  adminQuestionnaireVersionListSchema,
  adminStorefrontParamsSchema,
  doctorQuestionnaireDraftListSchema,
  doctorSignOffSchema,
} from '@store/domain';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../lib/problem.ts';
import { auditContext } from '../../plugins/identity.ts';
import { requireAdmin, type AdminStorefronts } from '../admin/admin-access.ts';
import type { DoctorService } from '../doctors/doctors.service.ts';
import type { StorefrontService } from '../storefronts/storefronts.service.ts';
import type { QuestionnaireAdminService } from './questionnaire-admin.service.ts';

const questionnaireParams = adminStorefrontParamsSchema.extend({ questionnaireId: z.uuid() });
const versionParams = questionnaireParams.extend({ versionId: z.uuid() });
const draftCreateSchema = z.object({ changeNote: z.string().trim().max(500, 'Use at most 500 characters.').optional() });

export const questionnaireAdminRoutes: FastifyPluginAsyncZod<{
  questionnaires: QuestionnaireAdminService;
  adminStorefronts: AdminStorefronts;
  storefronts: Pick<StorefrontService, 'list'>;
  doctors: Pick<DoctorService, 'staffProfile'>;
}> = async (app, { questionnaires, adminStorefronts, storefronts, doctors }) => {
  app.addHook('onSend', async (request, reply) => {
    if (request.url.startsWith('/api/doctor/questionnaires') || request.url.startsWith('/api/admin/')) reply.header('cache-control', 'no-store');
  });

  /** The admin and the storefront they named (404 for another company's). */
  async function adminOf(request: FastifyRequest, storefrontId: string) {
    const admin = requireAdmin(request);
    await adminStorefronts.one(admin, storefrontId);
    return { userId: admin.userId, audit: admin.audit };
  }

  const base = '/api/admin/storefronts/:storefrontId/questionnaires';

  app.get(
    base,
    {
      schema: {
        tags: ['admin'],
        summary: "A storefront's questionnaires, by title, with the published version and the latest version's status (paged)",
        params: adminStorefrontParamsSchema,
        querystring: adminPageQuerySchema,
        response: { 200: adminQuestionnaireListSchema },
      },
    },
    async (request) => {
      await adminOf(request, request.params.storefrontId);
      return questionnaires.list(request.params.storefrontId, request.query);
    },
  );

  app.post(
    base,
    {
      schema: {
        tags: ['admin'],
        summary: 'A new questionnaire (title, slug) with a first draft to build on; 409 QUESTIONNAIRE_SLUG_TAKEN beside the slug',
        params: adminStorefrontParamsSchema,
        body: adminQuestionnaireCreateSchema,
        response: { 201: adminQuestionnaireSummarySchema },
      },
    },
    async (request, reply) => {
      const actor = await adminOf(request, request.params.storefrontId);
      const created = await questionnaires.create(actor, request.params.storefrontId, request.body);
      return reply.code(201).send(created);
    },
  );

  app.get(
    `${base}/:questionnaireId`,
    {
      schema: { tags: ['admin'], summary: 'One questionnaire', params: questionnaireParams, response: { 200: adminQuestionnaireSummarySchema } },
    },
    async (request) => {
      await adminOf(request, request.params.storefrontId);
      return questionnaires.get(request.params.storefrontId, request.params.questionnaireId);
    },
  );

  app.get(
    `${base}/:questionnaireId/versions`,
    {
      schema: {
        tags: ['admin'],
        summary: 'Versions, newest first: status (draft, awaiting sign-off, signed off, published, superseded), what changed, who made, signed off and published each, consults using it (paged)',
        params: questionnaireParams,
        querystring: adminPageQuerySchema,
        response: { 200: adminQuestionnaireVersionListSchema },
      },
    },
    async (request) => {
      await adminOf(request, request.params.storefrontId);
      return questionnaires.versions(request.params.storefrontId, request.params.questionnaireId, request.query);
    },
  );

  app.post(
    `${base}/:questionnaireId/versions`,
    {
      schema: {
        tags: ['admin'],
        summary: 'A new draft copied from the latest version; 409 QUESTIONNAIRE_DRAFT_EXISTS while a draft exists',
        params: questionnaireParams,
        body: draftCreateSchema,
        response: { 201: adminQuestionnaireVersionDetailSchema },
      },
    },
    async (request, reply) => {
      const actor = await adminOf(request, request.params.storefrontId);
      const draft = await questionnaires.createDraft(actor, request.params.storefrontId, request.params.questionnaireId, {
        ...(request.body.changeNote !== undefined ? { changeNote: request.body.changeNote } : {}),
      });
      return reply.code(201).send(draft);
    },
  );

  app.get(
    `${base}/:questionnaireId/versions/:versionId`,
    {
      schema: { tags: ['admin'], summary: 'One version with its definition', params: versionParams, response: { 200: adminQuestionnaireVersionDetailSchema } },
    },
    async (request) => {
      await adminOf(request, request.params.storefrontId);
      return questionnaires.version(request.params.storefrontId, request.params.questionnaireId, request.params.versionId);
    },
  );

  app.put(
    `${base}/:questionnaireId/versions/:versionId`,
    {
      schema: {
        tags: ['admin'],
        summary:
          "A draft's definition (the domain's questionnaireDefinitionSchema; 400 QUESTIONNAIRE_INVALID with one message per problem naming the page and question) and change note; clears its sign-off. 409 QUESTIONNAIRE_VERSION_PUBLISHED for a published version",
        params: versionParams,
        body: adminDraftUpdateSchema,
        response: { 200: adminQuestionnaireVersionDetailSchema },
      },
    },
    async (request) => {
      const actor = await adminOf(request, request.params.storefrontId);
      const { storefrontId, questionnaireId, versionId } = request.params;
      return questionnaires.updateDraft(actor, storefrontId, questionnaireId, versionId, request.body);
    },
  );

  app.post(
    `${base}/:questionnaireId/versions/:versionId/request-sign-off`,
    {
      schema: {
        tags: ['admin'],
        summary: "Asks the storefront's doctors to sign off the draft; 409 for a published version",
        params: versionParams,
        response: { 200: adminQuestionnaireVersionDetailSchema },
      },
    },
    async (request) => {
      const actor = await adminOf(request, request.params.storefrontId);
      const { storefrontId, questionnaireId, versionId } = request.params;
      return questionnaires.requestSignOff(actor, storefrontId, questionnaireId, versionId);
    },
  );

  app.post(
    `${base}/:questionnaireId/versions/:versionId/publish`,
    {
      schema: {
        tags: ['admin'],
        summary: 'Publishes a signed-off draft: new consults get it, consults in progress keep theirs. 409 QUESTIONNAIRE_SIGN_OFF_REQUIRED without a sign-off',
        params: versionParams,
        response: { 200: adminQuestionnaireVersionDetailSchema },
      },
    },
    async (request) => {
      const actor = await adminOf(request, request.params.storefrontId);
      const { storefrontId, questionnaireId, versionId } = request.params;
      return questionnaires.publish(actor, storefrontId, questionnaireId, versionId);
    },
  );

  // ---- The doctor's sign-off ----

  /** The signed-in doctor and the storefronts they serve (their company's, or their one); else 404. */
  async function doctorOf(request: FastifyRequest) {
    const identity = request.identity;
    if (identity?.kind !== 'user' || identity.role !== 'doctor') throw notFound();
    const doctor = await doctors.staffProfile(identity.userId);
    if (!doctor) throw notFound();
    const served = (await storefronts.list()).filter(
      (s) => s.companyId === doctor.companyId && (doctor.storefrontId === null || doctor.storefrontId === s.id),
    );
    return { actor: { userId: identity.userId, audit: auditContext(request) }, storefronts: served.map((s) => ({ id: s.id, name: s.name })) };
  }

  app.get(
    '/api/doctor/questionnaires',
    {
      config: { access: 'doctor' },
      schema: {
        tags: ['doctor'],
        summary: 'Questionnaire drafts awaiting this doctor’s sign-off, in the storefronts they serve (paged)',
        querystring: adminPageQuerySchema,
        response: { 200: doctorQuestionnaireDraftListSchema },
      },
    },
    async (request) => {
      const doctor = await doctorOf(request);
      return questionnaires.awaitingSignOff(doctor.storefronts, request.query);
    },
  );

  app.get(
    '/api/doctor/questionnaires/:versionId',
    {
      config: { access: 'doctor' },
      schema: {
        tags: ['doctor'],
        summary: 'One draft to read before signing off (404 unless the doctor serves its storefront)',
        params: z.object({ versionId: z.uuid() }),
        response: { 200: adminQuestionnaireVersionDetailSchema },
      },
    },
    async (request) => {
      const doctor = await doctorOf(request);
      return questionnaires.draftForDoctor(
        doctor.storefronts.map((s) => s.id),
        request.params.versionId,
      );
    },
  );

  app.post(
    '/api/doctor/questionnaires/:versionId/sign-off',
    {
      config: { access: 'doctor' },
      schema: {
        tags: ['doctor'],
        summary:
          'The doctor signs off the draft they read (definitionHash from the draft); 409 QUESTIONNAIRE_DRAFT_CHANGED when it was edited since, 404 unless they serve its storefront',
        params: z.object({ versionId: z.uuid() }),
        body: doctorSignOffSchema,
        response: { 200: adminQuestionnaireVersionDetailSchema },
      },
    },
    async (request) => {
      const doctor = await doctorOf(request);
      return questionnaires.signOff(
        doctor.actor,
        doctor.storefronts.map((s) => s.id),
        request.params.versionId,
        request.body.definitionHash,
      );
    },
  );
};
