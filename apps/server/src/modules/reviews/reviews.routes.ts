// The doctor's review queue over HTTP (issue 15): the queue, claiming and releasing an order, and
// the decisions. Only a signed-in doctor reaches any of it; to everyone else, and for an order the
// doctor may not review, every route answers 404 as for an unknown id.
import { approveInputSchema, declineInputSchema, formularyOptionSchema, infoRequestInputSchema, REVIEW_QUEUE_STATUSES, reviewClaimSchema, reviewDetailSchema, reviewQueueSchema, usStateSchema } from '@store/domain';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../lib/problem.ts';
import { auditContext } from '../../plugins/identity.ts';
import type { MissedVisits } from '../../workflows/missed-visit.ts';
import type { OrderDecisions } from '../../workflows/order-decisions.ts';
import type { OrderReview } from '../../workflows/order-review.ts';
import type { DoctorService, StaffDoctor } from '../doctors/doctors.service.ts';
import type { ReviewService } from './reviews.service.ts';

const params = z.object({ id: z.uuid() });

const claimSchema = reviewClaimSchema;
const queueSchema = reviewQueueSchema;

const decidedSchema = z.object({ status: z.enum(['approved', 'declined']) });

export const reviewRoutes: FastifyPluginAsyncZod<{
  reviews: ReviewService;
  doctors: Pick<DoctorService, 'staffProfile'>;
  decisions: Pick<OrderDecisions, 'approve' | 'decline' | 'formulary'>;
  review: Pick<OrderReview, 'detail' | 'upload' | 'requestInfo'>;
  missedVisits: Pick<MissedVisits, 'markMissed'>;
}> = async (app, { reviews, doctors, decisions, review, missedVisits }) => {
  // Health data: never stored by a shared cache.
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  /** The signed-in doctor; anyone else gets the 404 an unknown route would. */
  async function requireDoctor(request: FastifyRequest): Promise<StaffDoctor> {
    const identity = request.identity;
    if (identity?.kind !== 'user' || identity.role !== 'doctor') throw notFound();
    const doctor = await doctors.staffProfile(identity.userId);
    if (!doctor) throw notFound();
    return doctor;
  }

  app.get(
    '/api/doctor/queue',
    {
      config: { access: 'doctor' },
      schema: {
        tags: ['doctor'],
        summary: 'Paid consult orders this doctor may review (their storefronts, licensed states) and those waiting for the patient to answer their question, soonest due first, with who holds each, counts, and the doctor’s visits today',
        querystring: z.object({
          storefrontId: z.uuid().optional(),
          productId: z.uuid().optional(),
          state: usStateSchema.optional(),
          status: z.enum(REVIEW_QUEUE_STATUSES).optional(),
          page: z.coerce.number<string>().int().min(1).max(10_000).optional(),
        }),
        response: { 200: queueSchema },
      },
    },
    async (request) => reviews.queue(await requireDoctor(request), request.query),
  );

  app.post(
    '/api/doctor/visits/:appointmentId/missed',
    {
      config: { access: 'doctor' },
      schema: {
        operationId: 'markDoctorVisitMissed',
        tags: ['doctor'],
        summary:
          'issue 15: the patient did not attend — the visit becomes missed and its order visit_missed; the patient is told to book a new time within 3 days. Only the visit’s doctor (else 404); 409 VISIT_NOT_STARTED before its start, 409 when the visit is not booked or its order not visit_scheduled',
        params: z.object({ appointmentId: z.uuid() }),
        response: { 200: z.object({ status: z.literal('visit_missed'), orderId: z.string() }) },
      },
    },
    async (request) => {
      const doctor = await requireDoctor(request);
      return missedVisits.markMissed({ doctorId: doctor.id, appointmentId: request.params.appointmentId, audit: auditContext(request) });
    },
  );

  app.post(
    '/api/doctor/orders/:id/claim',
    {
      config: { access: 'doctor' },
      schema: {
        tags: ['doctor'],
        summary: 'Claim the order for review (a lease of about 15 minutes; claiming again renews it). 409 REVIEW_TAKEN while another doctor holds it',
        params,
        response: { 200: claimSchema },
      },
    },
    async (request) => reviews.claim(await requireDoctor(request), request.params.id),
  );

  app.delete(
    '/api/doctor/orders/:id/claim',
    { config: { access: 'doctor' }, schema: { tags: ['doctor'], summary: 'Put the order back in the queue', params } },
    async (request, reply) => {
      await reviews.release(await requireDoctor(request), request.params.id);
      return reply.status(204).send();
    },
  );

  app.get(
    '/api/doctor/orders/:id/formulary',
    {
      config: { access: 'doctor' },
      schema: {
        tags: ['doctor'],
        summary: "What may be prescribed for the order's products (controlled substances are listed, marked, and refused on approve)",
        params,
        response: { 200: z.object({ options: z.array(formularyOptionSchema) }) },
      },
    },
    async (request) => ({ options: await decisions.formulary(await requireDoctor(request), request.params.id) }),
  );

  app.post(
    '/api/doctor/orders/:id/approve',
    {
      config: { access: 'doctor' },
      schema: {
        tags: ['doctor'],
        summary:
          'Approve with a formulary choice: the card hold is captured, the order approved and the prescription written and queued for fax to the pharmacy (the doctor must hold the claim: 409 REVIEW_NOT_HELD; a choice of another product: 404; a controlled substance: 409 CONTROLLED_SUBSTANCE; refills over the maximum: 400)',
        params,
        body: approveInputSchema,
        response: { 200: decidedSchema },
      },
    },
    async (request) => decisions.approve(await requireDoctor(request), request.params.id, request.body, auditContext(request)),
  );

  app.post(
    '/api/doctor/orders/:id/decline',
    {
      config: { access: 'doctor' },
      schema: {
        tags: ['doctor'],
        summary: 'Decline with a reason: the card hold is voided and the order declined (the doctor must hold the claim)',
        params,
        body: declineInputSchema,
        response: { 200: decidedSchema },
      },
    },
    async (request) => decisions.decline(await requireDoctor(request), request.params.id, request.body, auditContext(request)),
  );
  app.get(
    '/api/doctor/orders/:id',
    {
      config: { access: 'doctor' },
      schema: {
        tags: ['doctor'],
        summary: 'The order under review: consult answers in questionnaire order (flagged ones marked), BMI, medications, allergies, pharmacy, history, questions and uploads. Only while this doctor holds the claim (else 404); each read is written to the access log',
        params,
        response: { 200: reviewDetailSchema },
      },
    },
    async (request) => review.detail(await requireDoctor(request), request.params.id),
  );

  app.get(
    '/api/doctor/orders/:id/uploads/:uploadId',
    {
      config: { access: 'doctor' },
      schema: {
        tags: ['doctor'],
        summary: 'A file of the order’s consult or of the patient’s answers, to the doctor holding the claim (else 404); each view is written to the access log',
        params: z.object({ id: z.uuid(), uploadId: z.uuid() }),
      },
    },
    async (request, reply) => {
      const file = await review.upload(await requireDoctor(request), request.params.id, request.params.uploadId);
      return reply
        .header('content-type', file.contentType)
        .header('content-length', String(file.data.length))
        .header('content-disposition', 'inline')
        .header('x-content-type-options', 'nosniff')
        .send(file.data);
    },
  );

  app.post(
    '/api/doctor/orders/:id/request-info',
    {
      config: { access: 'doctor' },
      schema: {
        tags: ['doctor'],
        summary: 'Ask the patient a question (the doctor must hold the claim: 409 REVIEW_NOT_HELD): the order waits for the answer (needs_info), the claim is given back and the patient is told',
        params,
        body: infoRequestInputSchema,
        response: { 200: z.object({ status: z.literal('needs_info'), requestId: z.string() }) },
      },
    },
    async (request) => review.requestInfo(await requireDoctor(request), request.params.id, request.body, auditContext(request)),
  );
};
