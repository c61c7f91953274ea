// A visit bound to an order over HTTP (issue 6 wiring; SPEC §2 schedule-visit and
// doctor-confirmation, §7 "doctors by order id", "scheduled time", "reschedule doctor for recent
// order"). Orders are found through their owner: another browser's order is a 404.
import { FIRST_AVAILABLE, scheduleInviteeSchema, timeZoneSchema, US_TIME_ZONES, checkoutProgressSchema, doctorSummarySchema, visitTypeSchema } from '@store/domain';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../lib/problem.ts';
import { auditContext, requireIdentity404, requireOwner, requireUser } from '../../plugins/identity.ts';
import type { OrderVisitsWorkflow } from '../../workflows/order-visits.ts';
import { appointmentSchema } from './scheduling.routes.ts';

const orderParams = z.object({ id: z.string().max(100) });
const tokenParams = z.object({ token: z.string().max(200) });
const visitOrderSchema = z
  .object({
        id: z.string(),
        state: z.enum(['unpaid', 'paid', 'cancelled', 'closed']).describe(
          'unpaid: a new time is chosen in checkout; paid: book a new time or cancel the order; cancelled; closed: past the visit',
        ),
        visitBooked: z.boolean(),
  })
  .meta({ id: 'VisitOrder' });
/** The visit behind a link and where its order stands (issue 13 #12). */
const linkedVisitSchema = appointmentSchema.extend({ order: visitOrderSchema.nullable() }).meta({ id: 'LinkedVisit' });
const doctorChoice = z.union([z.literal(FIRST_AVAILABLE), z.uuid()]).describe(`A doctor's id or "${FIRST_AVAILABLE}"`);

export const orderVisitRoutes: FastifyPluginAsyncZod<{ orderVisits: OrderVisitsWorkflow }> = async (app, { orderVisits }) => {
  const origin = (request: FastifyRequest) => request.linkOrigin();
  const meta = (request: FastifyRequest) => ({ ip: request.ip, requestId: request.id });

  // Orders and visits are private: never stored by a shared cache.
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.get(
    '/api/orders/:id/doctors',
    {
      config: { access: 'owner' },
      schema: {
        tags: ['scheduling'],
        summary: "Doctors licensed in the order's shipping state (SPEC §7 doctors by order id)",
        params: orderParams,
        response: { 200: z.object({ state: z.string().nullable(), doctors: z.array(doctorSummarySchema) }) },
      },
    },
    async (request) =>
      orderVisits.doctorsForOrder(request.storefront, requireOwner(request), request.params.id),
  );

  app.post(
    '/api/orders/:id/appointment',
    {
      config: { access: 'owner' },
      schema: {
        operationId: 'bookOrderAppointment',
        tags: ['scheduling', 'checkout'],
        summary:
          "Book the order's video or phone visit (doctors licensed in its shipping state; its visit type) and complete its Scheduling stage; booking again moves the visit. 409 SLOT_TAKEN when the time was just taken",
        params: orderParams,
        body: z.object({
          doctorId: doctorChoice,
          startsAt: z.iso.datetime({ offset: true }),
          invitee: scheduleInviteeSchema,
          timeZone: timeZoneSchema.optional().describe("The patient's IANA zone"),
        }),
        response: { 201: z.object({ appointment: appointmentSchema, reschedulePath: z.string(), progress: checkoutProgressSchema }) },
      },
    },
    async (request, reply) => {
      const identity = requireIdentity404(request);
      const booked = await orderVisits.bookForOrder({
        storefront: request.storefront,
        identity,
        orderId: request.params.id,
        doctorId: request.body.doctorId,
        startsAt: new Date(request.body.startsAt),
        invitee: request.body.invitee,
        patientTimeZone: request.body.timeZone ?? US_TIME_ZONES[0].zone,
        origin: await origin(request),
        meta: meta(request),
        audit: auditContext(request),
      });
      return reply
        .status(201)
        .send({ appointment: booked.appointment, reschedulePath: booked.reschedulePath, progress: booked.progress });
    },
  );

  app.get(
    '/api/orders/:id/appointment',
    {
      config: { access: 'owner' },
      schema: {
        tags: ['scheduling', 'checkout'],
        summary:
          "The order's visit for the summary and confirmation pages (SPEC §7 scheduled time): the booked appointment (null for none or an asynchronous visit), the order's doctor id and visit type",
        params: orderParams,
        response: {
          200: z.object({
            appointment: appointmentSchema.nullable(),
            doctorId: z.string().nullable(),
            visitType: visitTypeSchema,
          }),
        },
      },
    },
    async (request) =>
      orderVisits.appointmentForOrder(request.storefront, requireOwner(request), request.params.id),
  );

  app.post(
    '/api/orders/:id/doctor-confirmation',
    {
      config: { access: 'owner' },
      schema: {
        tags: ['scheduling', 'checkout'],
        summary:
          'Asynchronous visit (type 3): assign a doctor licensed in the shipping state, or next available (no doctorId), and complete the Scheduling stage without a time slot (SPEC §2 doctor-confirmation, CONFIRM)',
        params: orderParams,
        body: z.object({ doctorId: doctorChoice.optional() }),
        response: { 200: z.object({ doctor: doctorSummarySchema.nullable(), progress: checkoutProgressSchema }) },
      },
    },
    async (request) =>
      orderVisits.confirmDoctor({
        storefront: request.storefront,
        identity: requireIdentity404(request),
        orderId: request.params.id,
        doctorId: request.body.doctorId ?? null,
        audit: auditContext(request),
      }),
  );

  app.get(
    '/api/account/visit',
    {
      config: { access: 'user' },
      schema: {
        tags: ['scheduling', 'account'],
        summary:
          "The signed-in patient's next booked visit of an order (to reschedule from the account), else a paid order's cancelled visit waiting for a new time (issue 13 #12); null when none",
        response: {
          200: z.object({
            appointment: appointmentSchema.nullable(),
            order: visitOrderSchema.nullable(),
            missedBy: z.enum(['patient', 'doctor']).nullable().describe('A missed visit: who did not come (issue 16: the doctor → another doctor or time is offered); null otherwise'),
          }),
        },
      },
    },
    async (request) => orderVisits.accountVisit(request.storefront, requireUser(request).userId),
  );

  app.post(
    '/api/account/orders/:id/cancel',
    {
      config: { access: 'user' },
      schema: {
        tags: ['scheduling', 'account'],
        summary: "Cancel the signed-in patient's paid visit order: the card hold is voided and the order cancelled (issue 13 #12)",
        params: orderParams,
        response: { 200: z.object({ order: visitOrderSchema.nullable() }) },
      },
    },
    async (request) =>
      orderVisits.cancelOrderForOwner({
        storefront: request.storefront,
        identity: requireUser(request),
        orderId: request.params.id,
        audit: auditContext(request),
        meta: meta(request),
      }),
  );

  app.post(
    '/api/account/orders/:id/reschedule',
    {
      config: { access: 'user' },
      schema: {
        tags: ['scheduling', 'account'],
        summary: "SPEC §7 reschedule doctor for recent order: move the signed-in patient's booked visit of an order (optionally with another doctor)",
        params: orderParams,
        body: z.object({
          startsAt: z.iso.datetime({ offset: true }),
          doctorId: z.uuid().optional(),
          timeZone: timeZoneSchema.optional(),
        }),
        response: { 200: z.object({ appointment: appointmentSchema, reschedulePath: z.string() }) },
      },
    },
    async (request) => {
      const identity = requireUser(request);
      const moved = await orderVisits.rescheduleRecent({
        storefront: request.storefront,
        identity,
        orderId: request.params.id,
        startsAt: new Date(request.body.startsAt),
        doctorId: request.body.doctorId,
        patientTimeZone: request.body.timeZone,
        origin: await origin(request),
        meta: meta(request),
      });
      return { appointment: moved.appointment, reschedulePath: moved.reschedulePath };
    },
  );

  app.get(
    '/api/reschedulings/:token',
    {
      config: { access: 'public' },
      schema: {
        tags: ['scheduling'],
        summary: 'The visit behind a reschedule link (our page at /reschedulings/{token}?hide_gdpr_banner=1) and where its order stands',
        params: tokenParams,
        response: { 200: linkedVisitSchema },
      },
    },
    async (request) => {
      const visit = await orderVisits.byToken(request.storefront, request.params.token);
      if (!visit) throw notFound();
      return visit;
    },
  );

  app.delete(
    '/api/reschedulings/:token',
    {
      config: { access: 'optional' },
      schema: {
        operationId: 'cancelVisitByLink',
        tags: ['scheduling'],
        summary:
          "Cancel the visit behind a link. Before payment the order's Scheduling stage reopens; after payment the order keeps its hold and waits for a new time or its cancellation (issue 13 #12)",
        params: tokenParams,
        response: { 200: linkedVisitSchema },
      },
    },
    async (request) => {
      const visit = await orderVisits.cancelVisitByToken({
        storefront: request.storefront,
        token: request.params.token,
        identity: request.identity,
        origin: await origin(request),
        meta: meta(request),
      });
      if (!visit) throw notFound();
      return visit;
    },
  );

  app.post(
    '/api/reschedulings/:token/rebook',
    {
      config: { access: 'optional' },
      schema: {
        tags: ['scheduling'],
        summary: "A paid order's cancelled visit: book a new time with the same doctor for the same order (a new link; 409 SLOT_TAKEN)",
        params: tokenParams,
        body: z.object({ startsAt: z.iso.datetime({ offset: true }), timeZone: timeZoneSchema.optional() }),
        response: { 201: z.object({ appointment: appointmentSchema, reschedulePath: z.string() }) },
      },
    },
    async (request, reply) => {
      const booked = await orderVisits.rebookByToken({
        storefront: request.storefront,
        token: request.params.token,
        startsAt: new Date(request.body.startsAt),
        patientTimeZone: request.body.timeZone,
        identity: request.identity,
        origin: await origin(request),
        meta: meta(request),
      });
      return reply.status(201).send({ appointment: booked.appointment, reschedulePath: booked.reschedulePath });
    },
  );

  app.post(
    '/api/reschedulings/:token/cancel-order',
    {
      config: { access: 'optional' },
      schema: {
        tags: ['scheduling'],
        summary: "Cancel the paid order behind a visit's link: the card hold is voided and the order cancelled (issue 13 #12)",
        params: tokenParams,
        response: { 200: linkedVisitSchema },
      },
    },
    async (request) =>
      orderVisits.cancelOrderByToken({
        storefront: request.storefront,
        token: request.params.token,
        identity: request.identity,
        audit: auditContext(request),
        meta: meta(request),
      }),
  );
};
