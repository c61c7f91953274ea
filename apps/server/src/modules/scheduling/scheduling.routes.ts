// Scheduling a visit (issue 6; SPEC §2 schedule-visit and the reschedulings/ link, §3 Schedule):
// slots per doctor and "first available", booking, and the reschedule link's page data, move,
// cancel and calendar invite.
import { FIRST_AVAILABLE, scheduleInviteeSchema, timeZoneSchema, US_TIME_ZONES, usStateSchema, doctorSummarySchema, scheduledVisitTypeSchema } from '@store/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { notFound } from '../../lib/problem.ts';
import { requireIdentity } from '../../plugins/identity.ts';
import type { SchedulingService } from './scheduling.service.ts';
import { startOfLocalDate } from './slots.ts';

const DAY_MS = 86_400_000;
const DEFAULT_RANGE_DAYS = 14;

const boundSchema = z
  .union([z.iso.date(), z.iso.datetime({ offset: true })])
  .describe('A date (YYYY-MM-DD, in tz; `to` includes that whole day) or an ISO instant');

const rangeQuery = z.object({
  from: boundSchema.optional(),
  to: boundSchema.optional(),
  tz: timeZoneSchema.optional().describe("The patient's IANA zone; days are grouped in it (default America/New_York)"),
});

const slotSchema = z.object({ startsAt: z.string(), endsAt: z.string() }).meta({ id: 'Slot' });
const slotDaySchema = z
  .object({ date: z.string().describe("YYYY-MM-DD in the patient's zone"), slots: z.array(slotSchema) })
  .meta({ id: 'SlotDay' });

const inviteeSchema = z.object({ name: z.string(), email: z.string(), number: z.string() });

export const appointmentSchema = z
  .object({
    id: z.string(),
    orderId: z.string().nullable(),
    status: z.enum(['booked', 'cancelled', 'rescheduled', 'completed', 'missed']),
    visitType: scheduledVisitTypeSchema.nullable(),
    startsAt: z.string(),
    endsAt: z.string(),
    doctor: doctorSummarySchema,
    invitee: inviteeSchema,
    patientTimeZone: z.string(),
  })
  .meta({ id: 'Appointment' });

const tokenParams = z.object({ token: z.string().max(200) });

function range(query: z.infer<typeof rangeQuery>, now: Date) {
  const timeZone = query.tz ?? US_TIME_ZONES[0].zone;
  const bound = (value: string | undefined, end: boolean): Date | null => {
    if (!value) return null;
    if (/^\d{4}-\d{2}-\d{2}$/.test(value)) {
      const start = startOfLocalDate(value, timeZone);
      if (!start) return null;
      // `to` as a date includes that whole local day.
      return end ? startOfLocalDate(new Date(Date.parse(`${value}T00:00:00Z`) + DAY_MS).toISOString().slice(0, 10), timeZone) : start;
    }
    return new Date(value);
  };
  const from = bound(query.from, false) ?? now;
  const to = bound(query.to, true) ?? new Date(from.getTime() + DEFAULT_RANGE_DAYS * DAY_MS);
  return { from, to, timeZone };
}

export const schedulingRoutes: FastifyPluginAsyncZod<{ scheduling: SchedulingService; now: () => Date }> = async (
  app,
  { scheduling, now },
) => {
  const origin = (request: FastifyRequest) => request.linkOrigin();

  app.get(
    '/api/doctors/:id/slots',
    {
      config: { access: 'public' },
      schema: {
        tags: ['scheduling'],
        summary: "A doctor's bookable slots (UTC instants), grouped by day in the patient's zone",
        params: z.object({ id: z.string().max(100) }),
        querystring: rangeQuery,
        response: { 200: z.object({ doctor: doctorSummarySchema, timeZone: z.string(), days: z.array(slotDaySchema) }) },
      },
    },
    async (request) => {
      const { from, to, timeZone } = range(request.query, now());
      const id = request.params.id;
      if (!/^[0-9a-f-]{36}$/i.test(id)) throw notFound();
      const result = await scheduling.doctorSlots({ storefront: request.storefront, doctorId: id, from, to, timeZone });
      if (!result) throw notFound();
      return result;
    },
  );

  app.get(
    '/api/slots',
    {
      config: { access: 'public' },
      schema: {
        tags: ['scheduling'],
        summary: '"First available": starts at which some doctor licensed in the state is free',
        querystring: rangeQuery.extend({ state: usStateSchema }),
        response: { 200: z.object({ timeZone: z.string(), doctorCount: z.int(), days: z.array(slotDaySchema) }) },
      },
    },
    async (request) => {
      const { from, to, timeZone } = range(request.query, now());
      return scheduling.firstAvailableSlots({ storefront: request.storefront, state: request.query.state, from, to, timeZone });
    },
  );

  app.post(
    '/api/appointments',
    {
      config: { access: 'session' },
      schema: {
        tags: ['scheduling'],
        summary: 'Book a visit (SPEC §3 Schedule invitee); 409 SLOT_TAKEN when the time was just taken',
        body: z.object({
          doctorId: z.union([z.literal(FIRST_AVAILABLE), z.uuid()]).describe(`A doctor's id or "${FIRST_AVAILABLE}"`),
          startsAt: z.iso.datetime({ offset: true }),
          invitee: scheduleInviteeSchema,
          state: usStateSchema.optional().describe('The shipping state: needed for first-available'),
          timeZone: timeZoneSchema.optional().describe("The patient's IANA zone"),
          orderId: z.uuid().optional().describe('The order the visit is for (wired by the checkout engine)'),
          visitType: scheduledVisitTypeSchema.optional(),
        }),
        response: { 201: z.object({ appointment: appointmentSchema, reschedulePath: z.string() }) },
      },
    },
    async (request, reply) => {
      const identity = requireIdentity(request);
      const body = request.body;
      const booked = await scheduling.book({
        storefront: request.storefront,
        identity,
        orderId: body.orderId ?? null,
        doctorId: body.doctorId,
        state: body.state,
        startsAt: new Date(body.startsAt),
        invitee: body.invitee,
        patientTimeZone: body.timeZone ?? US_TIME_ZONES[0].zone,
        visitType: body.visitType ?? null,
        origin: await origin(request),
        meta: { ip: request.ip, requestId: request.id },
      });
      reply.header('cache-control', 'no-store');
      return reply.status(201).send({ appointment: booked.appointment, reschedulePath: booked.reschedulePath });
    },
  );

  app.get(
    '/api/reschedulings/:token/slots',
    {
      config: { access: 'public' },
      schema: {
        tags: ['scheduling'],
        summary: "Slots the visit behind a link can move to (its own time counts as free)",
        params: tokenParams,
        querystring: rangeQuery,
        response: { 200: z.object({ doctor: doctorSummarySchema, timeZone: z.string(), days: z.array(slotDaySchema) }) },
      },
    },
    async (request) => {
      const result = await scheduling.slotsForToken(request.storefront, request.params.token, range(request.query, now()));
      if (!result) throw notFound();
      return result;
    },
  );

  app.get(
    '/api/reschedulings/:token/invite.ics',
    {
      config: { access: 'public' },
      schema: {
        tags: ['scheduling'],
        summary: 'The calendar invite of the visit behind a link (text/calendar)',
        params: tokenParams,
      },
    },
    async (request, reply) => {
      const ics = await scheduling.inviteByToken(request.storefront, request.params.token, await origin(request));
      if (!ics) throw notFound();
      return reply
        .type('text/calendar; charset=utf-8')
        .header('content-disposition', 'attachment; filename="visit.ics"')
        .header('cache-control', 'no-store')
        .send(ics);
    },
  );

  app.post(
    '/api/reschedulings/:token',
    {
      config: { access: 'optional' },
      schema: {
        operationId: 'moveVisitByLink',
        tags: ['scheduling'],
        summary: 'Move the visit behind a link to another slot (same atomic hold; 409 SLOT_TAKEN)',
        params: tokenParams,
        body: z.object({ startsAt: z.iso.datetime({ offset: true }), timeZone: timeZoneSchema.optional() }),
        response: { 200: appointmentSchema },
      },
    },
    async (request) => {
      const appointment = await scheduling.rescheduleByToken({
        storefront: request.storefront,
        token: request.params.token,
        startsAt: new Date(request.body.startsAt),
        patientTimeZone: request.body.timeZone,
        origin: await origin(request),
        identity: request.identity,
        meta: { ip: request.ip, requestId: request.id },
      });
      if (!appointment) throw notFound();
      return appointment;
    },
  );
  // GET and DELETE /api/reschedulings/:token (the visit and its order) are in order-visits.routes.ts.
};
